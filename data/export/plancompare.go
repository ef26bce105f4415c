package export

import (
	"fmt"
	"strings"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/plan"
)

// The compare page's downloads in plan mode, and compare -rate's output:
// every model of a workload planned for one traffic (plan.Compare).

// planned is one figure per model of a planned comparison.
type planned struct {
	key   string
	value func(r *plan.Ranked) any // nil (empty, JSON null) where the model has none
}

// best wraps a figure of a model's plan: nil for a model that does not meet
// the deadline.
func best(f func(o *plan.Option, p *plan.Plan) any) func(r *plan.Ranked) any {
	return func(r *plan.Ranked) any {
		if r.Status() != data.Meets {
			return nil
		}
		return f(r.Plan.Best(), r.Plan)
	}
}

// plannedColumns are a planned comparison's figures per model: who it is
// (summary's first keys), its plan, and, for the factors f sets, a day of
// it past the GPU (facility_kwh_per_day past the GPU-only boundary,
// carbon_g_per_day, water_l_per_day, cost_<currency>_per_day), the idle
// share being the plan's own (plan.Footprint).
func plannedColumns(f footprint.Factors) []planned {
	var cols []planned
	for _, c := range summary[:5] { // model, display_name, status, params_b, active_params_b
		cols = append(cols, planned{c.Key, func(r *plan.Ranked) any { return c.Value(&r.Ranked) }})
	}
	cols = append(cols,
		planned{"replicas", best(func(o *plan.Option, _ *plan.Plan) any { return o.Replicas })},
		planned{"gpus", best(func(o *plan.Option, _ *plan.Plan) any { return o.GPUs })},
		planned{"utilisation", best(func(o *plan.Option, _ *plan.Plan) any { return o.Utilisation })},
		planned{"peak_utilisation", best(func(o *plan.Option, p *plan.Plan) any { return o.PeakUtilisation(p.Traffic) })},
		planned{"idle_watts_per_gpu", best(func(o *plan.Option, _ *plan.Plan) any { return o.IdleW })},
		planned{"power_w", best(func(o *plan.Option, _ *plan.Plan) any { return o.PowerW })},
		planned{"energy_kwh_per_day", best(func(o *plan.Option, _ *plan.Plan) any { return o.WhPerDay / 1000 })},
		planned{"energy_kwh_per_year", best(func(o *plan.Option, _ *plan.Plan) any { return o.WhPerDay * 365 / 1000 })},
		planned{"busy_kwh_per_day", best(func(_ *plan.Option, p *plan.Plan) any { return p.BusyWhPerDay() / 1000 })},
		planned{"headroom_share", best(func(_ *plan.Option, p *plan.Plan) any { return p.HeadroomShare() })},
		planned{"gpu_hours_per_day", best(func(o *plan.Option, _ *plan.Plan) any { return o.GPUHoursPerDay() })},
	)
	pf := plan.Footprint(f)
	day := func(key string, v func(footprint.Ladder) (float64, bool)) planned {
		return planned{key, best(func(o *plan.Option, _ *plan.Plan) any {
			if x, ok := v(pf.Ladder(o.WhPerDay)); ok {
				return x
			}
			return nil
		})}
	}
	if !pf.IsGPUOnly() {
		cols = append(cols, day("facility_kwh_per_day", func(l footprint.Ladder) (float64, bool) { return l.FacilityWh / 1000, true }))
	}
	if _, ok := pf.Carbon(footprint.Ladder{}); ok {
		cols = append(cols, day("carbon_g_per_day", pf.Carbon))
	}
	if _, ok := pf.Water(footprint.Ladder{}); ok {
		cols = append(cols, day("water_l_per_day", pf.Water))
	}
	if _, ok := pf.Cost(footprint.Ladder{}); ok {
		cols = append(cols, day("cost_"+strings.ToLower(pf.Currency)+"_per_day", pf.Cost))
	}
	return cols
}

// PlanComparison is a planned comparison as JSON objects, in its order: per
// model the plannedColumns, min_deadline_ms for a model that misses the
// deadline, and selected (the chosen configuration's dataset row, or null).
func PlanComparison(rk *plan.Ranking, f footprint.Factors) []Object {
	cols := plannedColumns(f)
	out := make([]Object, len(rk.Models))
	for i := range rk.Models {
		r := &rk.Models[i]
		var o Object
		for _, c := range cols {
			o = append(o, Field{c.key, c.value(r)})
		}
		if r.Status() == data.MissesDeadline {
			o = append(o, Field{"min_deadline_ms", minDeadline(&r.Ranked)})
		}
		var sel *data.Config
		if r.Status() == data.Meets {
			sel = r.Plan.Best().Config
		}
		out[i] = append(o, Field{"selected", Row(sel)})
	}
	return out
}

// PlanCompareJSON is PlanComparison as an indented array ending in a
// newline, the exact bytes compare -rate -json prints.
func PlanCompareJSON(rk *plan.Ranking, f footprint.Factors) ([]byte, error) {
	return indent(PlanComparison(rk, f))
}

// PlanCompareCSV is a planned comparison as CSV, one line per model in rank
// order under a header of keys with their units: rank, the plannedColumns,
// min_deadline_ms, and the chosen configuration's dataset row. Numbers are
// written in full, unformatted; a figure a model does not have is empty.
func PlanCompareCSV(rk *plan.Ranking, f footprint.Factors) []byte {
	cols := append([]planned{{"rank", nil}}, plannedColumns(f)...)
	cols = append(cols, planned{"min_deadline_ms", func(r *plan.Ranked) any { return minDeadline(&r.Ranked) }})
	for _, k := range rowKeys {
		cols = append(cols, planned{k.key, best(func(o *plan.Option, _ *plan.Plan) any { return k.value(o.Config) })})
	}
	head := make([]string, len(cols))
	for i, c := range cols {
		head[i] = c.key
	}
	return csvTable(head, len(rk.Models), func(i, j int) any {
		if j == 0 {
			return i + 1
		}
		return cols[j].value(&rk.Models[i])
	})
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
	q, w := rk.Query, rk.Workload
	f := plan.Footprint(given)
	var meets []string
	for _, r := range rk.Models {
		if r.Status() == data.Meets {
			o := r.Plan.Best()
			meets = append(meets, fmt.Sprintf("%d. %s, %s a day on %s GPU%s (%s × %s, %s busy on average%s)", len(meets)+1, r.Entry.Name,
				data.FormatEnergy(o.WhPerDay), data.FormatInt(o.GPUs), plural(o.GPUs), data.FormatInt(o.Replicas), o.Config.Hardware(), plan.FormatPercent(o.Utilisation),
				footprintAmounts(f, o.WhPerDay, " a day")))
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "GPU energy a day to serve %s with each model of %s, %s, at a %s inter-token latency of at most %s: ",
		rk.Traffic.Words(), w.Name, gpuPhrase(w.GPUs(), q.GPU), q.Percentile, data.FormatMS(q.DeadlineMS))
	all := rk.Data()
	measured, models := all.Measured()
	if len(meets) == 0 {
		fmt.Fprintf(&b, "none of its %d %s meets the deadline.", measured, models)
	} else {
		fmt.Fprintf(&b, "%d of its %d %s meet the deadline; least energy a day first, each with the configuration that spends the least, "+
			"the fleet sized for the peak: %s.", len(meets), measured, models, strings.Join(meets, "; "))
	}
	others(&b, all)
	shown := footprintFactors(&b, f, len(meets) > 0)
	source(&b, widened(Boundary(idx.Boundary), f, shown), plan.Caveat, idx.Source, permalink)
	return b.String()
}
