// Package e2e drives the calculator in a real browser: it builds the wasm,
// serves the app on a loopback port and runs Debian's chromium headless
// through chromedp. Expected figures come from package data, never from the
// page.
package e2e

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"tokenjoule/app/state"
	"tokenjoule/data"
)

// pageTest is what TestBrowser's subtests share: the dataset, the browser,
// the site served as tokenjoule serve does, and the default question.
type pageTest struct {
	set    *data.Set
	bctx   context.Context
	origin string
	def    data.Query
}

func TestBrowser(t *testing.T) {
	set, bctx := browserTest(t)
	srv := site(t)
	origin := srv.URL
	def := data.DefaultQuery()
	pt := &pageTest{set: set, bctx: bctx, origin: origin, def: def}

	if dir := os.Getenv("TOKENJOULE_SCREENSHOTS"); dir != "" {
		t.Run("Screenshots", func(t *testing.T) { screenshots(t, bctx, origin, dir) })
	}

	t.Run("DefaultPage", pt.defaultPage)
	t.Run("Prerendered", pt.prerendered)
	t.Run("Controls", pt.controls)
	t.Run("RestoreFromURL", pt.restoreFromURL)
	t.Run("BadParameters", pt.badParameters)
	t.Run("InfeasibleDeadline", pt.infeasibleDeadline)
	t.Run("FirstVisit", pt.firstVisit)
	t.Run("PageNames", pt.pageNames)
	t.Run("Charts", pt.charts)
}

