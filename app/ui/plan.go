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
	page // q.Tokens is not used

	t       plan.Traffic
	traffic trafficInputs // its boxes, as typed
	p       *plan.Plan
	err     error // plan.Make refused the state; never expected, shown rather than hidden

	energyOpt, gpusOpt     string // the charts' options
	energyLabel, gpusLabel string // and what they show, in words

	status string // what the last download did
	failed bool
}

// newPlan is the plan page, or its embed.
func newPlan(embedded bool) app.Composer {
	c := &Plan{}
	c.page = page{own: c, embedded: embedded, class: "plan"}
	return c
}

// read reads the query, the traffic and the footprint, less the idle share
// (a plan counts idle capacity itself) and the budget.
func (c *Plan) read(v url.Values) []state.Notice {
	q, t, notices := state.ParsePlan(c.set, v)
	c.q, c.t = q, t
	c.traffic.load(t, c.printer())
	notices = append(notices, c.foot.load(v, c.embedded)...)
	c.foot.noIdle = true
	if f := &c.foot.fp.Factors; f.Idle.Set {
		f.Idle = footprint.Factor{}
		notices = append(notices, state.Notice{Param: state.ParamIdle, Value: v.Get(state.ParamIdle),
			Message: c.tr("plan.notice.idle")})
	}
	return notices
}

func (c *Plan) readLook(v url.Values) (state.Embed, []state.Notice) { return state.ParsePlanEmbed(v) }

func (c *Plan) valid(q data.Query) data.Query { return state.Normalize(c.set, q) }

// query is the page's state and, in an embed, its hidden controls.
func (c *Plan) query() string { return state.PlanEmbedString(c.q, c.t, c.look) }

// compute plans c.q for c.t and builds the charts.
func (c *Plan) compute() {
	c.p, c.err = plan.Make(c.set, c.q, c.t)
	if c.err != nil {
		c.p = nil
		return
	}
	pc := charts.NewPlanChart(c.p)
	pc.Printer = c.printer()
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

// onMinDeadline sets the smallest deadline the model meets.
func (c *Plan) onMinDeadline(ctx app.Context, e app.Event) {
	if c.p != nil && c.p.Best() == nil {
		c.setDeadlineMS(c.p.Busy.MinDeadlineMS())
	}
}

// calcURL is the calculator with this state, a day's tokens as its volume.
func (c *Plan) calcURL() string {
	q := c.q
	q.Tokens = c.t.Rate.TokensPerDay()
	return c.link("/", c.foot.fp.Page().AppendTo(state.String(q)))
}

// compareURL is the compare page planning every model for this traffic.
func (c *Plan) compareURL() string {
	return c.link("/compare", c.foot.fp.Page().AppendTo(state.PlanString(c.q, c.t)))
}

// planURL is the full plan page with this state.
func (c *Plan) planURL() string {
	return c.link("/plan", c.foot.fp.Page().AppendTo(state.PlanString(c.q, c.t)))
}
