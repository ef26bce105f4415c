package e2e

// Browser tests of how the calculator's charts are kept up to date: drawn
// only when near the screen, and patched (not set anew) for a new deadline
// (the slider's positions, one a frame, are TestSliderFrames'). What the
// charts must show comes
// from packages data and charts; nothing here measures time (that is
// `make bench`'s job).

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tokenjoule/app/charts"
	"tokenjoule/data"
)

func TestChartUpdates(t *testing.T) {
	set, bctx := browserTest(t)
	origin := site(t).URL
	def := data.DefaultQuery()

	// hasInstance tells which of the charts have an ECharts instance.
	hasInstance := func(tb *tab) map[string]bool {
		tb.t.Helper()
		return eval[map[string]bool](tb, `Object.fromEntries([...document.querySelectorAll(".echart")].map(el =>
			[el.id, !!(window.echarts && echarts.getInstanceByDom(el))]))`)
	}

	t.Run("DrawnWhenNear", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin)
		tb.do(chromedp.EmulateViewport(360, 800))
		tb.open("")
		tb.expect(set, def)
		// On a phone the charts are far below the first screen: after the
		// frames in which the page would have drawn them, none has an
		// instance, and each waits, marked stale.
		tb.frames(10)
		for id, drawn := range hasInstance(tb) {
			if drawn {
				t.Errorf("%s was drawn before it came near the screen", id)
			}
			if !eval[bool](tb, fmt.Sprintf(`document.getElementById(%q).hasAttribute("data-stale")`, id)) {
				t.Errorf("%s, not drawn, is not marked data-stale", id)
			}
		}
		// Scrolled to, the first is drawn, with the page's answer; the last,
		// two charts further down, still is not.
		r, _ := set.Select(def)
		tb.checkLatencyChart("scrolled to", r)
		tb.frames(5)
		if hasInstance(tb)["chart-power"] {
			t.Error("chart-power was drawn while two charts below the one scrolled to")
		}
		tb.chartReady("chart-power")
		series, _, _ := tb.chart("chart-power")
		// Four series a curve (two a panel), and the selected marker in each panel.
		if n := len(series); n != 4*len(r.Model.Curves(def.GPU, def.Percentile, def.DeadlineMS))+2 {
			t.Errorf("chart-power, scrolled to, has %d series", n)
		}
	})

	t.Run("DeadlinePatches", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin)
		tb.open("")
		for _, s := range chartIDs {
			tb.chartReady(s.id)
		}
		// Each instance is kept, and every later setOption is recorded:
		// whole (notMerge), merged, or the labels' places (a silent merge
		// after a patch, app/ui placeLabels).
		before := eval[map[string]int](tb, `(() => { window.tjInstances = {}; const n = {};
			for (const el of document.querySelectorAll(".echart")) {
				const inst = echarts.getInstanceByDom(el); tjInstances[el.id] = inst; inst.tjCalls = [];
				const set = inst.setOption; inst.setOption = function (o, notMerge) {
					this.tjCalls.push(notMerge === true ? "whole" : notMerge && notMerge.silent ? "labels" : "merge"); return set.apply(this, arguments) };
				n[el.id] = inst.getOption().series.length }
			return n })()`)
		// 30 deadlines, each in a task of its own and quicker than frames,
		// all with a selected configuration (so that every chart keeps its
		// series), sweeping beyond the points on both sides (which moves the
		// latency chart's axis and layout).
		var deadlines []float64
		for i := 0; len(deadlines) < 30 && i < 300; i++ {
			ms := sigRound(5*math.Pow(200, float64((i*37)%100)/100), 3)
			if r, err := set.Select(with(def, func(q *data.Query) { q.DeadlineMS = ms })); err == nil && r.Selected != nil && ms != def.DeadlineMS {
				deadlines = append(deadlines, ms)
			}
		}
		if len(deadlines) < 30 || slices.Max(deadlines) < 500 {
			t.Fatalf("the test needs 30 feasible deadlines reaching beyond the points: %v", deadlines)
		}
		js := "(async () => { const el = document.querySelector('#deadline');\n"
		for _, ms := range deadlines {
			js += fmt.Sprintf("el.value = %q; el.dispatchEvent(new Event('input', {bubbles: true})); await new Promise(r => setTimeout(r, 0));\n", strconv.FormatFloat(ms, 'f', -1, 64))
		}
		tb.await(js + "return true })()")
		q := with(def, func(q *data.Query) { q.DeadlineMS = deadlines[len(deadlines)-1] })
		tb.expect(set, q)
		r, _ := set.Select(q)
		for _, s := range chartIDs {
			tb.chartReady(s.id)
			got := eval[struct {
				Same   bool
				Series int
				Calls  []string
			}](tb, fmt.Sprintf(`(() => { const inst = echarts.getInstanceByDom(document.getElementById(%q));
				return {same: inst === tjInstances[%[1]q], series: inst.getOption().series.length, calls: inst.tjCalls || []} })()`, s.id))
			if !got.Same {
				t.Errorf("%s: a new ECharts instance after the deadline changed", s.id)
				continue
			}
			if got.Series != before[s.id] {
				t.Errorf("%s: %d series after the deadline changed, %d before", s.id, got.Series, before[s.id])
			}
			merges := 0
			for _, c := range got.Calls {
				if c == "whole" {
					t.Errorf("%s: set anew (setOption notMerge) for a new deadline: calls %v", s.id, got.Calls)
					break
				}
				if c == "merge" {
					merges++
				}
			}
			// Patched once a frame at most: fewer patches than changes.
			if merges == 0 || merges >= len(deadlines) {
				t.Errorf("%s: %d patches for %d changes of the deadline", s.id, merges, len(deadlines))
			}
			// What the patched chart shows is what a chart given the whole
			// option for the last deadline shows.
			tb.sameAsFresh(s.id, r)
		}
		tb.checkLatencyChart("after 30 changes of the deadline", r)

		// The power chart's patches are drawn with their labels' places
		// (app/ui setOption): those are the places the chart drawn whole for
		// the last deadline gives them, which the other colour scheme has
		// it drawn.
		places := `JSON.stringify(echarts.getInstanceByDom(document.getElementById("chart-power")).getOption().series.map(s =>
			(s.data || []).flatMap(d => d && d.label ? [[d.value, d.label.show, d.label.position, d.label.offset]] : [])))`
		patched := eval[string](tb, places)
		if !strings.Contains(patched, "true") {
			t.Fatalf("chart-power shows no label after the patches: %s", patched)
		}
		eval[bool](tb, `(window.tjPatched = echarts.getInstanceByDom(document.getElementById("chart-power")), true)`)
		tb.do(emulateScheme("dark"))
		tb.view().waitFor(`(() => { const el = document.getElementById("chart-power"); const inst = echarts.getInstanceByDom(el);
			return !!inst && inst !== tjPatched && !el.hasAttribute("data-stale") })()`, "chart-power drawn anew in the dark theme")
		if whole := eval[string](tb, places); whole != patched {
			t.Errorf("chart-power's labels, patched, are not where the chart drawn whole places them:\n%s", firstDifference(patched, whole))
		}
	})

	t.Run("NavigatedAway", func(t *testing.T) {
		t.Parallel()
		// A link to the compare page followed while the calculator's
		// charts wait for their frame: the compare page's charts are drawn
		// all the same.
		tb := newTab(t, bctx, origin)
		tb.open("")
		for _, s := range chartIDs {
			tb.chartReady(s.id)
		}
		eval[bool](tb, `(() => { const el = document.querySelector("#deadline"); el.value = "25"; el.dispatchEvent(new Event("input", {bubbles: true}));
			document.getElementById("open-compare").click(); return true })()`)
		tb.view().waitFor(`location.pathname === "/compare" && !!document.getElementById("chart-ranking")`, "the compare page")
		tb.chartReady("chart-ranking")
		tb.chartReady("chart-params")
	})

	t.Run("SchemeChanged", func(t *testing.T) {
		t.Parallel()
		// The colour scheme changing under a drawn chart draws it anew in
		// the other theme, legible on the page's new background (checkChart
		// checks every text's contrast).
		tb := newTab(t, bctx, origin)
		tb.do(emulate(1280, 900, "light")...)
		tb.open("")
		r, _ := set.Select(def)
		tb.chartReady("chart-latency")
		eval[bool](tb, `(window.tjLight = echarts.getInstanceByDom(document.getElementById("chart-latency")), true)`)
		tb.do(emulate(1280, 900, "dark")...)
		tb.view().waitFor(`(() => { const el = document.getElementById("chart-latency"); const inst = echarts.getInstanceByDom(el);
			return !!inst && inst !== tjLight && !el.hasAttribute("data-stale") })()`, "the chart drawn anew in the dark theme")
		for _, s := range chartIDs {
			tb.checkChart("dark after light", s.id, r)
		}
	})
}