// defaultPage: the calculator opened without a query answers the default
// question as the core does, writes nothing into the URL, and shows the
// caveat beside the figure, the citation and the dataset's dates.
func (pt *pageTest) defaultPage(t *testing.T) {
	t.Parallel()
	set, bctx, origin, def := pt.set, pt.bctx, pt.origin, pt.def
	tb := newTab(t, bctx, origin)
	tb.open("")
	tb.expect(set, def)
	// Opening the page writes nothing into the URL.
	if loc := eval[string](tb, `location.search`); loc != "" {
		t.Errorf("location.search = %q after opening /", loc)
	}
	for _, sel := range []string{"#caveat", "#dataset", "#cite"} {
		if !eval[bool](tb, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return r.width > 0 && r.height > 0 })()`, sel)) {
			t.Errorf("%s is not visible", sel)
		}
	}
	// The short form of the caveat is on screen with the figure itself.
	if !eval[bool](tb, `(() => { const r = document.querySelector("#floor").getBoundingClientRect(); return r.height > 0 && r.bottom <= innerHeight })()`) {
		t.Error("#floor, the GPU-only caveat beside the energy, is not in the first screen")
	}
	m, _ := set.Model(def.Task, def.Model)
	if got := tb.text("#caveat"); !strings.Contains(got, m.Caveat) {
		t.Errorf("#caveat = %q, want the dataset's caveat", got)
	}
	if got := tb.text("#cite"); !strings.Contains(got, m.Source.Cite) {
		t.Errorf("#cite = %q, want the citation", got)
	}
	// One line that says what was measured when, dates as people write them.
	date := func(iso string) string {
		d, err := time.Parse(time.DateOnly, iso)
		if err != nil {
			t.Fatal(err)
		}
		return d.Format("2 January 2006")
	}
	got := tb.text("#dataset")
	for _, want := range []string{m.Source.Licence, "published " + date(m.Source.Released), "last updated " + date(m.Source.Compiled), "copied here " + date(m.DataVersion)} {
		if !strings.Contains(got, want) {
			t.Errorf("#dataset = %q, want it to say %q", got, want)
		}
	}
	timing := eval[map[string]float64](tb, `({
			fcp: (performance.getEntriesByName("first-contentful-paint")[0] || {}).startTime || -1,
			dcl: performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd,
			mounted: (performance.getEntriesByName("tokenjoule-mounted")[0] || {}).startTime || -1})`)
	t.Logf("navigation to first result (first contentful paint of the prerendered page): %.0f ms; DOMContentLoaded: %.0f ms; to mounted app: %.0f ms",
		timing["fcp"], timing["dcl"], timing["mounted"])
	tb.mu.Lock()
	n := tb.requests
	tb.mu.Unlock()
	if n == 0 {
		t.Error("no network request was seen: the origin check is not working")
	}
}

// prerendered: the server's HTML holds the default answer before any
// script runs, with no option marked selected="false", and with
// JavaScript off the answer reads, not covered by the loader.
func (pt *pageTest) prerendered(t *testing.T) {
	t.Parallel()
	set, bctx, origin, def := pt.set, pt.bctx, pt.origin, pt.def
	// The server's HTML, before any script: the default answer is there,
	// and no option is marked selected="false".
	res, err := http.Get(origin + "/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	html := string(body)
	r, _ := set.Select(def)
	for _, want := range []string{`id="energy"`, data.FormatEnergy(r.Estimate.EnergyWh), `id="caveat"`} {
		if !strings.Contains(html, want) {
			t.Errorf("prerendered page lacks %q", want)
		}
	}
	if !strings.Contains(markupText(html), r.Selected.RowID) {
		t.Errorf("prerendered page lacks the row %s", r.Selected.RowID)
	}
	if strings.Contains(html, `selected="false"`) {
		t.Error(`prerendered page has selected="false", which HTML reads as selected`)
	}
	// With JavaScript off the answer is readable, and the loader does
	// not cover it.
	tb := newTab(t, bctx, origin, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
		return err
	}))
	tb.do(chromedp.Navigate(origin+"/"), chromedp.WaitVisible(chromedp.ID("energy")))
	if got := tb.text("#energy"); got != data.FormatEnergy(r.Estimate.EnergyWh) {
		t.Errorf("#energy with JavaScript off = %q", got)
	}
	top := eval[string](tb, `(() => { const r = document.querySelector("#energy").getBoundingClientRect();
			const el = document.elementFromPoint(r.x + r.width/2, r.y + r.height/2); return el ? el.id : "" })()`)
	if top != "energy" {
		t.Errorf("the element on top of #energy is %q: the loader hides the prerendered answer", top)
	}
	tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: false})
		return err
	}), chromedp.Navigate(origin+"/"), chromedp.WaitReady(chromedp.CSS("main[data-mounted]")))
}

// controls: every input (model, GPU, workload, slider, typed deadline,
// percentile, volume) gives the core's answer and URL; invalid text shows
// the parser's message and keeps the last answer.
func (pt *pageTest) controls(t *testing.T) {
	t.Parallel()
	set, bctx, origin, def := pt.set, pt.bctx, pt.origin, pt.def
	tb := newTab(t, bctx, origin)
	tb.open("")
	q := def
	step := func(name string, apply func(), next data.Query) {
		t.Helper()
		apply()
		q = state.Normalize(set, next)
		tb.expect(set, q)
		tb.expectURL(set, q)
		t.Logf("%s: ok (%s)", name, state.String(q))
	}
	// A model with two GPUs on another workload.
	var other string
	w, _ := set.Workload("gpqa")
	for _, m := range w.Models {
		if len(m.GPUs) == 2 && m.Slug != def.Model {
			other = m.Slug
			break
		}
	}
	step("task", func() { tb.change("#task", "gpqa", "change") }, with(q, func(q *data.Query) { q.Task = "gpqa" }))
	step("model", func() { tb.change("#model", other, "change") }, with(q, func(q *data.Query) { q.Model = other }))
	step("gpu", func() { tb.change("#gpu", "H100", "change") }, with(q, func(q *data.Query) { q.GPU = "H100" }))
	step("percentile", func() { tb.change("#percentile", "p90", "change") }, with(q, func(q *data.Query) { q.Percentile = data.P90 }))
	step("deadline box", func() { tb.change("#deadline", "250", "input") }, with(q, func(q *data.Query) { q.DeadlineMS = 250 }))
	// The slider is logarithmic: its middle is √(5·1000) ≈ 70.7 ms, and
	// it stops at round deadlines: 80 ms is the nearest (60 is farther
	// on its scale).
	tb.change("#deadline-range", "50", "input")
	ctx, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector("#deadline").value !== "250"`))
	cancel()
	if err != nil {
		t.Fatal("moving the slider did not change the deadline box")
	}
	slid := eval[string](tb, `document.querySelector("#deadline").value`)
	v, err := data.ParseDeadline(slid)
	if err != nil || v != 80 {
		t.Fatalf("slider at its middle gives %q ms, want 80", slid)
	}
	step("deadline slider", func() {}, with(q, func(q *data.Query) { q.DeadlineMS = v }))
	// Typed with the keyboard, as a person would.
	step("tokens typed", func() {
		tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#tokens").select()`),
			chromedp.SendKeys(chromedp.ID("tokens"), "2.5B"))
	}, with(q, func(q *data.Query) { q.Tokens = 2.5e9 }))
	step("preset", func() { tb.do(chromedp.Click(chromedp.ID("preset-1T"))) }, with(q, func(q *data.Query) { q.Tokens = 1e12 }))

	// Invalid text shows the parser's message and keeps the last result.
	before := tb.text("#energy")
	tb.change("#tokens", "lots", "input")
	_, perr := data.ParseTokens("lots")
	tb.waitText("#tokens-error", perr.Error())
	if got := tb.text("#energy"); got != before {
		t.Errorf("after invalid tokens #energy = %q, want the last good %q", got, before)
	}
	tb.expectURL(set, q)
	tb.change("#deadline", "-3", "input")
	_, perr = data.ParseDeadline("-3")
	tb.waitText("#deadline-error", perr.Error())
	tb.expectURL(set, q)

	// Changing the workload to one without the model keeps the page valid.
	step("task without the model", func() { tb.change("#task", "video-chat", "change") }, with(q, func(q *data.Query) { q.Task = "video-chat" }))
	if h := eval[int](tb, `history.length`); h > 2 {
		t.Errorf("history.length = %d: URL updates must replace, not push", h)
	}
}

