// Package ui is the calculator's go-app user interface: components that turn
// a data.Query into markup and chart options. The calculation itself is in
// package data, the query string in package state, the chart options in
// package charts; echarts.go and download.go are the only files that talk to
// JavaScript.
package ui

import (
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/data"
)

// Routes registers the calculator's pages and the compare page, each also
// as an embed. Both the server (to prerender) and the browser (to mount)
// must call it. go-app routes by exact path, and a page may be linked with a
// trailing slash (a static host serves /embed/ from embed/index.html), so
// both spellings are routed.
func Routes() {
	app.Route("/", func() app.Composer { return &Calculator{} })
	app.Route("/embed", func() app.Composer { return &Embed{} })
	app.Route("/embed/", func() app.Composer { return &Embed{} })
	for _, p := range []string{"/compare", "/compare/"} {
		app.Route(p, func() app.Composer { return &Compare{} })
		app.Route("/embed"+p, func() app.Composer { return &Compare{embedded: true} })
	}
}

var (
	setOnce sync.Once
	set     *data.Set
	setErr  error
)

// dataset is the embedded dataset, parsed once per process.
func dataset() (*data.Set, error) {
	setOnce.Do(func() { set, setErr = data.Load() })
	return set, setErr
}
