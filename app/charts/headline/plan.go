package headline

import (
	"math"

	"tokenjoule/data"
	"tokenjoule/data/lang"
	"tokenjoule/data/plan"
)

// The plan's charts as the embed's chart layout shows them: a headline
// that states what each shows for a plan, and a caption in a line.
var (
	BriefPlanEnergy = lang.EN.T("chart.plan.energy.brief")
	BriefPlanGPUs   = lang.EN.T("chart.plan.gpus.brief")
)

// PlanBriefs are the plan's two charts' Brief captions, in page order
// (state.PlanCharts).
var PlanBriefs = [2]string{BriefPlanEnergy, BriefPlanGPUs}

// PlanBriefsIn are PlanBriefs in p's language.
func PlanBriefsIn(p data.Printer) [2]string {
	return [2]string{p.T("chart.plan.energy.brief"), p.T("chart.plan.gpus.brief")}
}

// PlanOf are the plan's two charts' headlines, in page order (state.PlanCharts).
var PlanOf = [2]func(*plan.Plan) string{PlanEnergy, PlanGPUs}

// PlanOfIn are the plan's two charts' headlines in pr's language, in page
// order.
var PlanOfIn = [2]func(data.Printer, *plan.Plan) string{PlanEnergyIn, PlanGPUsIn}

// PlanEnergy is the PlanEnergy chart's headline for p.
func PlanEnergy(p *plan.Plan) string { return PlanEnergyIn(data.Printer{}, p) }

// PlanEnergyIn is PlanEnergy in pr's language.
func PlanEnergyIn(pr data.Printer, p *plan.Plan) string {
	return planHeadline(pr, p, func(o *plan.Option) string {
		return pr.T("chart.plan.energy.headline", "energy", pr.Energy(o.WhPerDay), "deadline", pr.MS(p.Busy.Query.DeadlineMS),
			"share", pr.Change(o.WhPerDay, p.BusyWhPerDay()))
	})
}

// PlanGPUs is the PlanGPUs chart's headline for p, with the range of GPUs
// its steps (plan.Steps, which the chart draws) span.
func PlanGPUs(p *plan.Plan) string { return PlanGPUsIn(data.Printer{}, p) }

// PlanGPUsIn is PlanGPUs in pr's language.
func PlanGPUsIn(pr data.Printer, p *plan.Plan) string {
	return planHeadline(pr, p, func(o *plan.Option) string {
		q := p.Busy.Query
		lo, hi := math.MaxInt, 0
		for _, s := range plan.Steps(p.Busy.Model.Configurations, q.GPU, q.Percentile, p.Traffic) {
			lo, hi = min(lo, s.GPUs), max(hi, s.GPUs)
		}
		key := "gpus.many"
		if o.GPUs == 1 {
			key = "gpus.one"
		}
		s := pr.T("chart.plan.gpus.headline", "gpus", pr.T(key, "n", pr.Int(o.GPUs)), "deadline", pr.MS(q.DeadlineMS),
			"replicas", pr.Int(o.Replicas), "hardware", o.Config.Hardware())
		if lo != hi {
			s += pr.T("chart.plan.gpus.across", "lo", pr.Int(lo), "hi", pr.Int(hi))
		}
		return s
	})
}

// planHeadline is "Model, N output tokens a day: " and what chosen says of
// the plan at the deadline, or, when none meets it, the smallest deadline
// one meets.
func planHeadline(pr data.Printer, p *plan.Plan, chosen func(*plan.Option) string) string {
	r := p.Busy
	lead := pr.T("chart.plan.lead", "model", r.Model.Name, "tokens", plan.CountWordsIn(pr, p.Traffic.Rate.TokensPerDay()))
	b := p.Best()
	if b == nil {
		return lead + pr.T("chart.plan.missed", "deadline", pr.MS(r.Query.DeadlineMS), "min", pr.MS(r.MinDeadlineMS()))
	}
	return lead + chosen(b)
}
