package e2e

// Browser tests of the page before the app runs: the prerendered HTML, with
// JavaScript on while the wasm is still on its way, and with JavaScript off.
// A figure on screen must answer the link's question or say what it is.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"tokenjoule/app/dist"
	"tokenjoule/app/state"
	"tokenjoule/data"
)

// recordShown makes the pages of the tab record every text each element
// (the first a selector matches) shows, in window.shown[selector], sampled
// at each frame, before the page paints it, once the document is parsed: a
// frame painted while the parser is still inside an element shows it
// part-filled, which no code of the page did (an empty #energy, now and
// then under load).
func recordShown(sels ...string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: fmt.Sprintf(`
		window.shown = {};
		(function sample() {
			for (const sel of document.readyState === "loading" ? [] : %s) {
				const e = document.querySelector(sel), seen = shown[sel] ??= [];
				if (e && e.checkVisibility()) {
					const text = e.textContent.trim();
					if (!seen.includes(text)) seen.push(text);
				}
			}
			requestAnimationFrame(sample);
		})();`, jsonString(sels))})
		return err
	})
}

// shown is what recordShown saw the element show.
func (tb *tab) shown(sel string) []string {
	tb.t.Helper()
	return eval[[]string](tb, fmt.Sprintf(`shown[%q] ?? []`, sel))
}

// expectUnnamed checks that no element on screen or in the accessibility
// tree (a chart's text alternative) names any of the words.
func (tb *tab) expectUnnamed(words ...string) {
	tb.t.Helper()
	named := eval[[]string](tb, fmt.Sprintf(`[...document.querySelectorAll("main [aria-label], main [title]")]
		.filter(e => e.checkVisibility({visibilityProperty: true}))
		.map(e => (e.getAttribute("aria-label") ?? "") + " " + (e.getAttribute("title") ?? ""))
		.filter(name => %s.some(w => name.includes(w)))`, jsonString(words)))
	if len(named) > 0 {
		tb.t.Errorf("before the app runs, the page names %q, which answers the default question, not the link's: %q", words, named)
	}
}

// expectShownOnly checks that each element only ever showed the text want
// holds for it (recorded by recordShown).
func (tb *tab) expectShownOnly(want map[string]string) {
	tb.t.Helper()
	for sel, w := range want {
		if got := tb.shown(sel); len(got) != 1 || got[0] != w {
			tb.t.Errorf("%s showed %q, want only %q", sel, got, w)
		}
	}
}

// expectNoStaleLinks checks that no link of the page that is on screen
// carries another state than the page's URL: followed before the app runs,
// it would answer the prerendered question instead of the link's.
func (tb *tab) expectNoStaleLinks() {
	tb.t.Helper()
	stale := eval[[]string](tb, `[...document.querySelectorAll("main a[href]")].filter(a => a.checkVisibility() &&
		a.origin === location.origin && a.search !== location.search).map(a => a.id || a.textContent.trim())`)
	if len(stale) > 0 {
		tb.t.Errorf("before the app runs, these links lead to the prerendered question, not the link's: %q", stale)
	}
}

func jsonString(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// scripts turns JavaScript off or on for the tab.
func scripts(on bool) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: !on})
		return err
	})
}

// visible is the page's text as a person sees it (innerText leaves out what
// is not displayed or not visible).
func (tb *tab) visible() string {
	tb.t.Helper()
	return eval[string](tb, `document.body.innerText`)
}

func (tb *tab) isVisible(sel string) bool {
	tb.t.Helper()
	return eval[bool](tb, fmt.Sprintf(`!!document.querySelector(%q)?.checkVisibility({visibilityProperty: true})`, sel))
}

// expectLive checks that no input or button of the page is disabled before
// the app runs: what a reader does with them is kept, and answered once it
// runs (TestEarlyChoice).
func (tb *tab) expectLive() {
	tb.t.Helper()
	greyed := eval[[]string](tb, `[...document.querySelectorAll("main input, main select, main button, main fieldset")].filter(e => e.matches(":disabled")).map(e => e.id || e.className)`)
	if len(greyed) > 0 {
		tb.t.Errorf("before the app runs, these controls are disabled: %q", greyed)
	}
}

// expectInert checks that no input or button of the page responds, as
// where the app cannot run.
func (tb *tab) expectInert() {
	tb.t.Helper()
	live := eval[[]string](tb, `[...document.querySelectorAll("main input, main select, main button")].filter(e => !e.matches(":disabled")).map(e => e.id)`)
	if len(live) > 0 {
		tb.t.Errorf("before the app runs, these controls look live but do nothing: %q", live)
	}
}

