package ui

// The bridge to JavaScript: ECharts' init, setOption, resize and dispose, the
// colour-scheme watch, the mounted mark, the clipboard, the embed's height
// message to its parent, and focus and modal dialogs; its sibling download.go saves files and draws charts
// as images. Nothing else in the UI calls JS. (web/guard.js, which must run
// before go-app starts, is the only other script of the site.)

import (
	"math"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

type chartJS struct {
	el, inst app.Value
	option   string
	observer app.Value // ResizeObserver redrawing the chart when its box changes
	onResize app.Func
}

var (
	chartsByID = map[string]*chartJS{}
	darkQuery  app.Value // matchMedia('(prefers-color-scheme: dark)')
	onScheme   app.Func
)

// setChart draws option into the element with the given id, creating the
// ECharts instance on first use.
func setChart(id, option string) {
	if !app.IsClient || option == "" {
		return
	}
	echarts := app.Window().Get("echarts")
	if !echarts.Truthy() {
		if app.Window().Get("document").Get("readyState").String() != "complete" {
			// The deferred echarts.min.js has not run yet: draw once it has.
			var retry app.Func
			retry = app.FuncOf(func(app.Value, []app.Value) any {
				retry.Release()
				setChart(id, option)
				return nil
			})
			app.Window().Call("addEventListener", "load", retry, map[string]any{"once": true})
			return
		}
		app.Window().Get("console").Call("error", "tokenjoule: ECharts did not load; charts are not drawn")
		return
	}
	watchScheme()
	c := chartsByID[id]
	if c == nil {
		el := app.Window().GetElementByID(id)
		if !el.Truthy() {
			return
		}
		c = &chartJS{el: el}
		c.inst = initChart(echarts, el)
		c.onResize = app.FuncOf(func(app.Value, []app.Value) any {
			if c.inst.Truthy() {
				c.inst.Call("resize")
			}
			return nil
		})
		c.observer = app.Window().Get("ResizeObserver").New(c.onResize)
		c.observer.Call("observe", el)
		chartsByID[id] = c
	}
	c.option = option
	c.inst.Call("setOption", app.Window().Get("JSON").Call("parse", option), true)
}

func initChart(echarts, el app.Value) app.Value {
	theme := app.Null()
	if darkQuery.Truthy() && darkQuery.Get("matches").Bool() {
		theme = app.ValueOf("dark")
	}
	return echarts.Call("init", el, theme)
}

// watchScheme redraws every chart with ECharts' dark or light theme when the
// system colour scheme changes.
func watchScheme() {
	if darkQuery != nil {
		return
	}
	darkQuery = app.Window().Call("matchMedia", "(prefers-color-scheme: dark)")
	onScheme = app.FuncOf(func(app.Value, []app.Value) any {
		echarts := app.Window().Get("echarts")
		for _, c := range chartsByID {
			c.inst.Call("dispose")
			c.inst = initChart(echarts, c.el)
			c.inst.Call("setOption", app.Window().Get("JSON").Call("parse", c.option), true)
		}
		return nil
	})
	darkQuery.Call("addEventListener", "change", onScheme)
}

func disposeChart(id string) {
	c := chartsByID[id]
	if c == nil {
		return
	}
	c.observer.Call("disconnect")
	c.onResize.Release()
	c.inst.Call("dispose")
	delete(chartsByID, id)
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

// focus moves the keyboard focus to the element with the id, if there is one.
func focus(id string) {
	if !app.IsClient {
		return
	}
	if el := app.Window().GetElementByID(id); el.Truthy() {
		el.Call("focus")
	}
}

// showModal opens the <dialog> with the id as a modal dialog: the browser
// moves focus into it, keeps Tab inside, makes the rest of the page inert
// and closes it on Escape (its close event then fires).
func showModal(id string) {
	if !app.IsClient {
		return
	}
	if el := app.Window().GetElementByID(id); el.Truthy() && !el.Get("open").Bool() {
		el.Call("showModal")
	}
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
