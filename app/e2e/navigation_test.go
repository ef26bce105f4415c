package e2e

// Moving between the site's pages by their links, which go-app follows in
// place: the page a link opens shows from its top (or from the element its
// fragment names), and Back and Forward return to where the reader was.

import (
	"fmt"
	"math"
	"testing"

	"github.com/chromedp/chromedp"

	"tokenjoule/app/state"
	"tokenjoule/data"
)

// Each page's main element, once the app has mounted it.
const (
	calcMounted    = `main.calc:not(.compare):not(.plan)[data-mounted]`
	compareMounted = `main.compare[data-mounted]`
	planMounted    = `main.plan[data-mounted]`
)

// scrollY is how far the tab's page is scrolled down.
func (tb *tab) scrollY() float64 {
	tb.t.Helper()
	return eval[float64](tb, `scrollY`)
}

// follow clicks the link id, as a reader does, and waits for the page it
// opens (mounted, the CSS selector of its main element).
func (tb *tab) follow(id, mounted string) {
	tb.t.Helper()
	tb.do(chromedp.Click(chromedp.ID(id)))
	tb.waitFor(fmt.Sprintf(`!!document.querySelector(%q)`, mounted), "the page #"+id+" opens")
	// Two frames more: nothing scrolls the page once it is shown.
	tb.await(`new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))`)
}

// history goes Back (or Forward) to the page at path (mounted, the CSS
// selector of its main element), and checks that it is scrolled to y, as
// the reader left it, within 3 px.
func (tb *tab) history(back bool, path, mounted string, y float64) {
	tb.t.Helper()
	step, what := chromedp.NavigateForward(), "Forward to "+path
	if back {
		step, what = chromedp.NavigateBack(), "Back to "+path
	}
	tb.do(step)
	tb.waitFor(fmt.Sprintf(`location.pathname === %q && !!document.querySelector(%q)`, path, mounted), what)
	tb.expectScroll(y, what)
}

// expectScroll waits until the page is scrolled to y, within 3 px.
func (tb *tab) expectScroll(y float64, what string) {
	tb.t.Helper()
	if err := tb.view().poll(fmt.Sprintf(`Math.abs(scrollY - %v) <= 3`, y)); err != nil {
		tb.t.Errorf("%s: the page is scrolled to %v, want %v", what, tb.scrollY(), y)
	}
}

func TestNavigation(t *testing.T) {
	_, bctx := browserTest(t)
	origin := cspSite(t, "").URL
	q := data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 2.5e9}

	// leave scrolls the calculator until the link id is in the middle of
	// the window, and returns how far that is: below the first screen, or
	// the test could not tell the new page's top from the old position.
	leave := func(tb *tab, id string, height float64) float64 {
		tb.t.Helper()
		y := eval[float64](tb, fmt.Sprintf(`(document.getElementById(%q).scrollIntoView({block: "center"}), scrollY)`, id))
		if y < height {
			tb.t.Fatalf("#%s is on the first screen (scrolled %v px): the test needs it below", id, y)
		}
		return y
	}

	// toTop follows the link id, which opens the page mounted at its top.
	toTop := func(tb *tab, id, mounted string) {
		tb.t.Helper()
		what := eval[string](tb, fmt.Sprintf(`document.getElementById(%q).textContent.trim()`, id))
		tb.follow(id, mounted)
		if got := tb.scrollY(); got != 0 {
			tb.t.Errorf("%q opens its page scrolled to %v px, want its top", what, got)
		}
	}

	t.Run("CompareOnPhone", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin, chromedp.EmulateViewport(360, 800))
		tb.open(state.String(q))
		y := leave(tb, "open-compare", 800)
		toTop(tb, "open-compare", compareMounted)
		// The reader reads down the ranking, then goes back, and forward.
		down := eval[float64](tb, `(scrollTo(0, 1500), scrollY)`)
		tb.history(true, "/", calcMounted, y)
		tb.history(false, "/compare", compareMounted, down)
		// A model's link on the compare page opens the calculator at its top.
		eval[bool](tb, `(() => { const a = [...document.querySelectorAll("#ranking-table a[href]")].at(-1);
			a.id = "last-model"; a.scrollIntoView({block: "center"}); return true })()`)
		from := tb.scrollY()
		toTop(tb, "last-model", calcMounted)
		tb.history(true, "/compare", compareMounted, from)
	})

	t.Run("PlanOnDesktop", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin, chromedp.EmulateViewport(1440, 900))
		tb.open(state.String(q))
		y := leave(tb, "open-plan", 300)
		toTop(tb, "open-plan", planMounted)
		tb.history(true, "/", calcMounted, y)
	})

	t.Run("Fragment", func(t *testing.T) {
		t.Parallel()
		// A link to an element of another page (none of the site's links
		// names one yet: this one is added to the page) lands on it.
		tb := newTab(t, bctx, origin, chromedp.EmulateViewport(360, 800))
		tb.open(state.String(q))
		eval[bool](tb, fmt.Sprintf(`(() => { const a = document.createElement("a"); a.id = "to-table"; a.textContent = "The ranking table";
			a.href = %q; document.querySelector("#share").append(a); return true })()`, "/compare?"+state.String(q)+"#ranking-table"))
		y := leave(tb, "to-table", 800)
		tb.follow("to-table", compareMounted)
		top := eval[float64](tb, `document.getElementById("ranking-table").getBoundingClientRect().top`)
		if math.Abs(top) > 2 || tb.scrollY() == 0 {
			t.Errorf("a link to #ranking-table opens the compare page with the table %v px from the window's top (scrolled %v px), want at its top", top, tb.scrollY())
		}
		tb.history(true, "/", calcMounted, y)
	})
}
