// Package charts builds the calculator's three ECharts options with
// go-echarts, from a data.Result: energy per token against latency, energy per
// token against max_num_seqs, and GPU power and throughput against
// max_num_seqs.
//
// Every option is plain JSON (ECharts string templates, no JavaScript
// functions), so the browser only parses it and hands it to ECharts. The series
// names are part of the page's contract with its tests: a series per GPU and
// GPU count named like "H100 × 2", plus SeriesFrontier and SeriesSelected.
package charts

import (
	"encoding/json"
	"fmt"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"tokenjoule/data"
)

// Names of the series that are not a GPU's.
const (
	SeriesFrontier = "Pareto frontier"
	SeriesSelected = "Selected"
)

// palette colours one GPU and count each; mid-tone, so they read on a light
// and on a dark background alike.
var palette = []string{"#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#76b7b2", "#edc948", "#e15759", "#9c755f"}

const (
	selectedColor = "#e15759"
	dimOpacity    = 0.25 // points and lines that miss the deadline
)

// CurveName names the series of one GPU model at one GPU count.
func CurveName(c data.Curve) string { return fmt.Sprintf("%s × %d", c.GPU, c.NumGPUs) }

// EnergyLatency is energy per token against latency at the query's
// percentile, one series per GPU and count (points that miss the deadline in
// a dimmed twin of the same name, so the legend shows one entry), the Pareto
// frontier, a vertical line at the deadline, and the selected configuration.
func EnergyLatency(r *data.Result) ([]byte, error) {
	q := r.Query
	p := string(q.Percentile)
	c := charts.NewScatter()
	c.SetGlobalOptions(common(
		opts.XAxis{Type: "log", Name: p + " ITL (ms)", NameLocation: "middle", NameGap: 28, Scale: opts.Bool(true)},
		opts.YAxis{Type: "value", Name: "J / token", Scale: opts.Bool(true)})...)
	for i, cv := range r.Model.Curves(q.GPU, q.Percentile, q.DeadlineMS) {
		meets, misses := split(cv.Points, func(pt data.Point) []any { return []any{pt.ITL, float64(pt.JoulesPerToken)} }, q.Percentile)
		col := palette[i%len(palette)]
		c.AddSeries(CurveName(cv), meets, charts.WithItemStyleOpts(opts.ItemStyle{Color: col}))
		c.AddSeries(CurveName(cv), misses, charts.WithItemStyleOpts(opts.ItemStyle{Color: col, Opacity: opts.Float(dimOpacity)}))
	}
	var front []opts.LineData
	for _, pt := range r.Model.Frontier(q.GPU, q.Percentile, q.DeadlineMS) {
		front = append(front, opts.LineData{Name: describe(pt.Config, q.Percentile), Value: []any{pt.ITL, float64(pt.JoulesPerToken)}})
	}
	line := charts.NewLine()
	line.AddSeries(SeriesFrontier, front,
		charts.WithLineChartOpts(opts.LineChart{ShowSymbol: opts.Bool(false)}),
		charts.WithLineStyleOpts(opts.LineStyle{Type: "dashed", Width: 1.5, Color: "#888"}),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: "#888"}),
		charts.WithMarkLineNameXAxisItemOpts(opts.MarkLineNameXAxisItem{Name: "deadline", XAxis: q.DeadlineMS}),
		charts.WithMarkLineStyleOpts(opts.MarkLineStyle{Symbol: []string{"none", "none"},
			Label:     &opts.Label{Show: opts.Bool(true), Position: "insideEndTop", Formatter: "deadline {c} ms"},
			LineStyle: &opts.LineStyle{Color: selectedColor, Type: "solid", Width: 1.5}}))
	c.Overlap(line)
	if s := r.Selected; s != nil {
		c.Overlap(selected(charts.NewScatter(), s, q.Percentile, []any{q.Percentile.ITL(s), float64(s.JoulesPerToken)}, 0))
	}
	return finish(c, false)
}

