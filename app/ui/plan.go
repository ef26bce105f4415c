package ui

import (
	"net/url"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/charts"
	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/plan"
)

// Plan is the planner, /plan: for a traffic (an average rate, its peak, the
// idle power of a GPU) at a deadline, how many GPUs in which measured
// configuration, and how much energy a day (data/plan), with the energy and
// the GPUs of the best plan at every deadline. At /embed/plan it is the
// version for iframes (embedded), in the layout its URL asks for, as the
// calculator's embed: interactive (compact, and it reads hide), the card,
// or one of the two charts.
type Plan struct {
	app.Compo
	prerender
	embedded bool

	set     *data.Set
	loadErr error
	q       data.Query // Tokens is not used
	t       plan.Traffic
	p       *plan.Plan
	err     error // plan.Make refused the state; never expected, shown rather than hidden
	notices []state.Notice
	look    state.Embed // the embed's layout, chart, theme and hidden controls

	// The free-form boxes, as typed, and why what they hold is refused.
	deadlineText, deadlineErr string
	traffic                   trafficInputs
	foot                      fpInputs // the footprint's inputs, less the idle share and the budget

	pc                     charts.PlanChart // what the charts draw
	energyOpt, gpusOpt     string           // the charts' options
	energyLabel, gpusLabel string           // and what they show, in words

	status     string // what the last download did
	failed     bool
	mounted    bool
	stopHeight func()
}

// The plan's chart ids.
const (
	chartPlanEnergy = "chart-plan-energy"
	chartPlanGPUs   = "chart-plan-gpus"
)

// OnInit answers the page's URL in the browser, the default when
// prerendering (see calc.OnInit).
func (c *Plan) OnInit() {
	c.set, c.loadErr = dataset()
	if c.loadErr != nil {
		return
	}
	if u := c.urlAtInit(); u != nil {
		c.fromURL(u)
		startTurn()
		return
	}
	q, t, _ := state.ParsePlan(c.set, url.Values{})
	c.load(q, t, nil)
}

// OnNav reads the state from the URL, also when prerendering, unless
// OnInit read this very URL; a page a link opened opens at its top
// (arrived).
func (c *Plan) OnNav(ctx app.Context) {
	arrived(ctx.Page().URL())
	if c.loadErr != nil {
		return
	}
	if u := ctx.Page().URL(); !c.readAtInit(u) {
		c.fromURL(u)
	} else {
		ctx.PreventUpdate()
	}
	forgetRefused(ctx, c.query(), c.notices)
}

// fromURL reads the state from the URL u.
func (c *Plan) fromURL(u *url.URL) {
	c.rendered = u.RawQuery
	v, malformed := state.ParseQuery(u.RawQuery)
	q, t, notices := state.ParsePlan(c.set, v)
	notices = append(malformed, notices...)
	notices = append(notices, c.foot.load(v, c.embedded)...)
	c.foot.noIdle = true
	if f := &c.foot.fp.Factors; f.Idle.Set {
		f.Idle = footprint.Factor{}
		notices = append(notices, state.Notice{Param: state.ParamIdle, Value: v.Get(state.ParamIdle),
			Message: "The URL's idle share is not used here: a plan counts idle capacity itself, from the traffic and the idle power of each GPU."})
	}
	if c.embedded {
		var en []state.Notice
		c.look, en = state.ParsePlanEmbed(v)
		notices = append(notices, en...)
	}
	c.load(q, t, notices)
}

// query is the page's own query string: its state, its hidden controls,
// its footprint.
func (c *Plan) query() string {
	return c.foot.fp.AppendTo(state.PlanEmbedString(c.q, c.t, c.look))
}

func (c *Plan) load(q data.Query, t plan.Traffic, notices []state.Notice) {
	c.q, c.t, c.notices = q, t, notices
	c.deadlineText, c.deadlineErr = data.Tokens.DeadlineText(q.DeadlineMS), ""
	c.traffic.load(t)
	c.compute()
}

func (c *Plan) OnMount(ctx app.Context) {
	unfold(ctx, func() {
		c.mounted = true
		markMounted()
	})
	if c.embedded {
		c.stopHeight = watchHeight()
	}
}

func (c *Plan) OnDismount() {
	if c.stopHeight != nil {
		c.stopHeight()
	}
}

