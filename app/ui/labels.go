package ui

// The bridge's placement of chart labels (see echarts.go): it measures
// where ECharts drew each point, and sets each label where charts.Place
// puts it.

import (
	"cmp"
	"slices"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/charts"
)

// hasLabels tells whether an option (or a responsive option's base) has a
// scatter series with labels, which placeLabels places.
func hasLabels(opt app.Value) bool {
	if base := opt.Get("baseOption"); base.Truthy() {
		opt = base
	}
	series := opt.Get("series")
	if !series.Truthy() {
		return false
	}
	for i := range series.Length() {
		s := series.Index(i)
		if s.Get("type").String() == "scatter" && s.Get("label").Truthy() && s.Get("label").Get("show").Truthy() {
			return true
		}
	}
	return false
}

// placeLabels puts each label of the chart's scatter series where it
// covers no point, no other label and as little of a line as can be, at
// the chart's present size (charts.Place), or hides it: it measures where
// every point of a scatter or line series lands, and sets each labelled
// item's label to its spot. The plot's box is the grid's, read from the
// chart's model (ECharts is pinned: web/echarts.sha256); the rest is public.
// It tells whether it set the labels (and so drew the chart).
func placeLabels(inst app.Value) (drew bool) {
	opt := inst.Call("getOption")
	series := opt.Get("series")
	if !series.Truthy() {
		return false
	}
	scene := charts.Scene{Plot: charts.Rect{W: inst.Call("getWidth").Float(), H: inst.Call("getHeight").Float()}}
	if m := inst.Get("getModel"); m.Truthy() {
		if g := inst.Call("getModel").Call("getComponent", "grid"); g.Truthy() && g.Get("coordinateSystem").Truthy() {
			r := g.Get("coordinateSystem").Call("getRect")
			scene.Plot = charts.Rect{X: r.Get("x").Float(), Y: r.Get("y").Float(), W: r.Get("width").Float(), H: r.Get("height").Float()}
		}
	}
	type ref struct {
		series, item, count int
		label               charts.Label
		own                 int
		text, short         string
	}
	var refs []ref
	n := series.Length()
	for i := range n {
		s := series.Index(i)
		typ := s.Get("type").String()
		if typ != "scatter" && typ != "line" {
			continue
		}
		size := map[string]float64{"scatter": 10, "line": 4}[typ]
		if sz := s.Get("symbolSize"); sz.Type() == app.TypeNumber {
			size = sz.Float()
		}
		marked := typ == "scatter" || s.Get("showSymbol").Type() != app.TypeBoolean || s.Get("showSymbol").Bool()
		marked = marked && s.Get("symbol").String() != "none"
		lbl := s.Get("label")
		labelled := typ == "scatter" && lbl.Truthy() && lbl.Get("show").Truthy()
		var font, padV, padH, lineHeight float64 = 12, 0, 0, 0
		position := "right"
		if labelled {
			if f := lbl.Get("fontSize"); f.Type() == app.TypeNumber {
				font = f.Float()
			}
			if p := lbl.Get("padding"); p.Type() == app.TypeObject && p.Length() == 2 {
				padV, padH = p.Index(0).Float(), p.Index(1).Float()
			}
			if l := lbl.Get("lineHeight"); l.Type() == app.TypeNumber {
				lineHeight = l.Float()
			}
			if p := lbl.Get("position"); p.Type() == app.TypeString {
				position = p.String()
			}
			if lbl.Get("fontWeight").String() == "bold" {
				font *= 1.1 // bold is wider; textWidth knows the regular face
			}
		}
		data := s.Get("data")
		if data.Type() != app.TypeObject {
			continue // no points: a series with none that meets the deadline has data null
		}
		var line []charts.Point
		first := len(refs)
		var plot charts.Rect
		if labelled {
			plot = seriesPlot(inst, i)
		}
		for j := range data.Length() {
			d := data.Index(j)
			v := d
			if d.Type() == app.TypeObject && !app.Window().Get("Array").Call("isArray", d).Bool() {
				v = d.Get("value")
			}
			if !v.Truthy() || v.Length() < 2 {
				continue
			}
			px := inst.Call("convertToPixel", map[string]any{"seriesIndex": i}, []any{v.Index(0), v.Index(1)})
			if !px.Truthy() || px.Index(0).Type() != app.TypeNumber || px.Index(1).Type() != app.TypeNumber {
				continue
			}
			at := charts.Point{X: px.Index(0).Float(), Y: px.Index(1).Float()}
			line = append(line, at)
			own := -1
			if marked {
				own = len(scene.Points)
				scene.Points = append(scene.Points, charts.Rect{X: at.X - size/2, Y: at.Y - size/2, W: size, H: size})
				name := ""
				if d.Type() == app.TypeObject && d.Get("name").Type() == app.TypeString {
					name = d.Get("name").String()
				}
				scene.Names = append(scene.Names, name)
				scene.Minor = append(scene.Minor, typ == "line")
			}
			if !labelled {
				continue
			}
			// An item's own text, and the shorter one it may take instead
			// (short); full keeps its own while it shows the shorter.
			text, short := lbl.Get("formatter"), app.Undefined()
			if l := d.Get("label"); d.Type() == app.TypeObject && l.Truthy() {
				for _, key := range []string{"formatter", "full"} {
					if l.Get(key).Type() == app.TypeString {
						text = l.Get(key)
					}
				}
				short = l.Get("short")
			}
			if text.Type() != app.TypeString {
				continue
			}
			w, h := charts.LabelSize(text.String(), font, padV, padH, lineHeight)
			r := ref{series: i, item: j, own: own, text: text.String(),
				label: charts.Label{At: at, Symbol: size, W: w, H: h, Position: position, Plot: plot}}
			if short.Type() == app.TypeString {
				r.short = short.String()
				r.label.ShortW, r.label.ShortH = charts.LabelSize(r.short, font, padV, padH, lineHeight)
			}
			refs = append(refs, r)
		}
		for k := first; k < len(refs); k++ {
			refs[k].count = len(refs) - first
		}
		if typ == "line" && len(line) > 1 {
			scene.Lines = append(scene.Lines, line)
		}
	}
	if len(refs) == 0 {
		return false
	}
	// A series of one point (the selected configuration, the highlighted
	// model) is placed first, and shown wherever it must go: its label
	// matters most. A rank among many may give way.
	slices.SortStableFunc(refs, func(a, b ref) int { return cmp.Compare(a.count, b.count) })
	labels, own, keep := make([]charts.Label, len(refs)), make([]int, len(refs)), make([]bool, len(refs))
	for k, r := range refs {
		labels[k], own[k], keep[k] = r.label, r.own, r.count == 1
	}
	patch := make([]any, n)
	for i := range n {
		p := map[string]any{}
		if id := series.Index(i).Get("id"); id.Type() == app.TypeString {
			p["id"] = id.String()
		}
		patch[i] = p
	}
	for k, spot := range charts.Place(labels, own, keep, scene) {
		r := refs[k]
		d := series.Index(r.series).Get("data").Index(r.item)
		l := d.Get("label")
		if !l.Truthy() {
			l = app.Window().Get("Object").New()
			d.Set("label", l)
		}
		l.Set("show", !spot.Hidden)
		if r.short != "" {
			l.Set("full", r.text)
			l.Set("formatter", map[bool]string{false: r.text, true: r.short}[spot.Short])
		}
		l.Set("position", spot.Position)
		l.Set("offset", []any{spot.Offset[0], spot.Offset[1]})
		patch[r.series].(map[string]any)["data"] = series.Index(r.series).Get("data")
	}
	// Silent: nothing listens, and tests tell it from the page's patches.
	inst.Call("setOption", map[string]any{"series": patch}, map[string]any{"silent": true})
	return true
}

// seriesPlot is the box of the plot the i-th series is drawn in, read from
// the chart's model as placeLabels reads the grid's: a chart may have
// several (the power chart's panels). None where it cannot be read.
func seriesPlot(inst app.Value, i int) charts.Rect {
	if !inst.Get("getModel").Truthy() {
		return charts.Rect{}
	}
	sm := inst.Call("getModel").Call("getSeriesByIndex", i)
	if !sm.Truthy() {
		return charts.Rect{}
	}
	cs := sm.Get("coordinateSystem")
	if !cs.Truthy() || !cs.Get("getArea").Truthy() {
		return charts.Rect{}
	}
	r := cs.Call("getArea")
	return charts.Rect{X: r.Get("x").Float(), Y: r.Get("y").Float(), W: r.Get("width").Float(), H: r.Get("height").Float()}
}
