package e2e

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tokenjoule/app/state"
)

// TestLongValues (issue 15, item 4): every page mounts for a link whose
// parameters each hold 100 KB, and its notices quote at most 40 characters
// of each: the page is about the size of the one for short bad values. The
// footprint's parameters and the compare page's gpu were quoted whole.
func TestLongValues(t *testing.T) {
	_, bctx := browserTest(t)
	origin := site(t).URL
	// Two links per page, each under the server's header limit of 1 MB.
	groups := map[string][]string{
		"Inputs":    append(slices.Clone(state.Params), state.ParamHide),
		"Footprint": state.FootprintParams,
	}
	for page, pageName := range map[string]string{"/": "Calculator", "/compare": "Compare", "/embed": "Embed", "/embed/compare": "EmbedCompare"} {
		for name, params := range groups {
			t.Run(pageName+"/"+name, func(t *testing.T) {
				t.Parallel()
				tb := newTab(t, bctx, origin)
				type shown struct {
					Notices []string `json:"notices"`
					HTML    int      `json:"html"`
					URL     int      `json:"url"`
				}
				load := func(value string) shown {
					t.Helper()
					pairs := make([]string, len(params))
					for i, p := range params {
						pairs[i] = p + "=" + value
					}
					start := time.Now()
					tb.do(chromedp.Navigate(origin+page+"?"+strings.Join(pairs, "&")), chromedp.WaitReady(chromedp.CSS("main[data-mounted]")))
					t.Logf("%s with %d parameters of %d characters: mounted in %v", page, len(params), len(value), time.Since(start).Round(time.Millisecond))
					return eval[shown](tb, `({notices: [...document.querySelectorAll("#notices .notice")].map(n => n.textContent.trim()),
						html: document.documentElement.outerHTML.length, url: location.href.length})`)
				}
				short := load("x")
				long := load(strings.Repeat("x", 100<<10))
				if len(long.Notices) == 0 || len(long.Notices) != len(short.Notices) {
					t.Errorf("%d notices for long values, %d for short ones", len(long.Notices), len(short.Notices))
				}
				for _, n := range long.Notices {
					quoted := 0 // the longest run of the value's characters
					for _, run := range strings.FieldsFunc(n, func(r rune) bool { return r != 'x' }) {
						quoted = max(quoted, len(run))
					}
					if len(n) > 400 || quoted > 40 {
						t.Errorf("a notice of %d characters quoting %d: %.200q…", len(n), quoted, n)
					}
				}
				if long.HTML > short.HTML+2000 || long.URL > 2000 {
					t.Errorf("the page holds %d characters (%d for short values), its URL %d", long.HTML, short.HTML, long.URL)
				}
			})
		}
	}
}
