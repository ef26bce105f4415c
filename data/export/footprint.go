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

// footprintColumns are a table's columns past the GPU for the factors f
// sets, of each model's GPU energy gpuWh (false where it has none): the
// energy at the boundary past the GPU-only one, carbon with a grid
// intensity, water with a WUE and cost with a price; none for the default
// factors. A plan's (perDay) are a day's, keyed so and with the energy in
// kWh, and the page's plan mode shows none of them.
func footprintColumns(f footprint.Factors, perDay bool, gpuWh func(Ranked) (float64, bool)) []Column {
	facility, suffix, per, energy, in := "facility_wh", "", "", wattHours, Output(0)
	if perDay {
		facility, suffix, per, energy, in = "facility_kwh_per_day", "_per_day", " a day", kilowattHours, files|Text
	}
	var cols []Column
	add := func(id, key, label, textLabel string, s scale, v func(footprint.Ladder) (float64, bool)) {
		cols = append(cols, Column{id: id, key: key, label: label, textLabel: textLabel + per, in: in, scale: s, value: func(r Ranked) any {
			if wh, ok := gpuWh(r); ok {
				if x, ok := v(f.Ladder(wh)); ok {
					return x
				}
			}
			return nil
		}})
	}
	if !f.IsGPUOnly() {
		add("facility", facility, "At the boundary", "At boundary", energy, func(l footprint.Ladder) (float64, bool) { return l.FacilityWh, true })
	}
	if _, ok := f.Carbon(footprint.Ladder{}); ok {
		add("carbon", "carbon_g"+suffix, "Carbon", "Carbon", scale{units: footprint.CarbonUnits, text: footprint.FormatCarbon}, f.Carbon)
	}
	if _, ok := f.Water(footprint.Ladder{}); ok {
		add("water", "water_l"+suffix, "Water", "Water", scale{units: footprint.WaterUnits, text: footprint.FormatWater}, f.Water)
	}
	if _, ok := f.Cost(footprint.Ladder{}); ok {
		money := func(v float64) string { return footprint.FormatMoney(v, f.Currency) }
		add("cost", "cost_"+strings.ToLower(f.Currency)+suffix, "Cost", "Cost", scale{units: []data.Unit{{Size: 1, Name: f.Currency}}, text: money}, f.Cost)
	}
	return cols
}
