package e2e

// The charts as the page draws them: ready for the page's state, their
// options, and what ECharts drew of a chart against the core's answer.

import (
	"fmt"
	"slices"
	"strings"

	"tokenjoule/app/charts"
	"tokenjoule/data"
)

// chartSeries reads a chart's series back from its ECharts instance.
type chartSeries struct {
	Name       string      `json:"name"`
	Type       string      `json:"type"`
	YAxisIndex int         `json:"yAxisIndex"`
	Data       [][]float64 `json:"data"`
	Names      []string    `json:"names"`
}

// chartReady scrolls the chart id into view and waits until it is drawn
// for the page's state (see view.chartReady).
func (tb *tab) chartReady(id string) {
	tb.t.Helper()
	tb.view().chartReady(id)
}

func (tb *tab) chart(id string) (series []chartSeries, xAxisType string, logBase float64) {
	tb.t.Helper()
	js := fmt.Sprintf(`(() => { const inst = echarts.getInstanceByDom(document.getElementById(%q)); if (!inst) return null;
		const o = inst.getOption();
		return {x: o.xAxis[0].type, logBase: o.xAxis[0].logBase || 0, series: o.series.map(s => ({name: s.name, type: s.type, yAxisIndex: s.yAxisIndex || 0,
			data: (s.data || []).map(d => d.value), names: (s.data || []).map(d => d.name)}))} })()`, id)
	tb.chartReady(id)
	got := eval[struct {
		X       string        `json:"x"`
		LogBase float64       `json:"logBase"`
		Series  []chartSeries `json:"series"`
	}](tb, js)
	return got.Series, got.X, got.LogBase
}

// chartReady scrolls the chart id to the middle of the view, where it is
// drawn (a chart away from the screen is not), and waits until it shows
// what the page asks: an ECharts instance, without the data-stale mark the
// page keeps on a chart until it is drawn.
func (v view) chartReady(id string) {
	v.t.Helper()
	evalIn[bool](v, fmt.Sprintf(`(() => { document.getElementById(%q)?.scrollIntoView({block: "center"}); return true })()`, id))
	v.waitFor(fmt.Sprintf(`(() => { const el = document.getElementById(%q);
		return !!(el && window.echarts && echarts.getInstanceByDom(el)) && !el.hasAttribute("data-stale") })()`, id), "chart "+id+" to be drawn")
}

// drawCharts has every chart of the view drawn, as the page draws a chart
// only once it comes near the screen (each is scrolled to), and scrolls back
// to the top: for a screenshot of the whole page.
func (v view) drawCharts() {
	v.t.Helper()
	for _, id := range evalIn[[]string](v, `[...document.querySelectorAll(".echart[id]")].map(e => e.id)`) {
		v.chartReady(id)
	}
	evalIn[bool](v, `(() => { scrollTo(0, 0); return true })()`) // a screenshot draws a frame first
}

// chartIDs are the page's charts and what describes each.
var chartIDs = []struct {
	id       string
	title    string
	describe func(*data.Result) string
}{
	{"chart-latency", charts.TitleEnergyLatency, charts.DescribeEnergyLatency},
	{"chart-concurrency", charts.TitleEnergyConcurrency, charts.DescribeEnergyConcurrency},
	{"chart-power", charts.TitlePowerThroughput, charts.DescribePowerThroughput},
}

