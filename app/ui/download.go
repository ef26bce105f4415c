package ui

// The bridge to JavaScript (see echarts.go) for what the pages let people
// take away: saving bytes as a file, made in the browser (a Blob, an object
// URL and a click on an a[download]; no server, so it works offline),
// drawing a chart option off screen as a PNG or SVG image, drawing lines of
// text as a PNG picture, the page's origin, and whether the page is framed.

import (
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/picture"
)

// errNoBrowser is what the bridge answers when prerendering.
var errNoBrowser = errors.New("not in a browser")

// saveFile offers b to the reader as a file named name of type mime. A frame
// sandboxed without allow-downloads refuses it silently: the caller says so.
func saveFile(name, mime string, b []byte) (err error) {
	if !app.IsClient {
		return errNoBrowser
	}
	defer catch(&err)
	win := app.Window()
	arr := win.Get("Uint8Array").New(len(b))
	app.CopyBytesToJS(arr, b)
	blob := win.Get("Blob").New([]any{arr}, map[string]any{"type": mime})
	urls := win.Get("URL")
	href := urls.Call("createObjectURL", blob)
	doc := win.Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", href)
	a.Set("download", name)
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	// Revoked a minute later: at once, it could cancel a download that has
	// not started reading the blob.
	win.Call("setTimeout", callOnce(func() { urls.Call("revokeObjectURL", href) }), 60_000)
	return nil
}

// renderChart draws option (an ECharts option's JSON) off screen, width ×
// height CSS pixels, with ECharts' light theme, and returns the picture: an
// SVG document from ECharts' SVG renderer, or a PNG at twice the pixels from
// its canvas renderer.
func renderChart(option string, width, height int, svg bool) (b []byte, err error) {
	if !app.IsClient {
		return nil, errNoBrowser
	}
	defer catch(&err)
	echarts := app.Window().Get("echarts")
	if !echarts.Truthy() {
		return nil, errors.New("the chart library did not load")
	}
	opts := map[string]any{"width": width, "height": height}
	el := app.Null()
	if svg {
		// Server-side mode needs no element and gives the SVG as text.
		opts["renderer"], opts["ssr"] = "svg", true
	} else {
		opts["renderer"] = "canvas"
		el = app.Window().Get("document").Call("createElement", "div")
	}
	inst := echarts.Call("init", el, app.Null(), opts)
	defer inst.Call("dispose")
	opt := app.Window().Get("JSON").Call("parse", option)
	localAxes(opt)
	inst.Call("setOption", opt, true)
	if hasLabels(opt) {
		placeLabels(inst)
	}
	if svg {
		return []byte(inst.Call("renderToSVGString").String()), nil
	}
	u := inst.Call("getDataURL", map[string]any{"type": "png", "pixelRatio": 2, "backgroundColor": "#ffffff"}).String()
	_, data, ok := strings.Cut(u, ";base64,")
	if !ok {
		return nil, fmt.Errorf("the chart gave no PNG (%.30q)", u)
	}
	return base64.StdEncoding.DecodeString(data)
}

// textCanvas is the canvas measureText measures with, made once.
var textCanvas app.Value

// measureText is the width of text in a CSS font, in CSS pixels; 0 when
// prerendering.
func measureText(font, text string) float64 {
	if !app.IsClient {
		return 0
	}
	if textCanvas == nil {
		textCanvas = app.Window().Get("document").Call("createElement", "canvas").Call("getContext", "2d")
	}
	textCanvas.Set("font", font)
	return textCanvas.Call("measureText", text).Get("width").Float()
}

// drawPicture draws the lines (picture.Layout's) on a white canvas of width
// × height CSS pixels at twice the pixels, and returns it as a PNG.
func drawPicture(width, height float64, lines []picture.Line) (b []byte, err error) {
	if !app.IsClient {
		return nil, errNoBrowser
	}
	defer catch(&err)
	const scale = 2
	canvas := app.Window().Get("document").Call("createElement", "canvas")
	canvas.Set("width", int(width*scale))
	canvas.Set("height", int(height*scale))
	g := canvas.Call("getContext", "2d")
	g.Call("scale", scale, scale)
	g.Set("fillStyle", "#ffffff")
	g.Call("fillRect", 0, 0, width, height)
	g.Set("textBaseline", "top")
	for _, l := range lines {
		g.Set("font", l.Font)
		g.Set("fillStyle", l.Color)
		g.Call("fillText", l.Text, l.X, l.Y)
	}
	u := canvas.Call("toDataURL", "image/png").String()
	_, data, ok := strings.Cut(u, ";base64,")
	if !ok {
		return nil, fmt.Errorf("the canvas gave no PNG (%.30q)", u)
	}
	return base64.StdEncoding.DecodeString(data)
}

// inFrame tells whether the page runs in a frame, where the page around it
// may forbid downloads.
func inFrame() bool {
	if !app.IsClient {
		return false
	}
	win := app.Window()
	parent := win.Get("parent")
	return parent.Truthy() && !parent.Equal(win.Get("self"))
}

// pageOrigin is the page's scheme and host, "https://example.org"; empty
// when prerendering. A frame sandboxed without allow-same-origin has an
// opaque origin, but its location still names the host it came from.
func pageOrigin() string {
	if !app.IsClient {
		return ""
	}
	return app.Window().Get("location").Get("origin").String()
}

// catch turns a JavaScript exception, which syscall/js raises as a panic,
// into the function's error.
func catch(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("%v", r)
	}
}
