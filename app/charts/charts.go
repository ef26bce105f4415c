// Package charts builds the site's seven charts as ECharts options, with
// go-echarts, and says in words what each shows: the calculator's three,
// from a data.Result (energy per token against latency, energy per token
// against the batch size limit (max_num_seqs), and GPU power and throughput
// against the batch size limit); the compare page's two, from a
// data.Ranking (the ranking's bars, from a plan.Ranking in plan mode, and
// energy per token against active parameters); and the plan's two, from a
// PlanChart (the energy a day and the GPUs against the deadline).
//
// Every option is plain JSON (ECharts string templates, no JavaScript
// functions), so the browser only parses it and hands it to ECharts. The series
// names are part of the page's contract with its tests: a series per GPU and
// GPU count named like "H100 × 2", plus SeriesFrontier and SeriesSelected.
package charts

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"tokenjoule/data"
)

// Names of the series that are not a GPU's.
const (
	SeriesFrontier = "Pareto frontier"
	SeriesSelected = "Selected"
)

// Axis names: words first, unit in brackets.
const (
	nameEnergy = "Energy per token (J)"
	namePower  = "GPU power (W)"
)

// axes are the axes' names for a kind of workload: nameEnergy and the
// others for tokens, their counterparts for images and videos.
type axes struct{ energy, latency, batch, throughput string }

// axesIn are the axes' names for k and p, in pr's language.
func axesIn(pr data.Printer, k *data.Kind, p data.Percentile) axes {
	energy := pr.T("chart.axis.energy." + k.Item)
	if k.Diffusion() {
		items := pr.T("items." + k.Item + "s")
		return axes{energy, pr.T("chart.axis.latency.diffusion"),
			pr.T("chart.axis.batch.diffusion", "items", items), pr.T("chart.axis.throughput.diffusion", "items", items)}
	}
	return axes{energy, pr.T("chart.axis.latency.tokens", "itl", pr.T("chart.itl", "percentile", percentileWordsIn(pr, p))),
		pr.T("chart.axis.batch.tokens"), pr.T("chart.axis.throughput.tokens")}
}

// SeriesDeadline names the series that draws the deadline, so that the
// legend labels its line: "Deadline 500 ms", "Deadline 30 s".
func SeriesDeadline(k *data.Kind, ms float64) string { return SeriesDeadlineIn(data.Printer{}, k, ms) }

// SeriesDeadlineIn is SeriesDeadline in p's language: "Frist 500 ms".
func SeriesDeadlineIn(p data.Printer, k *data.Kind, ms float64) string {
	return p.T("chart.series.deadline", "deadline", p.Lang.Figure(k.DeadlineText(ms)+" "+k.DeadlineUnit()))
}

// seriesSelected is SeriesSelected in p's language.
func seriesSelected(p data.Printer) string { return p.T("chart.series.selected") }

// palette colours one GPU and count each: mid-tones whose relative
// luminance lies between 0.14 and 0.30, so that each stands out 3:1 from the
// white card and from the dark one (#1c1f1e) alike (WCAG 1.4.11).
// None is selectedColor: a line of the selected marker's colour would pass
// for its.
var palette = []string{"#4e79a7", "#c96d14", "#4f9446", "#b07aa1", "#3a948e", "#a08400", "#7b6fc9", "#9c755f"}

const (
	selectedColor = "#e15759"
	labelColor    = "#a8322c" // selectedColor, darker: white on it is 6:1
	keyColor      = "#888"
	// Points that miss the deadline are hollow, and the lines through them
	// thin, in their full colour: dimmed, they would fade into the
	// background.
	missFill  = "transparent"
	missWidth = 1.5
)

// missStyle is how a point that misses the deadline is drawn: hollow, its
// outline in the curve's colour.
func missStyle(col string) opts.ItemStyle {
	return opts.ItemStyle{Color: missFill, BorderColor: col, BorderWidth: missWidth, Opacity: opts.Float(1)}
}

// CurveName names the series of one GPU model at one GPU count.
func CurveName(c data.Curve) string { return fmt.Sprintf("%s × %d", c.GPU, c.NumGPUs) }

// EnergyLatency is energy per token against latency at the query's
// percentile, one series per GPU and count (points that miss the deadline in
// a hollow twin of the same name, so the legend shows one entry), the Pareto
// frontier, a vertical line at the deadline, and the selected configuration.
// The x axis spans the points and the deadline.
func EnergyLatency(r *data.Result) ([]byte, error) { return EnergyLatencyIn(data.Printer{}, r) }

