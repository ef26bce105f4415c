package e2e

// What a reader meets, tried as a new reader would (issue 18): the inputs
// within reach on a phone, the compare ranking whole at 360 px, small
// volumes and columns in units one can read, carbon and water from the
// start, labels that keep clear of each other and of the points, series
// that read in the dark, the compare page's highlight, and text without
// stray spaces or echoes.

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tokenjoule/app/state"
	"tokenjoule/data"
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

func TestReaders(t *testing.T) {
	set, bctx := browserTest(t)
	origin := site(t).URL
	footprintLink := state.String(fpQuery) + "&" + fpParams

	// 11. No stray spaces or echoes, in the prerendered page (without
	// JavaScript) and in the app's, and options that read whole.
	t.Run("Text", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin)
		v := tb.view()
		for _, width := range []int64{360, 1440} {
			for _, path := range []string{"/", "/?" + footprintLink, "/?tokens=1000&boundary=cloud&grid=250&pue=1.3", "/compare?task=gpqa&model=gpt-oss-20b&grid=fr&price=0.2&cur=EUR"} {
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
	})
	_ = set
	_ = data.DefaultQuery
	_ = strings.Contains
}
