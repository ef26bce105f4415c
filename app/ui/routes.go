package ui

import (
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/data"
)

// Routes registers the calculator's pages, the compare page and the plan,
// each also as an embed. Both the server (to prerender) and the browser (to mount)
// must call it.
//
// go-app routes by exact path, and once the app starts it shows "Not Found"
// for any other, but static hosts serve each page under more names than its
// own: / as /index.html, /embed as /embed.html, /embed/ and
// /embed/index.html, and any of them with doubled slashes (/repo//). The
// exact routes are the pages the static site is generated with. In the
// browser, web/guard.js gives the page its own name before the app starts
// (/embed.html becomes /embed); the server, which prerenders the page for
// any name, routes the others with patterns (names.go), which generate no
// page of their own.
func Routes() {
	app.Route("/", func() app.Composer { return newCalculator(false) })
	app.Route("/embed", func() app.Composer { return newCalculator(true) })
	app.Route("/embed/", func() app.Composer { return newCalculator(true) })
	for _, p := range []string{"/compare", "/compare/"} {
		app.Route(p, func() app.Composer { return newCompare(false) })
		app.Route("/embed"+p, func() app.Composer { return newCompare(true) })
	}
	for _, p := range []string{"/plan", "/plan/"} {
		app.Route(p, func() app.Composer { return newPlan(false) })
		app.Route("/embed"+p, func() app.Composer { return newPlan(true) })
	}
	routeOtherNames()
}

var (
	setOnce sync.Once
	set     *data.Set
	setErr  error
)

// UseDataset makes the pages show s in place of the embedded dataset. It
// must come before any page is rendered: the browser tests prerender a site
// from a dataset of their own with it.
func UseDataset(s *data.Set) { setOnce.Do(func() { set = s }) }

// dataset is the embedded dataset, parsed once per process.
func dataset() (*data.Set, error) {
	setOnce.Do(func() { set, setErr = data.Load() })
	return set, setErr
}
