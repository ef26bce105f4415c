package e2e

// The calculator in the other engines readers use: Firefox (ESR, through
// WebDriver BiDi) and WebKitGTK (the engine closest to Safari, through
// WebKitWebDriver), one browser each, its subtests in turn, the whole in
// parallel with the chromium tests. Expected figures come from package data.

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tokenjoule/app/e2e/internal/webdriver"
	"tokenjoule/app/server"
	"tokenjoule/app/state"
	"tokenjoule/data"
)

// starter starts a browser whose profile goes in dir.
type starter func(ctx context.Context, dir string) (*webdriver.Browser, error)

func TestFirefox(t *testing.T) {
	engineTest(t, func() starter {
		path := os.Getenv("FIREFOX")
		if path == "" {
			path, _ = exec.LookPath("firefox-esr")
		}
		if path == "" {
			need(t, "the Firefox tests need firefox-esr: install it with `apt-get install -y firefox-esr` (Debian), or set FIREFOX to a Firefox's path")
		}
		return func(ctx context.Context, dir string) (*webdriver.Browser, error) {
			return webdriver.Firefox(ctx, path, dir)
		}
	})
}

func TestWebKit(t *testing.T) {
	engineTest(t, func() starter {
		const install = "`apt-get install -y webkit2gtk-driver xvfb` (Debian)"
		driver, err := exec.LookPath("WebKitWebDriver")
		if err != nil {
			need(t, "the WebKit tests need WebKitWebDriver: install it with %s", install)
		}
		xvfb, err := exec.LookPath("Xvfb")
		if err != nil {
			need(t, "the WebKit tests need Xvfb: install it with %s", install)
		}
		mb := os.Getenv("MINIBROWSER")
		if mb == "" {
			found, _ := filepath.Glob("/usr/lib/*/webkit2gtk-4.*/MiniBrowser")
			if len(found) == 0 {
				need(t, "the WebKit tests need WebKitGTK's MiniBrowser: install it with %s, or set MINIBROWSER to its path", install)
			}
			mb = found[0]
		}
		return func(ctx context.Context, dir string) (*webdriver.Browser, error) {
			return webdriver.WebKit(ctx, xvfb, mb, driver, dir)
		}
	})
}

