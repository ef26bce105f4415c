package ui

import (
	"slices"
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/charts"
	"tokenjoule/data"
)

// Chart is a container that ECharts draws a chart into once the page is
// live and the chart is on or near the screen (see watchChart); until then,
// and prerendered, it is an empty box of the chart's size. While it does not
// show what its fields ask, it is marked data-stale (see markStale). Label says in
// words what the chart shows: a canvas says nothing to a screen reader, so
// the container is an image named by it.
//
// What it draws is either Option, a whole ECharts option (JSON), or, for
// the calculator's charts, chartSpecs[Spec] of Result, whose option is
// built only when the chart is drawn: a chart away from the screen costs
// nothing, and one that only a new deadline changes is patched rather than
// set anew (charts.Patchable).
type Chart struct {
	app.Compo

	ID     string
	Label  string
	Option string
	Spec   int
	Result *data.Result
	// Printer writes the calculator's charts' words and figures in the
	// page's language.
	Printer data.Printer

	ctx         app.Context
	near        bool         // near the screen: drawn, when the page is idle
	visible     bool         // on the screen: drawn in the frame after a change
	shown       *data.Result // what the instance shows of the calculator's chart
	shownOption string       // what it shows of Option
	stop        func()
}

// When the charts are drawn. A change is painted first where it is read
// (the figures), and a chart on the screen follows in the next frame, a
// chart drawn whole (a first drawing, or a new model) taking a frame of its
// own, and the charts left after drawBudget the next; a chart only near the
// screen is drawn when the page is idle, one at a time, so as to be ready
// when scrolled to without taking from the frames of a slider's drag. A
// chart changed several times before it is drawn is drawn once.
var (
	queue, idleQueue []*Chart
	// The charts whose contexts the callbacks to come dispatch with: a
	// context's dispatch is dropped once its chart is gone (another page).
	scheduled, idleSoon *Chart
)

// update has c drawn, if it is stale, when its place asks for.
func (c *Chart) update() {
	switch {
	case !c.stale():
	case c.visible:
		c.schedule()
	case c.near:
		c.scheduleIdle()
	}
}

// schedule has c drawn after the frame that shows the page's change.
func (c *Chart) schedule() {
	if !slices.Contains(queue, c) {
		queue = append(queue, c)
	}
	if scheduled != nil {
		return
	}
	scheduled = c
	ctx := c.ctx
	afterPaint(func() {
		ctx.Dispatch(func(ctx app.Context) {
			ctx.PreventUpdate()
			drawQueue()
		})
	})
}

// drawBudget is how long drawing the queued charts may hold the page in one
// task; the charts left wait for the next frame. On a slow CPU ECharts takes
// 10 to 30 ms to patch a chart (go run ./app/bench -profile -profile-use
// deadline -profile-in-view), so three in one task would hold up a drag,
// whose next position waits for the task. A fast CPU still draws them all
// in one.
const drawBudget = 8 * time.Millisecond

// drawQueue draws the queued charts, until it has run drawBudget or drawn
// one whole, and schedules the others for the next frame.
func drawQueue() {
	scheduled = nil
	start := time.Now()
	whole := false
	for len(queue) > 0 {
		c := queue[0]
		if whole && !c.patchable() || time.Since(start) > drawBudget {
			c.schedule()
			return
		}
		queue = queue[1:]
		whole = c.draw() || whole
	}
}

// scheduleIdle has c drawn when the page is idle.
func (c *Chart) scheduleIdle() {
	if !slices.Contains(idleQueue, c) {
		idleQueue = append(idleQueue, c)
	}
	if idleSoon != nil {
		return
	}
	idleSoon = c
	ctx := c.ctx
	whenIdle(func() {
		ctx.Dispatch(func(ctx app.Context) {
			ctx.PreventUpdate()
			idleSoon = nil
			if len(idleQueue) == 0 {
				return
			}
			c := idleQueue[0]
			idleQueue = idleQueue[1:]
			if !c.visible { // else in the frames' queue
				c.draw()
			}
			if len(idleQueue) > 0 {
				idleQueue[0].scheduleIdle()
			}
		})
	})
}

