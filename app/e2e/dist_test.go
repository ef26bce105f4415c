package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"tokenjoule/app/dist"
	"tokenjoule/app/state"
	"tokenjoule/data"
)

// TestStaticSite builds dist/ at a host's root and under a sub-path, serves it
// with a plain static file server, and checks that the pages compute under
// every name a static host serves them by, that a first visit announces no
// update, that every URL form works offline after one visit, and that a new
// deployment replaces the old one.
func TestStaticSite(t *testing.T) {
	t.Parallel()
	bctx := browserOnRecord(t)
	set, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	prepareSites(t, "", "/tokenjoule")
	q := data.DefaultQuery()
	q.Model, q.GPU, q.DeadlineMS, q.Tokens = "llama-3-1-8b-instruct", "H100", 40, 2.5e9
	query := url.Values(state.Encode(q)).Encode()

	for _, c := range []struct {
		name, base string
		pages      bool // a host that cannot send Service-Worker-Allowed, as GitHub Pages
	}{{"root", "", false}, {"sub-path", "/tokenjoule", false}, {"sub-path, no Service-Worker-Allowed", "/tokenjoule", true}} {
		base := c.base
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			out, v1 := builtDist(t, base, false)
			// The host serves the site that was deployed last.
			var deployed atomic.Value
			deployed.Store(dist.FileServer(out, base))
			var files http.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				deployed.Load().(http.Handler).ServeHTTP(w, r)
			})
			if c.pages {
				next := files
				files = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
					next.ServeHTTP(headerFilter{w, "Service-Worker-Allowed"}, r)
				})
			}
			h := startHost(t, files)
			tb := newTab(t, bctx, h.origin)

			// Online: the page computes what the core computes; the first
			// visit installs the offline copy and announces no new version.
			tb.visit(base + "/?" + query)
			tb.expect(set, q)
			tb.expectNoUpdateNotice(set, q)
			// The next visit is the worker's.
			tb.visit(base + "/?" + query)
			tb.poll(`navigator.serviceWorker.controller !== null`, 30*time.Second)
			if n := await[int](tb, `caches.keys().then(k => k.length)`); n != 1 {
				t.Errorf("%d caches after the first visit, want 1", n)
			}
			tb.expectInstallable(base + "/")
			scope := h.origin + base + "/"
			if base != "" && !c.pages {
				scope = h.origin + base // see web/guard.js
			}
			if got := await[string](tb, `navigator.serviceWorker.getRegistration().then(r => r.scope)`); got != scope {
				t.Errorf("the worker's scope is %s, want %s", got, scope)
			}
			if !c.pages {
				// Every name a static host serves a page by stays that page
				// once the app runs.
				for _, path := range []string{base + "/index.html?" + query, base + "//?" + query} {
					tb.visit(path)
					tb.expect(set, q)
				}
				for _, path := range []string{base + "/embed.html?" + query, base + "/embed/index.html?" + query} {
					tb.visit(path)
					tb.expectEmbed(set, q)
				}
				// A blank page is no app: the browser that found the
				// calculator installable finds it not, so that check can fail.
				// (The embed would not do: it is in the worker's scope.)
				tb.do(chromedp.Navigate("about:blank"))
				if len(tb.installabilityErrors()) == 0 {
					t.Error("chromium finds a blank page installable: its installability check cannot fail")
				}
			}

			// Offline: the server is gone and the HTTP cache empty; every URL
			// form is answered by the service worker.
			h.stop()
			tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
				_, err := cdp.Call(ctx, tg, network.ClearBrowserCache, cdp.Empty{})
				return err
			}))
			forms := map[string]data.Query{
				base + "/":          data.DefaultQuery(),
				base + "/?" + query: q,
			}
			// Without Service-Worker-Allowed the scope is /tokenjoule/, which
			// /tokenjoule does not fall in: that one form then needs the host.
			if base != "" && !c.pages {
				forms[base] = data.DefaultQuery()
				forms[base+"?"+query] = q
			}
			for path, want := range forms {
				tb.visit(path)
				tb.expect(set, want)
			}
			for _, path := range []string{base + "/embed?" + query, base + "/embed/?" + query, base + "/embed/", base + "/embed"} {
				want := q
				if !strings.Contains(path, "?") {
					want = data.DefaultQuery()
				}
				tb.visit(path)
				tb.expectEmbed(set, want)
			}

			if c.pages {
				return // the update is the same with either scope
			}

			// A new deployment: the open page offers a reload, the reload runs
			// the new version, and the old cache is gone.
			out2, v2 := builtDist(t, base, true)
			if v2 == v1 {
				t.Fatalf("a changed file kept the version %s", v1)
			}
			deployed.Store(dist.FileServer(out2, base))
			h.start()
			tb.visit(base + "/?" + query)
			await[bool](tb, `navigator.serviceWorker.getRegistration().then(r => r.update()).then(() => true)`)
			tb.poll(`!!document.querySelector("#update-reload")`, 60*time.Second)
			tb.do(chromedp.Evaluate[chromedp.Void](`window.oldPage = true`), chromedp.Click(chromedp.ID("update-reload")))
			tb.pollAcrossNavigation(`!window.oldPage && goappGetenv("GOAPP_VERSION") === "`+v2+`" && !!document.querySelector("main[data-mounted]")`, 30*time.Second)
			tb.expect(set, q)
			keys := await[[]string](tb, `caches.keys()`)
			if len(keys) != 1 || !strings.Contains(keys[0], v2) {
				t.Errorf("caches after the update = %q, want only version %s", keys, v2)
			}

			// A rollback: the first deployment again, its files older than
			// the second's, reaches the returning visitor as an update too.
			past := time.Now().Add(-time.Hour)
			filepath.WalkDir(out, func(p string, _ os.DirEntry, err error) error {
				if err == nil {
					err = os.Chtimes(p, past, past)
				}
				return err
			})
			deployed.Store(dist.FileServer(out, base))
			tb.visit(base + "/?" + query)
			await[bool](tb, `navigator.serviceWorker.getRegistration().then(r => r.update()).then(() => true)`)
			tb.poll(`!!document.querySelector("#update-reload")`, 60*time.Second)
			tb.do(chromedp.Evaluate[chromedp.Void](`window.oldPage = true`), chromedp.Click(chromedp.ID("update-reload")))
			tb.pollAcrossNavigation(`!window.oldPage && goappGetenv("GOAPP_VERSION") === "`+v1+`" && !!document.querySelector("main[data-mounted]")`, 30*time.Second)
			tb.expect(set, q)
			if keys := await[[]string](tb, `caches.keys()`); len(keys) != 1 || !strings.Contains(keys[0], v1) {
				t.Errorf("caches after the rollback = %q, want only version %s", keys, v1)
			}
		})
	}
}

