package export

import (
	"fmt"
	"strconv"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/plan"
)

// The compare page's downloads in plan mode, and compare -rate's output:
// every model of a workload planned for one traffic (plan.Compare).

// PlanCompareTable is a planned comparison as a table (see Table): who each
// model is, its plan, and, for the factors f sets, a day of it past the GPU
// (footprintColumns), the idle share being the plan's own (plan.Footprint).
// compare -rate prints it, and the compare page in plan mode draws and
// downloads it.
func PlanCompareTable(rk *plan.Ranking, f footprint.Factors) *Table {
	return PlanCompareTableIn(data.Printer{}, rk, f)
}

// PlanCompareTableIn is PlanCompareTable with the page's headers and words
// in p's language (the page's cells in its format: Column.PageIn).
func PlanCompareTableIn(p data.Printer, rk *plan.Ranking, f footprint.Factors) *Table {
	t := &Table{
		Model: modelColumnsIn(p),
		Size: []Column{
			{key: "params_b", value: params},
			{id: "active", key: "active_params_b", label: p.T("col.active"), in: files | Page, scale: billions, value: activeParams},
			{label: "Parameters", in: Text, value: size},
		},
		Fleet: []Column{
			{key: "replicas", value: best(func(o *plan.Option, _ *plan.Plan) any { return o.Replicas })},
			{id: "gpus", key: "gpus", label: p.T("col.gpus"), value: best(func(o *plan.Option, _ *plan.Plan) any { return o.GPUs })},
			{id: "utilisation", key: "utilisation", label: p.T("col.utilisation"), textLabel: "Busy on average", scale: percent,
				value: best(func(o *plan.Option, _ *plan.Plan) any { return o.Utilisation })},
			{key: "peak_utilisation", value: best(func(o *plan.Option, p *plan.Plan) any { return o.PeakUtilisation(p.Traffic) })},
			{key: "idle_watts_per_gpu", value: best(func(o *plan.Option, _ *plan.Plan) any { return o.IdleW })},
			{key: "power_w", value: best(func(o *plan.Option, _ *plan.Plan) any { return o.PowerW })},
		},
		Energy: []Column{
			{id: "energy", key: "energy_kwh_per_day", label: p.T("col.energy.day"), scale: kilowattHours,
				value: best(func(o *plan.Option, _ *plan.Plan) any { return o.WhPerDay })},
			{key: "energy_kwh_per_year", scale: kilowattHours, value: best(func(o *plan.Option, _ *plan.Plan) any { return o.WhPerDay * 365 })},
			{key: "busy_kwh_per_day", scale: kilowattHours, value: best(func(_ *plan.Option, p *plan.Plan) any { return p.BusyWhPerDay() })},
		},
		Detail: []Column{
			{id: "headroom", key: "headroom_share", label: p.T("col.headroom"), scale: growth,
				value: best(func(_ *plan.Option, p *plan.Plan) any { return p.HeadroomShare() })},
			{key: "gpu_hours_per_day", value: best(func(o *plan.Option, _ *plan.Plan) any { return o.GPUHoursPerDay() })},
		},
		Footprint: footprintColumns(p, plan.Footprint(f), true, func(r Ranked) (float64, footprint.Spread, bool) {
			if r.Status() != data.Meets {
				return 0, footprint.Spread{}, false
			}
			b := r.Plan.Best()
			return b.WhPerDay, b.Spread(f), true
		}),
		Config: []Column{
			{key: "min_deadline_ms", sparse: true, value: minDeadline},
			{id: "config", label: p.T("col.config"), in: Page, value: best(func(o *plan.Option, _ *plan.Plan) any {
				return p.T("col.config.plan", "replicas", p.Int(o.Replicas), "hardware", o.Config.Hardware(), "n", strconv.Itoa(o.Config.MaxNumSeqs))
			}), less: func(a, b Ranked) bool {
				x, y := a.Plan.Best().Config, b.Plan.Best().Config
				if x.NumGPUs != y.NumGPUs {
					return x.NumGPUs < y.NumGPUs
				}
				return x.MaxNumSeqs < y.MaxNumSeqs
			}},
			{label: "Configuration", in: Text, value: best(func(o *plan.Option, _ *plan.Plan) any {
				return fmt.Sprintf("%s × %s, max_num_seqs %d", data.FormatInt(o.Replicas), o.Config.Hardware(), o.Config.MaxNumSeqs)
			})},
			{label: "Dataset row", in: Text, value: best(func(o *plan.Option, _ *plan.Plan) any { return o.Config.RowID })},
		},
	}
	for _, k := range rowKeys {
		t.Config = append(t.Config, Column{key: k.key, in: CSV, value: best(func(o *plan.Option, _ *plan.Plan) any { return k.value(o.Config) })})
	}
	t.Config = append(t.Config, Column{key: "selected", in: JSON, value: func(r Ranked) any {
		if r.Status() != data.Meets {
			return Row(nil)
		}
		return Row(r.Plan.Best().Config)
	}})
	t.Rows = make([]Ranked, len(rk.Models))
	for i := range rk.Models {
		t.Rows[i] = Ranked{Rank: i + 1, Ranked: &rk.Models[i].Ranked, Plan: rk.Models[i].Plan}
	}
	return t
}

// best wraps a figure of a model's plan: nil for a model that does not meet
// the deadline.
func best(f func(o *plan.Option, p *plan.Plan) any) func(Ranked) any {
	return func(r Ranked) any {
		if r.Status() != data.Meets {
			return nil
		}
		return f(r.Plan.Best(), r.Plan)
	}
}

// PlanCompareJSON is a planned comparison as an indented array ending in a
// newline, one object per model in rank order (PlanCompareTable's JSON),
// the exact bytes compare -rate -json prints.
func PlanCompareJSON(rk *plan.Ranking, f footprint.Factors) ([]byte, error) {
	return PlanCompareTable(rk, f).JSON()
}

// PlanCompareCSV is a planned comparison as CSV (PlanCompareTable's), one
// line per model in rank order under a header of keys with their units.
func PlanCompareCSV(rk *plan.Ranking, f footprint.Factors) []byte {
	return PlanCompareTable(rk, f).CSV()
}

// PlanCompareFilename names a planned comparison's download after its
// question: "tokenjoule-plan-gpqa-H100-40ms-p95-1B-per-day.csv".
func PlanCompareFilename(rk *plan.Ranking, ext string) string {
	return planFilename(rk.Query, rk.Traffic.Rate, ext)
}

// PlanCompareSummary is a planned comparison as one plain-text paragraph:
// the traffic, every model that meets the deadline with its energy a day,
// its fleet and what f makes of a day of it (plan.Footprint), least first,
// then those that miss it with the deadline each would meet, those not
// measured on the GPU, the factors, and the boundary, the plan's caveat,
// the source and the permalink. It is the compare page's "Copy summary" in
// plan mode.
func PlanCompareSummary(rk *plan.Ranking, idx *data.Index, given footprint.Factors, permalink string) string {
	return PlanCompareSummaryIn(data.Printer{}, rk, idx, given, permalink)
}
