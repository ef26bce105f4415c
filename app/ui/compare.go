package ui

import (
	"net/url"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/charts"
	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/lang"
)

// Compare is the compare page, /compare: every model of a workload ranked at
// one deadline, percentile, GPU choice and volume (data.Set.Compare), as
// bars, a sortable table and a scatter of energy per token against active
// parameters, with the models that miss the deadline apart, each with the
// deadline it would meet. It reads the calculator's query string (the model
// parameter is the model it highlights), and each model's name opens the
// calculator with that model and the same state. At /embed/compare it is the
// compact version for iframes (embedded), which also reads hide.
type Compare struct {
	page     // q.Model is the highlighted model
	planMode // with a rate in the URL, every model planned (compare_plan.go)

	rk  *data.Ranking
	err error // Compare refused q; never expected, shown rather than hidden

	sortKey string // a column's key; "" is the ranking's order
	desc    bool

	bars, scatter string // chart options
}

// newCompare is the compare page, or its embed.
func newCompare(embedded bool) app.Composer {
	c := &Compare{}
	c.page = page{own: c, embedded: embedded, class: "compare"}
	return c
}

// read reads the query, the footprint (which ranks no budget) and, with a
// rate, the traffic every model is planned for.
func (c *Compare) read(v url.Values) []state.Notice {
	q, notices := state.ParseCompare(c.set, v)
	c.q = q
	notices = append(notices, c.foot.load(v, c.embedded)...)
	var tn []state.Notice
	c.traffic, c.planning, tn = state.ParseTraffic(v)
	if w, _ := c.set.Workload(q.Task); c.planning && w.Kind().Diffusion() { // ParseCompare gives a workload of the set
		// No traffic of tokens to plan for images or videos: their ranking.
		c.planning = false
		tn = append(tn, state.Notice{Param: state.ParamRate, Value: v.Get(state.ParamRate),
			Message: c.tr("compare.notice.rate", "workload", c.workloadWords(w))})
	}
	c.tin.load(c.traffic, c.printer())
	return append(notices, tn...)
}

func (c *Compare) readLook(v url.Values) (state.Embed, []state.Notice) {
	return state.ParseEmbed(v, compareLayouts)
}

// valid is q as the page's URL would read it: the highlighted model only
// when there is one.
func (c *Compare) valid(q data.Query) data.Query {
	q, _ = state.ParseCompare(c.set, state.Encode(q)) // the controls offer valid values only
	return q
}

// compute ranks the models for c.q and builds the two charts.
func (c *Compare) compute() {
	if c.planning {
		c.rk, c.err = c.computePlans()
	} else {
		c.rk, c.err = c.set.Compare(c.q)
	}
	if c.err != nil {
		c.rk = nil
		return
	}
	bars := charts.Ranking
	if c.planning {
		bars = func(p data.Printer, _ *data.Ranking, hl string) ([]byte, error) {
			return charts.PlanRanking(p, c.prk, hl)
		}
	}
	for _, ch := range []struct {
		dst   *string
		build func(data.Printer, *data.Ranking, string) ([]byte, error)
	}{{&c.bars, bars}, {&c.scatter, charts.EnergyParams}} {
		b, err := ch.build(c.printer(), c.rk, c.q.Model)
		if err != nil {
			c.err = err
			return
		}
		*ch.dst = string(b)
	}
}

// onMinDeadline sets the smallest deadline the i-th model that misses the
// deadline meets. The model is looked up when clicked: go-app keeps the first
// handler of a node made by the same function, so a handler holds no figure.
func (c *Compare) onMinDeadline(i int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if _, missed, _ := c.groups(); i < len(missed) {
			c.setDeadlineMS(missed[i].Result.MinDeadlineMS())
		}
	}
}

func (c *Compare) onSort(key string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		if c.sortKey == key || c.sortKey == "" && key == colRank {
			c.desc = !c.desc
		} else {
			c.desc = false
		}
		c.sortKey = key
	}
}

// calcURL is the calculator with the model and this page's state; a GPU the
// model was not measured on becomes the best of its own.
func (c *Compare) calcURL(slug string) string {
	if c.planning {
		return c.planURL(slug)
	}
	q := c.q
	q.Model = slug
	return c.link("/", c.foot.fp.Page().AppendTo(state.String(state.Normalize(c.set, q))))
}

// gpuWords is the GPU choice as the page says it: "H100", or "B200 or H100,
// whichever spends less for each model".
func (c *Compare) gpuWords() string {
	if c.q.GPU != data.AnyGPU {
		return c.q.GPU
	}
	return c.tr("compare.gpus.any", "gpus", c.printer().GPUChoice(c.rk.Workload.GPUs(), data.AnyGPU))
}

// workloadWords is a workload's name in the page's language: the dataset's
// in English.
func (p *page) workloadWords(w *data.Workload) string {
	if p.lang == lang.EN {
		return w.Name
	}
	return p.tr("workload." + w.ID)
}

// ranked are the models that meet the deadline, in rank order; missed are
// those that miss it, unmeasured those never measured on the GPU.
func (c *Compare) groups() (ranked, missed, unmeasured []*data.Ranked) {
	for i := range c.rk.Models {
		r := &c.rk.Models[i]
		switch r.Status() {
		case data.Meets:
			ranked = append(ranked, r)
		case data.MissesDeadline:
			missed = append(missed, r)
		default:
			unmeasured = append(unmeasured, r)
		}
	}
	return ranked, missed, unmeasured
}