// expectNoUpdateNotice waits until the page's service worker is active, and
// checks that the page announces no new version: on a first visit there is
// none. go-app handles events in order, so once a change of the token volume
// that follows the worker's activation is shown, so would the notice be.
func (tb *tab) expectNoUpdateNotice(set *data.Set, q data.Query) {
	tb.t.Helper()
	tb.poll(swActivated, 30*time.Second)
	q.Tokens = 7e6
	tb.change("#tokens", "7M", "input")
	r, _ := set.Select(q)
	tb.waitText("#energy", data.FormatEnergy(r.Estimate.EnergyWh))
	if tb.has("#update") {
		tb.t.Errorf("a first visit announces a new version: %q", tb.text("#update"))
	}
}

// pollAcrossNavigation waits until js is true on a page that is reloading:
// evaluation errors while the old document goes away do not count.
func (tb *tab) pollAcrossNavigation(js string, timeout time.Duration) {
	tb.t.Helper()
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		ok, err := chromedp.Run(tb.ctx, chromedp.Evaluate[bool](`(() => { try { return !!(`+js+`) } catch (e) { return false } })()`))
		if err == nil && ok {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	tb.t.Fatalf("waiting for %s: timed out after %v", js, timeout)
}

// headerFilter drops one response header, as a host that cannot set it.
type headerFilter struct {
	http.ResponseWriter
	drop string
}

func (f headerFilter) WriteHeader(code int) {
	f.Header().Del(f.drop)
	f.ResponseWriter.WriteHeader(code)
}

func (f headerFilter) Write(b []byte) (int, error) {
	f.Header().Del(f.drop)
	return f.ResponseWriter.Write(b)
}

// expectInstallable checks that chromium finds the manifest valid, the app
// installable, and its start URL and scope at the site's root.
func (tb *tab) expectInstallable(root string) {
	tb.t.Helper()
	tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		m, err := cdp.Call(ctx, tg, page.GetAppManifest, page.GetAppManifestParams{})
		if err != nil {
			return err
		}
		for _, e := range m.Errors {
			tb.t.Errorf("manifest error: %s", e.Message)
		}
		if m.Manifest == nil || m.Manifest.StartURL != tb.origin+root || m.Manifest.Scope != tb.origin+root {
			tb.t.Errorf("manifest start URL and scope = %+v, want %s", m.Manifest, tb.origin+root)
		}
		return nil
	}))
	for _, e := range tb.installabilityErrors() {
		tb.t.Errorf("not installable: %s", e)
	}
}

// installabilityErrors are what keeps chromium from installing the page
// (the full browser's: its headless shell finds every page installable).
func (tb *tab) installabilityErrors() []string {
	tb.t.Helper()
	var errs []string
	tb.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		inst, err := cdp.Call(ctx, tg, page.GetInstallabilityErrors, cdp.Empty{})
		if err != nil {
			return err
		}
		for _, e := range inst.InstallabilityErrors {
			errs = append(errs, fmt.Sprintf("%s %v", e.ErrorID, e.ErrorArguments))
		}
		return nil
	}))
	return errs
}