// EnergyConcurrency is energy per token against max_num_seqs on a log-2
// axis, one line per GPU and count; the part of a line that misses the
// deadline is drawn dimmed underneath.
func EnergyConcurrency(r *data.Result) ([]byte, error) {
	q := r.Query
	c := charts.NewLine()
	c.SetGlobalOptions(common(
		opts.XAxis{Type: "log", Name: "max_num_seqs", NameLocation: "middle", NameGap: 28},
		opts.YAxis{Type: "value", Name: "J / token", Scale: opts.Bool(true)})...)
	for i, cv := range r.Model.Curves(q.GPU, q.Percentile, q.DeadlineMS) {
		addDimmed(c, CurveName(cv), palette[i%len(palette)], cv.Points, q.Percentile, 0,
			func(pt data.Point) []any { return []any{pt.MaxNumSeqs, float64(pt.JoulesPerToken)} })
	}
	if s := r.Selected; s != nil {
		c.Overlap(selected(charts.NewScatter(), s, q.Percentile, []any{s.MaxNumSeqs, float64(s.JoulesPerToken)}, 0))
	}
	return finish(c, true)
}

// PowerThroughput is GPU power (left axis, solid) and output tokens per
// second (right axis, dashed) against max_num_seqs on a log-2 axis. A GPU's
// two lines share its name and so its legend entry.
func PowerThroughput(r *data.Result) ([]byte, error) {
	q := r.Query
	c := charts.NewLine()
	c.SetGlobalOptions(common(
		opts.XAxis{Type: "log", Name: "max_num_seqs", NameLocation: "middle", NameGap: 28},
		opts.YAxis{Type: "value", Name: "W", Scale: opts.Bool(true)})...)
	c.ExtendYAxis(opts.YAxis{Type: "value", Name: "tokens/s", Scale: opts.Bool(true),
		SplitLine: &opts.SplitLine{Show: opts.Bool(false)}})
	for i, cv := range r.Model.Curves(q.GPU, q.Percentile, q.DeadlineMS) {
		col := palette[i%len(palette)]
		addDimmed(c, CurveName(cv), col, cv.Points, q.Percentile, 0,
			func(pt data.Point) []any { return []any{pt.MaxNumSeqs, pt.PowerWatts} })
		addDimmed(c, CurveName(cv), col, cv.Points, q.Percentile, 1,
			func(pt data.Point) []any { return []any{pt.MaxNumSeqs, float64(pt.TokensPerSecond)} })
	}
	if s := r.Selected; s != nil {
		c.Overlap(selected(charts.NewScatter(), s, q.Percentile, []any{s.MaxNumSeqs, s.PowerWatts}, 0))
		c.Overlap(selected(charts.NewScatter(), s, q.Percentile, []any{s.MaxNumSeqs, float64(s.TokensPerSecond)}, 1))
	}
	return finish(c, true)
}

// common holds the options the three charts share: a legend that scrolls
// rather than wraps over the plot on a phone, item tooltips and a grid that
// keeps the axis labels inside the canvas.
func common(x opts.XAxis, y opts.YAxis) []charts.GlobalOpts {
	return []charts.GlobalOpts{
		charts.WithXAxisOpts(x),
		charts.WithYAxisOpts(y),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Type: "scroll", Top: "0"}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "item", Formatter: "{a}\n{b}"}),
		charts.WithGridOpts(opts.Grid{Left: "8", Right: "16", Top: "56", Bottom: "36", ContainLabel: opts.Bool(true)}),
		charts.WithAnimation(false),
	}
}

// split turns a curve's points into the data of a meets and a misses series.
func split(pts []data.Point, value func(data.Point) []any, p data.Percentile) (meets, misses []opts.ScatterData) {
	for _, pt := range pts {
		d := opts.ScatterData{Name: describe(pt.Config, p), Value: value(pt)}
		if pt.Meets {
			meets = append(meets, d)
		} else {
			misses = append(misses, d)
		}
	}
	return meets, misses
}

