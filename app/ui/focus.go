package ui

// The keyboard focus and modal dialogs, part of the bridge (see
// echarts.go).

import "github.com/maxence-charriere/go-app/v10/pkg/app"

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
