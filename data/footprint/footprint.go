// Package footprint widens the dataset's GPU energy to what a volume of tokens
// costs the facility, the climate, the water supply and a budget.
//
// The boundary ladder, from the measured GPU energy up:
//
//	server_wh   = gpu_wh × (1 + host)          host CPU and memory
//	fleet_wh    = gpu_wh × (1 + host + idle)   idle capacity kept for reliability
//	facility_wh = fleet_wh × pue               cooling and power conversion
//
// and the totals, each only when its factor is set (unset is "not shown",
// never zero):
//
//	carbon_g = facility_wh / 1000 × grid    (g CO2e per kWh)
//	water_l  = fleet_wh / 1000 × wue        (L per kWh of IT energy, on site)
//	cost     = facility_wh / 1000 × price   (per kWh, in the price's currency)
//
// Every preset carries its label, year, basis and source (presets.go), so
// that a figure shown to a reader can be traced to a publication.
package footprint

import (
	"tokenjoule/data"
)

// Factors say how far past the GPU the footprint reaches and what a kWh
// emits, consumes and costs. The zero value is the dataset's own boundary,
// GPU energy only, with no carbon, water or cost figure. Factors are
// comparable with ==.
type Factors struct {
	// Boundary is an id of Boundaries; "" is DefaultBoundary. Host, Idle
	// and PUE, when not set, are the boundary's presets.
	Boundary string
	Host     Factor // share of GPU energy drawn by host CPU and memory
	Idle     Factor // share of GPU energy drawn by idle capacity kept for reliability
	PUE      Factor // facility energy over IT energy
	Grid     Factor // g CO2e per kWh; unset: no carbon figure
	WUE      Factor // L of water consumed on site per kWh of IT energy; unset: no water figure
	Price    Factor // money per kWh, in Currency; unset: no cost
	Currency string // ISO 4217 code in upper case, such as USD; the cost needs it
}

// A Factor is one value of Factors: a number given by the reader or a
// sourced preset. The zero Factor is unset.
type Factor struct {
	Value  float64
	Preset string // the id of the preset Value is, "" for a number given
	Set    bool
}

// Of is the factor of f that p sets (p one of Params).
func (f *Factors) Of(p *Param) *Factor {
	switch p {
	case Host:
		return &f.Host
	case Idle:
		return &f.Idle
	case PUE:
		return &f.PUE
	case Grid:
		return &f.Grid
	case WUE:
		return &f.WUE
	case Price:
		return &f.Price
	}
	panic("footprint: Factors.Of a parameter not in Params: " + p.Name)
}

// Number is a factor given as a plain number.
func Number(v float64) Factor { return Factor{Value: v, Set: true} }

// WithBoundary returns f on the boundary id, with its own host, idle and PUE
// values dropped so that the boundary's apply. The default boundary is
// stored as "", so that a link back to it stays as short as it began.
func (f Factors) WithBoundary(id string) Factors {
	if id == DefaultBoundary {
		id = ""
	}
	f.Boundary, f.Host, f.Idle, f.PUE = id, Factor{}, Factor{}, Factor{}
	return f
}

// BoundaryInfo returns the boundary preset f starts from.
func (f Factors) BoundaryInfo() Boundary {
	for _, b := range Boundaries {
		if b.ID == f.Boundary {
			return b
		}
	}
	return Boundaries[0]
}

// IsGPUOnly tells whether the ladder stops at the GPU: no host, idle or
// facility overhead, so the dataset's GPU-only caveat applies to its total.
func (f Factors) IsGPUOnly() bool {
	e := f.Effective()
	return e.Host.Value == 0 && e.Idle.Value == 0 && e.PUE.Value == 1
}

// Effective returns f with Host, Idle and PUE set: those not given are the
// boundary's presets (an unknown boundary counts as the default).
func (f Factors) Effective() Factors {
	b := f.BoundaryInfo().ID
	for _, x := range []struct {
		p *Param
		v *Factor
	}{{Host, &f.Host}, {Idle, &f.Idle}, {PUE, &f.PUE}} {
		if !x.v.Set {
			pr, _ := x.p.Preset(b)
			*x.v = pr.Factor()
		}
	}
	return f
}

// Ladder is the energy of a volume at each rung of the boundary ladder, in Wh.
type Ladder struct {
	GPUWh      float64 // measured
	ServerWh   float64 // + host CPU and memory
	FleetWh    float64 // + idle capacity: the IT energy
	FacilityWh float64 // × PUE: the boundary's total
}

// Ladder widens gpuWh, the measured GPU energy, rung by rung.
func (f Factors) Ladder(gpuWh float64) Ladder {
	e := f.Effective()
	fleet := gpuWh * (1 + e.Host.Value + e.Idle.Value)
	return Ladder{
		GPUWh:      gpuWh,
		ServerWh:   gpuWh * (1 + e.Host.Value),
		FleetWh:    fleet,
		FacilityWh: fleet * e.PUE.Value,
	}
}

// Carbon returns the emissions of l's facility energy in g CO2e, if the grid
// intensity is set.
func (f Factors) Carbon(l Ladder) (g float64, ok bool) {
	if !f.Grid.Set {
		return 0, false
	}
	return l.FacilityWh / 1000 * f.Grid.Value, true
}

// Water returns the water consumed on site for l's IT (fleet) energy, in L,
// if the WUE is set. WUE counts water per kWh of IT energy, so the facility
// overhead is not multiplied in again.
func (f Factors) Water(l Ladder) (litres float64, ok bool) {
	if !f.WUE.Set {
		return 0, false
	}
	return l.FleetWh / 1000 * f.WUE.Value, true
}

// Cost returns what l's facility energy costs in f.Currency, if both the
// price and its currency are set. Nothing is converted between currencies.
func (f Factors) Cost(l Ladder) (amount float64, ok bool) {
	if !f.Price.Set || f.Currency == "" {
		return 0, false
	}
	return l.FacilityWh / 1000 * f.Price.Value, true
}

// A Rung is one step of the ladder as a reader sees it.
type Rung struct {
	Name   string  // gpu, server, fleet or facility, as in the -json output
	Label  string  // what the rung adds
	Wh     float64 // the energy up to and including this rung
	Param  *Param  // the factor it applies; nil for the measured GPU rung
	Factor Factor  // its value
}

// Rungs returns the ladder of gpuWh with, for each rung, the factor it
// applies and where that factor comes from.
func (f Factors) Rungs(gpuWh float64) []Rung {
	e, l := f.Effective(), f.Ladder(gpuWh)
	return []Rung{
		{"gpu", "GPU, as measured", l.GPUWh, nil, Factor{}},
		{"server", "+ host CPU and memory", l.ServerWh, Host, e.Host},
		{"fleet", "+ idle capacity kept for reliability", l.FleetWh, Idle, e.Idle},
		{"facility", "× PUE (cooling, power conversion)", l.FacilityWh, PUE, e.PUE},
	}
}

// Applies says what the rung does to the energy before it: "measured",
// "+43% of GPU energy" or "× 1.09".
func (r Rung) Applies() string {
	switch r.Param {
	case nil:
		return "measured"
	case PUE:
		return "× " + data.FormatNumber(r.Factor.Value)
	}
	return "+" + data.FormatNumber(r.Factor.Value*100) + "% of GPU energy"
}

// Source returns where the rung's factor comes from.
func (r Rung) Source() Source {
	if r.Param == nil {
		return SourceOf("mlenergy")
	}
	return r.Param.SourceOf(r.Factor)
}