// EnergyLatencyIn is EnergyLatency, its words and figures in pr's language.
func EnergyLatencyIn(pr data.Printer, r *data.Result) ([]byte, error) {
	q, k := r.Query, r.Kind
	p := latencyParts(pr, r)
	c := charts.NewScatter()
	c.SetGlobalOptions(common(axesIn(pr, k, q.Percentile).latency)...)
	for i, cv := range p.curves {
		col := palette[i%len(palette)]
		// Opaque: ECharts draws scatter points at 0.8 opacity, which takes
		// a mid-tone below 3:1 against the page.
		c.AddSeries(CurveName(cv), scatterData(p.meets[i]), charts.WithItemStyleOpts(opts.ItemStyle{Color: col, Opacity: opts.Float(1)}))
		c.AddSeries(CurveName(cv), scatterData(p.misses[i]), charts.WithItemStyleOpts(missStyle(col)))
	}
	line := charts.NewLine()
	line.AddSeries(pr.T("chart.series.frontier"), lineData(p.front),
		charts.WithLineChartOpts(opts.LineChart{ShowSymbol: opts.Bool(false)}),
		charts.WithLineStyleOpts(opts.LineStyle{Type: "dashed", Width: 1.5, Color: keyColor}),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: keyColor}))
	// The deadline is a series of its own, without points, so that the
	// legend names its line: a label on the plot would cover points.
	line.AddSeries(p.deadline, []opts.LineData{},
		charts.WithLineChartOpts(opts.LineChart{Symbol: "none"}),
		charts.WithLineStyleOpts(opts.LineStyle{Color: selectedColor, Width: 1.5}),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: selectedColor}),
		charts.WithMarkLineNameXAxisItemOpts(opts.MarkLineNameXAxisItem{Name: p.deadline, XAxis: k.InUnit(q.DeadlineMS)}),
		charts.WithMarkLineStyleOpts(opts.MarkLineStyle{Symbol: []string{"none", "none"},
			Label:     &opts.Label{Show: opts.Bool(false)},
			LineStyle: &opts.LineStyle{Color: selectedColor, Type: "solid", Width: 1.5}}))
	c.Overlap(line)
	if p.selected != nil {
		c.Overlap(selectedIn(pr, charts.NewScatter(), p.selected, 0, nil))
	}
	return finish(c, pr, p.frame)
}

// latency is what EnergyLatency draws of a result, less the styles: the
// part that a change of deadline changes, as EnergyLatencyPatch sends it.
type latency struct {
	curves        []data.Curve
	meets, misses [][]item // each curve's points that meet and miss the deadline
	front         []item
	deadline      string // the deadline's series name
	selected      *item
	frame         frame
}

func latencyParts(pr data.Printer, r *data.Result) latency {
	q, k := r.Query, r.Kind
	p := latency{curves: r.Model.Curves(q.GPU, q.Percentile, q.DeadlineMS), deadline: SeriesDeadlineIn(pr, k, q.DeadlineMS)}
	// The latency in the kind's unit: ms between tokens, s for a batch.
	value := func(pt data.Point) []float64 { return []float64{k.InUnit(pt.LatencyMS), pt.ShownJoules()} }
	for _, cv := range p.curves {
		meets, misses := split(pr, cv.Points, value, q)
		p.meets, p.misses = append(p.meets, meets), append(p.misses, misses)
	}
	for _, pt := range r.Model.Frontier(q.GPU, q.Percentile, q.DeadlineMS) {
		p.front = append(p.front, item{Name: tooltip(pr, pt.Config, q), Value: value(pt)})
	}
	if s := r.Selected; s != nil {
		p.selected = selectedItem(pr, s, q, value(data.Point{Config: s, LatencyMS: s.Latency(q.Percentile)}))
	}
	p.frame = latencyFrame(pr, r, p.curves)
	return p
}