// restoreFromURL: a link restores every input and the answer, without a
// notice.
func (pt *pageTest) restoreFromURL(t *testing.T) {
	t.Parallel()
	set, bctx, origin := pt.set, pt.bctx, pt.origin
	tb := newTab(t, bctx, origin)
	q := data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 2.5e9}
	if _, err := set.Select(q); err != nil {
		t.Fatal(err)
	}
	tb.open(state.String(q))
	tb.expect(set, q)
	tb.expectURL(set, q)
	for sel, want := range map[string]string{"#task": "gpqa", "#model": "gpt-oss-20b", "#gpu": "H100", "#percentile": "p95", "#deadline": "40", "#tokens": "2.5B"} {
		if got := eval[string](tb, fmt.Sprintf(`document.querySelector(%q).value`, sel)); got != want {
			t.Errorf("%s shows %q, want %q", sel, got, want)
		}
	}
	if eval[bool](tb, `!!document.querySelector("#notices")`) {
		t.Errorf("notices shown for a valid URL: %s", tb.text("#notices"))
	}
}

// badParameters: each refused parameter gets one notice that names it and
// its value, and hostile or absurd values leave the app up and answering.
func (pt *pageTest) badParameters(t *testing.T) {
	t.Parallel()
	set, bctx, origin, def := pt.set, pt.bctx, pt.origin, pt.def
	tb := newTab(t, bctx, origin)
	raw := "task=nope&model=gpt-5&gpu=A100&deadline=-1&p=p42&tokens=lots"
	tb.open(raw)
	tb.expect(set, def)
	v, _ := url.ParseQuery(raw)
	_, notices := state.Parse(set, v)
	got := eval[[]string](tb, `[...document.querySelectorAll("#notices .notice")].map(n => n.dataset.param + "|" + n.textContent.trim())`)
	if len(got) != len(notices) {
		t.Fatalf("notices %q, want %d", got, len(notices))
	}
	for i, n := range notices {
		if got[i] != n.Param+"|"+n.Message {
			t.Errorf("notice %d = %q, want %q", i, got[i], n.Param+"|"+n.Message)
		}
		if !strings.Contains(got[i], n.Param+"=") || !strings.Contains(got[i], `"`+n.Value+`"`) {
			t.Errorf("notice %q does not name %s and %q", got[i], n.Param, n.Value)
		}
	}
	// Hostile and absurd values: the app stays up and answers.
	for _, raw := range []string{
		"model=%3Cscript%3Ealert(1)%3C%2Fscript%3E&tokens=1e999&deadline=NaN",
		"task=video-chat&model=qwen-3-14b&gpu=b200&p=MEDIAN&tokens=1,000,000",
		"deadline=60001&tokens=0x10&p=&gpu=&task=" + strings.Repeat("x", 3000),
		"%zz=1&model=%E2%80%AE&tokens=%00",
	} {
		tb.open(raw)
		v, _ := url.ParseQuery(raw)
		want, _ := state.Parse(set, v)
		tb.expect(set, want)
	}
}

