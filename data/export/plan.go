package export

import (
	"strings"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/plan"
)

// Plan is a deployment plan as one document: the question (the calculator's
// inputs less the volume, and the traffic), the plan's figures at full
// precision, the chosen dataset row, the dataset, and the footprint of a
// day at f's boundary with the idle share the plan replaces (plan.Footprint).
// Figures are null when no configuration meets the deadline; the document
// then gives the smallest deadline one meets and that configuration.
// plan -json prints it, and the plan page's download saves it.
func Plan(p *plan.Plan, f footprint.Factors) Object {
	r, t, b := p.Busy, p.Traffic, p.Best()
	q, m := r.Query, r.Model
	status := data.Meets
	if b == nil {
		status = data.MissesDeadline
	}
	var idle any
	switch {
	case t.IdleSet:
		idle = t.Idle
	case b != nil:
		idle = b.IdleW
	}
	o := append(question(q, m), Object{
		{"rate", data.FormatRate(t.Rate)},
		{"rate_tokens_per_s", t.Rate.TokensPerSecond()},
		{"peak", t.Peak},
		{"peak_tokens_per_s", t.Rate.TokensPerSecond() * t.Peak},
		{"idle_watts_per_gpu", idle},
		{"status", status},
	}...)
	figures := Object{
		{"replicas", nil}, {"gpus", nil}, {"utilisation", nil}, {"peak_utilisation", nil}, {"power_w", nil},
		{"energy_kwh_per_day", nil}, {"energy_kwh_per_year", nil}, {"busy_kwh_per_day", nil}, {"headroom_share", nil},
		{"gpu_hours_per_day", nil},
	}
	if b != nil {
		for i, v := range []any{b.Replicas, b.GPUs, b.Utilisation, b.PeakUtilisation(t), b.PowerW,
			b.WhPerDay / 1000, b.WhPerDay * 365 / 1000, p.BusyWhPerDay() / 1000, p.HeadroomShare(), b.GPUHoursPerDay()} {
			figures[i].Value = v
		}
	}
	o = append(o, figures...)
	if b != nil {
		o = append(o, Field{"selected", Row(b.Config)})
	} else {
		o = append(o, Field{"selected", nil}, Field{"min_deadline_ms", r.MinDeadlineMS()}, Field{"fastest", Row(r.Fastest)})
	}
	o = append(o, dataset(m)...)
	if b != nil {
		requests := t.Rate.TokensPerDay() / b.Config.OutputTokensPerRequest()
		o = append(o, Field{"footprint", ladder(plan.Footprint(f), b.Spread(f), b.WhPerDay, b.WhPerDay/requests, "facility_wh_per_request")})
	}
	return o
}

// PlanJSON is Plan as an indented document ending in a newline, the exact
// bytes plan -json prints.
func PlanJSON(p *plan.Plan, f footprint.Factors) ([]byte, error) { return indent(Plan(p, f)) }

// planColumns are PlanCSV's columns after the rank: an option's plan, then
// its dataset row.
var planColumns = []struct {
	key   string
	value func(o *plan.Option, t plan.Traffic) any
}{
	{"replicas", func(o *plan.Option, _ plan.Traffic) any { return o.Replicas }},
	{"gpus", func(o *plan.Option, _ plan.Traffic) any { return o.GPUs }},
	{"utilisation", func(o *plan.Option, _ plan.Traffic) any { return o.Utilisation }},
	{"peak_utilisation", func(o *plan.Option, t plan.Traffic) any { return o.PeakUtilisation(t) }},
	{"idle_watts_per_gpu", func(o *plan.Option, _ plan.Traffic) any { return o.IdleW }},
	{"power_w", func(o *plan.Option, _ plan.Traffic) any { return o.PowerW }},
	{"energy_kwh_per_day", func(o *plan.Option, _ plan.Traffic) any { return o.WhPerDay / 1000 }},
	{"gpu_hours_per_day", func(o *plan.Option, _ plan.Traffic) any { return o.GPUHoursPerDay() }},
}

// PlanCSV is every configuration that meets the deadline, planned, one line
// each in plan order (the chosen one first) under a header of keys with
// their units: rank, the plan's figures, a day of it past the GPU for the
// factors f sets, each with its low and high over their published spread
// (footprintColumns, as a planned comparison has them), then the dataset
// row's keys. Numbers are written in full, unformatted. With no
// configuration under the deadline, the header alone.
func PlanCSV(p *plan.Plan, f footprint.Factors) []byte {
	fp := footprintColumns(data.Printer{}, plan.Footprint(f), true, func(r Ranked) (float64, footprint.Spread, bool) {
		o := r.Plan.Best()
		return o.WhPerDay, o.Spread(f), true
	})
	head := []string{"rank"}
	for _, c := range planColumns {
		head = append(head, c.key)
	}
	for _, c := range fp {
		head = append(head, c.key)
	}
	for _, k := range rowKeys {
		head = append(head, k.key)
	}
	return csvTable(head, len(p.Options), func(i, j int) any {
		o := &p.Options[i]
		switch {
		case j == 0:
			return i + 1
		case j <= len(planColumns):
			return planColumns[j-1].value(o, p.Traffic)
		case j <= len(planColumns)+len(fp):
			// The footprint's columns read a plan's best option: here, a
			// plan of this option alone.
			return fp[j-1-len(planColumns)].file(Ranked{Plan: &plan.Plan{Options: p.Options[i : i+1]}})
		}
		return rowKeys[j-1-len(planColumns)-len(fp)].value(o.Config)
	})
}

// PlanFilename names a plan's download after its question:
// "tokenjoule-plan-lm-arena-chat-qwen-3-14b-any-50ms-p50-1B-per-day.json".
func PlanFilename(p *plan.Plan, ext string) string {
	return planFilename(p.Busy.Query, p.Traffic.Rate, ext)
}

// planFilename names a plan's download, or a planned comparison's (whose
// query has no model), after its question and its rate.
func planFilename(q data.Query, rate data.Rate, ext string) string {
	parts := []string{"tokenjoule-plan", q.Task}
	if q.Model != "" {
		parts = append(parts, q.Model)
	}
	parts = append(parts, q.GPU, data.FormatDeadline(q.DeadlineMS), string(q.Percentile), data.FormatTokens(rate.Tokens), "per", rate.Per.Name)
	return strings.Join(parts, "-") + "." + ext
}