// latencyFrame is the frame of EnergyLatency(r), whose curves are given.
func latencyFrame(pr data.Printer, r *data.Result, curves []data.Curve) frame {
	q, k := r.Query, r.Kind
	// A tenth of room either side of the deadline, so that its line is not
	// drawn over an axis.
	deadline := k.InUnit(q.DeadlineMS)
	itls := []float64{deadline / 1.1, deadline * 1.1}
	fastest := math.Inf(1)
	var names []string
	for _, cv := range curves {
		for _, pt := range cv.Points {
			l := k.InUnit(pt.LatencyMS)
			itls = append(itls, l)
			fastest = min(fastest, l)
		}
		names = append(names, CurveName(cv))
	}
	names = append(names, pr.T("chart.series.frontier"))
	if r.Selected != nil {
		names = append(names, seriesSelected(pr))
	}
	lo, hi := niceLatencyExtent(itls...)
	return frame{x: logAxis{base: 10, min: lo, max: hi}, yNames: []string{axesIn(pr, k, q.Percentile).energy}, yMax: []float64{maxJoules(curves)},
		selected: seriesSelected(pr),
		// ECharts writes a fixed end of a log axis to the decimals of the
		// smallest value plotted: 0.3 beside a fastest point of 7 ms reads
		// "0". Such an end, left of a deadline under a millisecond, goes
		// unlabelled.
		hideMinLabel: decimals(lo) > decimals(fastest),
		legends:      [][]legendItem{append(items(names...), legendItem{SeriesDeadlineIn(pr, k, q.DeadlineMS), iconVertical})}, yMin: []float64{minJoules(curves)}}
}

// EnergyConcurrency is energy per token against the batch size limit on a
// log-2 axis, one line per GPU and count (for an image or video model,
// against the batch size, each batch size's best split over the GPUs: see
// data.Curve.Line); the part of a line that misses the deadline is drawn
// thin, its points hollow, underneath.
func EnergyConcurrency(r *data.Result) ([]byte, error) { return EnergyConcurrencyIn(data.Printer{}, r) }

// EnergyConcurrencyIn is EnergyConcurrency in pr's language.
func EnergyConcurrencyIn(pr data.Printer, r *data.Result) ([]byte, error) {
	p := concurrencyParts(pr, r)
	c := charts.NewLine()
	c.SetGlobalOptions(common(axesIn(pr, r.Kind, r.Query.Percentile).batch)...)
	for i, cv := range p.curves {
		addDimmed(c, CurveName(cv), palette[i%len(palette)], p.lines[i], 0)
	}
	if p.selected != nil {
		c.Overlap(selectedIn(pr, charts.NewScatter(), p.selected, 0, nil))
	}
	return finish(c, pr, p.frame)
}

// concurrency is what EnergyConcurrency draws of a result, less the styles.
type concurrency struct {
	curves   []data.Curve
	lines    []dimmed // a curve's each
	selected *item
	frame    frame
}

func concurrencyParts(pr data.Printer, r *data.Result) concurrency {
	q := r.Query
	p := concurrency{curves: r.Model.Curves(q.GPU, q.Percentile, q.DeadlineMS)}
	lo, hi := log2Extent(batchSizes(p.curves)...)
	var names []string
	for _, cv := range p.curves {
		p.lines = append(p.lines, dim(pr, cv.Line(), q, func(pt data.Point) []float64 { return []float64{float64(pt.Batch()), pt.ShownJoules()} }))
		names = append(names, CurveName(cv))
	}
	if s := r.Selected; s != nil {
		p.selected = selectedItem(pr, s, q, []float64{float64(s.Batch()), s.ShownJoules()})
		names = append(names, seriesSelected(pr))
	}
	p.frame = frame{x: logAxis{base: 2, min: lo, max: hi}, yNames: []string{axesIn(pr, r.Kind, q.Percentile).energy}, yMax: []float64{maxJoules(p.curves)},
		selected: seriesSelected(pr),
		legends:  [][]legendItem{items(names...)}, padded: true, yMin: []float64{minJoules(p.curves)}}
	return p
}

// legendItem is a legend's entry: a series' name, and the icon that stands
// for it when ECharts' own would mislead.
type legendItem struct{ name, icon string }

func items(names ...string) []legendItem {
	var it []legendItem
	for _, n := range names {
		it = append(it, legendItem{name: n})
	}
	return it
}

// iconVertical is the legend icon of the deadline's vertical line, a series
// without points, whose ECharts icon would be a line with a circle.
const iconVertical = "path://M0,0H2V14H0Z"

// common holds the options the three charts share: the first axes.
// Tooltips, legends, the grid, the x axis' extent and labels and the y axes'
// names are set by finish, which lays them out for the chart's width.
func common(xName string) []charts.GlobalOpts {
	return []charts.GlobalOpts{
		charts.WithXAxisOpts(opts.XAxis{Type: "log", Name: xName, NameLocation: "middle"}),
		charts.WithYAxisOpts(opts.YAxis{Type: "value", Name: nameEnergy, Scale: opts.Bool(true)}),
		charts.WithAnimation(false),
	}
}

