package charts

// The plan page's two charts, from a plan's steps (plan.Steps): the energy
// a day of the best plan at every deadline, beside the busy steady-state
// figure, and the GPUs that plan needs. What a faster answer costs, in
// energy and in hardware.

import (
	"math"
	"strconv"
	"strings"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"tokenjoule/data"
	"tokenjoule/data/lang"
	"tokenjoule/data/plan"
)

// Titles of the plan's charts, and the names of their series, in English.
var (
	TitlePlanEnergy = lang.EN.T("chart.plan.energy.title")
	TitlePlanGPUs   = lang.EN.T("chart.plan.gpus.title")

	SeriesPlanEnergy = lang.EN.T("chart.plan.series.energy")
	SeriesPlanBusy   = lang.EN.T("chart.plan.series.busy")
	SeriesPlanGPUs   = lang.EN.T("col.gpus")
)

// PlanChart is what the plan's charts draw: the plan at every deadline for
// one traffic, model, GPU choice and percentile, the deadline asked, the
// busy steady-state figure at every deadline (the model's energy–latency
// frontier for a day's tokens), and the plan chosen at the deadline.
type PlanChart struct {
	Steps      []plan.Step
	Frontier   []data.Point // the model's energy–latency frontier at the percentile
	TokensDay  float64      // a day's tokens, for the busy figure
	DeadlineMS float64
	Percentile data.Percentile
	Chosen     *plan.Option // nil when nothing meets the deadline
	Printer    data.Printer // the charts' words and figures are in its language
}

// NewPlanChart gathers what the charts of p, for q's model, GPU choice,
// percentile and deadline, draw.
func NewPlanChart(p *plan.Plan) PlanChart {
	q := p.Busy.Query
	return PlanChart{
		Steps:      plan.Steps(p.Busy.Model.Configurations, q.GPU, q.Percentile, p.Traffic),
		Frontier:   p.Busy.Model.Frontier(q.GPU, q.Percentile, q.DeadlineMS),
		TokensDay:  p.Traffic.Rate.TokensPerDay(),
		DeadlineMS: q.DeadlineMS,
		Percentile: q.Percentile,
		Chosen:     p.Best(),
	}
}

// extent is the charts' latency axis: every step, the frontier and the
// deadline, with room.
func (pc PlanChart) extent() logAxis {
	vs := []float64{pc.DeadlineMS / 1.1, pc.DeadlineMS * 1.1}
	for _, s := range pc.Steps {
		vs = append(vs, s.DeadlineMS)
	}
	lo, hi := niceLatencyExtent(vs...)
	return logAxis{base: 10, min: lo, max: hi}
}

// stepLine is a step series' points: each step from its deadline, held to
// the axis' end.
func stepLine(xs, ys []float64, end float64, name func(i int) string) []opts.LineData {
	var d []opts.LineData
	for i := range xs {
		d = append(d, opts.LineData{Name: name(i), Value: []float64{xs[i], ys[i]}})
	}
	if n := len(xs); n > 0 && end > xs[n-1] {
		d = append(d, opts.LineData{Name: name(n - 1), Value: []float64{end, ys[n-1]}})
	}
	return d
}

// PlanEnergy is the energy a day of the best plan against the deadline, a
// step wherever a longer deadline admits a better plan, with the busy
// steady-state figure (dashed) under it, the deadline's vertical line and
// the chosen plan marked.
func PlanEnergy(pc PlanChart) ([]byte, error) {
	ax := pc.extent()
	most := 0.0
	for _, s := range pc.Steps {
		most = max(most, s.WhPerDay)
	}
	unit, scale := energyUnit(most)
	var xs, ys []float64
	for _, s := range pc.Steps {
		xs, ys = append(xs, s.DeadlineMS), append(ys, sig4(s.WhPerDay/scale))
	}
	var bx, by []float64
	for _, pt := range pc.Frontier {
		bx, by = append(bx, pt.LatencyMS), append(by, sig4(pt.EnergyPerToken()*pc.TokensDay/3600/scale))
	}
	pr := pc.Printer
	yName := pr.T("col.energy.day") + " (" + unit + ")"
	planned, busy := pr.T("chart.plan.series.energy"), pr.T("chart.plan.series.busy")
	c := charts.NewLine()
	c.SetGlobalOptions(common(axesIn(pr, data.Tokens, pc.Percentile).latency)...)
	c.AddSeries(planned, stepLine(xs, ys, ax.max, func(i int) string { return stepTooltip(pr, pc.Steps[i], pc.Percentile) }),
		charts.WithLineChartOpts(opts.LineChart{Step: "end", ShowSymbol: opts.Bool(true)}),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: palette[0]}),
		charts.WithLineStyleOpts(opts.LineStyle{Color: palette[0], Width: 2}))
	c.AddSeries(busy, stepLine(bx, by, ax.max, func(i int) string {
		return pr.T("chart.plan.busy.tooltip", "ms", pr.Number(bx[i]), "energy", pr.Energy(by[i]*scale), "joules", pr.Number(pc.Frontier[i].Joules()))
	}),
		charts.WithLineChartOpts(opts.LineChart{Step: "end", ShowSymbol: opts.Bool(false)}),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: keyColor}),
		charts.WithLineStyleOpts(opts.LineStyle{Color: keyColor, Type: "dashed", Width: 1.5}))
	names := []string{planned, busy}
	deadlineLine(pr, c, pc.DeadlineMS)
	if s := pc.Chosen; s != nil {
		it := &item{Name: pr.T("chart.plan.chosen") + "\n" + optionTooltip(pr, s, pc.Percentile),
			Value: []float64{pc.Percentile.ITL(s.Config), sig4(s.WhPerDay / scale)}}
		c.Overlap(selectedIn(pr, charts.NewScatter(), it, 0, nil))
		names = append(names, seriesSelected(pr))
	}
	return finish(c, pr, frame{x: ax, yNames: []string{yName}, yMax: []float64{most / scale}, selected: seriesSelected(pr),
		legends: [][]legendItem{append(items(names...), legendItem{SeriesDeadlineIn(pr, data.Tokens, pc.DeadlineMS), iconVertical})}})
}