func TestPrestart(t *testing.T) {
	set, bctx := browserTest(t)
	prepareSites(t, "")
	def := data.DefaultQuery()
	q := data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 2.5e9}
	defR, _ := set.Select(def)
	r, _ := set.Select(q)
	if r.Selected == nil || defR.Selected == nil || r.Model.Name == defR.Model.Name {
		t.Fatal("the test needs two feasible queries of different models")
	}
	defEnergy, energy := data.FormatEnergy(defR.Estimate.EnergyWh), data.FormatEnergy(r.Estimate.EnergyWh)
	link := "/?" + state.String(q)

	t.Run("StaticHost/AnotherQuery", func(t *testing.T) {
		t.Parallel()
		h, g := staticHost(t)
		tb := newTab(t, bctx, h.origin, recordShown("#energy"))
		tb.do(chromedp.Navigate(h.origin+link), chromedp.WaitReady(chromedp.ID("about")))
		tb.poll(`document.getElementById("pending-question")?.textContent !== ""`, 5*time.Second)
		tb.shot("prestart-static-another-query")
		// No figure of the default scenario; the link's question and a
		// calculating state instead.
		text := tb.visible()
		for _, bad := range []string{defEnergy, defR.Selected.RowID, defR.Model.Name, "Default example"} {
			if strings.Contains(text, bad) {
				t.Errorf("before the app runs, the page shows %q, which answers the default question, not the link's", bad)
			}
		}
		// In the page's words: names, not slugs or ids.
		w, _ := set.Workload(q.Task)
		for _, want := range []string{"Calculating", "the model " + r.Model.Name, "2.5B", "40ms", "p95", "H100", "the workload " + w.Name} {
			if !strings.Contains(tb.text("#pending"), want) || !tb.isVisible("#pending") {
				t.Errorf("before the app runs, the page does not show %q: %q", want, tb.text("#pending"))
			}
		}
		if strings.Contains(tb.text("#pending"), q.Model) || strings.Contains(tb.text("#pending"), "gpqa") {
			t.Errorf("before the app runs, the page names the model by its slug %s, or the workload by its id: %q", q.Model, tb.text("#pending"))
		}
		tb.expectLive()
		tb.expectNoStaleLinks()
		tb.expectUnnamed(defEnergy, defR.Model.Name)
		// Then the app answers the link, and no other figure was ever shown.
		g.release()
		tb.poll(`!!document.querySelector("main[data-mounted]")`, 30*time.Second)
		tb.expect(set, q)
		tb.expectShownOnly(map[string]string{"#energy": energy})
	})

	t.Run("StaticHost/DefaultQuery", func(t *testing.T) {
		t.Parallel()
		h, g := staticHost(t)
		tb := newTab(t, bctx, h.origin, recordShown("#energy"))
		tb.do(chromedp.Navigate(h.origin+"/"), chromedp.WaitVisible(chromedp.ID("energy")))
		tb.shot("prestart-static-default")
		// The prerendered answer is the default link's: it shows, painted
		// before the app runs.
		if got := tb.text("#energy"); got != defEnergy {
			t.Errorf("#energy = %q before the app runs, want %q", got, defEnergy)
		}
		if tb.isVisible("#pending") || strings.Contains(tb.visible(), "Calculating") {
			t.Error("the default link, which the prerendered page answers, shows a calculating state")
		}
		tb.poll(`performance.getEntriesByName("first-contentful-paint").length > 0`, 10*time.Second)
		tb.expectLive()
		g.release()
		tb.poll(`!!document.querySelector("main[data-mounted]")`, 30*time.Second)
		tb.expect(set, def)
		tb.expectShownOnly(map[string]string{"#energy": defEnergy})
	})

	t.Run("StaticHost/JavaScriptOff", func(t *testing.T) {
		t.Parallel()
		h, _ := staticHost(t)
		tb := newTab(t, bctx, h.origin, scripts(false))
		tb.noApp = true
		for _, c := range []struct {
			name, path string
			charts     int
		}{{"page", link, 3}, {"embed", "/embed?" + state.String(q), 1}} {
			tb.do(chromedp.Navigate(h.origin+c.path), chromedp.WaitReady(chromedp.ID("energy")))
			tb.shot("nojs-static-" + c.name)
			// The figures are the default example's, and say so.
			if got := tb.text("#energy"); got != defEnergy {
				t.Fatalf("%s: #energy = %q, want the prerendered default %q", c.name, got, defEnergy)
			}
			tb.expectDefaultExample(c.name)
			tb.expectStatic(c.charts)
		}
	})

	t.Run("StaticHost/WasmFails", func(t *testing.T) {
		t.Parallel()
		// A host that cannot serve the wasm (or a browser without
		// WebAssembly): the page says, as without JavaScript, what its
		// figures are, and the loader does not move forever.
		tb := wasmFailingTab(t, bctx)
		tb.openFailing(link)
		tb.shot("wasm-fails-static")
		tb.expectDefaultExample("page")
		tb.expectStatic(3)
	})

	t.Run("Serve/Query", func(t *testing.T) {
		t.Parallel()
		h, g := serveHost(t)
		tb := newTab(t, bctx, h.origin, recordShown("#energy"))
		tb.do(chromedp.Navigate(h.origin+link), chromedp.WaitVisible(chromedp.ID("energy")))
		tb.shot("prestart-serve-query")
		// The server prerendered the link's own query: its answer shows.
		if got := tb.text("#energy"); got != energy {
			t.Errorf("#energy = %q before the app runs, want the link's %q", got, energy)
		}
		if tb.isVisible("#pending") {
			t.Error("the page prerendered for the link shows a calculating state")
		}
		tb.expectLive()
		g.release()
		tb.poll(`!!document.querySelector("main[data-mounted]")`, 30*time.Second)
		tb.expect(set, q)
		tb.expectShownOnly(map[string]string{"#energy": energy})
	})

	t.Run("Serve/JavaScriptOff", func(t *testing.T) {
		t.Parallel()
		h, _ := serveHost(t)
		tb := newTab(t, bctx, h.origin, scripts(false))
		tb.noApp = true
		tb.do(chromedp.Navigate(h.origin+link), chromedp.WaitReady(chromedp.ID("energy")))
		tb.shot("nojs-serve-query")
		if got := tb.text("#energy"); got != energy {
			t.Errorf("#energy = %q, want the link's %q", got, energy)
		}
		if !tb.isVisible("#nojs") || !strings.Contains(tb.text("#nojs"), "answer this link") {
			t.Errorf("the notice says %q, want that the figures answer the link", tb.text("#nojs"))
		}
		if tb.isVisible("#example") {
			t.Error("the link's answer is labelled as the default example")
		}
		tb.expectStatic(3)
	})
}

