package e2e

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tokenjoule/app/dist"
	"tokenjoule/app/state"
)

// TestLongValues (issue 15, item 4): every page mounts for links whose
// parameters each hold 100 KB, and its notices quote at most 40 characters
// of each: the page is about the size of the one for short bad values. The
// footprint's parameters and the compare page's gpu were quoted whole.
func TestLongValues(t *testing.T) {
	_, bctx := browserTest(t)
	// A static host: what the server prerenders for such links is
	// TestLongValues in app/server.
	out, _ := builtDist(t, "", false)
	origin := startHost(t, dist.FileServer(out, "")).origin
	inputs := slices.Concat(state.Params, state.EmbedParams)
	link := func(page string, params []string, value string) string {
		pairs := make([]string, len(params))
		for i, p := range params {
			pairs[i] = p + "=" + value
		}
		return origin + page + "?" + strings.Join(pairs, "&")
	}
	type shown struct {
		Notices []string `json:"notices"`
		HTML    int      `json:"html"`
		URL     int      `json:"url"`
	}
	// load opens u in a tab of its own, closed (and checked) once read: each
	// load has a tab's time, however slow the machine.
	load := func(t *testing.T, page, u string) (got shown) {
		t.Run(fmt.Sprintf("%dB", len(u)), func(t *testing.T) {
			tb := newTab(t, bctx, origin)
			start := time.Now()
			tb.do(chromedp.Navigate(u), chromedp.WaitReady(chromedp.CSS("main[data-mounted]")))
			t.Logf("%s, a link of %d bytes: mounted in %v", page, len(u), time.Since(start).Round(time.Millisecond))
			got = eval[shown](tb, `({notices: [...document.querySelectorAll("#notices .notice")].map(n => n.textContent.trim()),
				html: document.documentElement.outerHTML.length, url: location.href.length})`)
		})
		return got
	}
	// short is page with every parameter refused at once, each with one
	// character, loaded once by whichever subtest asks first.
	var (
		mu     sync.Mutex
		shorts = map[string]shown{}
	)
	short := func(t *testing.T, page string) shown {
		mu.Lock()
		defer mu.Unlock()
		s, ok := shorts[page]
		if !ok {
			s = load(t, page, link(page, slices.Concat(inputs, state.FootprintParams), "x"))
			shorts[page] = s
		}
		return s
	}
	for page, name := range map[string]string{"/": "Calculator", "/compare": "Compare", "/embed": "Embed", "/embed/compare": "EmbedCompare"} {
		// The parameters in two links, each under the host's header limit.
		for group, params := range map[string][]string{"Inputs": inputs, "Footprint": state.FootprintParams} {
			t.Run(name+"/"+group, func(t *testing.T) {
				t.Parallel()
				s := short(t, page)
				long := load(t, page, link(page, params, strings.Repeat("x", 100<<10)))
				if len(long.Notices) == 0 {
					t.Errorf("%v of 100 KB: no notice", params)
				}
				for _, n := range long.Notices {
					quoted := 0 // the longest run of the values' characters
					for _, run := range strings.FieldsFunc(n, func(r rune) bool { return r != 'x' }) {
						quoted = max(quoted, len(run))
					}
					if len(n) > 400 || quoted > 40 {
						t.Errorf("%v of 100 KB: a notice of %d characters quoting %d: %.200q…", params, len(n), quoted, n)
					}
				}
				if long.HTML > s.HTML+2000 || long.URL > 2000 {
					t.Errorf("%v of 100 KB: the page holds %d characters (%d for every parameter with one), its URL %d",
						params, long.HTML, s.HTML, long.URL)
				}
			})
		}
	}
}