// infeasibleDeadline: a deadline nothing meets says so, with the smallest
// deadline that is met and a button that sets it, and the chart marks no
// configuration.
func (pt *pageTest) infeasibleDeadline(t *testing.T) {
	t.Parallel()
	set, bctx, origin, def := pt.set, pt.bctx, pt.origin, pt.def
	tb := newTab(t, bctx, origin)
	q := with(def, func(q *data.Query) { q.DeadlineMS = 1; q.GPU = "H100" })
	tb.open(state.String(q))
	r, _ := set.Select(q)
	if r.Selected != nil {
		t.Fatal("the test needs a deadline nothing meets")
	}
	tb.expect(set, q)
	min := r.MinDeadlineMS()
	msg := tb.text("#infeasible")
	for _, want := range []string{"No measured configuration", ms(min) + " ms", ms(1) + " ms"} {
		if !strings.Contains(msg, want) {
			t.Errorf("#infeasible = %q, want it to contain %q", msg, want)
		}
	}
	series, _, _ := tb.chart("chart-latency")
	for _, s := range series {
		if s.Name == "Selected" {
			t.Error("the latency chart highlights a configuration although none is selected")
		}
	}
	tb.do(chromedp.Click(chromedp.ID("set-min-deadline")))
	q.DeadlineMS = min
	tb.expect(set, q)
	tb.expectURL(set, q)
	if got := eval[string](tb, `document.querySelector("#deadline").value`); got != ms(min) {
		t.Errorf("deadline box = %q, want %q", got, ms(min))
	}
}

// firstVisit: a fresh origin's first visit computes, and announces no
// update.
func (pt *pageTest) firstVisit(t *testing.T) {
	t.Parallel()
	set, bctx, def := pt.set, pt.bctx, pt.def
	// A fresh origin: the browser has never seen its service worker.
	tb := newTab(t, bctx, site(t).URL)
	tb.open("")
	tb.expect(set, def)
	tb.expectNoUpdateNotice(set, def)
}

// pageNames: the other names a static host serves the page by keep
// showing it once the app runs, not go-app's "Not Found".
func (pt *pageTest) pageNames(t *testing.T) {
	t.Parallel()
	set, bctx, origin := pt.set, pt.bctx, pt.origin
	// Static hosts serve a page under other names too: the app keeps
	// showing it once it runs, not go-app's "Not Found".
	tb := newTab(t, bctx, origin)
	q := data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 2.5e9}
	for _, path := range []string{"/index.html", "//"} {
		tb.visit(path + "?" + state.String(q))
		tb.expect(set, q)
	}
	tb.visit("/embed.html?" + state.String(q))
	tb.expectEmbed(set, q)
}