// checkChart checks what ECharts drew for the chart id of r.
func (tb *tab) checkChart(name, id string, r *data.Result) {
	t := tb.t
	t.Helper()
	d := tb.drawn(id)
	where := fmt.Sprintf("%s, %s (%v px wide)", name, id, d.Width)
	inCanvas := func(what string, b box) {
		x0, y0, x1, y1 := b.bounds()
		if x0 < -0.5 || y0 < -0.5 || x1 > d.Width+0.5 || y1 > d.Height+0.5 {
			t.Errorf("%s: %s (%.0f,%.0f–%.0f,%.0f) leaves the %v×%v canvas", where, what, x0, y0, x1, y1, d.Width, d.Height)
		}
	}

	// Legends: plain, whole, inside the canvas and above the axis names.
	legendBottom := 0.0
	if len(d.Legends) == 0 {
		t.Errorf("%s: no legend", where)
	}
	for i, l := range d.Legends {
		if l.Type != "plain" {
			t.Errorf("%s: legend %d is %q, want plain: a scroll legend pages (\"1/2\") on a phone", where, i, l.Type)
		}
		if l.Items != len(l.Names) {
			t.Errorf("%s: legend %d draws %d of its %d entries %q", where, i, l.Items, len(l.Names), l.Names)
		}
		inCanvas(fmt.Sprintf("legend %d", i), l.Box)
		_, _, _, y1 := l.Box.bounds()
		legendBottom = max(legendBottom, y1)
	}
	curves := r.Model.Curves(r.Query.GPU, r.Query.Percentile, r.Query.DeadlineMS)
	for _, cv := range curves {
		if n := fmt.Sprintf("%s × %d", cv.GPU, cv.NumGPUs); !slices.Contains(d.Legends[0].Names, n) {
			t.Errorf("%s: legend %q lacks %q", where, d.Legends[0].Names, n)
		}
	}

	// Axis names: above their plot and below the legends, apart, inside.
	for i, n := range d.YNames {
		if n == nil || n.Hidden {
			t.Errorf("%s: y axis %d's name is not shown", where, i)
			continue
		}
		_, y0, _, y1 := n.Box.bounds()
		if top := d.YTops[i]; y0 < legendBottom-1 || y1 > top+1 {
			t.Errorf("%s: y axis name %q (%.0f–%.0f) is not between the legends (bottom %.0f) and its plot (top %.0f)", where, n.Text, y0, y1, legendBottom, top)
		}
		inCanvas("y axis name "+n.Text, n.Box)
		for _, o := range d.YNames[:i] {
			if o != nil && overlaps(n.Box, o.Box) {
				t.Errorf("%s: y axis names %q and %q overlap", where, n.Text, o.Text)
			}
		}
	}

	// x labels: all shown, none touching another, inside; the name below them.
	if len(d.XLabels) < 2 {
		t.Errorf("%s: x axis labels %+v, want at least two", where, d.XLabels)
	}
	labelsBottom := 0.0
	for i, l := range d.XLabels {
		if l.Hidden {
			t.Errorf("%s: x label %q is hidden (it overlapped another)", where, l.Text)
		}
		inCanvas("x label "+l.Text, l.Box)
		for _, o := range d.XLabels[:i] {
			if overlaps(l.Box, o.Box) {
				t.Errorf("%s: x labels %q and %q overlap", where, o.Text, l.Text)
			}
		}
		_, _, _, y1 := l.Box.bounds()
		labelsBottom = max(labelsBottom, y1)
	}
	if d.XName == nil {
		t.Errorf("%s: the x axis has no name", where)
	} else {
		_, y0, _, _ := d.XName.Box.bounds()
		if y0 < labelsBottom-1 {
			t.Errorf("%s: the x axis name %q (top %.0f) overlaps its labels (bottom %.0f)", where, d.XName.Text, y0, labelsBottom)
		}
		inCanvas("x axis name", d.XName.Box)
	}

	// The x axis holds every point and, on the latency chart, the deadline.
	if len(d.XExtent) != 2 {
		t.Fatalf("%s: x extent %v", where, d.XExtent)
	}
	lo, hi := d.XExtent[0], d.XExtent[1]
	for _, s := range d.Series {
		for _, v := range s.Values {
			if len(v) == 2 && (v[0] < lo*(1-1e-9) || v[0] > hi*(1+1e-9)) {
				t.Errorf("%s: point %v of %q lies outside the x axis %v–%v", where, v, s.Name, lo, hi)
			}
		}
	}
	if id == "chart-latency" {
		dl := r.Query.DeadlineMS
		// Inside, not on an end, where its line would hide in the axis.
		if !(lo < dl && dl < hi) {
			t.Errorf("%s: the x axis runs %v–%v ms, without the %v ms deadline inside", where, lo, hi, dl)
		}
		deadline := ""
		for _, s := range d.Series {
			if slices.Equal(s.MarkX, []float64{dl}) {
				deadline = s.Name
			}
		}
		if deadline == "" || !slices.Contains(d.Legends[0].Names, deadline) || !strings.Contains(deadline, ms(dl)+" ms") {
			t.Errorf("%s: the deadline's line is in series %q, which the legend %q should name with %s ms", where, deadline, d.Legends[0].Names, ms(dl))
		}
	}

	// The power chart's two selected markers carry their figures.
	if s := r.Selected; id == "chart-power" && s != nil {
		for _, want := range []string{data.FormatNumber(float64(s.PowerWatts)) + " W", data.FormatNumber(s.Throughput()) + " tokens/s"} {
			i := slices.IndexFunc(d.Texts, func(x drawnText) bool { return x.Text == want })
			if i < 0 {
				t.Errorf("%s: no label %q on the selected markers", where, want)
				continue
			}
			inCanvas("label "+want, d.Texts[i].Box)
		}
	}

	// Every text is legible on what it is drawn on (WCAG AA, 4.5:1), as
	// drawn: a translucent label lets the page through.
	for _, x := range d.Texts {
		back, err := rgb(d.Background)
		if err == nil && x.Back != "" {
			var own [3]float64
			if own, err = rgb(x.Back); err == nil {
				back = blend(own, back, x.BackOp)
			}
		}
		fill, err2 := rgb(x.Fill)
		if err != nil || err2 != nil {
			t.Errorf("%s: text %q: %v %v", where, x.Text, err, err2)
			continue
		}
		if c := ratio(blend(fill, back, x.Opacity), back); c < 4.5 {
			t.Errorf("%s: text %q is %s (opacity %v) on %s/%s (opacity %v), contrast %.2f:1, want 4.5:1",
				where, x.Text, x.Fill, x.Opacity, x.Back, d.Background, x.BackOp, c)
		}
	}
}
