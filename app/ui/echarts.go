package ui

// The bridge to JavaScript: only these files of the UI call JS, each with
// one job:
//   - echarts.go loads ECharts, once, when a chart first needs it;
//   - chartview.go makes, draws and disposes of the charts' ECharts
//     instances, writes their axes' figures in the page's language, and
//     watches which charts are on or near the screen and the colour scheme;
//   - labels.go places the charts' labels;
//   - schedule.go calls Go back in the next frame, in a task of its own or
//     when the page is idle;
//   - address.go writes the page's query to its address;
//   - clipboard.go copies text to the clipboard and selects or empties text
//     boxes;
//   - frameheight.go posts an embed's height to its parent, and has the
//     Embed dialog's preview listen to it;
//   - focus.go moves the focus and opens and closes modal dialogs;
//   - download.go saves files and draws charts and cards as pictures;
//   - bridge.go scrolls a page a link opened, places the slider's thumb,
//     marks the page mounted and reports errors on the console.
//
// (web/guard.js, which must run before go-app starts, and web/start.js,
// which downloads the wasm, are the site's other scripts.)

import (
	"errors"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

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

// removeScript removes a script element of a failed load, if it is one.
func removeScript(script app.Value) {
	if script.Truthy() && script.Get("remove").Truthy() {
		script.Call("remove")
	}
}
