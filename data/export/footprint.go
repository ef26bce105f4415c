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
	o := Object{{"footprint", ladder(f, f.SpreadOf(c), r.Estimate.EnergyWh, r.Estimate.EnergyPerRequest/3600, per)}}
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
// carbon, water and cost when their factor is set, the factors used, and
// the same figures at both ends of s, f's published spread.
func ladder(f footprint.Factors, s footprint.Spread, gpuWh, gpuWhPerRequest float64, per string) Object {
	l := f.Ladder(gpuWh)
	fp := Object{
		{"boundary", f.BoundaryInfo().ID},
		{"boundary_name", f.BoundaryName()},
		{"gpu_wh", l.GPUWh},
		{"server_wh", l.ServerWh},
		{"fleet_wh", l.FleetWh},
		{"facility_wh", l.FacilityWh},
		{per, f.Ladder(gpuWhPerRequest).FacilityWh},
	}
	fp = append(fp, totalFields(f, l, true)...)
	spread := []string{}
	for _, sp := range s.Spans {
		spread = append(spread, sp.Param.Name)
	}
	return append(fp, Field{"factors", factorFields(f)}, Field{"spread", spread},
		Field{"low", end(s.Low, gpuWh)}, Field{"high", end(s.High, gpuWh)})
}

// end is the footprint's figures at one end of its published spread, with
// the factors there.
func end(f footprint.Factors, gpuWh float64) Object {
	l := f.Ladder(gpuWh)
	return append(append(Object{{"facility_wh", l.FacilityWh}}, totalFields(f, l, false)...), Field{"factors", factorFields(f)})
}

// totalFields are carbon, water and cost of l, each when its factor is set,
// and the cost's currency if currency.
func totalFields(f footprint.Factors, l footprint.Ladder, currency bool) Object {
	var o Object
	if v, ok := f.Carbon(l); ok {
		o = append(o, Field{"carbon_g", v})
	}
	if v, ok := f.Water(l); ok {
		o = append(o, Field{"water_l", v})
	}
	if v, ok := f.Cost(l); ok {
		o = append(o, Field{"cost", v})
		if currency {
			o = append(o, Field{"currency", f.Currency})
		}
	}
	return o
}

// factorFields are the factors f uses: host, idle and PUE, then grid, WUE
// and price where set.
func factorFields(f footprint.Factors) Object {
	e := f.Effective()
	factors := Object{{"host", e.Host.Value}, {"idle", e.Idle.Value}, {"pue", e.PUE.Value}}
	for _, x := range []struct {
		key string
		f   footprint.Factor
	}{{"grid_g_per_kwh", f.Grid}, {"wue_l_per_kwh", f.WUE}, {"price_per_kwh", f.Price}} {
		if x.f.Set {
			factors = append(factors, Field{x.key, x.f.Value})
		}
	}
	return factors
}

// footprintColumns are a table's columns past the GPU for the factors f
// sets, of each model's GPU energy and the spread of its factors (of, false
// where it has none): the energy at the boundary past the GPU-only one,
// carbon with a grid intensity, water with a WUE and cost with a price, each
// followed in the downloads by its low and high over the published spread
// (<key>_low, <key>_high); none for the default factors. A plan's (perDay)
// are a day's, keyed so and with the energy in kWh, and the page's plan mode
// shows none of them. The page's headers are in p's language.
func footprintColumns(p data.Printer, f footprint.Factors, perDay bool, of func(Ranked) (gpuWh float64, s footprint.Spread, ok bool)) []Column {
	facility, suffix, per, energy, in := "facility_wh", "", "", wattHours, Output(0)
	if perDay {
		facility, suffix, per, energy, in = "facility_kwh_per_day", "_per_day", " a day", kilowattHours, files|Text
	}
	var cols []Column
	add := func(id, key, label, textLabel string, s scale, v func(footprint.Factors, footprint.Ladder) (float64, bool)) {
		at := func(end func(footprint.Spread) footprint.Factors) func(Ranked) any {
			return func(r Ranked) any {
				if wh, sp, ok := of(r); ok {
					g := end(sp)
					if x, ok := v(g, g.Ladder(wh)); ok {
						return x
					}
				}
				return nil
			}
		}
		low, high := at(func(sp footprint.Spread) footprint.Factors { return sp.Low }), at(func(sp footprint.Spread) footprint.Factors { return sp.High })
		cols = append(cols,
			Column{id: id, key: key, label: label, textLabel: textLabel + per, in: in, scale: s,
				value: at(func(footprint.Spread) footprint.Factors { return f }), low: low, high: high},
			Column{key: lowKey(key), in: files, scale: s, value: low},
			Column{key: highKey(key), in: files, scale: s, value: high},
		)
	}
	if !f.IsGPUOnly() {
		add("facility", facility, p.T("col.facility"), "At boundary", energy, func(g footprint.Factors, l footprint.Ladder) (float64, bool) {
			return l.FacilityWh, true
		})
	}
	if _, ok := f.Carbon(footprint.Ladder{}); ok {
		add("carbon", "carbon_g"+suffix, p.T("col.carbon"), "Carbon", scale{units: footprint.CarbonUnits, text: footprint.FormatCarbon}, footprint.Factors.Carbon)
	}
	if _, ok := f.Water(footprint.Ladder{}); ok {
		add("water", "water_l"+suffix, p.T("col.water"), "Water", scale{units: footprint.WaterUnits, text: footprint.FormatWater}, footprint.Factors.Water)
	}
	if _, ok := f.Cost(footprint.Ladder{}); ok {
		money := func(v float64) string { return footprint.FormatMoney(v, f.Currency) }
		add("cost", "cost_"+strings.ToLower(f.Currency)+suffix, p.T("col.cost"), "Cost", scale{units: []data.Unit{{Size: 1, Name: f.Currency}}, text: money}, footprint.Factors.Cost)
	}
	return cols
}

// lowKey and highKey are the keys of a figure's low and high over the
// published spread: carbon_g_low, facility_kwh_per_day_high.
func lowKey(key string) string  { return key + "_low" }
func highKey(key string) string { return key + "_high" }
