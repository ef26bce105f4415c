package charts

// The plan page's two charts, from a plan's steps (plan.Steps): the energy
// a day of the best plan at every deadline, beside the busy steady-state
// figure, and the GPUs that plan needs. What a faster answer costs, in
// energy and in hardware.

import (
	"fmt"
	"math"
	"strings"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"tokenjoule/data"
	"tokenjoule/data/plan"
)

// Titles of the plan's charts, and the names of their series.
const (
	TitlePlanEnergy = "Energy a day against the deadline"
	TitlePlanGPUs   = "GPUs against the deadline"

	SeriesPlanEnergy = "Energy a day, as planned"
	SeriesPlanBusy   = "Every GPU always busy"
	SeriesPlanGPUs   = "GPUs"
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
	yName := fmt.Sprintf("Energy a day (%s)", unit)
	c := charts.NewLine()
	c.SetGlobalOptions(common(axesOf(data.Tokens, pc.Percentile).latency)...)
	c.AddSeries(SeriesPlanEnergy, stepLine(xs, ys, ax.max, func(i int) string { return stepTooltip(pc.Steps[i], pc.Percentile) }),
		charts.WithLineChartOpts(opts.LineChart{Step: "end", ShowSymbol: opts.Bool(true)}),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: palette[0]}),
		charts.WithLineStyleOpts(opts.LineStyle{Color: palette[0], Width: 2}))
	c.AddSeries(SeriesPlanBusy, stepLine(bx, by, ax.max, func(i int) string {
		return fmt.Sprintf("Every GPU always busy, from %s ms: %s a day\nthe calculator's figure for a day's tokens, %s J/token",
			data.FormatNumber(bx[i]), data.FormatEnergy(by[i]*scale), data.FormatNumber(pc.Frontier[i].Joules()))
	}),
		charts.WithLineChartOpts(opts.LineChart{Step: "end", ShowSymbol: opts.Bool(false)}),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: keyColor}),
		charts.WithLineStyleOpts(opts.LineStyle{Color: keyColor, Type: "dashed", Width: 1.5}))
	names := []string{SeriesPlanEnergy, SeriesPlanBusy}
	deadlineLine(c, pc.DeadlineMS)
	if s := pc.Chosen; s != nil {
		it := &item{Name: "The plan at this deadline\n" + optionTooltip(s, pc.Percentile),
			Value: []float64{pc.Percentile.ITL(s.Config), sig4(s.WhPerDay / scale)}}
		c.Overlap(selected(charts.NewScatter(), it, 0, nil))
		names = append(names, SeriesSelected)
	}
	return finish(c, frame{x: ax, yNames: []string{yName}, yMax: []float64{most / scale},
		legends: [][]legendItem{append(items(names...), legendItem{SeriesDeadline(data.Tokens, pc.DeadlineMS), iconVertical})}})
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
	c := charts.NewLine()
	c.SetGlobalOptions(common(axesOf(data.Tokens, pc.Percentile).latency)...)
	c.AddSeries(SeriesPlanGPUs, stepLine(xs, ys, ax.max, func(i int) string { return stepTooltip(pc.Steps[i], pc.Percentile) }),
		charts.WithLineChartOpts(opts.LineChart{Step: "end", ShowSymbol: opts.Bool(true)}),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: palette[1]}),
		charts.WithLineStyleOpts(opts.LineStyle{Color: palette[1], Width: 2}))
	names := []string{SeriesPlanGPUs}
	deadlineLine(c, pc.DeadlineMS)
	if s := pc.Chosen; s != nil {
		it := &item{Name: "The plan at this deadline\n" + optionTooltip(s, pc.Percentile),
			Value: []float64{pc.Percentile.ITL(s.Config), float64(s.GPUs)}}
		c.Overlap(selected(charts.NewScatter(), it, 0, nil))
		names = append(names, SeriesSelected)
	}
	b, err := finish(c, frame{x: ax, yNames: []string{"GPUs"}, yMax: []float64{most},
		legends: [][]legendItem{append(items(names...), legendItem{SeriesDeadline(data.Tokens, pc.DeadlineMS), iconVertical})}})
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
func deadlineLine(c *charts.Line, ms float64) {
	name := SeriesDeadline(data.Tokens, ms)
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
func stepTooltip(s plan.Step, p data.Percentile) string {
	return fmt.Sprintf("From a %s ms deadline: %s\n%s", data.FormatNumber(data.CeilTenth(s.DeadlineMS)), plan.FormatPower(s.PowerW)+" on average", optionTooltip(&s.Option, p))
}

// optionTooltip says what a plan is: its fleet, its energy, its load.
func optionTooltip(o *plan.Option, p data.Percentile) string {
	c := o.Config
	return fmt.Sprintf("%s GPUs: %s × %s, batch size limit %d\n%s a day · %s busy on average\n%s ITL %s ms · dataset row %s",
		data.FormatInt(o.GPUs), data.FormatInt(o.Replicas), c.Hardware(), c.MaxNumSeqs, data.FormatEnergy(o.WhPerDay), plan.FormatPercent(o.Utilisation),
		p, data.FormatNumber(p.ShownITL(c)), c.RowID)
}

// DescribePlanEnergy says in words what PlanEnergy shows.
func DescribePlanEnergy(pc PlanChart) string {
	if len(pc.Steps) == 0 {
		return TitlePlanEnergy + ": no configuration to plan."
	}
	first, last := pc.Steps[0], pc.Steps[len(pc.Steps)-1]
	s := fmt.Sprintf("%s: the best plan's energy a day falls from %s at a %s ms deadline to %s from %s ms, in %d steps; "+
		"the dashed line is the energy if every GPU were always busy.",
		TitlePlanEnergy, data.FormatEnergy(first.WhPerDay), data.FormatNumber(data.CeilTenth(first.DeadlineMS)),
		data.FormatEnergy(last.WhPerDay), data.FormatNumber(data.CeilTenth(last.DeadlineMS)), len(pc.Steps))
	return s + " " + chosenSentence(pc, func(o *plan.Option) string { return data.FormatEnergy(o.WhPerDay) + " a day" })
}

// DescribePlanGPUs says in words what PlanGPUs shows.
func DescribePlanGPUs(pc PlanChart) string {
	if len(pc.Steps) == 0 {
		return TitlePlanGPUs + ": no configuration to plan."
	}
	lo, hi := math.Inf(1), 0.0
	for _, s := range pc.Steps {
		lo, hi = min(lo, float64(s.GPUs)), max(hi, float64(s.GPUs))
	}
	s := fmt.Sprintf("%s: the best plan needs from %s to %s GPUs, from a %s ms deadline up.",
		TitlePlanGPUs, data.FormatNumber(lo), data.FormatNumber(hi), data.FormatNumber(data.CeilTenth(pc.Steps[0].DeadlineMS)))
	return s + " " + chosenSentence(pc, func(o *plan.Option) string { return data.FormatInt(o.GPUs) + " GPUs" })
}

func chosenSentence(pc PlanChart, what func(*plan.Option) string) string {
	if pc.Chosen == nil {
		return fmt.Sprintf("Nothing meets the %s ms deadline.", data.FormatNumber(pc.DeadlineMS))
	}
	return fmt.Sprintf("At the %s ms deadline: %s, on %s × %s.", data.FormatNumber(pc.DeadlineMS), what(pc.Chosen),
		data.FormatNumber(float64(pc.Chosen.Replicas)), pc.Chosen.Config.Hardware())
}

// PlanRanking is the compare page's bars in plan mode: the energy a day of
// every model that meets the deadline, planned for the traffic, least at
// the top, each labelled with its energy and its GPUs.
func PlanRanking(rk *plan.Ranking, highlight string) ([]byte, error) {
	var bs []bar
	for _, r := range rk.Models {
		if r.Status() != data.Meets {
			continue
		}
		b := r.Plan.Best()
		bs = append(bs, bar{r.Entry.Name, b.WhPerDay, fmt.Sprintf("%s, %s GPU%s", data.FormatEnergy(b.WhPerDay), data.FormatInt(b.GPUs), plural(b.GPUs)),
			r.Entry.Slug == highlight})
	}
	return bars(bs, "Energy a day")
}

// DescribePlanRanking says in words what PlanRanking shows.
func DescribePlanRanking(rk *plan.Ranking) string {
	var parts []string
	for _, r := range rk.Models {
		if r.Status() == data.Meets {
			b := r.Plan.Best()
			parts = append(parts, fmt.Sprintf("%s, %s on %s GPU%s", r.Entry.Name, data.FormatEnergy(b.WhPerDay), data.FormatInt(b.GPUs), plural(b.GPUs)))
		}
	}
	if len(parts) == 0 {
		return "Energy a day, by model: no model meets the deadline, so there is no bar."
	}
	return fmt.Sprintf("Energy a day for %s, by model, least first: %s.", rk.Traffic.Words(), strings.Join(parts, "; "))
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