func batchSizes(curves []data.Curve) []float64 {
	var vs []float64
	for _, cv := range curves {
		for _, pt := range cv.Points {
			vs = append(vs, float64(pt.Batch()))
		}
	}
	return vs
}

func minJoules(curves []data.Curve) float64 {
	lo, _ := extent(curves, func(pt data.Point) float64 { return pt.ShownJoules() })
	return lo
}

func maxJoules(curves []data.Curve) float64 {
	m := 0.0
	for _, cv := range curves {
		for _, pt := range cv.Points {
			m = max(m, pt.ShownJoules())
		}
	}
	return m
}

// item is a point as a series holds it: its tooltip and its coordinates.
type item struct {
	Name  string    `json:"name"`
	Value []float64 `json:"value"`
}

func scatterData(its []item) []opts.ScatterData {
	if its == nil {
		return nil
	}
	d := make([]opts.ScatterData, len(its))
	for i, it := range its {
		d[i] = opts.ScatterData{Name: it.Name, Value: it.Value}
	}
	return d
}

func lineData(its []item) []opts.LineData {
	if its == nil {
		return nil
	}
	d := make([]opts.LineData, len(its))
	for i, it := range its {
		d[i] = opts.LineData{Name: it.Name, Value: it.Value}
	}
	return d
}

// split turns a curve's points into the data of a meets and a misses series.
func split(pr data.Printer, pts []data.Point, value func(data.Point) []float64, q data.Query) (meets, misses []item) {
	for _, pt := range pts {
		d := item{Name: tooltip(pr, pt.Config, q), Value: value(pt)}
		if pt.Meets {
			meets = append(meets, d)
		} else {
			misses = append(misses, d)
		}
	}
	return meets, misses
}

// dimmed is a curve drawn as two line series of one name: every point,
// hollow on a thin line, and over it the points that meet the deadline, on
// the full line.
type dimmed struct{ meets, all []item }

func dim(pr data.Printer, pts []data.Point, q data.Query, value func(data.Point) []float64) dimmed {
	var d dimmed
	for _, pt := range pts {
		it := item{Name: tooltip(pr, pt.Config, q), Value: value(pt)}
		d.all = append(d.all, it)
		if pt.Meets {
			d.meets = append(d.meets, it)
		}
	}
	return d
}

// addDimmed adds a curve's two series to the plot of the panel-th x and y
// axes.
func addDimmed(c *charts.Line, name, col string, d dimmed, panel int) {
	// The full-strength series comes first: the legend draws a name's icon
	// from its first series.
	c.AddSeries(name, lineData(d.meets),
		charts.WithLineChartOpts(opts.LineChart{XAxisIndex: panel, YAxisIndex: panel, Symbol: "circle"}),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: col}),
		charts.WithLineStyleOpts(opts.LineStyle{Color: col, Width: 2}))
	c.AddSeries(name, lineData(d.all),
		charts.WithLineChartOpts(opts.LineChart{XAxisIndex: panel, YAxisIndex: panel, Symbol: "circle"}),
		charts.WithItemStyleOpts(missStyle(col)),
		charts.WithLineStyleOpts(opts.LineStyle{Color: col, Width: 1}))
}

// selectedItem is the point of the selected configuration c.
func selectedItem(pr data.Printer, c *data.Config, q data.Query, value []float64) *item {
	return &item{Name: pr.T("chart.tip.selected") + "\n" + tooltip(pr, c, q), Value: value}
}

// selectedIn adds the highlighted configuration as a series of its own, since
// go-echarts' data items carry no item style, to the plot of the panel-th x
// and y axes; label, when not nil, writes a figure beside it.
// Its series are named in p's language.
func selectedIn(p data.Printer, s *charts.Scatter, it *item, panel int, label *opts.Label) *charts.Scatter {
	o := []charts.SeriesOpts{
		charts.WithScatterChartOpts(opts.ScatterChart{Symbol: "diamond", SymbolSize: 18, XAxisIndex: panel, YAxisIndex: panel}),
		// Opaque: ECharts draws scatter points, and so their labels, at 0.8.
		charts.WithItemStyleOpts(opts.ItemStyle{Color: selectedColor, BorderColor: "#fff", BorderWidth: 2, Opacity: opts.Float(1)}),
	}
	if label != nil {
		o = append(o, charts.WithLabelOpts(*label))
	}
	s.AddSeries(seriesSelected(p), scatterData([]item{*it}), o...)
	return s
}

