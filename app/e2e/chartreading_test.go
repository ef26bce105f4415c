package e2e

// Charts read on a phone and on a wide screen: the compare scatter's labels
// each beside its own point and its axis name clear of the legend; the
// power chart with many configurations in two panels, each line told from
// the others, its axes from zero, each figure beside its own diamond and its
// texts apart; and no point cut at the plot's edge.
// Everything is read from what ECharts drew (see seriesJS, drawnJS).

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tokenjoule/app/charts"
	"tokenjoule/data"
)

// powerCases are the power chart's queries TestChartReading reads.
var powerCases = []string{
	"task=text-to-image&gpu=any", // eight configurations, the selected one at a batch of 1
	"task=text-to-video",         // eight, the selected one at a batch of 1
	"task=text-to-video&model=wan-2-1-1-3b",
	"task=video-chat&model=qwen-3-vl-235b-a22b-instruct-fp8&p=p99", // four
	"model=llama-3-3-70b-instruct",                                 // power above 1,600 W, its axes still from zero
	"",                                                             // the two selected markers on each other
}

func TestChartReading(t *testing.T) {
	set, bctx := browserTest(t)
	origin := site(t).URL

	// Each label of the compare scatter is nearer its own point than any
	// other, and near it; the axes' names keep clear of the legend.
	t.Run("ScatterLabels", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin)
		for _, width := range []int64{360, 1440} {
			for _, path := range []string{
				"/compare",                                   // 18 models, two pairs of points almost on each other
				"/compare?task=gpqa&model=gpt-oss-20b",       // the named model at the bottom left
				"/compare?model=qwen-3-30b-a3b-instruct",     // a long name beside a cluster
				"/compare?task=image-chat&model=gemma-3-27b", // few models
			} {
				tb.do(chromedp.EmulateViewport(width, 900))
				tb.openURL(origin + path)
				where := fmt.Sprintf("%s at %d px", path, width)
				tb.expectLabelsOwned(where, "chart-params")
				tb.expectNamesClearOfLegends(where, "chart-params")
				// The model the link names keeps a label, its name or its rank.
				if strings.Contains(path, "model=") && !slices.ContainsFunc(tb.series("chart-params").Labels, func(l labelDrawn) bool { return l.Series == charts.SeriesHighlighted }) {
					t.Errorf("%s: the model the link names has no label", where)
				}
			}
		}
	})

	// The power chart with four or more configurations: power and
	// throughput in two panels, one above the other, each from zero; a
	// colour per configuration, none the selected marker's; each figure of
	// the selected configuration beside its own diamond; no two texts
	// touching, nothing cut.
	t.Run("Power", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin)
		for _, width := range []int64{360, 1440} {
			for _, q := range powerCases {
				tb.do(chromedp.EmulateViewport(width, 900))
				tb.open(q)
				where := fmt.Sprintf("?%s at %d px", q, width)
				tb.expectPanels(where, "chart-power")
				tb.expectLinesTold(where, "chart-power")
				tb.expectAxesFromZero(where, "chart-power")
				tb.expectFiguresBeside(where, "chart-power")
				tb.expectTextsApart(where, "chart-power")
				tb.expectPointsInPlot(where, "chart-power")
				tb.expectTextsInCanvas(where, "chart-power")
			}
		}
	})

	if dir := os.Getenv("TOKENJOULE_SCREENSHOTS"); dir != "" {
		t.Run("Screenshots", func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, bctx, origin)
			for _, width := range []int64{360, 1440} {
				for _, scheme := range []string{"light", "dark"} {
					tb.do(emulate(width, 900, scheme)...)
					for i, q := range powerCases {
						tb.open(q)
						tb.chartReady("chart-power")
						time.Sleep(300 * time.Millisecond) // let ECharts finish drawing
						png, err := chromedp.Run(tb.ctx, chromedp.Screenshot(chromedp.ID("chart-power")))
						if err != nil {
							t.Fatal(err)
						}
						file := filepath.Join(dir, fmt.Sprintf("power-%d-%d-%s.png", i, width, scheme))
						if err := os.WriteFile(file, png, 0o644); err != nil {
							t.Fatal(err)
						}
						t.Logf("wrote %s (?%s)", file, q)
					}
				}
			}
		})
	}

	// The selected configuration at a batch size limit of 1,024, the largest
	// measured, and every other point, whole inside the plot.
	t.Run("Edges", func(t *testing.T) {
		t.Parallel()
		q := data.Query{Task: "lm-arena-chat", Model: "llama-3-3-70b-instruct", GPU: data.AnyGPU, DeadlineMS: 500, Percentile: data.P50, Tokens: 1e6}
		r, err := set.Select(q)
		if err != nil || r.Selected == nil || r.Selected.MaxNumSeqs != 1024 {
			t.Fatalf("the case needs a configuration selected at max_num_seqs 1024: %v", err)
		}
		tb := newTab(t, bctx, origin)
		for _, width := range []int64{360, 1440} {
			for _, c := range []struct{ path, chart string }{
				{"/?model=llama-3-3-70b-instruct", "chart-concurrency"},
				{"/?model=llama-3-3-70b-instruct", "chart-power"},
				{"/?task=text-to-image", "chart-concurrency"},
				{"/?task=text-to-image", "chart-power"},
				{"/embed?model=llama-3-3-70b-instruct&layout=chart&chart=batch", "chart-concurrency"},
				{"/?model=llama-3-3-70b-instruct", "chart-latency"},
				{"/", "chart-latency"},
				{"/?task=text-to-image", "chart-latency"},
				{"/?task=gpqa&model=gpt-oss-20b&gpu=H100&deadline=40ms&p=p95", "chart-latency"},
			} {
				tb.do(chromedp.EmulateViewport(width, 900))
				tb.openURL(origin + c.path)
				where := fmt.Sprintf("%s at %d px", c.path, width)
				tb.expectPointsInPlot(where, c.chart)
				// The room below the points never takes an axis of energy,
				// power or throughput below zero.
				for _, y := range tb.yAxes(c.chart) {
					if y.Extent[0] < 0 {
						t.Errorf("%s: the y axis %q runs %v, below zero", where, y.Name, y.Extent)
					}
				}
			}
		}
	})
}

