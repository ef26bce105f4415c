package e2e

// What a reader meets, tried as a new reader would: the inputs within reach on a phone, the compare ranking whole at 360 px, small
// volumes and columns in units one can read, carbon and water from the
// start, labels that keep clear of each other and of the points, series
// that read in the dark, the compare page's highlight, and text without
// stray spaces or echoes.

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/footprint"
)

// strayText finds, in a page's text, a space before punctuation or after an
// opening bracket, a doubled space, and the same words said twice in a row.
var strayText = []struct {
	what string
	re   *regexp.Regexp
}{
	{"a space before punctuation", regexp.MustCompile(`[^\s] +[.,;:!?)]`)},
	{"a space after an opening bracket", regexp.MustCompile(`\( `)},
	{"a doubled space", regexp.MustCompile(`[^\s]  +[^\s]`)},
	{"an echo", regexp.MustCompile(`(?i)\b(your figure)\)?\s+\(?your figure\b`)},
}

// expectCleanText checks the text of the view's page, every fold open.
func (v view) expectCleanText(where string) {
	v.t.Helper()
	text := evalIn[string](v, `(() => { document.querySelectorAll("details").forEach(d => d.open = true); return document.body.innerText })()`)
	for _, s := range strayText {
		for _, m := range s.re.FindAllStringIndex(text, -1) {
			lo, hi := max(0, m[0]-30), min(len(text), m[1]+30)
			v.t.Errorf("%s: %s in %q", where, s.what, text[lo:hi])
		}
	}
}

// readersTest is what TestReaders' subtests share: the dataset, the
// browser, the site, and a link that sets the footprint.
type readersTest struct {
	set           *data.Set
	bctx          context.Context
	origin        string
	footprintLink string
}

func TestReaders(t *testing.T) {
	set, bctx := browserTest(t)
	origin := site(t).URL
	footprintLink := state.String(fpQuery) + "&" + fpParams
	rt := &readersTest{set: set, bctx: bctx, origin: origin, footprintLink: footprintLink}

	t.Run("Text", rt.text)
	t.Run("InputsInReach", rt.inputsInReach)
	t.Run("CompareRanking", rt.compareRanking)
	t.Run("SmallVolumes", rt.smallVolumes)
	t.Run("CarbonAndWater", rt.carbonAndWater)
	t.Run("Highlight", rt.highlight)
	t.Run("Labels", rt.labels)
	t.Run("SeriesContrast", rt.seriesContrast)
	_ = data.DefaultQuery
}

// text: no stray spaces or echoes, in the prerendered page (without
// JavaScript) and in the app's, and options that read whole.
func (rt *readersTest) text(t *testing.T) {
	t.Parallel()
	bctx, origin, footprintLink := rt.bctx, rt.origin, rt.footprintLink
	// A tab for each page: a tab's time is bounded (newTab).
	for _, path := range []string{"/", "/?" + footprintLink, "/?tokens=1000&boundary=cloud&grid=250&pue=1.3", "/compare?task=gpqa&model=gpt-oss-20b&grid=fr&price=0.2&cur=EUR"} {
		tb := newTab(t, bctx, origin)
		v := tb.view()
		for _, width := range []int64{360, 1440} {
			where := fmt.Sprintf("%s at %d px", path, width)
			tb.do(chromedp.EmulateViewport(width, 900), scripts(false), chromedp.Navigate(origin+path), chromedp.WaitReady(chromedp.ID("about")))
			v.expectCleanText(where + ", prerendered")
			tb.do(scripts(true))
			tb.openURL(origin + path)
			v.expectCleanText(where)
			for _, sel := range evalIn[[]string](v, `[...document.querySelectorAll("main select")].map(s => "#" + s.id)`) {
				v.expectOptionsFit(sel)
			}
		}
	}
}

