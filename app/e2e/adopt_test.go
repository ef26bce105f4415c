package e2e

// The app adopts the prerendered page (wasm/slim/goapp/adopt.go) instead of
// building it anew: the page it leaves must be the one go-app builds, to the
// attribute, whatever the prerender held.

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"tokenjoule/app/dist"
)

// withoutAdoption serves h with app.js offering no adoption (goappHydrate
// renamed): there go-app builds the first page as it builds any other.
func withoutAdoption(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/app.js") {
			h.ServeHTTP(w, r)
			return
		}
		r = r.Clone(r.Context())
		r.Header.Del("Accept-Encoding") // the file as it is, to rewrite
		r.Header.Del("If-None-Match")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		body := bytes.Replace(rec.Body.Bytes(), []byte("function goappHydrate("), []byte("function goappHydrateOff("), 1)
		for k, v := range rec.Header() {
			if k != "Content-Length" && k != "Etag" && k != "Content-Encoding" {
				w.Header()[k] = v
			}
		}
		w.WriteHeader(rec.Code)
		w.Write(body)
	})
}

// markPrerendered marks, in each page of the tab, the nodes the parser
// made, so that those the app made are told apart.
func markPrerendered() chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		// Each load answered by the host, prerendered for its own query
		// where the host prerenders (no service worker's copy).
		if _, err := cdp.Call(ctx, tg, network.SetBypassServiceWorker, network.SetBypassServiceWorkerParams{Bypass: true}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `
		document.addEventListener("DOMContentLoaded", () => {
			for (const n of document.querySelectorAll("main, main *")) n.tjParsed = true;
		});`})
		return err
	})
}

// serializeMain is main's DOM, a node a line, an element's attributes in
// order of name with their values, and the state of its controls (value,
// selected, checked, open), which their attributes do not hold. What
// ECharts adds to a chart's box is left out. A slider's position is
// compared to the nearest whole: go-app builds an element setting its
// attributes in no fixed order, and where it sets a range's value before its
// type or its step="any", the browser rounds the value to a whole step.
const serializeMain = `(() => {
	const out = [];
	const walk = (n, depth) => {
		const pad = " ".repeat(depth);
		if (n.nodeType === Node.TEXT_NODE) {
			out.push(pad + "#text " + JSON.stringify(n.nodeValue));
			return;
		}
		if (n.nodeType !== Node.ELEMENT_NODE) {
			out.push(pad + "#node " + n.nodeType + " " + JSON.stringify(n.nodeValue));
			return;
		}
		const chart = n.classList.contains("echart");
		const names = [...n.attributes].map((a) => a.name)
			.filter((a) => !(chart && (a === "style" || a === "data-stale" || a.startsWith("_echarts")))).sort();
		let line = pad + "<" + n.localName;
		for (const a of names) line += " " + a + "=" + JSON.stringify(n.getAttribute(a));
		if (n.type === "range") line += " .value~" + Math.round(n.value);
		else if (["input", "select", "textarea"].includes(n.localName)) line += " .value=" + JSON.stringify(n.value);
		if (n.localName === "input") line += " .checked=" + n.checked;
		if (n.localName === "option") line += " .selected=" + n.selected;
		if (n.localName === "details") line += " .open=" + n.open;
		out.push(line + ">");
		if (!chart) for (const c of n.childNodes) walk(c, depth + 1);
	};
	walk(document.querySelector("main"), 0);
	return out.join("\n");
})()`

// builtElements are the elements of main that the app made rather than
// adopted from the prerendered page, but for what ECharts adds.
const builtElements = `[...document.querySelectorAll("main, main *")].filter((n) => !n.tjParsed && !n.closest(".echart > *"))
	.map((n) => n.localName + (n.id ? "#" + n.id : "") + (n.className ? "." + n.className : ""))`

// settledPage opens u and waits for the app to have mounted and the page
// to be idle, and returns main as serializeMain writes it.
func (tb *tab) settledPage(u string) string {
	tb.t.Helper()
	tb.openURL(u)
	tb.poll(`new Promise((done) => requestIdleCallback(() => requestAnimationFrame(() => setTimeout(() => done(true), 300))))`, 30*time.Second)
	return eval[string](tb, serializeMain)
}