// expectEmbed checks the compact embed against the core's answer to q.
func (tb *tab) expectEmbed(set *data.Set, q data.Query) {
	tb.t.Helper()
	r, err := set.Select(q)
	if err != nil || r.Selected == nil {
		tb.t.Fatalf("Select(%+v) = %v, %v", q, r, err)
	}
	tb.waitText("#cfg-row", r.Selected.RowID)
	tb.waitText("#energy", data.FormatEnergy(r.Estimate.EnergyWh))
}

// TestBrokenPrecacheFailsLoudly removes a file the worker must precache: the
// install must fail with an error on the console and no cache may be kept.
func TestBrokenPrecacheFailsLoudly(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	out, _ := builtDist(t, "", false)
	for _, ext := range []string{"", ".gz", ".br"} {
		os.Remove(filepath.Join(out, "web", "icon.svg"+ext))
	}
	h := startHost(t, dist.FileServer(out, ""))
	tb := newTab(t, bctx, h.origin)
	tb.allow("the offline copy could not be installed")
	tb.allow("icon.svg") // the 404 itself
	tb.allow("Failed to load resource")
	tb.allow("ServiceWorker") // chromium's own report of the failed install
	tb.visit("/")
	tb.poll(`navigator.serviceWorker.getRegistration().then(r => !r || (!r.installing && !r.waiting && !r.active))`, 30*time.Second)
	time.Sleep(500 * time.Millisecond)
	if n := await[int](tb, `caches.keys().then(k => k.length)`); n != 0 {
		t.Errorf("%d caches kept after a failed install, want none", n)
	}
	tb.mu.Lock()
	defer tb.mu.Unlock()
	logged := false
	for _, p := range tb.problems {
		logged = logged || strings.Contains(p, "the offline copy could not be installed")
	}
	if !logged {
		t.Errorf("the failed install was not reported on the console; saw %q", tb.problems)
	}
}

// TestStaticHostSemantics checks the file server the offline tests rely on
// against what GitHub Pages and nginx do.
func TestStaticHostSemantics(t *testing.T) {
	t.Parallel()
	out, _ := builtDist(t, "/tokenjoule", false)
	h := startHost(t, dist.FileServer(out, "/tokenjoule"))
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	get := func(path, enc string) *http.Response {
		req, _ := http.NewRequest("GET", h.origin+path, nil)
		if enc != "" {
			req.Header.Set("Accept-Encoding", enc)
		}
		res, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res
	}
	if res := get("/tokenjoule", ""); res.StatusCode != http.StatusMovedPermanently || res.Header.Get("Location") != "/tokenjoule/" {
		t.Errorf("/tokenjoule: %d to %q, want a redirect to /tokenjoule/", res.StatusCode, res.Header.Get("Location"))
	}
	for path, ctype := range map[string]string{"/tokenjoule/": "text/html", "/tokenjoule/embed": "text/html",
		"/tokenjoule/embed/": "text/html", "/tokenjoule/web/app.wasm": "application/wasm"} {
		res := get(path, "br, gzip")
		if res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), ctype) {
			t.Errorf("%s: %d %q, want 200 %s", path, res.StatusCode, res.Header.Get("Content-Type"), ctype)
		}
		if csp := res.Header.Get("Content-Security-Policy"); csp != dist.CSP {
			t.Errorf("%s: CSP %q", path, csp)
		}
	}
	if res := get("/tokenjoule/web/app.wasm", "gzip"); res.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("app.wasm with Accept-Encoding gzip: Content-Encoding %q", res.Header.Get("Content-Encoding"))
	}
	if res := get("/tokenjoule/web/app.wasm", "br, gzip"); res.Header.Get("Content-Encoding") != "br" {
		t.Errorf("app.wasm with Accept-Encoding br: Content-Encoding %q", res.Header.Get("Content-Encoding"))
	}
	// The loader's progress divides by the wasm's real size, which a host that
	// compresses the wasm does not send as its Content-Length.
	js, _ := os.ReadFile(filepath.Join(out, "app.js"))
	fi, err := os.Stat(filepath.Join(out, "web", "app.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf(`goappWasmContentLength = "%d"`, fi.Size()); !strings.Contains(string(js), want) {
		t.Errorf("app.js lacks %s: the loader's progress would be wrong with a compressed wasm", want)
	}
	for _, path := range []string{"/", "/index.html", "/tokenjoule/nothing", "/tokenjoule/../etc/passwd"} {
		if res := get(path, ""); res.StatusCode != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", path, res.StatusCode)
		}
	}
}
