package export

import (
	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/plan"
)

// The plan's cards: a deployment plan, and every model planned for one
// traffic, in the words a figure in an article carries (Card, CompareCard),
// for the plan embed's and the compare embed's card layouts and their
// pictures.

// PlanCardOf is p's card: the question and its answer as the title
// ("Serving 1B output tokens a day of Qwen 3 14B within 50 ms: 2 B200
// GPUs, 27.14 kWh a day"), the energy a day at f's boundary (the plan counts
// idle capacity itself: plan.Footprint), one everyday comparison, and the
// carbon, water and cost a day that f sets. Like the calculator's card, it
// leaves the serving details to the full plan.
func PlanCardOf(p *plan.Plan, given footprint.Factors) Card {
	return PlanCardIn(data.Printer{}, p, given)
}

// PlanCardIn is PlanCardOf in pr's language, its figures in pr's formats.
func PlanCardIn(pr data.Printer, p *plan.Plan, given footprint.Factors) Card {
	r, t, b := p.Busy, p.Traffic, p.Best()
	q, m := r.Query, r.Model
	lead := pr.T("card.plan.lead", "tokens", plan.CountWordsIn(pr, t.Rate.TokensPerDay()), "model", m.Name, "deadline", pr.MS(q.DeadlineMS))
	c := Card{
		Context: pr.T("card.plan.context", "workload", workloadIn(pr, m, q.Task),
			"deadline", pr.DeadlineWords(data.Tokens, q.Percentile, q.DeadlineMS), "peak", pr.Number(t.Peak)),
		Caveat: pr.T("card.plan.caveat"),
		Source: m.Source,
		Lang:   pr.Lang,
	}
	if b == nil {
		c.Title = pr.T("card.plan.none", "lead", lead)
		c.Context = pr.T("card.plan.context.on", "context", c.Context, "gpus", pr.GPUChoice(m.GPUs, q.GPU))
		c.Missed = pr.T("card.missed", "deadline", pr.MS(r.MinDeadlineMS()), "hardware", r.Fastest.Hardware())
		return c
	}
	f := plan.Footprint(given)
	l := f.Ladder(b.WhPerDay)
	gpus := "card.plan.gpus.many"
	if b.GPUs == 1 {
		gpus = "card.plan.gpus.one"
	}
	c.Title = pr.T("card.plan.title", "lead", lead, "gpus", pr.T(gpus, "n", pr.Int(b.GPUs), "gpu", b.Config.GPU), "energy", pr.Energy(l.FacilityWh))
	c.Context += "."
	c.Figure, c.Label, c.Wh = pr.Energy(l.FacilityWh), pr.T("card.plan.label"), l.FacilityWh
	if !f.IsGPUOnly() {
		c.Label = pr.T("card.plan.fp.label", "name", f.BoundaryNameIn(pr))
		c.Caveat = widenedCaveat(pr, "card.plan.fp.caveat", f, footprint.Idle) // the plan's own
	}
	if cmp, ok := readableIn(pr, l.FacilityWh); ok {
		c.Comparison = pr.T("card.plan.comparison", "amount", cmp)
	}
	day := " " + pr.T("plan.a-day")
	c.Totals = totals(pr, f, l, day)
	c.Range = b.Spread(given).LineIn(pr, b.WhPerDay, day)
	return c
}

// PlanCompareCardOf is rk's card: which model serves the traffic with the
// least energy a day, and on how many GPUs; idx gives the source every
// model shares.
func PlanCompareCardOf(rk *plan.Ranking, idx *data.Index) CompareCard {
	return PlanCompareCardIn(data.Printer{}, rk, idx)
}

// PlanCompareCardIn is PlanCompareCardOf in p's language, its figures in
// p's formats.
func PlanCompareCardIn(p data.Printer, rk *plan.Ranking, idx *data.Index) CompareCard {
	q, w, t := rk.Query, rk.Workload, rk.Traffic
	var meets []*plan.Option
	var names []string
	for _, r := range rk.Models {
		if r.Status() == data.Meets {
			meets, names = append(meets, r.Plan.Best()), append(names, r.Entry.Name)
		}
	}
	measured, models := rk.Data().MeasuredIn(p)
	c := CompareCard{
		Title: p.T("card.plancompare.title", "workload", workloadNameIn(p, w), "tokens", plan.CountWordsIn(p, t.Rate.TokensPerDay()),
			"gpus", p.GPUChoice(w.GPUs(), q.GPU)),
		Context: p.T("card.plancompare.context", "deadline", p.DeadlineWords(data.Tokens, q.Percentile, q.DeadlineMS), "peak", p.Number(t.Peak),
			"n", p.Int(len(meets)), "total", p.Int(measured), "models", models),
		Caveat: p.T("card.plan.caveat"),
		Source: idx.Source,
		Lang:   p.Lang,
	}
	on := func(o *plan.Option) string {
		key := "gpus.many"
		if o.GPUs == 1 {
			key = "gpus.one"
		}
		return p.T("card.plan.on", "energy", p.Energy(o.WhPerDay), "gpus", p.T(key, "n", p.Int(o.GPUs)))
	}
	if len(meets) > 0 {
		c.Wh = meets[0].WhPerDay
	}
	switch len(meets) {
	case 0:
		c.Answer = p.T("card.compare.none", "n", p.Int(measured), "models", models)
	case 1:
		c.Answer = p.T("card.compare.only", "model", names[0], "energy", on(meets[0]))
	default:
		least, most := meets[0], meets[len(meets)-1]
		c.Answer = p.T("card.compare.answer", "model", names[0], "energy", on(least), "ratio", p.Ratio(most.WhPerDay/least.WhPerDay))
	}
	return c
}
