package embedframe

import (
	"math"
	"syscall/js"
)

// WatchHeight posts HeightMessage to the parent window when the page is in
// a frame, whenever the document's height changes, and returns what stops
// it. The document's own box is measured, not its scrollHeight, which never
// drops below the frame's height and so would never let the frame shrink.
func WatchHeight() (stop func()) {
	win := js.Global()
	parent := win.Get("parent")
	if !parent.Truthy() || parent.Equal(win.Get("self")) {
		return func() {} // not framed: nobody to tell
	}
	root := win.Get("document").Get("documentElement")
	last := 0
	post := js.FuncOf(func(js.Value, []js.Value) any {
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