// tooltips remembers describe's answers for the latest percentile and
// deadline: the three charts of a result describe the same configurations
// (the power chart each twice), and so does each patch of a slider's drag.
var tooltips struct {
	sync.Mutex
	pr       data.Printer
	p        data.Percentile
	deadline float64
	text     map[*data.Config]string
}

// tooltip is describe(pr, c, q), remembered.
func tooltip(pr data.Printer, c *data.Config, q data.Query) string {
	tooltips.Lock()
	defer tooltips.Unlock()
	if tooltips.text == nil || tooltips.pr != pr || tooltips.p != q.Percentile || tooltips.deadline != q.DeadlineMS {
		tooltips.pr, tooltips.p, tooltips.deadline, tooltips.text = pr, q.Percentile, q.DeadlineMS, map[*data.Config]string{}
	}
	s, ok := tooltips.text[c]
	if !ok {
		s = describe(pr, c, q)
		tooltips.text[c] = s
	}
	return s
}

// describe is a configuration's tooltip in pr's language: what it is,
// every figure a point stands for, whether it meets the deadline, and the
// dataset row it comes from. Lines are separated by "\n", shown as line
// breaks by the tooltip's white-space rule (see finish), because ECharts
// escapes HTML in string templates.
func describe(pr data.Printer, c *data.Config, q data.Query) string {
	itl := c.Latency(q.Percentile)
	verdict := ".meets"
	if itl > q.DeadlineMS {
		verdict = ".misses"
	}
	watts := pr.Number(float64(c.PowerWatts))
	row := pr.T("chart.tip.row", "row", c.RowID)
	if c.Diffusion() {
		k := data.TaskKind(q.Task)
		framesWords := ""
		if c.Frames != 0 {
			framesWords = pr.T("chart.tip.frames", "frames", strconv.Itoa(c.Frames), "fps", strconv.Itoa(c.FPS))
		}
		return strings.Join([]string{
			fmt.Sprintf("%s × %d · Ulysses %d × ring %d · %s", c.GPU, c.NumGPUs, c.UlyssesDegree, c.RingDegree, c.Precision),
			pr.T("chart.tip.batch.diffusion", "batch", strconv.Itoa(c.BatchSize), "resolution", c.Resolution(), "steps", strconv.Itoa(c.Steps), "frames", framesWords),
			pr.T("chart.tip.joules.diffusion", "joules", pr.Number(c.Joules()), "item", pr.T("chart.per."+k.Item)),
			pr.T("chart.tip.time"+verdict, "latency", pr.Lang.Figure(k.LatencyAgainst(itl, q.DeadlineMS)), "deadline", pr.Deadline(k, q.DeadlineMS)),
			pr.T("chart.tip.throughput.diffusion", "throughput", pr.Number(c.Throughput()), "items", pr.T("items."+k.Item+"s"), "watts", watts),
			row,
		}, "\n")
	}
	return strings.Join([]string{
		fmt.Sprintf("%s × %d · TP %d, DP %d, EP %d · %s", c.GPU, c.NumGPUs, c.TensorParallel, c.DataParallel, c.ExpertParallel, c.Precision),
		pr.T("chart.tip.batch", "limit", strconv.Itoa(c.MaxNumSeqs), "average", pr.Number(float64(c.AvgRunningBatch))),
		pr.T("chart.tip.joules", "joules", pr.Lang.Figure(data.FormatNumber(c.Joules())+" J/"+pr.T("chart.per.token")), "wh", pr.Number(c.WhPerMillion())),
		pr.T("chart.tip.itl"+verdict, "percentile", percentileWordsIn(pr, q.Percentile), "itl", pr.Lang.Number(data.FormatITL(itl, q.DeadlineMS)),
			"deadline", pr.Lang.Number(formatMS(q.DeadlineMS))),
		pr.T("chart.tip.tokens", "tps", pr.Number(c.Throughput()), "watts", watts),
		row,
	}, "\n")
}

// formatMS is a deadline as the page's number box shows it.
func formatMS(ms float64) string { return strconv.FormatFloat(ms, 'f', -1, 64) }
