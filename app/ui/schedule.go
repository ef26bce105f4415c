package ui

// When the bridge calls Go back (see echarts.go): before the next frame,
// after the frame that shows a change, in a task of its own, or once the
// page is idle.

import "github.com/maxence-charriere/go-app/v10/pkg/app"

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
