package ui

// The bridge to JavaScript: ECharts' init, setOption, resize and dispose, the
// colour-scheme watch and the mounted mark. Nothing else in the UI calls JS.

import "github.com/maxence-charriere/go-app/v10/pkg/app"

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
