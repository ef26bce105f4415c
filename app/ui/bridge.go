package ui

// The rest of the bridge to JavaScript (see echarts.go): where a page that
// a link opened is scrolled, the deadline slider's thumb, the mark that the
// app has mounted, and the console.

import (
	"net/url"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// go-app follows a link to one of the site's pages itself: it takes the
// click, pushes a history entry and renders the page in place of the last
// one, which leaves the window scrolled where the last page was, in the
// middle of the new one. Back and Forward need nothing: the browser
// restores the position it kept for the entry (history.scrollRestoration
// "auto"), once go-app has rendered the page, in popstate's task.

// followed tells whether a link was clicked in the task that runs, the
// click's; watch is the listener that notes it.
var followed struct {
	link  bool
	watch app.Func
}

// watchLinks notes, from the capture phase of every click, before go-app's
// handler on the window sees it, that the click is on a link, so that
// arrived can tell a page opened by a link from one opened by Back or
// Forward. It runs once, from the first page's OnNav.
func watchLinks() {
	if !app.IsClient || followed.watch != nil {
		return
	}
	followed.watch = app.FuncOf(func(_ app.Value, args []app.Value) any {
		t := args[0].Get("target")
		if !t.Truthy() || t.Get("closest").Type() != app.TypeFunction {
			return nil
		}
		if t.Call("closest", "a[href]").Truthy() {
			followed.link = true
			app.Window().Call("setTimeout", callOnce(func() { followed.link = false }), 0)
		}
		return nil
	})
	app.Window().Call("addEventListener", "click", followed.watch, true)
}

// arrived is called from the OnNav of every page with its URL u: when a
// link was clicked in this task (go-app navigates in the click's task, so
// u is where it leads), the page opens at its top, or at the element u's
// fragment names, to which go-app scrolls once the page is rendered. A
// page opened otherwise (the first load, Back, Forward, a reload) stays
// where the browser puts it.
func arrived(u *url.URL) {
	if !app.IsClient {
		return
	}
	watchLinks()
	if !followed.link || u.Fragment != "" {
		return
	}
	followed.link = false
	app.Window().Call("scrollTo", 0, 0)
}

// placeThumb moves the range input el to the position pos, as its value
// attribute holds it.
func placeThumb(el app.Value, pos string) {
	if app.IsClient && el.Get("value").String() != pos {
		el.Set("value", pos)
	}
}

// logError reports on the console what the page could not do.
func logError(msg string) {
	if app.IsClient {
		app.Window().Get("console").Call("error", "tokenjoule: "+msg)
	}
}

// markMounted records when the app took over the prerendered page, for the
// timing the browser tests report, and lets CSS retire the loader.
func markMounted() {
	if !app.IsClient {
		return
	}
	app.Window().Get("performance").Call("mark", "tokenjoule-mounted")
	app.Window().Get("document").Get("documentElement").Get("classList").Call("add", "mounted")
}
