package ui

import (
	"net/url"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/charts"
	"tokenjoule/app/charts/headline"
	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/lang"
)

// Calculator is the calculator, /: for one model, the answer
// (data.Set.Select), the inputs, the three charts and the Embed dialog. At
// /embed it is the version for iframes (embedded), in the layout its URL
// asks for (see renderEmbed).
type Calculator struct {
	page

	res *data.Result
	err error // Select refused q; never expected, shown rather than hidden

	labels    [3]string  // the charts' descriptions, in the order of chartSpecs
	labeled   data.Query // the charted query they describe
	labeledIn lang.Tag   // and the language they describe it in
}

// newCalculator is the calculator, or its embed.
func newCalculator(embedded bool) app.Composer {
	c := &Calculator{}
	c.page = page{own: c, embedded: embedded, rawFootprint: true}
	return c
}

// read reads the query and the footprint; an embed's footprint is only what
// its URL sets (state.ParseBareFootprint).
func (c *Calculator) read(v url.Values) []state.Notice {
	q, notices := state.Parse(c.set, v)
	c.q = q
	return append(notices, c.foot.load(v, c.embedded)...)
}

func (c *Calculator) readLook(v url.Values) (state.Embed, []state.Notice) {
	return state.ParseEmbed(v, calcLayouts)
}

func (c *Calculator) valid(q data.Query) data.Query { return state.Normalize(c.set, q) }

// query is the state and, in an embed, its hidden controls.
func (c *Calculator) query() string { return state.EmbedString(c.q, c.look) }

// compute answers c.q, and describes the charts in words. The charts' options
// are built by the charts themselves, when drawn (see Chart).
func (c *Calculator) compute() {
	c.res, c.err = c.set.Select(c.q)
	if c.err != nil {
		c.res = nil
		return
	}
	// The charts do not depend on the token volume: typing one describes none.
	if charted(c.q) == c.labeled && c.labeledIn == c.lang && c.labels[0] != "" {
		return
	}
	for i, spec := range chartSpecs {
		c.labels[i] = spec.describe(c.printer(), c.res)
	}
	c.labeled, c.labeledIn = charted(c.q), c.lang
}

// onMinDeadline sets the smallest deadline the model meets.
func (c *Calculator) onMinDeadline(ctx app.Context, e app.Event) {
	if c.res != nil && c.res.Selected == nil {
		c.setDeadlineMS(c.res.MinDeadlineMS())
	}
}

// chartSpecs are the three charts, in page order, which is also the order
// of state.Charts, the embed's names for them; their titles are
// charts.TitlesIn, and their brief captions headline.BriefsIn, by kind.
// caption is the catalogue's key of how to read a chart, for a token
// workload and for an image or video one ("chart.caption.<caption>.token",
// ".diffusion"); term is the glossary term it explains after it, likewise;
// headline states what it shows for a result, as the title of the embed's
// chart layout. build, patch and headline write in a printer's language.
var chartSpecs = []struct {
	id, caption string
	term        [2]string
	build       func(data.Printer, *data.Result) ([]byte, error)
	patch       func(p data.Printer, from, to *data.Result) ([]byte, error)
	describe    func(data.Printer, *data.Result) string
	headline    func(data.Printer, *data.Result) string
}{
	{"chart-latency", "latency", [2]string{termPareto, termPareto},
		charts.EnergyLatencyIn, charts.EnergyLatencyPatchIn, charts.DescribeEnergyLatencyIn, headline.EnergyLatencyIn},
	{"chart-concurrency", "concurrency", [2]string{termBatchLimit, termBatchSize},
		charts.EnergyConcurrencyIn, charts.EnergyConcurrencyPatchIn, charts.DescribeEnergyConcurrencyIn, headline.EnergyConcurrencyIn},
	{"chart-power", "power", [2]string{},
		charts.PowerThroughputIn, charts.PowerThroughputPatchIn, charts.DescribePowerThroughputIn, headline.PowerThroughputIn},
}

// chartTitle is the i-th chart's title for a workload of kind k, in t.
func chartTitle(t lang.Tag, i int, k *data.Kind) string {
	return charts.TitlesIn(data.PrinterOf(t), k)[i]
}

// chartBrief is the i-th chart's caption in a line for a workload of kind
// k, in t.
func chartBrief(t lang.Tag, i int, k *data.Kind) string {
	return headline.BriefsIn(data.PrinterOf(t), k)[i]
}

// chartCaption says how to read the i-th chart for a workload of kind k, in t.
func chartCaption(t lang.Tag, i int, k *data.Kind) string {
	return t.T("chart.caption." + chartSpecs[i].caption + "." + [2]string{"token", "diffusion"}[byKind(k)])
}

// byKind is which of a pair of words is a kind's: the first a token
// workload's, the second an image or video one's.
func byKind(k *data.Kind) int {
	if k.Diffusion() {
		return 1
	}
	return 0
}

// chartSpec is the index in chartSpecs of the chart with the id, or -1.
func chartSpec(id string) int {
	for i, s := range chartSpecs {
		if s.id == id {
			return i
		}
	}
	return -1
}