// wasmFailingTab is a tab on a static host that cannot serve the wasm, as
// where it is blocked or the browser has no WebAssembly.
func wasmFailingTab(t *testing.T, bctx context.Context) *tab {
	t.Helper()
	out, _ := builtDist(t, "", false)
	files := dist.FileServer(out, "")
	h := startHost(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/app.wasm") {
			http.Error(w, "gone", http.StatusGone)
			return
		}
		files.ServeHTTP(w, r)
	}))
	tb := newTab(t, bctx, h.origin)
	tb.noApp = true
	tb.allow("app.wasm")            // the failed request, and the worker's failed precache
	tb.allow("loading wasm failed") // app.js
	tb.allow("offline copy could not be installed")
	tb.allow("ServiceWorker")
	return tb
}

// openFailing opens path and waits for the page to give up on the app.
func (tb *tab) openFailing(path string) {
	tb.t.Helper()
	tb.do(chromedp.Navigate(tb.origin + path))
	tb.poll(`!document.documentElement.classList.contains("js")`, 20*time.Second)
}

// expectDefaultExample checks that the page says that it needs JavaScript
// and that its figures, the default's, are the default example.
func (tb *tab) expectDefaultExample(name string) {
	tb.t.Helper()
	if !tb.isVisible("#nojs") || !strings.Contains(tb.text("#nojs"), "needs JavaScript") || !strings.Contains(tb.text("#nojs"), "default example") {
		tb.t.Errorf("%s: the notice says %q, want that the calculator needs JavaScript and the figures are the default example", name, tb.text("#nojs"))
	}
	if !tb.isVisible("#example") {
		tb.t.Errorf("%s: the figures are not labelled as the default example", name)
	}
}

// expectStatic checks a page with JavaScript off: the charts say that they
// need it instead of showing empty boxes, no loader is shown (it would
// move forever), and the inputs are disabled.
func (tb *tab) expectStatic(charts int) {
	tb.t.Helper()
	if n := eval[int](tb, `[...document.querySelectorAll(".echart")].filter(e => e.checkVisibility()).length`); n != 0 {
		tb.t.Errorf("%d empty chart boxes shown", n)
	}
	if n := eval[int](tb, `[...document.querySelectorAll(".chart-nojs")].filter(e => e.checkVisibility() && e.textContent.includes("JavaScript")).length`); n != charts {
		tb.t.Errorf("%d charts say they need JavaScript, want %d", n, charts)
	}
	if tb.isVisible("#app-wasm-loader") {
		tb.t.Error("the loader shows, and would move forever")
	}
	if tb.isVisible("#pending") {
		tb.t.Error("the page says it is calculating, which it never will")
	}
	tb.expectInert()
}