// gap is the distance between two upright boxes, 0 where they meet.
func gap(a, b box) float64 {
	ax0, ay0, ax1, ay1 := a.bounds()
	bx0, by0, bx1, by1 := b.bounds()
	dx := max(0, bx0-ax1, ax0-bx1)
	dy := max(0, by0-ay1, ay0-by1)
	return math.Hypot(dx, dy)
}

// beside is how far, at most, a label may sit from its point and still be
// read as its: about two lines of text.
const beside = 30

// expectLabelsOwned checks that every label of the chart id is drawn beside
// its own point, which is drawn, and nearer it than any other point of a
// series with labels (a label reads as such a point's).
func (tb *tab) expectLabelsOwned(where, id string) {
	t := tb.t
	t.Helper()
	d := tb.series(id)
	if len(d.Labels) == 0 {
		t.Errorf("%s: no label drawn", where)
	}
	labelled := map[int]bool{}
	for _, l := range d.Labels {
		labelled[l.SeriesIndex] = true
	}
	for _, l := range d.Labels {
		own := -1
		for j, p := range d.Points {
			if p.SeriesIndex == l.SeriesIndex && p.Index == l.Index {
				own = j
			}
		}
		if own < 0 {
			t.Errorf("%s: label %q has no point drawn", where, l.Text)
			continue
		}
		mine := gap(l.Box, d.Points[own].Box)
		if mine > beside {
			t.Errorf("%s: label %q is %.0f px from its point, not beside it", where, l.Text, mine)
		}
		for j, p := range d.Points {
			if j == own || !labelled[p.SeriesIndex] {
				continue
			}
			if g := gap(l.Box, p.Box); g <= mine {
				t.Errorf("%s: label %q is %.1f px from point %d of %q, as near as or nearer than its own (%.1f px)", where, l.Text, g, p.Index, p.Series, mine)
			}
		}
	}
}

// namesAndLegendsJS reads the boxes of a chart's axis names and of its
// legends' entries.
const namesAndLegendsJS = `(id => {` + boxJS + `
	const inst = echarts.getInstanceByDom(document.getElementById(id));
	const model = inst.getModel(), names = [], legends = [];
	for (const type of ["xAxis", "yAxis"]) model.eachComponent(type, a => {
		inst.getViewOfComponentModel(a).group.traverse(e => { if (e.type === "text" && e.style.text === a.get("name") && !e.ignore && !e.invisible) names.push({text: e.style.text, box: box(e)}) });
	});
	model.eachComponent("legend", l => {
		const g = inst.getViewOfComponentModel(l).getContentGroup();
		if (g.children().length) legends.push({text: l.getData().map(d => d.get("name")).join(", "), box: box(g)});
	});
	return {names, legends};
})`

// expectNamesClearOfLegends checks that no axis name of the chart id comes
// within 2 px of a legend's entries.
func (tb *tab) expectNamesClearOfLegends(where, id string) {
	t := tb.t
	t.Helper()
	tb.chartReady(id)
	got := eval[struct{ Names, Legends []drawnText }](tb, fmt.Sprintf("%s(%q)", namesAndLegendsJS, id))
	if len(got.Names) == 0 || len(got.Legends) == 0 {
		t.Fatalf("%s: axis names %v, legends %v", where, got.Names, got.Legends)
	}
	for _, n := range got.Names {
		for _, l := range got.Legends {
			if g := gap(n.Box, l.Box); g < 2 {
				t.Errorf("%s: the axis name %q is %.1f px from the legend (%s)", where, n.Text, g, l.Text)
			}
		}
	}
}

