package e2e

import (
	"net/http"
	"strings"
	"time"
)

// engineAdoption checks, in the browser of e, that a page prerendered for
// its link is adopted by the app (no element of main built anew) and is
// then the page go-app builds without adopting, once both are idle
// (TestAdoption does more in chromium): the three pages, each with a
// question of its own, served by h.
func engineAdoption(e *enginePage, h http.Handler) {
	building := startHost(e.t, withoutAdoption(h))
	defer e.load("about:blank") // the hosts go with the subtest
	for _, link := range []string{
		"/?task=gpqa&model=gpt-oss-20b&gpu=H100&deadline=40ms&p=p95&tokens=2.5B&boundary=cloud",
		"/compare?task=text-to-image&deadline=10s&images=10k",
		"/plan?model=llama-3-1-8b-instruct&deadline=100ms",
	} {
		// The parsed page's nodes are marked while the wasm is held back.
		g := newGate(e.t, h)
		adopting := startHost(e.t, g)
		e.load(adopting.origin + link)
		e.poll(`!!document.getElementById("about")`, "the page to be parsed")
		var waiting bool
		e.eval(`(() => { for (const n of document.querySelectorAll("main, main *")) n.tjParsed = true; return true })() && `+notRunning, &waiting)
		if !waiting {
			e.t.Fatal("the app ran before the page was marked: the test shows nothing")
		}
		g.release()
		var pages [2]string
		for i, origin := range []string{adopting.origin, building.origin} {
			if i > 0 {
				e.open(origin + link)
			}
			e.waitMounted()
			// Idle: the parts kept as prerendered are bound.
			e.poll(`!document.querySelector("[data-kept]")`, "the kept parts to be bound")
			time.Sleep(300 * time.Millisecond)
			if i == 0 {
				var built []string
				e.eval(builtElements, &built)
				if len(built) > 0 {
					e.t.Errorf("%s: the app built %d elements of a page prerendered for its link: %q", link, len(built), built[:min(len(built), 10)])
				}
			}
			e.eval(serializeMain, &pages[i])
		}
		e.t.Logf("%s: %d nodes the same", link, strings.Count(pages[0], "\n")+1)
		expectSamePage(e.t, pages[0], pages[1])
	}
}
