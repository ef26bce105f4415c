package export

import (
	"fmt"

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
	r, t, b := p.Busy, p.Traffic, p.Best()
	q, m := r.Query, r.Model
	lead := fmt.Sprintf("Serving %s output tokens a day of %s within %s", plan.FormatCount(t.Rate.TokensPerDay()), m.Name, data.FormatMS(q.DeadlineMS))
	c := Card{
		Context: fmt.Sprintf("%s, with %s; a peak of %s× the average", workloadName(m, q.Task),
			data.DeadlineWords(data.Tokens, q.Percentile, q.DeadlineMS), data.FormatNumber(t.Peak)),
		Caveat: "GPU energy, idle capacity included, a floor: host, network and cooling are not counted.",
		Source: m.Source,
	}
	if b == nil {
		c.Title = lead + ": no measured configuration is fast enough"
		c.Context += ", on " + data.GPUChoice(m.GPUs, q.GPU) + "."
		c.Missed = fmt.Sprintf("No measured configuration meets this deadline: the smallest one meets is %s (%s).",
			data.FormatMS(r.MinDeadlineMS()), r.Fastest.Hardware())
		return c
	}
	f := plan.Footprint(given)
	l := f.Ladder(b.WhPerDay)
	c.Title = fmt.Sprintf("%s: %s %s GPU%s, %s a day", lead, data.FormatInt(b.GPUs), b.Config.GPU, plural(b.GPUs), data.FormatEnergy(l.FacilityWh))
	c.Context += "."
	c.Figure, c.Label, c.Wh = data.FormatEnergy(l.FacilityWh), "a day of GPU energy, idle capacity included", l.FacilityWh
	if !f.IsGPUOnly() {
		c.Label = fmt.Sprintf("a day at the boundary “%s”", f.BoundaryName())
		c.Caveat = widenedCaveat("GPU energy with idle capacity", f, footprint.Idle) // the plan's own
	}
	if cmp, ok := readable(l.FacilityWh); ok {
		c.Comparison = "Each day, about " + cmp + "."
	}
	c.Totals = totals(f, l, " a day")
	c.Range = b.Spread(given).Line(b.WhPerDay, " a day")
	return c
}

// PlanCompareCardOf is rk's card: which model serves the traffic with the
// least energy a day, and on how many GPUs; idx gives the source every
// model shares.
func PlanCompareCardOf(rk *plan.Ranking, idx *data.Index) CompareCard {
	q, w, t := rk.Query, rk.Workload, rk.Traffic
	var meets []*plan.Option
	var names []string
	for _, r := range rk.Models {
		if r.Status() == data.Meets {
			meets, names = append(meets, r.Plan.Best()), append(names, r.Entry.Name)
		}
	}
	measured, models := rk.Data().Measured()
	c := CompareCard{
		Title: fmt.Sprintf("Which %s model serves %s output tokens a day with the least energy on %s?", w.Name,
			plan.FormatCount(t.Rate.TokensPerDay()), data.GPUChoice(w.GPUs(), q.GPU)),
		Context: fmt.Sprintf("With %s and a peak of %s× the average; %d of %d %s meet this deadline.",
			data.DeadlineWords(data.Tokens, q.Percentile, q.DeadlineMS), data.FormatNumber(t.Peak), len(meets), measured, models),
		Caveat: "GPU energy, idle capacity included, a floor: host, network and cooling are not counted.",
		Source: idx.Source,
	}
	on := func(o *plan.Option) string {
		return fmt.Sprintf("%s a day on %s GPU%s", data.FormatEnergy(o.WhPerDay), data.FormatInt(o.GPUs), plural(o.GPUs))
	}
	if len(meets) > 0 {
		c.Wh = meets[0].WhPerDay
	}
	switch len(meets) {
	case 0:
		c.Answer = fmt.Sprintf("None of the %d %s meets this deadline.", measured, models)
	case 1:
		c.Answer = fmt.Sprintf("Only %s meets it: %s.", names[0], on(meets[0]))
	default:
		least, most := meets[0], meets[len(meets)-1]
		c.Answer = fmt.Sprintf("%s uses the least: %s; the most uses %s× as much.", names[0], on(least),
			data.FormatRatio(most.WhPerDay/least.WhPerDay))
	}
	return c
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
