package e2e

// Browser tests of the cards as a writer's readers meet them: the snippets
// the Embed dialog gives, pasted into a page that strips scripts, at a
// phone's width and a wide screen's. Expected figures come from the core
// and package export, never from the page.

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/footprint"
)

// cardPages are the pages whose Embed dialog offers a card, with the
// card's question.
func cardPages(t *testing.T, set *data.Set, q data.Query) []struct{ name, page, title string } {
	t.Helper()
	r, err := set.Select(q)
	if err != nil {
		t.Fatal(err)
	}
	rk, err := set.Compare(q)
	if err != nil {
		t.Fatal(err)
	}
	p := makePlan(t, set, q, planTraffic)
	return []struct{ name, page, title string }{
		{"calculator", "/?" + state.String(q), export.CardOf(r, footprint.Factors{}).Title},
		{"compare", "/compare?" + state.String(q), export.CompareCardOf(rk, &set.Index).Title},
		{"plan", "/plan?" + state.PlanString(q, planTraffic), export.PlanCardOf(p, footprint.Factors{}).Title},
	}
}

// liveSnippet opens the Embed dialog of the page (path and query) and
// returns its snippet once the dialog has measured the card it embeds at
// the preview's width and at a phone's (the snippet's height), then
// previews it at a phone's width and checks that the snippet stays the
// same: the preview's width never changes it.
func liveSnippet(t *testing.T, bctx context.Context, origin, page, title string) string {
	t.Helper()
	tb := newTab(t, bctx, origin, chromedp.EmulateViewport(1280, 900))
	tb.openURL(origin + page)
	tb.do(chromedp.Click(chromedp.ID("embed-open")))
	tb.waitFor(`document.querySelector("#embed-dialog")?.matches(":modal") ?? false`, "the modal Embed dialog")
	measured := func(width int) string {
		// The frame at that width: the preview, or the dialog's measure.
		js := fmt.Sprintf(`(() => { const f = [...document.querySelectorAll("#embed-frame, #embed-measure")].find(f => f.getAttribute("width") === "%d"),
			s = document.querySelector("#embed-snippet").value, d = f?.contentDocument;
			return !!d?.querySelector("main[data-mounted]") && s.includes(%q) &&
				s.includes(' height="' + Math.ceil(d.documentElement.getBoundingClientRect().height) + '" ') })()`, width, attrEscape(title))
		ctx, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
		defer cancel()
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingInterval(50*time.Millisecond)))
		s := eval[string](tb, `document.querySelector("#embed-snippet").value`)
		if err != nil {
			t.Errorf("the snippet does not take the height of the embed at %d px: %s", width, s)
		}
		return s
	}
	s := measured(360)
	tb.change("#embed-width", "360", "change")
	tb.waitFor(`document.querySelector("#embed-frame").getAttribute("width") === "360"`, "the preview at 360 px")
	if at360 := measured(360); at360 != s {
		t.Errorf("previewing at 360 px changed the snippet:\n%s\nto\n%s", s, at360)
	}
	return s
}

// attrEscape escapes text as the snippet's attributes are.
func attrEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", `"`, "&quot;", "<", "&lt;", ">", "&gt;", "'", "&#39;").Replace(s)
}

// withoutScripts is a snippet as a page that strips scripts keeps it.
func withoutScripts(snippet string) string {
	if i := strings.Index(snippet, "<script"); i >= 0 {
		return strings.TrimSpace(snippet[:i])
	}
	return snippet
}

// expectWhole pastes markup into a page of another origin, in a column as
// wide as the window (a phone's, a wide screen's), and checks that its
// frame shows the whole card, its source line included, without scrolling.
func expectWhole(t *testing.T, bctx context.Context, origin, markup, what string, ready string) {
	t.Helper()
	host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A post</title><link rel="icon" href="data:,">
<style>body { margin: 0; font: 16px serif; } .post { max-width: 760px; margin: 0 auto; }</style></head>
<body><div class="post"><p>A paragraph before.</p>
%s
<p>A paragraph after.</p></div></body></html>`, markup)
	}))
	defer host.Close()
	for _, width := range []int64{360, 1440} {
		tb := newTab(t, bctx, host.URL, chromedp.EmulateViewport(width, 900))
		tb.noApp = true
		tb.allow("request to another origin: " + origin + "/")
		tb.do(chromedp.Navigate(host.URL))
		frame := tb.frameWhen("iframe", ready)
		got := evalIn[map[string]float64](frame, `(() => { const about = document.querySelector("#embed-about, .figure-footer");
			return {content: Math.ceil(document.documentElement.getBoundingClientRect().height), inner: innerHeight,
				about: about ? Math.ceil(about.getBoundingClientRect().bottom) : -1, width: innerWidth} })()`)
		if got["about"] < 0 || got["about"] > got["inner"] || got["content"] > got["inner"] {
			t.Errorf("%s at %d px without the resize script: the frame (%v×%v px) cuts the card (%v px tall, its source line ends at %v px)",
				what, width, got["width"], got["inner"], got["content"], got["about"])
		}
	}
}

// A page that strips scripts keeps the live snippet's frame at the height
// the snippet gives: that of the card at a phone's width, whatever width
// the dialog previewed, so that the whole card shows from 360 to 1440 px.
func TestCardSnippets(t *testing.T) {
	set, bctx := browserTest(t)
	origin := cspSite(t, "").URL
	q := data.Query{Task: "gpqa", Model: "gpt-oss-120b", GPU: "B200", DeadlineMS: 30, Percentile: data.P50, Tokens: 10e9}
	for _, c := range cardPages(t, set, q) {
		t.Run("Unscripted/"+c.name, func(t *testing.T) {
			t.Parallel()
			s := liveSnippet(t, bctx, origin, c.page, c.title)
			if !strings.Contains(s, "max-width:720px") {
				t.Errorf("the snippet's largest width is not an article's 720 px: %s", s)
			}
			expectWhole(t, bctx, origin, withoutScripts(s), c.name+"'s card", `!!document.querySelector("main[data-mounted]")`)
		})
	}
}