// addDimmed adds a curve as two line series of one name: every point dimmed,
// and over it the points that meet the deadline at full strength.
func addDimmed(c *charts.Line, name, col string, pts []data.Point, p data.Percentile, yAxis int, value func(data.Point) []any) {
	var all, meets []opts.LineData
	for _, pt := range pts {
		d := opts.LineData{Name: describe(pt.Config, p), Value: value(pt)}
		all = append(all, d)
		if pt.Meets {
			meets = append(meets, d)
		}
	}
	dash := "solid"
	if yAxis == 1 {
		dash = "dashed"
	}
	// The full-strength series comes first: the legend draws a name's icon
	// from its first series.
	c.AddSeries(name, meets,
		charts.WithLineChartOpts(opts.LineChart{YAxisIndex: yAxis}),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: col}),
		charts.WithLineStyleOpts(opts.LineStyle{Color: col, Type: dash, Width: 2}))
	c.AddSeries(name, all,
		charts.WithLineChartOpts(opts.LineChart{YAxisIndex: yAxis}),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: col, Opacity: opts.Float(dimOpacity)}),
		charts.WithLineStyleOpts(opts.LineStyle{Color: col, Type: dash, Opacity: opts.Float(dimOpacity)}))
}

// selected adds the highlighted configuration as a series of its own, since
// go-echarts' data items carry no item style.
func selected(s *charts.Scatter, c *data.Config, p data.Percentile, value []any, yAxis int) *charts.Scatter {
	s.AddSeries(SeriesSelected, []opts.ScatterData{{Name: describe(c, p), Value: value}},
		charts.WithScatterChartOpts(opts.ScatterChart{Symbol: "diamond", SymbolSize: 18, YAxisIndex: yAxis}),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: selectedColor, BorderColor: "#fff", BorderWidth: 2}))
	return s
}

// describe is a configuration's tooltip: every figure a point stands for and
// the dataset row it comes from. Lines are separated by "\n", shown as line
// breaks by the tooltip's white-space rule (see finish), because ECharts
// escapes HTML in string templates.
func describe(c *data.Config, p data.Percentile) string {
	return fmt.Sprintf("%s × %d · TP %d, DP %d, EP %d · %s\nmax_num_seqs %d · avg batch %s\n%s J/token · %s Wh per 1M tokens\nITL %s %s ms · %s tokens/s · %s W\n%s",
		c.GPU, c.NumGPUs, c.TensorParallel, c.DataParallel, c.ExpertParallel, c.Precision,
		c.MaxNumSeqs, data.FormatNumber(float64(c.AvgRunningBatch)),
		data.FormatNumber(float64(c.JoulesPerToken)), data.FormatNumber(float64(c.WhPerMillionTokens)),
		p, data.FormatNumber(p.ITL(c)), data.FormatNumber(float64(c.TokensPerSecond)), data.FormatNumber(float64(c.PowerWatts)),
		c.RowID)
}

// chart is what the three go-echarts charts have in common.
type chart interface {
	Validate()
	JSON() map[string]any
}

// finish validates c and returns its option JSON with what go-echarts cannot
// express: a log-2 x axis (there is no logBase option), a transparent
// background so the page's light or dark colour shows through, tooltips
// that break lines at "\n", and x labels that give way rather than overlap.
func finish(c chart, log2 bool) ([]byte, error) {
	c.Validate()
	b, err := json.Marshal(c.JSON())
	if err != nil {
		return nil, fmt.Errorf("chart option: %w", err)
	}
	var o map[string]any
	if err := json.Unmarshal(b, &o); err != nil {
		return nil, fmt.Errorf("chart option: %w", err)
	}
	o["backgroundColor"] = "transparent"
	if t, ok := o["tooltip"].(map[string]any); ok {
		t["extraCssText"] = "white-space: pre-line; max-width: 320px;"
		t["confine"] = true
	}
	if xs, ok := o["xAxis"].([]any); ok && len(xs) > 0 {
		if x, ok := xs[0].(map[string]any); ok {
			if log2 {
				x["logBase"] = 2
			}
			// On a phone, 512 and 1,024 would run into each other.
			x["axisLabel"] = map[string]any{"hideOverlap": true}
		}
	}
	return json.Marshal(o)
}
