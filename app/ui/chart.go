package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Chart is a container that ECharts draws Option (JSON) into once the page
// is live; prerendered, it is an empty box of the chart's size.
type Chart struct {
	app.Compo

	ID     string
	Option string
}

func (c *Chart) Render() app.UI {
	return app.Div().ID(c.ID).Class("echart").Aria("label", "chart").Role("img")
}

func (c *Chart) OnMount(ctx app.Context) { ctx.Defer(func(app.Context) { setChart(c.ID, c.Option) }) }

func (c *Chart) OnUpdate(ctx app.Context) { ctx.Defer(func(app.Context) { setChart(c.ID, c.Option) }) }

func (c *Chart) OnDismount() { disposeChart(c.ID) }
