package ui

// The bridge to JavaScript: ECharts' init, setOption, resize and dispose, the
// colour-scheme watch, the mounted mark, the page's address, the clipboard,
// the embed's height message to its parent and the Embed dialog's preview
// that listens to it, and focus and modal dialogs; its sibling download.go
// saves files and draws charts as images, and bridge.go scrolls a page a
// link opened and places the slider's thumb. Nothing else in the UI calls
// JS.
// (web/guard.js, which must run before go-app starts, and web/start.js,
// which downloads the wasm, are the site's other scripts.)

import (
	"errors"
	"math"
	"net/url"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The charts' side of the bridge: loading ECharts, watching which charts are
// on or near the screen, their instances, and the animation frames and idle
// time the page draws them in.

// chartView is a chart's element as the bridge knows it: what its Chart
// asked to be told, and its ECharts instance once drawn.
type chartView struct {
	el            app.Value
	seen          func(near, visible bool)
	reset         func()
	near, visible bool
	inst          app.Value // nil until drawn
	observer      app.Value // ResizeObserver redrawing the chart when its box changes
	onResize      app.Func
	labelled      bool // its option has labels to place (see placeLabels)
}

var (
	views     = map[string]*chartView{}
	watchers  [2]app.Value // IntersectionObservers: near the screen, and on it
	onWatch   [2]app.Func
	darkQuery app.Value // matchMedia('(prefers-color-scheme: dark)')
	onScheme  app.Func
)

// nearMargin is how far off the screen a chart counts as near: a quarter of
// the window's height above and below it, so that one scrolled to is drawn
// already, and one far below costs nothing.
const nearMargin = "25% 0px"

// watchChart tells seen, from the browser's event loop, whether the chart
// element id is near the screen (nearMargin) and on it, once the browser has
// laid it out and whenever that changes; and reset when the chart's
// instance has been made anew (the colour scheme changed, or ECharts just
// loaded), so that it must be drawn whole. stop ends it and disposes of the
// instance.
func watchChart(id string, seen func(near, visible bool), reset func()) (stop func()) {
	if !app.IsClient {
		return func() {}
	}
	el := app.Window().GetElementByID(id)
	if !el.Truthy() {
		return func() {}
	}
	if watchers[0] == nil {
		for i, margin := range []string{nearMargin, "0px"} {
			onWatch[i] = app.FuncOf(func(_ app.Value, args []app.Value) any {
				entries := args[0]
				for k := range entries.Length() {
					e := entries.Index(k)
					v := views[e.Get("target").Get("id").String()]
					if v == nil || !v.el.Equal(e.Get("target")) {
						continue
					}
					if in := e.Get("isIntersecting").Bool(); i == 0 {
						v.near = in
					} else {
						v.visible = in
					}
					v.seen(v.near, v.visible)
				}
				return nil
			})
			watchers[i] = app.Window().Get("IntersectionObserver").New(onWatch[i], map[string]any{"rootMargin": margin})
		}
	}
	v := &chartView{el: el, seen: seen, reset: reset}
	views[id] = v
	for _, w := range watchers {
		w.Call("observe", el)
	}
	return func() {
		for _, w := range watchers {
			w.Call("unobserve", el)
		}
		v.dispose()
		if views[id] == v {
			delete(views, id)
		}
	}
}

// drawChart gives the chart id its whole option (JSON), making its ECharts
// instance if it has none; patchChart merges a patch into the option it has
// (see charts.Patchable). They tell whether they drew: not before ECharts
// has loaded (the chart's reset is called then), nor without an instance to
// patch.
func drawChart(id, option string) bool { return setOption(id, option, true) }

func patchChart(id, patch string) bool { return setOption(id, patch, false) }

func setOption(id, option string, whole bool) bool {
	v := views[id]
	if !app.IsClient || v == nil || !loaded() || (!whole && v.inst == nil) {
		return false
	}
	if v.inst == nil {
		v.init()
	}
	opt := app.Window().Get("JSON").Call("parse", option)
	lazy := !whole && v.labelled && !opt.Get("media").Truthy()
	switch {
	case whole:
		v.labelled = hasLabels(opt)
		v.inst.Call("setOption", opt, true)
	case lazy:
		// A patch that keeps the frame (axes, layout: see charts'
		// patchSeries.json) keeps every point's place, which placeLabels
		// reads: ECharts merges it without drawing, and draws it once,
		// with the labels' places.
		v.inst.Call("setOption", opt, map[string]any{"lazyUpdate": true})
	default:
		v.inst.Call("setOption", opt)
	}
	if v.labelled && !placeLabels(v.inst) && lazy {
		v.inst.Call("setOption", map[string]any{}, map[string]any{"silent": true}) // no label to place: the patch drawn now
	}
	return true
}

// markStale marks the chart element id with data-stale while it does not
// show what the page asks of it: not yet drawn, away from the screen since
// the page changed, or waiting for the next frame. Tests, and anything else
// that reads a chart, wait for it to go.
func markStale(id string, stale bool) {
	if !app.IsClient {
		return
	}
	el := app.Window().GetElementByID(id)
	if !el.Truthy() {
		return
	}
	if stale {
		el.Call("setAttribute", "data-stale", "")
	} else {
		el.Call("removeAttribute", "data-stale")
	}
}

// ECharts, 660 KB of script, is not in the page: parsed and run while the
// page starts, it held up the app by some 50 ms on a desktop (and on a slow
// link its download took the wasm's bandwidth). It is loaded when a chart
// first comes near the screen or a picture of one is asked for, or once the
// page is idle after it starts, whichever comes first; its URL is what the
// first chart or picture gives (echartsSrc).
//
// A reader who leaves the page before ECharts has loaded cuts its load
// short: Firefox and WebKit then fire the script's error event, after
// beforeunload (in framed pages too) and before pagehide. That is no
// failure to report: ECharts is loaded again if the page is shown again
// (from the back-forward cache).
var echartsJS struct {
	src     string
	loading bool
	failed  error
	waiting []func(error)
	done    app.Func

	leaving bool // beforeunload came, and no pageshow since
	retried bool // a failed load has been tried again
	cut     bool // the page was being left when the load failed
	watch   [2]app.Func
}

// echartsSrc is the URL of ECharts for the page of ctx (under the site's
// sub-path, if any).
func echartsSrc(ctx app.Context) string { return ctx.ResolveStaticResource("/web/echarts.min.js") }

// whenECharts calls f, from the browser's event loop, once ECharts has
// loaded from src (at once if it has), or with the reason it did not.
func whenECharts(src string, f func(error)) {
	if !app.IsClient {
		f(errNoBrowser)
		return
	}
	if app.Window().Get("echarts").Truthy() {
		f(nil)
		return
	}
	if echartsJS.failed != nil {
		f(echartsJS.failed)
		return
	}
	echartsJS.waiting = append(echartsJS.waiting, f)
	loadECharts(src)
}

// loadECharts adds ECharts' script to the page, once; when it has run,
// every chart is reset, to be drawn.
func loadECharts(src string) {
	if echartsJS.src == "" {
		echartsJS.src = src
	}
	if echartsJS.loading || !app.IsClient || app.Window().Get("echarts").Truthy() {
		return
	}
	echartsJS.loading = true
	watchLeaving()
	echartsJS.done = app.FuncOf(func(_ app.Value, args []app.Value) any {
		echartsJS.done.Release()
		// The script's load or error event (args[0].target), also from
		// tokenjouleLoadScript, whose script this one is.
		script := app.Null()
		if len(args) > 0 && args[0].Truthy() {
			script = args[0].Get("target")
		}
		if !app.Window().Get("echarts").Truthy() && echartsJS.leaving {
			removeScript(script)
			echartsJS.loading, echartsJS.cut = false, true
			return nil
		}
		if !app.Window().Get("echarts").Truthy() && !echartsJS.retried {
			// Not every engine says the page is being left (WebKit sends
			// no beforeunload to a page its driver navigates), and a load
			// cut by leaving looks like any failure: try once more, a
			// second on, which never comes if the page has gone.
			removeScript(script)
			echartsJS.loading, echartsJS.retried = false, true
			app.Window().Call("setTimeout", callOnce(func() { loadECharts(echartsJS.src) }), 1000)
			return nil
		}
		if !app.Window().Get("echarts").Truthy() {
			echartsJS.failed = errors.New("the chart library did not load")
			logError("ECharts did not load (" + echartsJS.src + "); charts are not drawn")
		}
		waiting := echartsJS.waiting
		echartsJS.waiting = nil
		for _, f := range waiting {
			f(echartsJS.failed)
		}
		if echartsJS.failed == nil {
			for _, v := range views {
				v.reset()
			}
		}
		return nil
	})
	// web/start.js's loader takes ECharts' gzip copy where the host does
	// not compress.
	if app.Window().Get("tokenjouleLoadScript").Truthy() {
		app.Window().Call("tokenjouleLoadScript", echartsJS.src, echartsJS.done)
		return
	}
	doc := app.Window().Get("document")
	script := doc.Call("createElement", "script")
	script.Set("src", echartsJS.src)
	script.Call("addEventListener", "load", echartsJS.done)
	script.Call("addEventListener", "error", echartsJS.done)
	doc.Get("head").Call("appendChild", script)
}

// watchLeaving follows, from the first load on, whether the page is being
// left, and loads ECharts again when a page left during its load is shown
// again.
func watchLeaving() {
	if echartsJS.watch[0] != nil {
		return
	}
	echartsJS.watch[0] = app.FuncOf(func(app.Value, []app.Value) any {
		echartsJS.leaving = true
		return nil
	})
	echartsJS.watch[1] = app.FuncOf(func(app.Value, []app.Value) any {
		echartsJS.leaving = false
		if echartsJS.cut {
			echartsJS.cut = false
			loadECharts(echartsJS.src)
		}
		return nil
	})
	app.Window().Call("addEventListener", "beforeunload", echartsJS.watch[0])
	app.Window().Call("addEventListener", "pageshow", echartsJS.watch[1])
}

// loadEChartsWhenIdle loads ECharts from src once the page has nothing
// else to do (requestIdleCallback, or two seconds at most).
func loadEChartsWhenIdle(src string) {
	if !app.IsClient || echartsJS.src != "" {
		return
	}
	echartsJS.src = src
	idle := callOnce(func() { loadECharts(src) })
	if app.Window().Get("requestIdleCallback").Truthy() {
		app.Window().Call("requestIdleCallback", idle, map[string]any{"timeout": 2000})
	} else {
		app.Window().Call("setTimeout", idle, 2000)
	}
}

// loaded tells whether ECharts has run; if not, it is loaded, and every
// chart reset when it has.
func loaded() bool {
	if app.Window().Get("echarts").Truthy() {
		return true
	}
	if echartsJS.failed == nil {
		loadECharts(echartsJS.src)
	}
	return false
}

// init makes the chart's instance, with ECharts' dark or light theme, and
// has it follow its element's size.
func (v *chartView) init() {
	watchScheme()
	theme := app.Null()
	if dark() {
		theme = app.ValueOf("dark")
	}
	v.inst = app.Window().Get("echarts").Call("init", v.el, theme)
	v.onResize = app.FuncOf(func(app.Value, []app.Value) any {
		if v.inst != nil {
			v.inst.Call("resize")
			if v.labelled {
				placeLabels(v.inst)
			}
		}
		return nil
	})
	v.observer = app.Window().Get("ResizeObserver").New(v.onResize)
	v.observer.Call("observe", v.el)
}

func (v *chartView) dispose() {
	if v.inst == nil {
		return
	}
	v.observer.Call("disconnect")
	v.onResize.Release()
	v.inst.Call("dispose")
	v.inst = nil
}

// watchScheme has every chart drawn anew, with ECharts' dark or light theme,
// when the system colour scheme changes.
func watchScheme() {
	if darkQuery != nil {
		return
	}
	darkQuery = app.Window().Call("matchMedia", "(prefers-color-scheme: dark)")
	onScheme = app.FuncOf(func(app.Value, []app.Value) any {
		for _, v := range views {
			if v.inst != nil {
				v.dispose()
				v.reset()
			}
		}
		return nil
	})
	darkQuery.Call("addEventListener", "change", onScheme)
}

// dark tells whether the page is dark: as its URL's theme says (web/guard.js
// writes it on the html element as data-theme), else as the system's
// colour scheme.
func dark() bool {
	switch app.Window().Get("document").Get("documentElement").Call("getAttribute", "data-theme").String() {
	case "dark":
		return true
	case "light":
		return false
	}
	return darkQuery.Get("matches").Bool()
}

// nextFrame calls f, from the browser's event loop, before the browser
// draws its next frame (requestAnimationFrame): what f changes is painted in
// that frame.
func nextFrame(f func()) {
	if !app.IsClient {
		return
	}
	app.Window().Call("requestAnimationFrame", callOnce(func() {
		inAnimationFrame = true
		f()
		// The Go code f started (go-app's dispatches and render) has run when
		// this callback returns to JavaScript, before any microtask.
		app.Window().Call("queueMicrotask", endFrame)
	}))
}

var (
	inAnimationFrame bool // a nextFrame callback runs
	endFrame         = func() app.Func {
		if !app.IsClient {
			return nil
		}
		return app.FuncOf(func(app.Value, []app.Value) any { inAnimationFrame = false; return nil })
	}()
)

// afterPaint calls f, from the browser's event loop, at the start of the
// frame after the one that shows what the page has just changed: the frame
// after next, or, from within a nextFrame callback, the next.
func afterPaint(f func()) {
	if inAnimationFrame {
		nextFrame(f)
		return
	}
	nextFrame(func() { nextFrame(f) })
}

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
// Each write takes chromium about 2 ms here (app/bench -profile-use
// deadline), and go-app's update that ran it as much again: done in the
// way of the next change, it delayed that change's figure. A query is not
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

// yieldToBrowser returns once the browser has had a turn: what comes next
// is a task of its own.
func yieldToBrowser() {
	done := make(chan struct{})
	afterTask(func() { close(done) })
	<-done
}

// afterTask calls f, from the browser's event loop, in a task of its own:
// on a message the page posts to itself, which, unlike a timeout, is neither
// held back to once a second in a tab in the background nor clamped to 4 ms
// when each call comes from the last one's task.
func afterTask(f func()) {
	if !app.IsClient {
		f()
		return
	}
	ch := app.Window().Get("MessageChannel").New()
	port := ch.Get("port1")
	port.Set("onmessage", callOnce(func() {
		port.Call("close")
		f()
	}))
	ch.Get("port2").Call("postMessage", 0)
}

// whenIdle calls f, from the browser's event loop, once the page has
// nothing else to do (requestIdleCallback, within a second).
func whenIdle(f func()) {
	if !app.IsClient {
		return
	}
	if app.Window().Get("requestIdleCallback").Truthy() {
		app.Window().Call("requestIdleCallback", callOnce(f), map[string]any{"timeout": 1000})
	} else {
		app.Window().Call("setTimeout", callOnce(f), 100)
	}
}

// callOnce is f as a JavaScript function for one call, which releases it.
func callOnce(f func()) app.Func {
	var cb app.Func
	cb = app.FuncOf(func(app.Value, []app.Value) any {
		cb.Release()
		f()
		return nil
	})
	return cb
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

// copyText writes text to the clipboard with navigator.clipboard.writeText and
// calls done, from the browser's event loop, with "" once written or with the
// reason it was not: no clipboard API (a page served over plain HTTP from
// another host than localhost), or a refusal (permission, focus, a sandbox).
func copyText(text string, done func(reason string)) {
	if !app.IsClient {
		return
	}
	clip := app.Window().Get("navigator").Get("clipboard")
	if !clip.Truthy() {
		done("this page has no clipboard access")
		return
	}
	var ok, fail app.Func
	ok = app.FuncOf(func(app.Value, []app.Value) any {
		ok.Release()
		fail.Release()
		done("")
		return nil
	})
	fail = app.FuncOf(func(_ app.Value, args []app.Value) any {
		ok.Release()
		fail.Release()
		reason := "refused"
		if len(args) > 0 && args[0].Truthy() && args[0].Get("message").Truthy() {
			reason = args[0].Get("message").String()
		}
		done(reason)
		return nil
	})
	clip.Call("writeText", text).Call("then", ok, fail)
}

// selectText focuses the text box with the id and selects all its text, so
// that the reader has only to press the copy keys.
func selectText(id string) {
	if !app.IsClient {
		return
	}
	if el := app.Window().GetElementByID(id); el.Truthy() {
		el.Call("focus")
		el.Call("select")
	}
}

// clearBox empties the text box with the id. go-app cannot: it drops an
// empty value from an element's attributes instead of setting it, and
// removing the attribute leaves what the box shows.
func clearBox(id string) {
	if !app.IsClient {
		return
	}
	if el := app.Window().GetElementByID(id); el.Truthy() {
		el.Set("value", "")
	}
}

// HeightMessage is the type of the one message the embed sends its parent
// window: {type: "tokenjoule:height", height: <content height in CSS px,
// an integer>}, sent with target origin "*" (the height is no secret, and the
// embed cannot know who frames it) when the embed is mounted and whenever its
// height changes. The README's script resizes the iframe with it.
const HeightMessage = "tokenjoule:height"

// watchHeight posts HeightMessage to the parent window when the page is in a
// frame, whenever the document's height changes, and returns what stops it.
// The document's own box is measured, not its scrollHeight, which never
// drops below the frame's height and so would never let the frame shrink.
func watchHeight() (stop func()) {
	if !app.IsClient {
		return func() {}
	}
	win := app.Window()
	parent := win.Get("parent")
	if !parent.Truthy() || parent.Equal(win.Get("self")) {
		return func() {} // not framed: nobody to tell
	}
	root := win.Get("document").Get("documentElement")
	last := 0
	post := app.FuncOf(func(app.Value, []app.Value) any {
		h := int(math.Ceil(root.Call("getBoundingClientRect").Get("height").Float()))
		if h > 0 && h != last {
			last = h
			parent.Call("postMessage", map[string]any{"type": HeightMessage, "height": h}, "*")
		}
		return nil
	})
	// A ResizeObserver calls back once when it starts observing, which sends
	// the first height.
	observer := win.Get("ResizeObserver").New(post)
	observer.Call("observe", root)
	return func() {
		observer.Call("disconnect")
		post.Release()
	}
}

// watchFrameHeight calls f, from the browser's event loop, with the height
// each HeightMessage from the iframe with the id reports, and the src the
// iframe had then, until stop: the Embed dialog's preview fits its frame
// and its snippet to it.
func watchFrameHeight(id string, f func(src string, height int)) (stop func()) {
	if !app.IsClient {
		return func() {}
	}
	win := app.Window()
	listen := app.FuncOf(func(_ app.Value, args []app.Value) any {
		e := args[0]
		frame := win.GetElementByID(id)
		d := e.Get("data")
		if !frame.Truthy() || !e.Get("source").Equal(frame.Get("contentWindow")) || !d.Truthy() ||
			d.Get("type").String() != HeightMessage || d.Get("height").Type() != app.TypeNumber {
			return nil
		}
		f(frame.Call("getAttribute", "src").String(), d.Get("height").Int())
		return nil
	})
	win.Call("addEventListener", "message", listen)
	return func() {
		win.Call("removeEventListener", "message", listen)
		listen.Release()
	}
}

// focus moves the keyboard focus to the element with the id, if there is one.
func focus(id string) {
	if !app.IsClient {
		return
	}
	if el := app.Window().GetElementByID(id); el.Truthy() {
		el.Call("focus")
	}
}

// focusInView scrolls the element with the id box to the top of the
// window, and moves the keyboard focus to the element with the id target
// (within box, or box itself) without scrolling again.
func focusInView(box, target string) {
	if !app.IsClient {
		return
	}
	doc := app.Window().Get("document")
	b, el := doc.Call("getElementById", box), doc.Call("getElementById", target)
	if !b.Truthy() || !el.Truthy() {
		return
	}
	b.Call("scrollIntoView", map[string]any{"block": "start"})
	el.Call("focus", map[string]any{"preventScroll": true})
}

// showModal opens the <dialog> with the id as a modal dialog: the browser
// moves focus into it, keeps Tab inside, makes the rest of the page inert
// and closes it on Escape (its close event then fires). It reports whether
// the page has that dialog.
func showModal(id string) bool {
	if !app.IsClient {
		return false
	}
	el := app.Window().GetElementByID(id)
	if !el.Truthy() {
		return false
	}
	if !el.Get("open").Bool() {
		el.Call("showModal")
	}
	return true
}

// closeDialog closes the <dialog> with the id; its close event fires.
func closeDialog(id string) {
	if !app.IsClient {
		return
	}
	if el := app.Window().GetElementByID(id); el.Truthy() {
		el.Call("close")
	}
}

// wrapTab moves focus, for the Tab key event e in the element box, from its
// last focusable control to its first (from the first to the last with
// Shift), so that Tab cycles inside it.
func wrapTab(box app.Value, e app.Event) {
	if !app.IsClient {
		return
	}
	controls := box.Call("querySelectorAll", "button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea, summary")
	n := controls.Length()
	if n == 0 {
		return
	}
	first, last := controls.Index(0), controls.Index(n-1)
	active := app.Window().Get("document").Get("activeElement")
	switch {
	case e.Get("shiftKey").Bool() && (active.Equal(first) || !box.Call("contains", active).Bool()):
		last.Call("focus")
	case !e.Get("shiftKey").Bool() && (active.Equal(last) || !box.Call("contains", active).Bool()):
		first.Call("focus")
	default:
		return
	}
	e.PreventDefault()
}

// removeScript removes a script element of a failed load, if it is one.
func removeScript(script app.Value) {
	if script.Truthy() && script.Get("remove").Truthy() {
		script.Call("remove")
	}
}
