package ui

// The compare page in plan mode (a URL with a rate): every model of the
// workload planned for one traffic (plan.Compare), ranked by energy a day,
// with the GPUs each needs. The table, the bars, the answer and the links
// follow; the models that miss the deadline, the scatter and the footprint
// inputs are the page's own.

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/charts"
	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/plan"
)

// planMode is the compare page's plan mode: whether the URL asked for a
// rate, the traffic, its boxes, and the models planned.
type planMode struct {
	planning bool
	traffic  plan.Traffic
	tin      trafficInputs
	prk      *plan.Ranking
	plans    map[string]*plan.Plan // by slug
}

// computePlans plans every model for the traffic and returns the ranking in
// the plan's order, as the page's other parts read it.
func (c *Compare) computePlans() (*data.Ranking, error) {
	prk, err := plan.Compare(c.set, c.q, c.traffic)
	if err != nil {
		return nil, err
	}
	c.prk, c.plans = prk, map[string]*plan.Plan{}
	for _, r := range prk.Models {
		c.plans[r.Entry.Slug] = r.Plan
	}
	return prk.Data(), nil
}

// query is the page's state, its hidden controls and, in plan mode, the
// traffic.
func (c *Compare) query() string {
	s := state.EmbedString(c.q, c.look)
	if c.planning {
		s += "&" + state.TrafficString(c.traffic)
	}
	return s
}

// planURL is the plan page for the model slug with this state.
func (c *Compare) planURL(slug string) string {
	q := c.q
	q.Model = slug
	t := c.traffic
	if !c.planning {
		t = state.TokensAsRate(q, plan.DefaultTraffic())
	}
	return c.link("/plan", c.foot.fp.Page().AppendTo(state.PlanString(state.Normalize(c.set, q), t)))
}

// modeURL is this comparison in the other mode: by a volume (a day's
// tokens) in plan mode, planned (the volume as a day's traffic) otherwise.
func (c *Compare) modeURL() string {
	q := c.q
	if c.planning {
		q.Tokens = c.traffic.Rate.TokensPerDay()
		return c.link("/compare", c.foot.fp.Page().AppendTo(state.String(q)))
	}
	return c.link("/compare", c.foot.fp.Page().AppendTo(state.String(q)+"&"+state.TrafficString(state.TokensAsRate(q, plan.DefaultTraffic()))))
}

// renderPlanAnswer is plan mode's question, answer and bars.
func (c *Compare) renderPlanAnswer() app.UI {
	q, p := c.q, c.printer()
	ranked, _, _ := c.groups()
	measured, models := c.rk.MeasuredIn(p)
	question := c.tr("compare.plan.question", "traffic", c.traffic.WordsIn(p), "workload", c.workloadWords(c.rk.Workload),
		"gpus", c.gpuWords(), "deadline", p.DeadlineWords(data.Tokens, q.Percentile, q.DeadlineMS))
	var answer []app.UI
	if len(ranked) == 0 {
		answer = append(answer, app.Text(c.tr("compare.none", "n", p.Int(measured), "models", models)))
	} else {
		first, last := c.plans[ranked[0].Entry.Slug].Best(), c.plans[ranked[len(ranked)-1].Entry.Slug].Best()
		answer = append(answer,
			app.Strong().ID("meets-count").Text(c.tr("compare.count", "n", p.Int(len(ranked)), "total", p.Int(measured))),
			app.Text(" "+c.tr("compare.plan.meet", "models", models)+" "),
			app.Strong().ID("least").Text(c.tr("compare.plan.model", "model", ranked[0].Entry.Name,
				"energy", p.Energy(first.WhPerDay), "gpus", gpuCount(p, first.GPUs))),
		)
		// Text after an element begins with a word or a dash: prerendered,
		// go-app puts a line break between them, read as a space.
		if len(ranked) > 1 {
			answer = append(answer, app.Text(" "+c.tr("compare.plan.most", "model", ranked[len(ranked)-1].Entry.Name,
				"energy", p.Energy(last.WhPerDay), "gpus", gpuCount(p, last.GPUs), "ratio", p.Ratio(last.WhPerDay/first.WhPerDay))))
		}
	}
	rows := barRows(len(ranked))
	body := append(c.renderPending(c.set),
		app.P().ID("question").Class("question").Text(question),
		app.P().ID("answer").Class("answer").Role("status").Body(answer...),
		app.P().ID("floor").Class("floor").Text(c.tr("plan.caveat")),
		app.Figure().Class("chart bars "+rows).Body(
			app.H2().Text(c.titleRanking()),
			&Chart{ID: chartRanking, Option: c.bars, Label: charts.DescribePlanRanking(c.printer(), c.prk)},
			renderChartNoJS(),
			app.FigCaption().Text(c.tr("compare.plan.bars.caption")),
		),
	)
	return app.Section().ID("result").Class("result card").TabIndex(-1).Aria("labelledby", "question").Body(body...)
}

// gpuCount is a number of GPUs in words: "1 GPU", "12 GPUs".
func gpuCount(p data.Printer, n int) string {
	if n == 1 {
		return p.T("gpus.one", "n", p.Int(n))
	}
	return p.T("gpus.many", "n", p.Int(n))
}

// modelCalcURL is the calculator for the highlighted model: in plan mode,
// with a day's tokens as its volume.
func (c *Compare) modelCalcURL() string {
	q := state.Normalize(c.set, c.q)
	if c.planning {
		q.Tokens = c.traffic.Rate.TokensPerDay()
	}
	return c.link("/", c.foot.fp.Page().AppendTo(state.String(q)))
}

// modeWords names the link to the other mode.
func (c *Compare) modeWords() string {
	if c.planning {
		return c.tr("compare.mode.volume")
	}
	return c.tr("compare.mode.plan")
}

// openWords is the title of a model's link.
func (c *Compare) openWords(model string) string {
	if c.planning {
		return c.tr("compare.open.plan", "model", model)
	}
	return c.tr("compare.open.calc", "model", model)
}

// noteKey is the table's note, which says where a model's name leads.
func (c *Compare) noteKey() string {
	if c.planning {
		return "compare.ranking.note.plan"
	}
	return "compare.ranking.note.calc"
}