// linesJS reads, for every line a chart draws, its series, the axes it is
// drawn on and its stroke; for every scatter series, its colour; and each
// y axis' extent and plot.
const linesJS = `(id => {
	const inst = echarts.getInstanceByDom(document.getElementById(id));
	const model = inst.getModel(), out = {lines: [], marks: [], ys: []};
	model.eachSeries(sm => {
		const g = inst.getViewOfSeriesModel(sm).group;
		if (sm.subType === "scatter") { out.marks.push({series: sm.name, colour: String(sm.getData().getVisual("style").fill)}); return }
		g.traverse(e => {
			if (e.type !== "ec-polyline" || e.ignore || e.invisible || !e.shape.points || e.shape.points.length < 4) return;
			out.lines.push({series: sm.name, axis: sm.get("yAxisIndex") || 0, grid: sm.coordinateSystem.model.componentIndex,
				colour: String(e.style.stroke), dash: JSON.stringify(e.style.lineDash || null)});
		});
	});
	model.eachComponent("yAxis", y => out.ys.push({name: y.get("name"), extent: y.axis.scale.getExtent(), grid: y.getCoordSysModel().componentIndex}));
	return out;
})`

// expectLinesTold checks that the lines of the chart id can be told apart:
// a colour for each configuration, which no other configuration and no
// scatter series (the selected marker) shares, and the lines of one
// configuration on different axes of one plot told apart by their dashes.
func (tb *tab) expectLinesTold(where, id string) {
	t := tb.t
	t.Helper()
	tb.chartReady(id)
	type line struct {
		Series, Colour, Dash string
		Axis, Grid           int
	}
	got := eval[struct {
		Lines []line
		Marks []struct{ Series, Colour string }
	}](tb, fmt.Sprintf("%s(%q)", linesJS, id))
	colours := map[string]string{} // configuration → colour
	owner := map[string]string{}   // colour → configuration
	for _, l := range got.Lines {
		c, err := rgb(l.Colour)
		if err != nil {
			t.Errorf("%s: line of %q drawn in %q: %v", where, l.Series, l.Colour, err)
			continue
		}
		key := fmt.Sprint(c)
		if prev, ok := colours[l.Series]; ok && prev != key {
			t.Errorf("%s: %q is drawn in two colours, %s and %s", where, l.Series, prev, key)
		}
		colours[l.Series] = key
		if o, ok := owner[key]; ok && o != l.Series {
			t.Errorf("%s: %q and %q are drawn in the same colour %s", where, o, l.Series, l.Colour)
		}
		owner[key] = l.Series
	}
	if len(colours) < 2 {
		t.Errorf("%s: %d configurations drawn, want at least two", where, len(colours))
	}
	for _, m := range got.Marks {
		c, err := rgb(m.Colour)
		if err != nil {
			continue
		}
		if o, ok := owner[fmt.Sprint(c)]; ok {
			t.Errorf("%s: the %q marker is drawn in %q's colour %s", where, m.Series, o, m.Colour)
		}
	}
	for i, a := range got.Lines {
		for _, b := range got.Lines[:i] {
			if a.Series == b.Series && a.Grid == b.Grid && a.Axis != b.Axis && a.Dash == b.Dash {
				t.Errorf("%s: %q draws a line on y axis %d and one on y axis %d of the same plot alike (%s)", where, a.Series, b.Axis, a.Axis, a.Dash)
			}
		}
	}
}

// yAxis is a y axis drawn: its name, its extent and the index of its plot.
type yAxis struct {
	Name   string
	Extent []float64
	Grid   int
}

// yAxes reads the chart id's y axes.
func (tb *tab) yAxes(id string) []yAxis {
	tb.t.Helper()
	tb.chartReady(id)
	return eval[struct{ Ys []yAxis }](tb, fmt.Sprintf("%s(%q)", linesJS, id)).Ys
}

// expectAxesFromZero checks that every y axis of the chart id starts at 0.
func (tb *tab) expectAxesFromZero(where, id string) {
	tb.t.Helper()
	for _, y := range tb.yAxes(id) {
		if len(y.Extent) != 2 || y.Extent[0] != 0 {
			tb.t.Errorf("%s: the y axis %q runs %v, not from 0", where, y.Name, y.Extent)
		}
	}
}