// checkLatencyChart scrolls the latency chart into view and checks what it
// highlights and where it draws the deadline, against package data.
func (tb *tab) checkLatencyChart(name string, r *data.Result) {
	tb.t.Helper()
	series, _, _ := tb.chart("chart-latency")
	q := r.Query
	var picked [][]float64
	deadline := false
	for _, s := range series {
		if s.Name == charts.SeriesSelected {
			picked = append(picked, s.Data...)
		}
		deadline = deadline || s.Name == charts.SeriesDeadline(r.Kind, q.DeadlineMS)
	}
	if s := r.Selected; s == nil && len(picked) > 0 || s != nil && (len(picked) != 1 || picked[0][0] != q.Percentile.ITL(s) || picked[0][1] != float64(s.JoulesPerToken)) {
		tb.t.Errorf("%s: the latency chart highlights %v, want the selected configuration %v", name, picked, r.Selected)
	}
	if !deadline {
		tb.t.Errorf("%s: the latency chart has no series %q", name, charts.SeriesDeadline(r.Kind, q.DeadlineMS))
	}
	mark := eval[[]float64](tb, `echarts.getInstanceByDom(document.getElementById("chart-latency")).getOption().series
		.flatMap(s => ((s.markLine || {}).data || []).map(d => d.xAxis))`)
	if len(mark) != 1 || mark[0] != q.DeadlineMS {
		tb.t.Errorf("%s: the deadline's line is at %v, want %v", name, mark, q.DeadlineMS)
	}
}