// engineTest runs the checks in the browser that find's starter starts: the
// three pages, three links, the controls, the charts, the embed framed by
// another origin and by a sandbox, pages left before ECharts loads, a host
// that does not compress, and, where the browser keeps the service worker's
// copy, the pages offline.
// Any console error fails the subtest it happens in, except what the
// browser itself reports about the loads of a page the test is leaving
// (Firefox reports those its service worker answered as errors).
func engineTest(t *testing.T, find func() starter) {
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	t.Parallel()
	start := find()
	set, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	t.Cleanup(cancel)
	// The browser starts while the wasm is built.
	began := time.Now()
	type started struct {
		b    *webdriver.Browser
		err  error
		took time.Duration
	}
	ch := make(chan started, 1)
	dir := t.TempDir()
	go func() {
		b, err := start(ctx, dir)
		ch <- started{b, err, time.Since(began)}
	}()
	var s started
	got := false
	t.Cleanup(func() {
		if !got { // the build failed: the start is not waited for
			cancel()
			s = <-ch
		}
		if s.b != nil {
			s.b.Close()
		}
	})
	root := builtWeb(t)
	s, got = <-ch, true
	if s.err != nil {
		t.Fatalf("starting the browser: %v", s.err)
	}
	b := s.b
	t.Logf("%s %s started in %v", b.Name, b.Version, s.took.Round(time.Millisecond))
	t.Cleanup(func() { t.Logf("%s: %v in all", b.Name, time.Since(began).Round(time.Millisecond)) })

	h, err := server.New(server.Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	sent := &sentBodies{next: h, n: map[string]int{}}
	host := startHost(t, sent)
	run := func(name string, f func(e *enginePage)) {
		t.Run(name, func(t *testing.T) {
			e := &enginePage{t: t, ctx: ctx, p: b, b: b}
			b.Console() // what earlier subtests left
			defer e.checkConsole()
			f(e)
		})
	}

	def := data.DefaultQuery()
	run("FirstVisit", func(e *enginePage) {
		e.open(host.origin + "/")
		e.expectCalc(set, def)
		e.poll(swActivated, "the service worker to activate")
		// One download of the wasm, counting the page's requests and those of
		// the worker that compiles it (web/start.js), as it counts them: a
		// preload that the download does not take would be a second (WebKit
		// matches no fetch() with a <link rel=preload as=fetch>).
		var n int
		e.eval(`performance.getEntriesByType("resource").filter(r => new URL(r.name).pathname === "/web/app.wasm").length`, &n)
		var c compiled
		e.eval(compiledJS, &c)
		if n+c.Requests != 1 {
			e.t.Errorf("the page and its worker requested /web/app.wasm %d times, want once", n+c.Requests)
		}
		if !c.Worker {
			e.t.Error("the wasm was compiled on the page's thread, not by web/start.js's worker")
		}
		// The worker's copy is the page's, revalidated, where the browser
		// has an HTTP cache: WebKit's automated sessions have none.
		if got := sent.count("/web/app.wasm"); b.Name != "webkit" && got != 1 {
			e.t.Errorf("/web/app.wasm was sent %d times during the first visit, want once", got)
		} else {
			e.t.Logf("/web/app.wasm was sent %d times during the first visit", got)
		}
	})

	q := data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 2.5e9}
	embedQ := with(q, func(q *data.Query) { q.GPU = data.AnyGPU; q.DeadlineMS = 100 })
	compareQ := with(def, func(q *data.Query) { q.GPU = "H100"; q.DeadlineMS = 50 })
	// Each subtest goes on from the page the one before left, if it is the
	// page it needs: every page load takes WebKit seconds.
	run("Controls", func(e *enginePage) {
		e.ensure(host.origin + "/")
		q := def
		q.DeadlineMS = 250
		e.typeInto("#deadline", "250")
		e.expectCalc(set, state.Normalize(set, q))
		q.GPU = "H100"
		e.change("#gpu", q.GPU)
		e.expectCalc(set, state.Normalize(set, q))
		q.Model = "llama-3-1-8b-instruct"
		e.change("#model", q.Model)
		e.expectCalc(set, state.Normalize(set, q))
	})

	run("EarlyChoice", func(e *enginePage) {
		// A deadline typed and a model picked while the wasm is held back:
		// answered once the app runs (TestEarlyChoice does more in chromium).
		g := newGate(e.t, h)
		held := startHost(e.t, g)
		defer e.load("about:blank") // the held host goes with the subtest
		e.load(held.origin + "/")
		e.poll(`!!document.getElementById("about")`, "the page to be parsed")
		e.typeInto("#deadline", "100")
		e.change("#model", "llama-3-1-8b-instruct")
		var waiting bool
		e.eval(notRunning, &waiting)
		if !waiting {
			e.t.Fatal("the app ran before the choice was made: the test shows nothing")
		}
		g.release()
		e.waitMounted()
		e.expectCalc(set, with(def, func(q *data.Query) { q.DeadlineMS, q.Model = 100, "llama-3-1-8b-instruct" }))
		var shown string
		e.eval(`document.querySelector("#deadline").value`, &shown)
		if shown != "100" {
			e.t.Errorf("#deadline shows %q, want the reader's 100", shown)
		}
	})

	run("Adoption", func(e *enginePage) { engineAdoption(e, h) })

	run("Links", func(e *enginePage) {
		e.open(host.origin + "/embed?" + state.String(embedQ))
		e.expectCalc(set, embedQ)
		e.open(host.origin + comparePath(compareQ))
		e.expectRanking(set, compareQ)
		e.open(host.origin + "/?" + state.String(q))
		e.expectCalc(set, q)
	})

	// A card, shown by the card's own wasm, not the calculator.
	run("Card", func(e *enginePage) {
		e.open(host.origin + "/embed?" + state.EmbedString(q, state.Embed{Layout: state.LayoutCard}))
		r, err := set.Select(q)
		if err != nil {
			e.t.Fatal(err)
		}
		e.waitText("#energy", data.FormatEnergy(r.Estimate.EnergyWh))
		var shown string
		e.eval(`document.querySelector("main").dataset.card ?? ""`, &shown)
		if shown != "shown" {
			e.t.Errorf("the card was not shown by its wasm (main[data-card] = %q)", shown)
		}
	})

	run("Charts", func(e *enginePage) {
		e.ensure(host.origin + "/?" + state.String(q))
		e.expectCalc(set, q)
		var ids []string
		e.eval(`[...document.querySelectorAll(".echart[id]")].map(el => el.id)`, &ids)
		if len(ids) < 3 {
			e.t.Fatalf("charts %q, want at least the three of the calculator", ids)
		}
		for _, id := range ids {
			e.chartDrawn(id)
		}
		e.expectSelected(set, q)
	})

	run("LeaveEarly", func(e *enginePage) {
		// A reader who leaves a page before ECharts has loaded (it loads
		// once a chart is near the screen, at once on the embed, or when
		// the page is idle) cuts its load short: no error is reported for
		// that (and the next page draws its charts: the embed's, below).
		// This host holds ECharts back, so that every page is left during
		// its load.
		release := make(chan struct{})
		slow := startHost(e.t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasSuffix(r.URL.Path, "/echarts.min.js") {
				select {
				case <-release:
				case <-r.Context().Done():
					return
				}
			}
			h.ServeHTTP(w, r)
		}))
		for _, path := range []string{"/embed", "/compare?" + state.String(compareQ)} {
			e.open(slow.origin + path)
			e.poll(`!!document.querySelector('script[src$="/web/echarts.min.js"]')`, "ECharts to be loading")
		}
		e.load("about:blank")
		close(release)
	})

	run("Embed", func(e *enginePage) {
		// WebKit matches the CSP's 'self' against a document's origin, which
		// a frame sandboxed without allow-same-origin makes opaque: 'self'
		// matches nothing there, and the embed's own files are refused.
		// Chromium and Firefox match it against the document's URL.
		sandbox := `allow-scripts`
		if b.Name == "webkit" {
			sandbox = `allow-scripts allow-same-origin`
		}
		// A page of another origin frames the embed twice, as a blog post
		// does (with the README's script) and sandboxed.
		src := html.EscapeString(host.origin + "/embed?" + state.String(embedQ))
		page := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprintf(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A host page</title><link rel="icon" href="data:,"></head>
<body><iframe id="open" src="%[1]s" title="tokenjoule" width="600" height="900"></iframe>
<iframe id="boxed" sandbox="%[2]s" src="%[1]s" title="tokenjoule" width="600" height="900"></iframe>
<script>%[3]s</script></body></html>`, src, sandbox, readmeScript(e.t, host.origin))
		}))
		defer page.Close()
		e.load(page.URL)
		for id, origin := range map[string]string{"#open": host.origin, "#boxed": map[bool]string{true: "null", false: host.origin}[sandbox == "allow-scripts"]} {
			e.enter(id)
			e.waitMounted()
			e.expectCalc(set, embedQ)
			e.expectSelected(set, embedQ)
			var got string
			e.eval(`self.origin`, &got)
			if got != origin {
				e.t.Errorf("the embed in %s runs in origin %q, want %q", id, got, origin)
			}
		}
	})

	run("PlainHost", func(e *enginePage) {
		// A host that does not compress (python3 -m http.server): the page
		// tells web/start.js's worker, which asks for the wasm's gzip copy
		// alone and decompresses it.
		out, _ := builtDist(e.t, "", false)
		w := newWire(http.FileServer(http.Dir(out)))
		plain := startHost(e.t, w)
		e.open(plain.origin + "/")
		e.expectCalc(set, def)
		var c compiled
		e.eval(compiledJS, &c)
		if !c.Worker || c.Decompressed != "gzip" || c.Requests != 1 {
			e.t.Errorf("the wasm was compiled from %+v, want by the worker from the gzip copy, decompressed there, in one request", c)
		}
		if sent, _ := w.take(); sent["/web/app.wasm"] != 0 {
			e.t.Errorf("the host sent %d bytes of /web/app.wasm, want none: its gzip copy instead", sent["/web/app.wasm"])
		}
		// The page is left once it has nothing more to ask of this host,
		// which stops with the subtest: the offline copy installed, ECharts
		// loaded (when the page is idle).
		e.poll(swActivated, "the service worker to activate")
		e.poll(`!!window.echarts`, "ECharts to load")
		e.load("about:blank")
	})

	if b.Name == "firefox" {
		run("Offline", func(e *enginePage) {
			host.stop()
			defer host.start()
			e.open(host.origin + "/?" + state.String(q))
			e.expectCalc(set, q)
			e.chartDrawn("chart-latency")
			e.open(host.origin + comparePath(compareQ))
			e.expectRanking(set, compareQ)
		})
	}
}

// pollEvery is how often a test asks the browser whether what it waits for
// has come: each question is a round trip through the driver, whose work
// would slow the page it waits for.
const pollEvery = 100 * time.Millisecond

// enginePage is the page, or the iframe, a subtest reads, in the browser b.
type enginePage struct {
	t     *testing.T
	ctx   context.Context
	p     webdriver.Page
	b     *webdriver.Browser
	frame string // the selector of the iframe p is, if it is one
}

// checkConsole fails the test on the console's errors since the subtest
// began, except the browser's own reports about a page being left: the
// loads it cuts short are no error a reader meets.
func (e *enginePage) checkConsole() {
	e.t.Helper()
	time.Sleep(100 * time.Millisecond) // the last messages on their way
	for _, m := range e.b.Console() {
		switch {
		case m.Level == "error" && !(m.Left && m.Source == "browser"):
			e.t.Errorf("%s console: %s", e.b.Name, m)
		case m.Level == "error" || m.Level == "warning" || m.Level == "warn":
			e.t.Logf("%s console: %s", e.b.Name, m)
		}
	}
}

func (e *enginePage) eval(js string, out any) {
	e.t.Helper()
	if err := e.p.Eval(e.ctx, js, out); err != nil {
		e.t.Fatal(err)
	}
}

// poll waits until js is true.
func (e *enginePage) poll(js, what string) {
	e.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var ok bool
		err := e.p.Eval(e.ctx, js, &ok)
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("waiting for %s: %v", what, err)
		}
		time.Sleep(pollEvery)
	}
}

// open loads the app's page at u and waits for the app to mount.
func (e *enginePage) open(u string) {
	e.t.Helper()
	e.load(u)
	e.waitMounted()
}

// ensure opens u unless the tab shows it already.
func (e *enginePage) ensure(u string) {
	e.t.Helper()
	e.p, e.frame = e.b, ""
	var at string
	if err := e.p.Eval(e.ctx, `location.href`, &at); err != nil || at != u {
		e.open(u)
		return
	}
	e.waitMounted()
}

// load loads u in the tab, and makes the tab's document the page read.
func (e *enginePage) load(u string) {
	e.t.Helper()
	e.p, e.frame = e.b, ""
	if err := e.b.Navigate(e.ctx, u); err != nil {
		e.t.Fatalf("opening %s: %v", u, err)
	}
}

func (e *enginePage) waitMounted() {
	e.t.Helper()
	e.poll(`!!document.querySelector("main[data-mounted]")`, "the app to mount")
}

// enter makes the iframe of the tab's document that matches selector the
// page read.
func (e *enginePage) enter(selector string) {
	e.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		f, err := e.b.Frame(e.ctx, selector)
		if err == nil {
			e.p, e.frame = f, selector
			return
		}
		if time.Now().After(deadline) {
			e.t.Fatal(err)
		}
		time.Sleep(pollEvery)
	}
}

func (e *enginePage) text(sel string) string {
	e.t.Helper()
	var s string
	e.eval(fmt.Sprintf(`(document.querySelector(%q)?.textContent ?? "<missing %s>").trim()`, sel, sel), &s)
	return s
}

// waitText waits until the element reads want.
func (e *enginePage) waitText(sel, want string) {
	e.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		got := e.text(sel)
		if got == want {
			return
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("%s reads %q, want %q", sel, got, want)
		}
		time.Sleep(pollEvery)
	}
}

// typeInto types text into the input, in place of what it holds, with the
// keyboard.
func (e *enginePage) typeInto(sel, text string) {
	e.t.Helper()
	if err := e.p.Type(e.ctx, sel, text); err != nil {
		e.t.Fatal(err)
	}
}

// change picks value in the select element, as a person's choice does.
func (e *enginePage) change(sel, value string) {
	e.t.Helper()
	var ok bool
	e.eval(fmt.Sprintf(`(() => { const el = document.querySelector(%q); if (!el || ![...el.options].some(o => o.value === %q)) return false;
		el.value = %q; el.dispatchEvent(new Event("change", {bubbles: true})); return true })()`, sel, value, value), &ok)
	if !ok {
		e.t.Fatalf("%s has no option %q", sel, value)
	}
}

// expectCalc checks the headline figures of the calculator or the embed
// against the core's answer to q.
func (e *enginePage) expectCalc(set *data.Set, q data.Query) {
	e.t.Helper()
	r, err := set.Select(q)
	if err != nil || r.Selected == nil {
		e.t.Fatalf("the test needs a feasible query: %+v: %v", q, err)
	}
	s := r.Selected
	e.waitText("#cfg-row", s.RowID)
	e.waitText("#energy", data.FormatEnergy(r.Estimate.EnergyWh))
	for sel, want := range map[string]string{
		"#j-per-token": data.FormatNumber(s.Joules()),
		"#cfg-gpu":     fmt.Sprintf("%s × %d", s.GPU, s.NumGPUs),
	} {
		if got := e.text(sel); got != want {
			e.t.Errorf("%s = %q, want %q (query %+v)", sel, got, want, q)
		}
	}
}

// expectRanking checks the compare page's first row and its number of rows
// against the core's ranking for q.
func (e *enginePage) expectRanking(set *data.Set, q data.Query) {
	e.t.Helper()
	rk, err := set.Compare(q)
	if err != nil {
		e.t.Fatal(err)
	}
	var meets []*data.Ranked
	for i := range rk.Models {
		if r := &rk.Models[i]; r.Status() == data.Meets {
			meets = append(meets, r)
		}
	}
	if len(meets) == 0 {
		e.t.Fatalf("the test needs a query some model meets: %+v", q)
	}
	first, wh := meets[0], []float64(nil)
	for _, r := range meets {
		wh = append(wh, r.Result.Estimate.EnergyWh)
	}
	e.poll(fmt.Sprintf(`document.querySelectorAll("#ranking-table tbody tr").length === %d`, len(meets)), fmt.Sprintf("%d rows", len(meets)))
	// Read as rows does: the column's unit is in its header.
	var got map[string]string
	e.eval(`(() => { const tr = document.querySelector("#ranking-table tbody tr"); const r = {slug: tr.dataset.model};
		for (const td of tr.querySelectorAll("td")) {
			const unit = document.querySelector("#ranking-table th[data-col=" + td.dataset.col + "]").dataset.unit;
			r[td.dataset.col] = td.textContent.trim() + (unit ? " " + unit : "");
		}
		return r })()`, &got)
	if want := inUnit(first.Result.Estimate.EnergyWh, wh, data.Energy...); got["slug"] != first.Entry.Slug || got["energy"] != want {
		e.t.Errorf("first row %s %q, want %s %q", got["slug"], got["energy"], first.Entry.Slug, want)
	}
}

// chartDrawn scrolls the chart to the middle of the view, where the page
// draws it, and waits until it is drawn for the page's state.
func (e *enginePage) chartDrawn(id string) {
	e.t.Helper()
	e.eval(fmt.Sprintf(`document.getElementById(%q)?.scrollIntoView({block: "center"})`, id), nil)
	if e.frame != "" {
		// The frame's document may not scroll the page around it (WebKit's
		// does not): bring the chart to the middle of the tab's view.
		var top float64
		e.eval(fmt.Sprintf(`(() => { const r = document.getElementById(%q).getBoundingClientRect(); return r.top + r.height/2 })()`, id), &top)
		if err := e.b.Eval(e.ctx, fmt.Sprintf(`scrollTo(0, document.querySelector(%q).getBoundingClientRect().top + scrollY + %v - innerHeight/2)`, e.frame, top), nil); err != nil {
			e.t.Fatal(err)
		}
	}
	e.poll(fmt.Sprintf(`(() => { const el = document.getElementById(%q); const inst = el && window.echarts && echarts.getInstanceByDom(el);
		return !!inst && !el.hasAttribute("data-stale") && inst.getWidth() > 0 && inst.getOption().series.length > 0 })()`, id), "chart "+id+" to be drawn")
}

// expectSelected checks the configuration the latency chart highlights.
func (e *enginePage) expectSelected(set *data.Set, q data.Query) {
	e.t.Helper()
	e.chartDrawn("chart-latency")
	r, _ := set.Select(q)
	var got [][]float64
	e.eval(`echarts.getInstanceByDom(document.getElementById("chart-latency")).getOption().series
		.filter(s => s.name === "Selected").flatMap(s => s.data.map(d => d.value))`, &got)
	s := r.Selected
	if len(got) != 1 || got[0][0] != q.Percentile.ITL(s) || got[0][1] != float64(s.JoulesPerToken) {
		e.t.Errorf("the latency chart highlights %v, want [[%v %v]]", got, q.Percentile.ITL(s), float64(s.JoulesPerToken))
	}
}
