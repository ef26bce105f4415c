package ui

// The embed's one message to the page that frames it, its height, and the
// Embed dialog's preview that listens to it: part of the bridge (see
// echarts.go).

import (
	"math"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/embedframe"
)

// HeightMessage is the type of the embed's one message (embedframe).
const HeightMessage = embedframe.HeightMessage

// watchHeight posts the embed's height to the parent window whenever it
// changes (embedframe.WatchHeight), and returns what stops it.
func watchHeight() (stop func()) { return embedframe.WatchHeight() }

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