// PlanGPUs is the GPUs of the best plan against the deadline.
func PlanGPUs(pc PlanChart) ([]byte, error) {
	ax := pc.extent()
	var xs, ys []float64
	most := 0.0
	for _, s := range pc.Steps {
		xs, ys = append(xs, s.DeadlineMS), append(ys, float64(s.GPUs))
		most = max(most, float64(s.GPUs))
	}
	pr := pc.Printer
	gpus := pr.T("col.gpus")
	c := charts.NewLine()
	c.SetGlobalOptions(common(axesIn(pr, data.Tokens, pc.Percentile).latency)...)
	c.AddSeries(gpus, stepLine(xs, ys, ax.max, func(i int) string { return stepTooltip(pr, pc.Steps[i], pc.Percentile) }),
		charts.WithLineChartOpts(opts.LineChart{Step: "end", ShowSymbol: opts.Bool(true)}),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: palette[1]}),
		charts.WithLineStyleOpts(opts.LineStyle{Color: palette[1], Width: 2}))
	names := []string{gpus}
	deadlineLine(pr, c, pc.DeadlineMS)
	if s := pc.Chosen; s != nil {
		it := &item{Name: pr.T("chart.plan.chosen") + "\n" + optionTooltip(pr, s, pc.Percentile),
			Value: []float64{pc.Percentile.ITL(s.Config), float64(s.GPUs)}}
		c.Overlap(selectedIn(pr, charts.NewScatter(), it, 0, nil))
		names = append(names, seriesSelected(pr))
	}
	b, err := finish(c, pr, frame{x: ax, yNames: []string{gpus}, yMax: []float64{most}, selected: seriesSelected(pr),
		legends: [][]legendItem{append(items(names...), legendItem{SeriesDeadlineIn(pr, data.Tokens, pc.DeadlineMS), iconVertical})}})
	if err != nil {
		return nil, err
	}
	// Whole GPUs, from none: a count.
	return edit(b, func(o map[string]any) {
		base := o["baseOption"].(map[string]any)
		for _, y := range list(base["yAxis"]) {
			y["minInterval"], y["min"], y["scale"] = 1, 0, false
		}
	})
}

// deadlineLine adds the deadline as a series without points, whose legend
// entry names its vertical line, as EnergyLatency draws it.
func deadlineLine(p data.Printer, c *charts.Line, ms float64) {
	name := SeriesDeadlineIn(p, data.Tokens, ms)
	c.AddSeries(name, []opts.LineData{},
		charts.WithLineChartOpts(opts.LineChart{Symbol: "none"}),
		charts.WithLineStyleOpts(opts.LineStyle{Color: selectedColor, Width: 1.5}),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: selectedColor}),
		charts.WithMarkLineNameXAxisItemOpts(opts.MarkLineNameXAxisItem{Name: name, XAxis: ms}),
		charts.WithMarkLineStyleOpts(opts.MarkLineStyle{Symbol: []string{"none", "none"},
			Label:     &opts.Label{Show: opts.Bool(false)},
			LineStyle: &opts.LineStyle{Color: selectedColor, Type: "solid", Width: 1.5}}))
}

// stepTooltip says what a step of the plan is.
func stepTooltip(pr data.Printer, s plan.Step, p data.Percentile) string {
	return pr.T("chart.plan.step.tooltip", "ms", pr.Number(data.CeilTenth(s.DeadlineMS)), "power", plan.PowerIn(pr, s.PowerW),
		"option", optionTooltip(pr, &s.Option, p))
}

