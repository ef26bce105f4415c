package ui

import (
	"net/url"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/charts"
	"tokenjoule/app/charts/headline"
	"tokenjoule/app/state"
	"tokenjoule/data"
)

// Calculator is the calculator, /: for one model, the answer
// (data.Set.Select), the inputs, the three charts and the Embed dialog. At
// /embed it is the version for iframes (embedded), in the layout its URL
// asks for (see renderEmbed).
type Calculator struct {
	page

	res *data.Result
	err error // Select refused q; never expected, shown rather than hidden

	labels  [3]string  // the charts' descriptions, in the order of chartSpecs
	labeled data.Query // the charted query they describe
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
	if charted(c.q) == c.labeled && c.labels[0] != "" {
		return
	}
	for i, spec := range chartSpecs {
		c.labels[i] = spec.describe(c.res)
	}
	c.labeled = charted(c.q)
}

// onMinDeadline sets the smallest deadline the model meets.
func (c *Calculator) onMinDeadline(ctx app.Context, e app.Event) {
	if c.res != nil && c.res.Selected == nil {
		c.setDeadlineMS(c.res.MinDeadlineMS())
	}
}

// chartSpecs are the three charts, in page order, which is also the order
// of state.Charts, the embed's names for them; their titles are
// charts.Titles, and their brief captions headline.Briefs, by kind. caption
// says how to read a chart, for a token workload and for an image or video
// one; term is the glossary term it explains after it, likewise; headline
// states what it shows for a result, as the title of the embed's chart
// layout.
var chartSpecs = []struct {
	id                 string
	caption, term      [2]string
	build              func(*data.Result) ([]byte, error)
	patch              func(from, to *data.Result) ([]byte, error)
	describe, headline func(*data.Result) string
}{
	{"chart-latency", [2]string{
		"One colour per GPU and GPU count; hollow points miss the deadline (the red vertical line); the dashed line is the Pareto frontier, the configurations no other beats on both energy and wait; the diamond is the selected configuration.",
		"One colour per GPU and GPU count; hollow points miss the deadline (the red vertical line); the dashed line is the Pareto frontier, the configurations no other beats on both energy and time; the diamond is the selected configuration."},
		[2]string{termPareto, termPareto}, charts.EnergyLatency, charts.EnergyLatencyPatch, charts.DescribeEnergyLatency, headline.EnergyLatency},
	{"chart-concurrency", [2]string{
		"Batch size limit (max_num_seqs): how many requests the server handles at once, on a doubling scale; the thin part of a line, with hollow points, misses the deadline.",
		"Batch size: how many are generated together, on a doubling scale, each with the split of the work over the GPUs that costs least; the thin part of a line, with hollow points, misses the deadline."},
		[2]string{termBatchLimit, termBatchSize}, charts.EnergyConcurrency, charts.EnergyConcurrencyPatch, charts.DescribeEnergyConcurrency, headline.EnergyConcurrency},
	{"chart-power", [2]string{
		"Two panels against the same batch size limits: GPU power above, output tokens per second below, one colour per GPU and GPU count; thin parts, with hollow points, miss the deadline; the diamonds are the selected configuration, labelled with its figures.",
		"Two panels against the same batch sizes: GPU power above, the number generated per second below, one colour per GPU and GPU count; thin parts, with hollow points, miss the deadline; the diamonds are the selected configuration, labelled with its figures."},
		[2]string{}, charts.PowerThroughput, charts.PowerThroughputPatch, charts.DescribePowerThroughput, headline.PowerThroughput},
}

// chartTitle is the i-th chart's title for a workload of kind k.
func chartTitle(i int, k *data.Kind) string { return charts.Titles(k)[i] }

// chartBrief is the i-th chart's caption in a line for a workload of kind k.
func chartBrief(i int, k *data.Kind) string { return headline.Briefs(k)[i] }

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
