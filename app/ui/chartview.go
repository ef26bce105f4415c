package ui

// The charts' side of the bridge (see echarts.go): watching which charts
// are on or near the screen, their ECharts instances, and the colour
// scheme they are drawn in.

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/charts"
	"tokenjoule/data/lang"
)

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
		localAxes(opt)
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

// axisFormatters are the axis label formatters localAxes gives, one a
// language, made once and kept for the page's life.
var axisFormatters = map[lang.Tag]app.Func{}

// localAxes gives every value and log axis of opt, a whole option just
// parsed, a label formatter writing its ticks as the language its base
// names (charts.NumbersKey) writes figures, charts.AxisLabelIn: ECharts
// writes them the English way ("1,000", "0.5"), and JSON carries no
// function. The patches that follow keep it: ECharts merges them into the
// axes. An English option names no language, and keeps ECharts' labels.
func localAxes(opt app.Value) {
	base := opt
	if b := opt.Get("baseOption"); b.Truthy() {
		base = b
	}
	named := base.Get(charts.NumbersKey)
	if named.Type() != app.TypeString {
		return
	}
	t := lang.Tag(named.String())
	f := axisFormatters[t]
	if f == nil {
		f = app.FuncOf(func(_ app.Value, args []app.Value) any {
			if len(args) == 0 || args[0].Type() != app.TypeNumber {
				return "" // a value axis' tick is always a number
			}
			return charts.AxisLabelIn(t, args[0].Float())
		})
		axisFormatters[t] = f
	}
	for _, key := range []string{"xAxis", "yAxis"} {
		axes := base.Get(key)
		if !axes.Truthy() {
			continue
		}
		list := []app.Value{axes}
		if axes.Get("length").Type() == app.TypeNumber {
			list = list[:0]
			for i := range axes.Length() {
				list = append(list, axes.Index(i))
			}
		}
		for _, a := range list {
			// ECharts' defaults: a category x axis, a value y axis.
			switch typ := a.Get("type"); {
			case typ.Type() == app.TypeString && typ.String() != "value" && typ.String() != "log":
				continue
			case typ.Type() != app.TypeString && key == "xAxis":
				continue
			}
			l := a.Get("axisLabel")
			if !l.Truthy() {
				l = app.Window().Get("Object").New()
				a.Set("axisLabel", l)
			}
			l.Set("formatter", f)
		}
	}
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