// optionTooltip says what a plan is: its fleet, its energy, its load.
func optionTooltip(pr data.Printer, o *plan.Option, p data.Percentile) string {
	c := o.Config
	return pr.T("chart.plan.option.tooltip", "gpus", pr.Int(o.GPUs), "replicas", pr.Int(o.Replicas), "hardware", c.Hardware(),
		"limit", strconv.Itoa(c.MaxNumSeqs), "energy", pr.Energy(o.WhPerDay), "busy", plan.PercentIn(pr, o.Utilisation),
		"percentile", string(p), "itl", pr.Number(p.ShownITL(c)), "row", c.RowID)
}

// DescribePlanEnergy says in words what PlanEnergy shows.
func DescribePlanEnergy(pc PlanChart) string {
	pr := pc.Printer
	title := pr.T("chart.plan.energy.title")
	if len(pc.Steps) == 0 {
		return pr.T("chart.plan.none", "title", title)
	}
	first, last := pc.Steps[0], pc.Steps[len(pc.Steps)-1]
	s := pr.T("chart.plan.energy.describe", "title", title, "first", pr.Energy(first.WhPerDay), "firstms", pr.Number(data.CeilTenth(first.DeadlineMS)),
		"last", pr.Energy(last.WhPerDay), "lastms", pr.Number(data.CeilTenth(last.DeadlineMS)), "n", pr.Int(len(pc.Steps)))
	return s + " " + chosenSentence(pc, func(o *plan.Option) string { return pr.T("plan.day", "amount", pr.Energy(o.WhPerDay)) })
}

// DescribePlanGPUs says in words what PlanGPUs shows.
func DescribePlanGPUs(pc PlanChart) string {
	pr := pc.Printer
	title := pr.T("chart.plan.gpus.title")
	if len(pc.Steps) == 0 {
		return pr.T("chart.plan.none", "title", title)
	}
	lo, hi := math.Inf(1), 0.0
	for _, s := range pc.Steps {
		lo, hi = min(lo, float64(s.GPUs)), max(hi, float64(s.GPUs))
	}
	s := pr.T("chart.plan.gpus.describe", "title", title, "lo", pr.Number(lo), "hi", pr.Number(hi),
		"ms", pr.Number(data.CeilTenth(pc.Steps[0].DeadlineMS)))
	return s + " " + chosenSentence(pc, func(o *plan.Option) string { return pr.T("gpus.many", "n", pr.Int(o.GPUs)) })
}

func chosenSentence(pc PlanChart, what func(*plan.Option) string) string {
	pr := pc.Printer
	if pc.Chosen == nil {
		return pr.T("chart.plan.nothing", "ms", pr.Number(pc.DeadlineMS))
	}
	return pr.T("chart.plan.chosen.sentence", "ms", pr.Number(pc.DeadlineMS), "what", what(pc.Chosen),
		"replicas", pr.Number(float64(pc.Chosen.Replicas)), "hardware", pc.Chosen.Config.Hardware())
}

// PlanRanking is the compare page's bars in plan mode: the energy a day of
// every model that meets the deadline, planned for the traffic, least at
// the top, each labelled with its energy and its GPUs, in p's language.
func PlanRanking(p data.Printer, rk *plan.Ranking, highlight string) ([]byte, error) {
	var bs []bar
	for _, r := range rk.Models {
		if r.Status() != data.Meets {
			continue
		}
		b := r.Plan.Best()
		bs = append(bs, bar{r.Entry.Name, b.WhPerDay, p.T("chart.plan.bar", "energy", p.Energy(b.WhPerDay), "gpus", gpuCount(p, b.GPUs)),
			r.Entry.Slug == highlight})
	}
	return bars(p, bs, p.T("col.energy.day"))
}

// DescribePlanRanking says in words what PlanRanking shows, in p's language.
func DescribePlanRanking(p data.Printer, rk *plan.Ranking) string {
	var parts []string
	for _, r := range rk.Models {
		if r.Status() == data.Meets {
			b := r.Plan.Best()
			parts = append(parts, p.T("compare.plan.model", "model", r.Entry.Name, "energy", p.Energy(b.WhPerDay), "gpus", gpuCount(p, b.GPUs)))
		}
	}
	if len(parts) == 0 {
		return p.T("chart.plan.ranking.none")
	}
	return p.T("chart.plan.ranking.describe", "traffic", rk.Traffic.WordsIn(p), "list", strings.Join(parts, "; "))
}

// gpuCount is a number of GPUs in words: "1 GPU", "12 GPUs".
func gpuCount(p data.Printer, n int) string {
	if n == 1 {
		return p.T("gpus.one", "n", p.Int(n))
	}
	return p.T("gpus.many", "n", p.Int(n))
}
