package ui

// The page's address, part of the bridge (see echarts.go): read, and its
// query written after the changes that give one.

import (
	"net/url"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// pageURL is the page's URL in the browser, nil elsewhere.
func pageURL() *url.URL {
	if !app.IsClient {
		return nil
	}
	return app.Window().URL()
}

// urlDelay is how long after a change the page's address follows it: the
// changes closer together (typing, dragging the slider) are written once.
// The browser ignores a page that replaces its URL more than 200 times in 10
// seconds, which a slider dragged at 60 steps a second does in 3.
const urlDelay = 100 * time.Millisecond

// address is the query replaceQuery has yet to write, and the page's URL
// when it was first given.
var address struct {
	query, from string
	queued      bool
}

// replaceQuery makes raw the query of the page's address, without a history
// entry (history.replaceState), urlDelay after the first of the changes that
// give one and once the page is idle, with the last query given by then.
// Each write takes chromium about 2 ms (go run ./app/bench -profile
// -profile-use deadline), and go-app's update that ran it as much again:
// done in the way of the next change, it would delay that change's figure. A query is not
// written once the page's URL has changed otherwise (the reader followed a
// link): the page then shows that URL's state.
func replaceQuery(raw string) {
	if !app.IsClient {
		return
	}
	address.query = raw
	if address.queued {
		return
	}
	loc := app.Window().Get("location")
	address.queued, address.from = true, loc.Get("href").String()
	app.Window().Call("setTimeout", callOnce(func() {
		whenIdle(func() {
			address.queued = false
			if loc.Get("href").String() != address.from {
				return
			}
			u := loc.Get("pathname").String()
			if address.query != "" {
				u += "?" + address.query
			}
			app.Window().Get("history").Call("replaceState", nil, "", u+loc.Get("hash").String())
		})
	}), urlDelay.Milliseconds())
}
