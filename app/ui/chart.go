package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Chart is a container that ECharts draws Option (JSON) into once the page
// is live; prerendered, it is an empty box of the chart's size. Label says
// in words what the chart shows: a canvas says nothing to a screen reader,
// so the container is an image named by it.
type Chart struct {
	app.Compo

	ID     string
	Option string
	Label  string
}

func (c *Chart) Render() app.UI {
	return app.Div().ID(c.ID).Class("echart").Role("img").Aria("label", c.Label)
}

func (c *Chart) OnMount(ctx app.Context) { ctx.Defer(func(app.Context) { setChart(c.ID, c.Option) }) }

func (c *Chart) OnUpdate(ctx app.Context) { ctx.Defer(func(app.Context) { setChart(c.ID, c.Option) }) }

func (c *Chart) OnDismount() { disposeChart(c.ID) }

// chart is the i-th of chartSpecs for the current answer, described in
// words; with no answer, only its title names it.
func (c *calc) chart(i int) *Chart {
	s := chartSpecs[i]
	label := s.title
	if c.res != nil {
		label = s.describe(c.res)
	}
	return &Chart{ID: s.id, Option: c.options[i], Label: label}
}