// pointsJS reads the box of every point a chart's series draw, and the
// plot each is drawn in.
const pointsJS = `(id => {
	const inst = echarts.getInstanceByDom(document.getElementById(id));
	const box = e => { const r = e.getBoundingRect().clone(); const m = e.getComputedTransform(); if (m) r.applyTransform(m); return {X: r.x, Y: r.y, W: r.width, H: r.height} };
	const out = [];
	inst.getModel().eachSeries(sm => {
		const data = sm.getData(), a = sm.coordinateSystem.getArea();
		data.each(i => {
			const g = data.getItemGraphicEl(i);
			if (!g || g.ignore || g.invisible) return;
			let sym = g;
			g.traverse && g.traverse(c => { if (c !== g && c.type !== "text" && c.type !== "tspan" && c.getTextContent) sym = c });
			out.push({Series: sm.name, Index: i, Box: box(sym), Plot: {X: a.x, Y: a.y, W: a.width, H: a.height}});
		});
	});
	return out;
})`

// expectPointsInPlot checks that every point the chart id draws lies whole
// inside its plot, its symbol's outline included.
func (tb *tab) expectPointsInPlot(where, id string) {
	t := tb.t
	t.Helper()
	tb.chartReady(id)
	points := eval[[]struct {
		Series    string
		Index     int
		Box, Plot box
	}](tb, fmt.Sprintf("%s(%q)", pointsJS, id))
	if len(points) == 0 {
		t.Errorf("%s: no point drawn", where)
	}
	// A symbol may rest on the axis line, a pixel wide, at the plot's edge.
	const line = 1
	for _, p := range points {
		x0, y0, x1, y1 := p.Box.bounds()
		px0, py0, px1, py1 := p.Plot.bounds()
		if x0 < px0-line || y0 < py0-line || x1 > px1+line || y1 > py1+line {
			t.Errorf("%s: point %d of %q (%.1f,%.1f–%.1f,%.1f) is cut by the plot's edge (%.1f,%.1f–%.1f,%.1f)",
				where, p.Index, p.Series, x0, y0, x1, y1, px0, py0, px1, py1)
		}
	}
}

// expectPanels checks that the chart id draws its y axes in panels of
// their own, one axis in each: power above, throughput below.
func (tb *tab) expectPanels(where, id string) {
	t := tb.t
	t.Helper()
	ys := tb.yAxes(id)
	if len(ys) != 2 || ys[0].Grid == ys[1].Grid {
		t.Errorf("%s: the y axes %+v, want power and throughput in a plot each", where, ys)
		return
	}
	if !strings.HasPrefix(ys[0].Name, "GPU power") || !strings.HasPrefix(ys[1].Name, "Throughput") {
		t.Errorf("%s: the panels are %q and %q, want GPU power then throughput", where, ys[0].Name, ys[1].Name)
	}
}

// figureNear is how far, at most, a figure may sit from its point and still be
// read as its: about two lines of text, and a little for the diamond.
const figureNear = 40

// expectFiguresBeside checks that each figure the selected configuration's
// markers carry is drawn, within figureNear px of its own diamond, and over no
// other text.
func (tb *tab) expectFiguresBeside(where, id string) {
	t := tb.t
	t.Helper()
	d := tb.series(id)
	texts := tb.texts(id)
	var figures int
	for _, l := range d.Labels {
		if l.Series != charts.SeriesSelected {
			continue
		}
		figures++
		own := slices.IndexFunc(d.Points, func(p pointDrawn) bool { return p.SeriesIndex == l.SeriesIndex && p.Index == l.Index })
		if own < 0 {
			t.Errorf("%s: the figure %q has no diamond drawn", where, l.Text)
			continue
		}
		if g := gap(l.Box, d.Points[own].Box); g > figureNear {
			t.Errorf("%s: the figure %q is %.0f px from its diamond, want %d at most", where, l.Text, g, figureNear)
		}
		for _, o := range texts {
			if o.Text == l.Text {
				continue
			}
			if overlaps(l.Box, o.Box) {
				t.Errorf("%s: the figure %q lies over the text %q", where, l.Text, o.Text)
			}
		}
	}
	// A selected configuration has its power and its throughput written.
	selected := 0
	for _, p := range d.Points {
		if p.Series == charts.SeriesSelected {
			selected++
		}
	}
	if figures != selected {
		t.Errorf("%s: %d figures for %d selected diamonds", where, figures, selected)
	}
}

// expectTextsInCanvas checks that every text the chart id draws lies whole
// inside its canvas.
func (tb *tab) expectTextsInCanvas(where, id string) {
	t := tb.t
	t.Helper()
	d := tb.series(id)
	for _, x := range tb.texts(id) {
		x0, y0, x1, y1 := x.Box.bounds()
		if x0 < -0.5 || y0 < -0.5 || x1 > d.Width+0.5 || y1 > d.Height+0.5 {
			t.Errorf("%s: %q (%.0f,%.0f–%.0f,%.0f) is cut by the %v×%v canvas", where, x.Text, x0, y0, x1, y1, d.Width, d.Height)
		}
	}
}