// sameAsFresh checks that the chart id shows what a new instance of the
// same size shows when given the whole option for r, built here: series
// (names, points, tooltips, the deadline's line, labels), legends, axes'
// extents and the layout the chart's width calls for.
func (tb *tab) sameAsFresh(id string, r *data.Result) {
	tb.t.Helper()
	i := slices.IndexFunc(chartIDs, func(c struct {
		id       string
		title    string
		describe func(*data.Result) string
	}) bool {
		return c.id == id
	})
	option, err := []func(*data.Result) ([]byte, error){charts.EnergyLatency, charts.EnergyConcurrency, charts.PowerThroughput}[i](r)
	if err != nil {
		tb.t.Fatal(err)
	}
	got := eval[[]string](tb, fmt.Sprintf(`(() => {
		const el = document.getElementById(%q);
		const div = document.createElement("div");
		div.style.cssText = "position:absolute;left:-10000px;top:0;width:" + el.clientWidth + "px;height:" + el.clientHeight + "px";
		document.body.appendChild(div);
		const fresh = echarts.init(div);
		fresh.setOption(JSON.parse(%q), true);
		const seen = inst => { const o = inst.getOption();
			return JSON.stringify({
				// No points: an empty list or none, which ECharts reads alike.
				// Each item's label is where the page placed it (ECharts
				// copies its show to emphasis), which a chart given an
				// option alone has not: not compared.
				series: o.series.map(s => ({id: s.id, name: s.name, data: s.data && s.data.length ? s.data.map(d => { const {label, emphasis, ...rest} = d; return rest }) : null, markLine: ((s.markLine || {}).data || []).map(d => ({name: d.name, xAxis: d.xAxis})), label: s.label && {formatter: s.label.formatter, position: s.label.position}})),
				legend: o.legend.map(l => ({data: l.data, top: l.top})),
				xAxis: o.xAxis.map(x => ({min: x.min, max: x.max, nameGap: x.nameGap, axisLabel: {rotate: x.axisLabel.rotate, showMinLabel: x.axisLabel.showMinLabel ?? null, alignMaxLabel: x.axisLabel.alignMaxLabel}})),
				yAxis: o.yAxis.map(y => ({nameGap: y.nameGap})),
				grid: o.grid.map(g => ({top: g.top, bottom: g.bottom})),
			}) };
		const out = [seen(echarts.getInstanceByDom(el)), seen(fresh)];
		fresh.dispose(); div.remove();
		return out })()`, id, string(option)))
	if got[0] != got[1] {
		tb.t.Errorf("%s, patched, differs from a chart given the whole option:\n%s", id, firstDifference(got[0], got[1]))
	}
}

// firstDifference shows where two texts part.
func firstDifference(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-200)
	return fmt.Sprintf("patched …%s\nfresh   …%s", a[from:min(len(a), i+200)], b[from:min(len(b), i+200)])
}

func sigRound(v float64, digits int) float64 {
	f, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', digits, 64), 64)
	return f
}
