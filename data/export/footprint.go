package export

import (
	"strings"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
)

// Footprint is the scenario's footprint fields, appended to Scenario by calc
// -json and the page's download alike: "footprint" (the boundary ladder, and
// carbon, water and cost when their factor is set, with the factors used) and,
// when a budget was asked and answered, "budget". None without a selected
// configuration. fit is nil when there is no budget.
func Footprint(r *data.Result, f footprint.Factors, b footprint.Budget, fit *footprint.Fit) Object {
	c := r.Selected
	if c == nil {
		return nil
	}
	per, budget := "facility_wh_per_request", Object{{"value", b.String()}}
	if r.Kind.Diffusion() {
		per = "facility_wh_per_item"
	}
	o := Object{{"footprint", ladder(f, r.Estimate.EnergyWh, r.Estimate.EnergyPerRequest/3600, per)}}
	if fit != nil {
		if r.Kind.Diffusion() {
			budget = append(budget, Field{"items", fit.Tokens})
		} else {
			budget = append(budget, Field{"tokens", fit.Tokens}, Field{"requests", fit.Requests})
		}
		o = append(o, Field{"budget", budget})
	}
	return o
}

// ladder is the footprint object of gpuWh, a request's share of it (an
// image's or a video's, per names which) being gpuWhPerRequest: the rungs,
// carbon, water and cost when their factor is set, and the factors used.
func ladder(f footprint.Factors, gpuWh, gpuWhPerRequest float64, per string) Object {
	l, e := f.Ladder(gpuWh), f.Effective()
	fp := Object{
		{"boundary", f.BoundaryInfo().ID},
		{"boundary_name", f.BoundaryName()},
		{"gpu_wh", l.GPUWh},
		{"server_wh", l.ServerWh},
		{"fleet_wh", l.FleetWh},
		{"facility_wh", l.FacilityWh},
		{per, f.Ladder(gpuWhPerRequest).FacilityWh},
	}
	if v, ok := f.Carbon(l); ok {
		fp = append(fp, Field{"carbon_g", v})
	}
	if v, ok := f.Water(l); ok {
		fp = append(fp, Field{"water_l", v})
	}
	if v, ok := f.Cost(l); ok {
		fp = append(fp, Field{"cost", v}, Field{"currency", f.Currency})
	}
	factors := Object{{"host", e.Host.Value}, {"idle", e.Idle.Value}, {"pue", e.PUE.Value}}
	for _, x := range []struct {
		key string
		f   footprint.Factor
	}{{"grid_g_per_kwh", f.Grid}, {"wue_l_per_kwh", f.WUE}, {"price_per_kwh", f.Price}} {
		if x.f.Set {
			factors = append(factors, Field{x.key, x.f.Value})
		}
	}
	return append(fp, Field{"factors", factors})
}

// FootprintColumns are the comparison's columns for the factors f sets:
// facility_wh past the GPU-only boundary, carbon_g with a grid intensity,
// water_l with a WUE, and cost_<currency> with a price. None for the default
// factors, so that a GPU-only comparison keeps its plain columns.
func FootprintColumns(f footprint.Factors) []Column {
	ladder := func(r *data.Ranked) (footprint.Ladder, bool) {
		if r.Status() != data.Meets {
			return footprint.Ladder{}, false
		}
		return f.Ladder(r.Result.Estimate.EnergyWh), true
	}
	col := func(key string, v func(footprint.Ladder) (float64, bool)) Column {
		return Column{key, func(r *data.Ranked) any {
			if l, ok := ladder(r); ok {
				if x, ok := v(l); ok {
					return x
				}
			}
			return nil
		}}
	}
	var cols []Column
	if !f.IsGPUOnly() {
		cols = append(cols, col("facility_wh", func(l footprint.Ladder) (float64, bool) { return l.FacilityWh, true }))
	}
	if _, ok := f.Carbon(footprint.Ladder{}); ok {
		cols = append(cols, col("carbon_g", f.Carbon))
	}
	if _, ok := f.Water(footprint.Ladder{}); ok {
		cols = append(cols, col("water_l", f.Water))
	}
	if _, ok := f.Cost(footprint.Ladder{}); ok {
		cols = append(cols, col("cost_"+strings.ToLower(f.Currency), f.Cost))
	}
	return cols
}