// OnInit hands the browser a turn if the page's first render has run long.
func (c *Chart) OnInit() { startTurn() }

func (c *Chart) Render() app.UI {
	return app.Div().ID(c.ID).Class("echart").Role("img").Aria("label", c.Label)
}

// OnMount starts watching whether the chart is near the screen, once the
// element is in the page. The watch calls back from the browser's event
// loop: what it changes is done on the UI goroutine, and renders nothing.
func (c *Chart) OnMount(ctx app.Context) {
	ctx.PreventUpdate() // nothing to render: the page's first render needs no second
	c.ctx = ctx
	ctx.Defer(func(ctx app.Context) {
		loadEChartsWhenIdle(echartsSrc(ctx))
		markStale(c.ID, true)
		c.stop = watchChart(c.ID,
			func(near, visible bool) {
				ctx.Dispatch(func(ctx app.Context) {
					ctx.PreventUpdate()
					c.near, c.visible = near, visible
					c.update()
				})
			},
			func() {
				ctx.Dispatch(func(ctx app.Context) {
					ctx.PreventUpdate()
					c.shown, c.shownOption = nil, ""
					c.update()
				})
			})
	})
}

// OnUpdate marks the chart stale and has it drawn; or, changed back to what
// it shows before it was drawn anew, no longer stale.
func (c *Chart) OnUpdate(ctx app.Context) {
	stale := c.stale()
	markStale(c.ID, stale)
	if stale {
		c.update()
	}
}

func (c *Chart) OnDismount() {
	if c.stop != nil {
		c.stop()
	}
	for _, q := range []*[]*Chart{&queue, &idleQueue} {
		if i := slices.Index(*q, c); i >= 0 {
			*q = slices.Delete(*q, i, i+1)
		}
	}
	// Its callbacks will be dropped: the other charts waiting for them
	// schedule their own.
	if scheduled == c {
		scheduled = nil
		if len(queue) > 0 {
			queue[0].schedule()
		}
	}
	if idleSoon == c {
		idleSoon = nil
		if len(idleQueue) > 0 {
			idleQueue[0].scheduleIdle()
		}
	}
}

// stale tells whether the chart shows something else than its fields ask.
func (c *Chart) stale() bool {
	if c.Result == nil {
		return c.Option != c.shownOption
	}
	// The token volume changes no chart.
	return c.shown == nil || charted(c.shown.Query) != charted(c.Result.Query)
}

// patchable tells whether drawing c is a patch of what it shows.
func (c *Chart) patchable() bool { return c.Result != nil && charts.Patchable(c.shown, c.Result) }

// draw brings the chart to what its fields ask, if it is near the screen
// (it is drawn when it comes near), and tells whether it was drawn whole.
func (c *Chart) draw() (whole bool) {
	if !(c.near || c.visible) || !c.stale() {
		return false
	}
	defer func() { markStale(c.ID, c.stale()) }()
	if c.Result == nil {
		if c.Option != "" && drawChart(c.ID, c.Option) {
			c.shownOption = c.Option
		}
		return true
	}
	spec := chartSpecs[c.Spec]
	if c.patchable() {
		b, err := spec.patch(c.Printer, c.shown, c.Result)
		if err != nil {
			logError(c.ID + ": " + err.Error())
		} else if patchChart(c.ID, string(b)) {
			c.shown = c.Result
		}
		return false
	}
	b, err := spec.build(c.Printer, c.Result)
	if err != nil {
		logError(c.ID + ": " + err.Error())
	} else if drawChart(c.ID, string(b)) {
		c.shown = c.Result
	}
	return true
}

// charted is what of a query the charts show: all but the token volume.
func charted(q data.Query) data.Query {
	q.Tokens = 0
	return q
}

// chart is the i-th of chartSpecs for the current answer, described in
// words; with no answer, only its title names it.
func (c *Calculator) chart(i int) *Chart {
	label := chartTitle(c.lang, i, c.kind())
	if c.res != nil {
		label = c.labels[i]
	}
	return &Chart{ID: chartSpecs[i].id, Label: label, Spec: i, Result: c.res, Printer: c.printer()}
}