// compute plans c.q for c.t and builds the charts.
func (c *Plan) compute() {
	c.p, c.err = plan.Make(c.set, c.q, c.t)
	if c.err != nil {
		c.p = nil
		return
	}
	pc := charts.NewPlanChart(c.p)
	c.pc = pc
	for _, ch := range []struct {
		opt, label *string
		build      func(charts.PlanChart) ([]byte, error)
		describe   func(charts.PlanChart) string
	}{{&c.energyOpt, &c.energyLabel, charts.PlanEnergy, charts.DescribePlanEnergy}, {&c.gpusOpt, &c.gpusLabel, charts.PlanGPUs, charts.DescribePlanGPUs}} {
		b, err := ch.build(pc)
		if err != nil {
			c.err = err
			return
		}
		*ch.opt, *ch.label = string(b), ch.describe(pc)
	}
}

// apply takes a new state from an input, plans it and, a moment later,
// writes it to the URL without a history entry (see calc.apply).
func (c *Plan) apply() {
	c.q = state.Normalize(c.set, c.q)
	c.compute()
	replaceQuery(c.query())
}

func (c *Plan) onTask(ctx app.Context, e app.Event) {
	if _, err := c.set.Workload(value(ctx)); err != nil {
		return // not one of the options: someone edited the DOM
	}
	c.q.Task = value(ctx)
	c.apply()
}

func (c *Plan) onModel(ctx app.Context, e app.Event) {
	c.q.Model = value(ctx)
	c.apply()
}

func (c *Plan) onGPU(ctx app.Context, e app.Event) {
	c.q.GPU = value(ctx)
	c.apply()
}

func (c *Plan) onPercentile(ctx app.Context, e app.Event) {
	p, err := data.ParsePercentile(value(ctx))
	if err != nil {
		return
	}
	c.q.Percentile = p
	c.apply()
}

func (c *Plan) onDeadlineSlider(ctx app.Context, e app.Event) {
	if pos, ok := sliderInput(ctx, data.Tokens); ok {
		c.setDeadline(ctx, data.Tokens.SliderDeadline(pos))
	}
}

func (c *Plan) onDeadlineKey(ctx app.Context, e app.Event) {
	if ms, ok := sliderKey(e, data.Tokens, c.q.DeadlineMS); ok {
		c.setDeadline(ctx, ms)
	}
}

func (c *Plan) onDeadlineText(ctx app.Context, e app.Event) {
	c.deadlineText = value(ctx)
	ms, err := data.ParseDeadline(c.deadlineText)
	if err != nil {
		c.deadlineErr = deadlineError(data.Tokens, c.deadlineText, err)
		return // keep the last good plan
	}
	c.deadlineErr = ""
	c.q.DeadlineMS = ms
	c.apply()
}

func (c *Plan) setDeadline(ctx app.Context, ms float64) {
	c.deadlineText, c.deadlineErr = data.Tokens.DeadlineText(ms), ""
	c.q.DeadlineMS = ms
	c.apply()
}

func (c *Plan) onMinDeadline(ctx app.Context, e app.Event) {
	if c.p != nil && c.p.Best() == nil {
		c.setDeadline(ctx, c.p.Busy.MinDeadlineMS())
	}
}

func (c *Plan) onTraffic(ctx app.Context, e app.Event) {
	if c.traffic.edit(ctx, &c.t) {
		c.apply()
	}
}

func (c *Plan) onRatePreset(r data.Rate) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		c.traffic.preset(r, &c.t)
		c.apply()
	}
}

func (c *Plan) onFootprint(ctx app.Context, e app.Event) {
	if c.foot.edit(ctx) {
		c.apply()
	}
}

func (c *Plan) onFootprintToggle(ctx app.Context, e app.Event) {
	c.foot.open = ctx.JSSrc().Get("open").Bool()
}

// calcURL is the calculator with this state, a day's tokens as its volume.
func (c *Plan) calcURL() string {
	q := c.q
	q.Tokens = c.t.Rate.TokensPerDay()
	return appURL("/", c.foot.fp.Page().AppendTo(state.String(q)))
}

// compareURL is the compare page planning every model for this traffic.
func (c *Plan) compareURL() string {
	return appURL("/compare", c.foot.fp.Page().AppendTo(state.PlanString(c.q, c.t)))
}

// planURL is the full plan page with this state.
func (c *Plan) planURL() string {
	return appURL("/plan", c.foot.fp.Page().AppendTo(state.PlanString(c.q, c.t)))
}