// inputsInReach: the inputs within reach on a phone: #task on the first
// screen, or a button there that brings it into view with focus, and one
// back.
func (rt *readersTest) inputsInReach(t *testing.T) {
	t.Parallel()
	bctx, origin, footprintLink := rt.bctx, rt.origin, rt.footprintLink
	tb := newTab(t, bctx, origin, chromedp.EmulateViewport(360, 800))
	v := tb.view()
	for _, path := range []string{"/", "/?" + footprintLink, "/?deadline=1&gpu=H100", "/compare?task=gpqa"} {
		tb.openURL(origin + path)
		rect := func(sel string) map[string]float64 {
			return evalIn[map[string]float64](v, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect();
					return {top: r.top, bottom: r.bottom, visible: document.querySelector(%q).checkVisibility() ? 1 : 0} })()`, sel, sel))
		}
		evalIn[bool](v, `(() => { scrollTo(0, 0); return true })()`)
		if rect("#task")["top"] <= 800 {
			continue
		}
		v.expectOnFirstScreen(800, "#edit-question")
		tb.do(chromedp.Click(chromedp.ID("edit-question")))
		v.waitFor(`document.activeElement?.id === "task"`, path+": the focus on #task")
		if r := rect("#task"); r["top"] < 0 || r["bottom"] > 800 {
			t.Errorf("%s: after #edit-question, #task spans %v–%v px: not on the screen", path, r["top"], r["bottom"])
		}
		if r := rect("#back-to-answer"); r["visible"] != 1 || r["top"] < 0 || r["bottom"] > 800 {
			t.Errorf("%s: the way back to the answer is not on the screen with the inputs: %v", path, r)
		}
		tb.do(chromedp.Click(chromedp.ID("back-to-answer")))
		v.waitFor(`document.activeElement?.id === "result"`, path+": the focus back on the answer")
		if r := rect("#question"); r["top"] < 0 || r["bottom"] > 800 {
			t.Errorf("%s: after #back-to-answer, the question spans %v–%v px: not on the screen", path, r["top"], r["bottom"])
		}
	}
	// Side by side, the inputs need no button.
	tb.do(chromedp.EmulateViewport(1440, 900))
	tb.openURL(origin + "/?" + footprintLink)
	if r := evalIn[map[string]float64](v, `(() => { scrollTo(0, 0); const r = document.querySelector("#task").getBoundingClientRect(); return {top: r.top} })()`); r["top"] > 900 {
		t.Errorf("at 1440 px #task is %v px down", r["top"])
	}
	if tb.isVisible("#edit-question") || tb.isVisible("#back-to-answer") {
		t.Error("at 1440 px, beside the answer, the inputs have buttons to jump to and from them")
	}
}

// compareRanking: the compare ranking at 360 px: each model's name,
// energy and J/token whole, without scrolling sideways; the full table from
// 480 px; one unit per column of figures, said in its header: the one its
// middle figure reads in (data.ColumnUnit).
func (rt *readersTest) compareRanking(t *testing.T) {
	t.Parallel()
	set, bctx, origin := rt.set, rt.bctx, rt.origin
	tb := newTab(t, bctx, origin)
	v := tb.view()
	path := "/compare?boundary=cloud&price=0.12&cur=USD"
	q, _ := state.ParseCompare(set, mustValues(t, "tokens=1M"))
	rk, _ := set.Compare(q)
	for _, width := range []int64{360, 479, 480, 1440} {
		tb.do(chromedp.EmulateViewport(width, 800))
		tb.openURL(origin + path)
		got := evalIn[[]map[string]any](v, `(() => {
				const box = document.querySelector("#ranking-table").parentElement.getBoundingClientRect();
				return [...document.querySelectorAll("#ranking-table tbody tr")].map(tr => {
					const out = {display: getComputedStyle(tr).display};
					for (const col of ["model", "energy", "jpt"]) {
						const td = tr.querySelector("td[data-col=" + col + "]"), r = td.getBoundingClientRect();
						const range = document.createRange(); range.selectNodeContents(td);
						const text = range.getBoundingClientRect();
						out[col] = td.textContent.trim();
						out[col + "Whole"] = r.width > 0 && text.left >= Math.max(0, box.left) - 0.5 && text.right <= Math.min(innerWidth, box.right) + 0.5;
					}
					return out })})()`)
		if width < 480 {
			v.expectNoSidewaysScroll(fmt.Sprintf("/compare at %d px", width))
			if sw := evalIn[map[string]float64](v, `(() => { const b = document.querySelector("#ranking-table").parentElement; return {s: b.scrollWidth, c: b.clientWidth} })()`); sw["s"] > sw["c"]+1 {
				t.Errorf("at %d px the ranking scrolls sideways in its box (%v px in %v)", width, sw["s"], sw["c"])
			}
		}
		for i, r := range got {
			if width >= 480 {
				if r["display"] != "table-row" {
					t.Errorf("at %d px row %d is laid out as %v, want the full table", width, i+1, r["display"])
				}
				continue
			}
			for _, col := range []string{"model", "energy", "jpt"} {
				if r[col+"Whole"] != true {
					t.Errorf("at %d px row %d's %s %q is not whole on the screen", width, i+1, col, r[col])
				}
			}
		}
	}
	// One unit per column (data.ColumnUnit), in its header; the cells
	// are numbers.
	f := state.DefaultFootprint().Factors.WithBoundary("cloud")
	f.Price, f.Currency = footprint.Number(0.12), "USD"
	type col struct {
		key   string
		units []data.Unit
		value func(r *data.Ranked) float64
	}
	ladder := func(r *data.Ranked) footprint.Ladder { return f.Ladder(r.Result.Estimate.EnergyWh) }
	for _, c := range []col{
		{"energy", data.Energy, func(r *data.Ranked) float64 { return r.Result.Estimate.EnergyWh }},
		{"request", data.Joules, func(r *data.Ranked) float64 { return r.Result.Estimate.EnergyPerRequest }},
		{"facility", data.Energy, func(r *data.Ranked) float64 { return ladder(r).FacilityWh }},
		{"carbon", footprint.CarbonUnits, func(r *data.Ranked) float64 { g, _ := f.Carbon(ladder(r)); return g }},
		{"water", footprint.WaterUnits, func(r *data.Ranked) float64 { l, _ := f.Water(ladder(r)); return l }},
		{"cost", []data.Unit{{Size: 1, Name: "USD"}}, func(r *data.Ranked) float64 { x, _ := f.Cost(ladder(r)); return x }},
	} {
		unit := data.ColumnUnit(column(rk, c.value), c.units...).Name
		head := strings.ReplaceAll(v.text("#ranking-table th[data-col="+c.key+"]"), "\u00a0", " ")
		if !strings.HasSuffix(strings.TrimRight(head, " ▲▼"), "("+unit+")") {
			t.Errorf("the %s column's header %q does not state its unit, %s", c.key, head, unit)
		}
		for _, cell := range evalIn[[]string](v, `[...document.querySelectorAll("#ranking-table td[data-col=`+c.key+`]")].map(`+cellFigure+`)`) {
			if !regexp.MustCompile(`^[0-9][0-9,]*(\.[0-9]+)?$`).MatchString(cell) {
				t.Errorf("a %s cell reads %q: not a number in the header's unit", c.key, cell)
			}
		}
	}
}

// smallVolumes: never a milli-prefix on Wh (read as MWh), on the page and
// in the command line's text; comparisons without powers of ten.
func (rt *readersTest) smallVolumes(t *testing.T) {
	t.Parallel()
	bctx, origin := rt.bctx, rt.origin
	tb := newTab(t, bctx, origin)
	v := tb.view()
	for _, query := range []string{"tokens=1000", "tokens=1000&boundary=cloud&grid=world&wue=industry", "tokens=20"} {
		tb.open(query)
		text := evalIn[string](v, `(() => { document.querySelectorAll("details").forEach(d => d.open = true); return document.body.innerText })()`)
		if m := regexp.MustCompile(`[0-9] mWh`).FindString(text); m != "" {
			t.Errorf("?%s: the page writes %q", query, m)
		}
		if e := v.text("#energy"); !strings.HasSuffix(e, " Wh") {
			t.Errorf("?%s: #energy = %q, want Wh", query, e)
		}
		for _, n := range evalIn[[]string](v, `[...document.querySelectorAll("#fp-compare .fp-figure")].map(e => e.textContent.trim())`) {
			if strings.ContainsAny(n, "×⁻") {
				t.Errorf("?%s: a comparison reads %q", query, n)
			}
		}
	}
	// The command line's text (the summary's is data/export's test).
	out := string(runCLI(t, "calc", "-tokens", "1000", "-grid", "world", "-wue", "industry"))
	_, comparisons, _ := strings.Cut(out, "as much as:")
	if comparisons, _, _ = strings.Cut(comparisons, "Per request"); strings.Contains(out, "mWh") || strings.Contains(comparisons, "× 10") {
		t.Errorf("calc -tokens 1000 writes mWh, or a comparison with a power of ten:\n%s", out)
	}
}

// carbonAndWater: carbon and water from the start, at the world's grid and
// a labelled water preset, on the GPU-only boundary and said so; a link
// that sets them wins, and one can ask for none.
func (rt *readersTest) carbonAndWater(t *testing.T) {
	t.Parallel()
	bctx, origin := rt.bctx, rt.origin
	tb := newTab(t, bctx, origin)
	v := tb.view()
	for _, c := range []struct {
		query         string
		carbon, water string // in the figure's words; "" for none
	}{
		{"", "480 g CO2e/kWh (World, 2023", "1.8 L/kWh (US industry average"},
		{"grid=fr", "56 g CO2e/kWh (France", "1.8 L/kWh"},
		{"grid=none&wue=aws", "", "0.25 L/kWh (AWS global"},
		{"grid=none&wue=none", "", ""},
	} {
		tb.open(c.query)
		for _, f := range []struct{ id, want string }{{"#fp-carbon-row", c.carbon}, {"#fp-water-row", c.water}} {
			shown := v.has(f.id) && tb.isVisible(f.id)
			if shown != (f.want != "") {
				t.Errorf("?%s: %s shown %v, want %q", c.query, f.id, shown, f.want)
				continue
			}
			if !shown {
				continue
			}
			if got := v.text(f.id); !strings.Contains(got, f.want) || !strings.Contains(got, "GPU energy only: a floor") {
				t.Errorf("?%s: %s = %q, want %q, on the GPU energy only, said so", c.query, f.id, got, f.want)
			}
		}
	}
	// The compare page too: a column each, in its unit.
	tb.openURL(origin + "/compare")
	for _, col := range []string{"carbon", "water"} {
		if !v.has("#ranking-table th[data-col=" + col + "]") {
			t.Errorf("/compare has no %s column by default", col)
		}
	}
}

// highlight: the compare page highlights only a model its link names, and
// its charts say why.
func (rt *readersTest) highlight(t *testing.T) {
	t.Parallel()
	bctx, origin := rt.bctx, rt.origin
	tb := newTab(t, bctx, origin)
	v := tb.view()
	for _, c := range []struct{ path, model string }{{"/compare", ""}, {"/compare?task=gpqa", ""}, {"/compare?task=gpqa&model=gpt-oss-20b", "gpt-oss-20b"}} {
		tb.openURL(origin + c.path)
		if got := evalIn[string](v, `document.querySelector("#ranking-table tr.current")?.dataset.model ?? ""`); got != c.model {
			t.Errorf("%s: the table highlights %q, want %q", c.path, got, c.model)
		}
		for _, id := range []string{"chart-ranking", "chart-params"} {
			tb.chartReady(id)
			got := evalIn[map[string]any](v, fmt.Sprintf(`(() => { const o = echarts.getInstanceByDom(document.getElementById(%q)).getOption();
					const red = o.series.some(s => (s.data || []).some(d => d && d.itemStyle && /e15759/i.test(d.itemStyle.color || "")) || /e15759/i.test((s.itemStyle || {}).color || ""));
					// A legend without its own list lists every series.
					const legend = (o.legend || []).filter(l => l.show !== false).flatMap(l => (l.data && l.data.length ? l.data : o.series).map(d => d.name || d));
					return {red, legend: legend.join("|")} })()`, id))
			if got["red"] != (c.model != "") {
				t.Errorf("%s, %s: a model in the highlight's colour: %v, want %v", c.path, id, got["red"], c.model != "")
			}
			if says := strings.Contains(got["legend"].(string), "link"); says != (c.model != "") {
				t.Errorf("%s, %s: the legend %q says why a model is highlighted: %v, want %v", c.path, id, got["legend"], says, c.model != "")
			}
		}
	}
}

// labels: no label of a chart overlaps another label or a point a series
// marks, on the footprint link (H100), the default page and the compare
// page's scatter, at a phone's and a wide screen's width.
func (rt *readersTest) labels(t *testing.T) {
	t.Parallel()
	bctx, origin, footprintLink := rt.bctx, rt.origin, rt.footprintLink
	tb := newTab(t, bctx, origin)
	for _, width := range []int64{360, 1440} {
		for _, c := range []struct {
			path, chart string
			ranking     bool // and the ranking's model names apart
		}{
			{"/?" + footprintLink, "chart-power", false},
			{"/", "chart-power", false},
			{"/?" + state.String(fpQuery) + "&deadline=25ms", "chart-power", false},
			{"/?task=gpqa&model=gpt-oss-20b&gpu=H100&deadline=40ms&p=p95", "chart-power", false},
			{"/compare", "chart-params", true},                             // 18 models
			{"/compare?task=gpqa&model=gpt-oss-20b", "chart-params", true}, // 12
			{"/compare?task=image-chat&gpu=H100", "chart-params", false},
			{"/embed/compare", "", true},
			{"/embed/compare?task=gpqa", "", true},
		} {
			tb.do(chromedp.EmulateViewport(width, 900))
			tb.openURL(origin + c.path)
			if c.chart != "" {
				tb.expectLabelsClear(fmt.Sprintf("%s, %s at %d px", c.path, c.chart, width), c.chart)
			}
			if c.ranking {
				tb.expectTextsApart(fmt.Sprintf("%s, chart-ranking at %d px", c.path, width), "chart-ranking")
			}
		}
	}
}

// seriesContrast: every series reads against the chart's background, 3:1
// at least, light and dark, the points and lines that miss the deadline
// too.
func (rt *readersTest) seriesContrast(t *testing.T) {
	t.Parallel()
	bctx, origin := rt.bctx, rt.origin
	tb := newTab(t, bctx, origin)
	for _, scheme := range []string{"light", "dark"} {
		tb.do(emulate(360, 800, scheme)...)
		for _, c := range []struct {
			path   string
			charts []string
		}{
			// Points and lines that miss the deadline, and four GPU counts.
			{"/?task=video-chat&model=qwen-3-vl-235b-a22b-instruct-fp8&deadline=40ms&p=p90", []string{"chart-latency", "chart-concurrency", "chart-power"}},
			{"/?deadline=25ms&p=p90", []string{"chart-latency", "chart-concurrency", "chart-power"}},
			{"/compare?task=gpqa&model=gpt-oss-20b", []string{"chart-ranking", "chart-params"}},
		} {
			tb.openURL(origin + c.path)
			for _, id := range c.charts {
				tb.expectSeriesContrast(fmt.Sprintf("%s, %s, %s", scheme, c.path, id), id, 3)
			}
		}
	}
}

// expectLabelsClear checks that no label of the chart overlaps another, or
// a point of any series other than its own, or leaves the canvas.
func (tb *tab) expectLabelsClear(where, id string) {
	t := tb.t
	t.Helper()
	d := tb.series(id)
	if len(d.Labels) == 0 {
		t.Errorf("%s: no label drawn", where)
	}
	for i, l := range d.Labels {
		x0, y0, x1, y1 := l.Box.bounds()
		if x0 < -0.5 || y0 < -0.5 || x1 > d.Width+0.5 || y1 > d.Height+0.5 {
			t.Errorf("%s: label %q (%.0f,%.0f–%.0f,%.0f) leaves the %v×%v canvas", where, l.Text, x0, y0, x1, y1, d.Width, d.Height)
		}
		for _, o := range d.Labels[:i] {
			if overlaps(l.Box, o.Box) {
				t.Errorf("%s: labels %q and %q overlap", where, o.Text, l.Text)
			}
		}
		for _, p := range d.Points {
			if p.SeriesIndex == l.SeriesIndex && p.Index == l.Index {
				continue // its own
			}
			if overlaps(l.Box, p.Box) {
				t.Errorf("%s: label %q covers point %d of %q", where, l.Text, p.Index, p.Series)
			}
		}
	}
}

// expectTextsApart checks that no two texts the chart draws overlap or
// touch, each the box of its lines at its line height (a tspan's own box is
// a sliver).
func (tb *tab) expectTextsApart(where, id string) {
	t := tb.t
	t.Helper()
	texts := tb.texts(id)
	if len(texts) == 0 {
		t.Errorf("%s: no text drawn", where)
	}
	// Side by side, texts need a space between them: 3 px, with overlaps'
	// pixel of rounding.
	for i := range texts {
		texts[i].Box.X -= 1
		texts[i].Box.W += 2
	}
	for i, a := range texts {
		for _, b := range texts[:i] {
			if overlaps(a.Box, b.Box) {
				t.Errorf("%s: %q and %q touch or overlap", where, b.Text, a.Text)
			}
		}
	}
}

// expectSeriesContrast checks that everything each series draws (a point,
// a line, a bar) has a contrast of min:1 against the chart's background,
// as drawn: its fill, or its outline where it has no fill.
func (tb *tab) expectSeriesContrast(where, id string, min float64) {
	t := tb.t
	t.Helper()
	d := tb.series(id)
	back, err := rgb(d.Background)
	if err != nil {
		t.Fatalf("%s: background %v", where, err)
	}
	worst := map[string]float64{}
	for _, ink := range d.Inks {
		best := 0.0
		for _, c := range []struct {
			colour string
			on     bool
		}{{ink.Fill, ink.Fill != "" && ink.Fill != "none" && ink.Fill != "transparent"}, {ink.Stroke, ink.Stroke != "" && ink.Stroke != "none" && ink.Stroke != "transparent" && ink.LineWidth > 0}} {
			if !c.on {
				continue
			}
			col, err := rgb(c.colour)
			if err != nil {
				continue // a gradient or a pattern: none is drawn here
			}
			best = max(best, ratio(blend(col, back, ink.Opacity), back))
		}
		if v, ok := worst[ink.Series]; !ok || best < v {
			worst[ink.Series] = best
		}
	}
	if len(worst) == 0 {
		t.Errorf("%s: no series drawn", where)
	}
	for s, c := range worst {
		if c < min {
			t.Errorf("%s: series %q draws at %.2f:1 against %s, want %v:1", where, s, c, d.Background, min)
		}
	}
}
