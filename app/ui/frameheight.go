package ui

// The embed's one message to the page that frames it, its height, and the
// Embed dialog's preview that listens to it: part of the bridge (see
// echarts.go).

import (
	"math"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

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
// each HeightMessage from an iframe with one of the ids reports, and the src
// and width the iframe had then, until stop: the Embed dialog's preview fits
// its frame to it, and its snippet takes the height at a phone's width.
func watchFrameHeight(ids []string, f func(src string, width, height int)) (stop func()) {
	if !app.IsClient {
		return func() {}
	}
	win := app.Window()
	listen := app.FuncOf(func(_ app.Value, args []app.Value) any {
		e := args[0]
		d := e.Get("data")
		if !d.Truthy() || d.Get("type").String() != HeightMessage || d.Get("height").Type() != app.TypeNumber {
			return nil
		}
		for _, id := range ids {
			frame := win.GetElementByID(id)
			if frame.Truthy() && e.Get("source").Equal(frame.Get("contentWindow")) {
				w, _ := strconv.Atoi(frame.Call("getAttribute", "width").String())
				f(frame.Call("getAttribute", "src").String(), w, d.Get("height").Int())
				return nil
			}
		}
		return nil
	})
	win.Call("addEventListener", "message", listen)
	return func() {
		win.Call("removeEventListener", "message", listen)
		listen.Release()
	}
}

// frameDocumentHeight is the height of the document in the frame that src
// (an event's target) is, as a frame of its width shows it: the Embed
// dialog measures the pinned card, a frame of its own origin, once loaded.
func frameDocumentHeight(frame app.Value) int {
	d := frame.Get("contentDocument")
	if !d.Truthy() {
		return 0
	}
	return int(math.Ceil(d.Get("documentElement").Call("getBoundingClientRect").Get("height").Float()))
}
