package headline

import (
	"fmt"
	"math"

	"tokenjoule/data"
	"tokenjoule/data/plan"
)

// The plan's charts as the embed's chart layout shows them: a headline
// that states what each shows for a plan, and a caption in a line.
const (
	BriefPlanEnergy = "Steps: the best plan from each deadline up; dashed: every GPU always busy; ◆: the plan."
	BriefPlanGPUs   = "Steps: the GPUs the best plan needs from each deadline up; ◆: the plan at the deadline."
)

// PlanBriefs are the plan's two charts' Brief captions, in page order
// (state.PlanCharts).
var PlanBriefs = [2]string{BriefPlanEnergy, BriefPlanGPUs}

// PlanOf are the plan's two charts' headlines, in page order (state.PlanCharts).
var PlanOf = [2]func(*plan.Plan) string{PlanEnergy, PlanGPUs}

// PlanEnergy is the PlanEnergy chart's headline for p.
func PlanEnergy(p *plan.Plan) string {
	return planHeadline(p, func(o *plan.Option) string {
		return fmt.Sprintf("%s a day within %s, %s for the capacity kept for the peak", data.FormatEnergy(o.WhPerDay),
			data.FormatMS(p.Busy.Query.DeadlineMS), data.FormatChange(o.WhPerDay, p.BusyWhPerDay()))
	})
}

// PlanGPUs is the PlanGPUs chart's headline for p, with the range of GPUs
// its steps (plan.Steps, which the chart draws) span.
func PlanGPUs(p *plan.Plan) string {
	return planHeadline(p, func(o *plan.Option) string {
		q := p.Busy.Query
		lo, hi := math.MaxInt, 0
		for _, s := range plan.Steps(p.Busy.Model.Configurations, q.GPU, q.Percentile, p.Traffic) {
			lo, hi = min(lo, s.GPUs), max(hi, s.GPUs)
		}
		gpus := "GPUs"
		if o.GPUs == 1 {
			gpus = "GPU"
		}
		s := fmt.Sprintf("%s %s within %s (%s × %s)", data.FormatInt(o.GPUs), gpus, data.FormatMS(q.DeadlineMS), data.FormatInt(o.Replicas), o.Config.Hardware())
		if lo != hi {
			s += fmt.Sprintf("; %s to %s across the deadlines", data.FormatInt(lo), data.FormatInt(hi))
		}
		return s
	})
}

// planHeadline is "Model, N output tokens a day: " and what chosen says of
// the plan at the deadline, or, when none meets it, the smallest deadline
// one meets.
func planHeadline(p *plan.Plan, chosen func(*plan.Option) string) string {
	r := p.Busy
	lead := fmt.Sprintf("%s, %s output tokens a day: ", r.Model.Name, plan.FormatCount(p.Traffic.Rate.TokensPerDay()))
	b := p.Best()
	if b == nil {
		return lead + fmt.Sprintf("no measured configuration meets %s; the smallest deadline one meets is %s",
			data.FormatMS(r.Query.DeadlineMS), data.FormatMS(r.MinDeadlineMS()))
	}
	return lead + chosen(b)
}