// charts: each chart holds the core's curves, frontier and selected point,
// on log axes, with the row id in the selected point's tooltip.
func (pt *pageTest) charts(t *testing.T) {
	t.Parallel()
	set, bctx, origin := pt.set, pt.bctx, pt.origin
	tb := newTab(t, bctx, origin)
	q := data.Query{Task: "lm-arena-chat", Model: "qwen-3-14b", GPU: data.AnyGPU, DeadlineMS: 30, Percentile: data.P90, Tokens: 1e9}
	tb.open(state.String(q))
	r, _ := set.Select(q)
	s := r.Selected
	if s == nil {
		t.Fatal("the test needs a feasible query")
	}
	curves := r.Model.Curves(q.GPU, q.Percentile, q.DeadlineMS)
	var names []string
	for _, c := range curves {
		names = append(names, fmt.Sprintf("%s × %d", c.GPU, c.NumGPUs))
	}
	itl := q.Percentile.ITL(s)
	for _, c := range []struct {
		id       string
		log2     bool
		selected [][]float64
		extra    []string
		perCurve int
	}{
		{"chart-latency", false, [][]float64{{itl, float64(s.JoulesPerToken)}}, []string{"Pareto frontier"}, 2},
		{"chart-concurrency", true, [][]float64{{float64(s.MaxNumSeqs), float64(s.JoulesPerToken)}}, nil, 2},
		{"chart-power", true, [][]float64{{float64(s.MaxNumSeqs), float64(s.PowerWatts)}, {float64(s.MaxNumSeqs), float64(s.TokensPerSecond)}}, nil, 4},
	} {
		series, xType, logBase := tb.chart(c.id)
		if c.log2 && (xType != "log" || logBase != 2) {
			t.Errorf("%s: x axis %s base %v, want log base 2", c.id, xType, logBase)
		}
		count := map[string]int{}
		var picked [][]float64
		points := 0
		for _, se := range series {
			count[se.Name]++
			if se.Name == "Selected" {
				picked = append(picked, se.Data...)
				if !strings.Contains(se.Names[0], s.RowID) {
					t.Errorf("%s: the selected point's tooltip %q lacks the row id %s", c.id, se.Names[0], s.RowID)
				}
			} else if slices.Contains(names, se.Name) {
				points += len(se.Data)
			}
		}
		for _, n := range names {
			if count[n] != c.perCurve {
				t.Errorf("%s: %d series named %q, want %d", c.id, count[n], n, c.perCurve)
			}
		}
		for _, n := range c.extra {
			if count[n] != 1 {
				t.Errorf("%s: no series %q", c.id, n)
			}
		}
		if len(picked) != len(c.selected) {
			t.Fatalf("%s: highlighted points %v, want %v", c.id, picked, c.selected)
		}
		for i := range picked {
			if !slices.Equal(picked[i], c.selected[i]) {
				t.Errorf("%s: highlighted point %v, want %v", c.id, picked[i], c.selected[i])
			}
		}
		if c.id == "chart-latency" {
			// Every configuration of the GPUs, meets and misses together.
			want := 0
			for _, cv := range curves {
				want += len(cv.Points)
			}
			if points != want {
				t.Errorf("%s: %d points, want %d", c.id, points, want)
			}
			front := r.Model.Frontier(q.GPU, q.Percentile, q.DeadlineMS)
			for _, se := range series {
				if se.Name == "Pareto frontier" && len(se.Data) != len(front) {
					t.Errorf("frontier has %d points, want %d", len(se.Data), len(front))
				}
			}
		}
	}
	// A change redraws the charts.
	tb.change("#gpu", "B200", "change")
	q.GPU = "B200"
	tb.expect(set, q)
	series, _, _ := tb.chart("chart-concurrency")
	for _, se := range series {
		if strings.HasPrefix(se.Name, "H100") {
			t.Errorf("after choosing B200 the chart still has %q", se.Name)
		}
	}
	// The charts follow the window's size.
	w1 := eval[float64](tb, `echarts.getInstanceByDom(document.getElementById("chart-latency")).getWidth()`)
	tb.do(chromedp.EmulateViewport(360, 800))
	ctx, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`echarts.getInstanceByDom(document.getElementById("chart-latency")).getWidth() < %v`, w1))); err != nil {
		t.Errorf("the latency chart did not shrink with the window (width %v)", w1)
	}
	if overflow := eval[bool](tb, `document.documentElement.scrollWidth > window.innerWidth`); overflow {
		t.Errorf("at 360 px the page scrolls sideways (scrollWidth %v)", eval[float64](tb, `document.documentElement.scrollWidth`))
	}
}

// screenshots writes full-page PNGs at a phone's and a wide screen's size, in
// light and dark, into $TOKENJOULE_SCREENSHOTS, for people to look at.
func screenshots(t *testing.T, bctx context.Context, origin, dir string) {
	shoot := shooter(t, bctx, origin, dir)
	for _, size := range [][2]int64{{360, 800}, {1440, 900}} {
		for _, scheme := range []string{"light", "dark"} {
			shoot("page", size[0], size[1], scheme, "")
			shoot("compare", size[0], size[1], scheme, "/compare?")
			shoot("footprint", size[0], size[1], scheme, "/?"+state.String(fpQuery)+"&"+fpParams)
		}
		// A tight deadline: dimmed points, and a notice for a bad value.
		shoot("tight", size[0], size[1], "light", "deadline=25&p=p90&tokens=5M&gpu=TPU")
	}
}