func TestAdoption(t *testing.T) {
	_, bctx := browserTest(t)
	out, _ := builtDist(t, "", false)
	static := dist.FileServer(out, "")
	serve := cspHandler(t, "")
	hosts := []struct {
		name               string
		adopting, building *host
		prerenders         bool // the page is prerendered for the link's query
	}{
		{"Serve", startHost(t, serve), startHost(t, withoutAdoption(serve)), true},
		{"StaticHost", startHost(t, static), startHost(t, withoutAdoption(static)), false},
	}
	// Each page and embed layout, and a sample of questions: token and
	// image tasks, a footprint, refused values with their notices, a
	// deadline no configuration meets.
	queries := []string{
		"",
		"task=text-to-image&model=flux-1-dev&deadline=10s&images=10k",
		"task=gpqa&model=gpt-oss-20b&gpu=H100&deadline=40ms&p=p95&tokens=2.5B&boundary=cloud&grid=us&wue=microsoft&price=0.12&cur=USD",
		"model=nonesuch&deadline=soon&tokens=lots",
		"task=lm-arena-chat&model=llama-3-1-405b-instruct&deadline=5ms",
	}
	paths := []string{
		"/", "/compare", "/plan",
		"/embed", "/embed?layout=card", "/embed?layout=chart&chart=latency", "/embed?layout=chart&chart=batch", "/embed?layout=chart&chart=power",
		"/embed/compare", "/embed/compare?layout=card",
		"/embed/plan", "/embed/plan?layout=card", "/embed/plan?layout=chart&chart=energy", "/embed/plan?layout=chart&chart=gpus",
	}
	type sample struct {
		path, query string
		always      bool // also on the static host
	}
	// Controls hidden, which moves the others where the prerender for the
	// default has those: an input adopted as another (a range as a text box)
	// must take the value of its own.
	samples := []sample{
		{"/embed", "tokens=2.5B&deadline=40ms&hide=task,model", true},
		{"/embed", "tokens=2.5B&deadline=40ms&hide=task,gpu,p", true},
	}
	for i, p := range paths {
		if i < 3 { // the full pages with every question
			for _, q := range queries {
				samples = append(samples, sample{p, q, false})
			}
			continue
		}
		// each layout with two questions
		samples = append(samples, sample{p, queries[i%len(queries)], false}, sample{p, queries[(i+2)%len(queries)], false})
	}
	// A prerender that disagrees with the page: elements of another tag,
	// missing, stray, another text, other attributes. The app builds what
	// does not match and still leaves the page go-app builds.
	t.Run("StaticHost/Tampered", func(t *testing.T) {
		t.Parallel()
		dir, _ := builtDist(t, "", false)
		b, err := os.ReadFile(filepath.Join(dir, "index.html"))
		if err != nil {
			t.Fatal(err)
		}
		page := string(b)
		// (go-app writes an element's attributes in no fixed order.)
		for _, e := range []struct{ old, new string }{
			{`<p ([^>]*id="floor"[^>]*>[^<]*)</p>`, `<div $1</div>`},
			{`<p [^>]*id="question"[^>]*>[^<]*</p>`, ``},
			{`(<footer [^>]*id="about")`, `<p class="stray">A stray paragraph</p>$1`},
			{`<h1>tokenjoule</h1>`, `<h1>tokenjewel</h1>`},
			{`<section ([^>]*id="result")`, `<section data-extra="1" $1`},
			{`<p class="lede">`, `<p>`},
		} {
			re := regexp.MustCompile(e.old)
			if n := len(re.FindAllStringIndex(page, -1)); n != 1 {
				t.Fatalf("the prerendered page has %q %d times, not once: update the test", e.old, n)
			}
			page = re.ReplaceAllString(page, e.new)
		}
		for _, name := range []string{"index.html", "index.html.gz", "index.html.br"} {
			os.Remove(filepath.Join(dir, name))
		}
		if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
		tampered := startHost(t, dist.FileServer(dir, ""))
		tb := newTab(t, bctx, tampered.origin, markPrerendered())
		adopted := tb.settledPage(tampered.origin + "/")
		built := eval[[]string](tb, builtElements)
		fresh := newTab(t, bctx, hosts[1].building.origin, markPrerendered()).settledPage(hosts[1].building.origin + "/")
		expectSamePage(t, adopted, fresh)
		if len(built) == 0 || len(built) > 20 {
			t.Errorf("the app built %d elements of a page prerendered with a few wrong (%q), want a few", len(built), built[:min(len(built), 10)])
		}
		t.Logf("the app built %q", built)
	})

	// The parts below the first screen are kept as prerendered while the
	// page starts, bound once it is idle: then they follow the reader's
	// changes like the rest.
	for _, p := range []struct {
		path string
		kept []string // ids, else classes, of the parts kept at mount
	}{
		{"/", []string{"cfg-details", "fp", "share", "charts"}},
		{"/compare", []string{"share", "ranking", "chart card scatter answer-part"}},
		{"/plan", []string{"cfg-details", "charts plan-charts"}},
	} {
		t.Run("Serve/KeptUntilIdle"+strings.TrimSuffix(p.path, "/"), func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, bctx, hosts[0].adopting.origin, markPrerendered(), chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
				_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `
				new MutationObserver((_, mo) => {
					const main = document.querySelector("main[data-mounted]");
					if (!main) return;
					mo.disconnect();
					window.keptAtMount = [...document.querySelectorAll("main [data-kept]")].map((n) => n.id || n.className);
				}).observe(document, {attributes: true, childList: true, subtree: true});`})
				return err
			}))
			tb.settledPage(hosts[0].adopting.origin + p.path)
			kept := eval[[]string](tb, `window.keptAtMount || []`)
			for _, want := range p.kept {
				if !slices.Contains(kept, want) {
					t.Errorf("when the page was mounted %q was not kept as prerendered (kept: %q)", want, kept)
				}
			}
			if n := eval[int](tb, `document.querySelectorAll("[data-kept]").length`); n != 0 {
				t.Errorf("once the page is idle %d parts are still kept, want none", n)
			}
			if built := eval[[]string](tb, builtElements); len(built) > 0 {
				t.Errorf("binding the kept parts built %d elements: %q", len(built), built[:min(len(built), 10)])
			}
			tb.change("#deadline", "20", "input")
			tb.poll(`[...document.querySelectorAll("a")].some((a) => a.href.includes("deadline=20ms"))`, 10*time.Second)
		})
	}

	for _, h := range hosts {
		for i, s := range samples {
			// A static host's page answers no query: fewer samples.
			if !h.prerenders && i%2 == 1 && !s.always {
				continue
			}
			link := s.path
			if s.query != "" {
				sep := "?"
				if strings.Contains(link, "?") {
					sep = "&"
				}
				link += sep + s.query
			}
			t.Run(h.name+link, func(t *testing.T) {
				t.Parallel()
				tb := newTab(t, bctx, h.adopting.origin, markPrerendered())
				adopted := tb.settledPage(h.adopting.origin + link)
				built := eval[[]string](tb, builtElements)
				fresh := newTab(t, bctx, h.building.origin, markPrerendered()).settledPage(h.building.origin + link)
				expectSamePage(t, adopted, fresh)
				// Where the prerender answers the link, the app adopts it
				// whole: it builds no element of its own.
				if h.prerenders && len(built) > 0 {
					t.Errorf("the app built %d elements of a page prerendered for its link instead of adopting them: %q", len(built), built[:min(len(built), 10)])
				}
				t.Logf("%d lines alike; the app built %d elements", strings.Count(fresh, "\n")+1, len(built))
			})
		}
	}
}

// expectSamePage fails the test where the adopted page, as serializeMain
// writes it, is not the one go-app builds, and shows where.
func expectSamePage(t *testing.T, adopted, fresh string) {
	t.Helper()
	if adopted == fresh {
		return
	}
	a, f := strings.Split(adopted, "\n"), strings.Split(fresh, "\n")
	i := 0
	for i < min(len(a), len(f)) && a[i] == f[i] {
		i++
	}
	t.Fatalf("the adopted page differs from the one go-app builds, from line %d of %d:\nadopted: %s\nbuilt:   %s",
		i+1, len(f), strings.Join(a[i:min(i+3, len(a))], "\n         "), strings.Join(f[i:min(i+3, len(f))], "\n         "))
}
