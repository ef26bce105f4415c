package e2e

import (
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tokenjoule/app/dist"
	"tokenjoule/app/server"
	"tokenjoule/app/state"
)

// TestLongValues: every page (the calculator and server.Pages) mounts for two links whose parameters each hold 100 KB,
// together one or more of every kind (the calculation's, the compare page's
// gpu, the embed's, the footprint's, the plan's), and its notices quote at
// most 40 characters of each: the page stays small. The footprint's
// parameters and the compare page's gpu were quoted whole. Every parameter
// of every page is TestLongValues in app/server, natively: a browser takes
// about a second a 100 KB, and the whole set would be 13 MB of links.
func TestLongValues(t *testing.T) {
	_, bctx := browserTest(t)
	// A static host, which takes links up to chromium's 2 MB: what the server
	// prerenders for such links is TestLongValues in app/server.
	out, _ := builtDist(t, "", false)
	host := httptest.NewUnstartedServer(dist.FileServer(out, ""))
	host.Config.MaxHeaderBytes = 2 << 20
	host.Start()
	t.Cleanup(host.Close)
	origin := host.URL
	params := []string{state.ParamTask, state.ParamGPU, state.ParamTokens, state.ParamLayout, state.ParamHide,
		state.ParamBoundary, state.ParamPUE, state.ParamCurrency, state.ParamBudget, state.ParamRate}
	for _, page := range append([]string{"/"}, server.Pages...) {
		t.Run(page, func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, bctx, origin)
			// Two links of half a megabyte each, not one of a megabyte:
			// chromium's browser process takes four times as long to open a
			// page from a 1 MB link as from a 0.5 MB one.
			for half := range slices.Chunk(params, (len(params)+1)/2) {
				longLink(t, tb, origin+page, half)
			}
		})
	}
}

// longLink opens the page at u with each of params holding 100 KB, and
// checks its notices and size.
func longLink(t *testing.T, tb *tab, u string, params []string) {
	t.Helper()
	long := strings.Repeat("x", 100<<10)
	pairs := make([]string, len(params))
	for i, p := range params {
		pairs[i] = p + "=" + long
	}
	start := time.Now()
	tb.do(chromedp.Navigate(u+"?"+strings.Join(pairs, "&")), chromedp.WaitReady(chromedp.CSS("main[data-mounted]")))
	t.Logf("%s with %v of 100 KB: mounted in %v", u, params, time.Since(start).Round(time.Millisecond))
	got := eval[struct {
		Notices []string `json:"notices"`
		HTML    int      `json:"html"`
		URL     string   `json:"url"`
	}](tb, `({notices: [...document.querySelectorAll("#notices .notice")].map(n => n.textContent.trim()),
			html: document.documentElement.outerHTML.length, url: location.href})`)
	if len(got.Notices) == 0 {
		t.Errorf("%v: no notice", params)
	}
	for _, n := range got.Notices {
		quoted := 0 // the longest run of the values' characters
		for _, run := range strings.FieldsFunc(n, func(r rune) bool { return r != 'x' }) {
			quoted = max(quoted, len(run))
		}
		if len(n) > 400 || quoted > 40 {
			t.Errorf("a notice of %d characters quoting %d: %.200q…", len(n), quoted, n)
		}
		// What a notice refused, the URL no longer holds.
		p, _, _ := strings.Cut(strings.TrimPrefix(n, "The URL's "), "=")
		if slices.Contains(params, p) && strings.Contains(got.URL, p+"=xxxxxxxxxx") {
			t.Errorf("%s= was refused, and the URL still holds it", p)
		}
	}
	// A page is some 20 to 45 KB. The URL keeps what the page does not read
	// (a host's parameters, another page's), and go-app writes it into
	// og:url: the page may hold it once, no more.
	if got.HTML > 100_000+len(got.URL) {
		t.Errorf("%v: the page holds %d characters, its URL %d", params, got.HTML, len(got.URL))
	}
}
