package data

import (
	"math"
	"slices"
)

// A Unit is one step of a scale of units, such as kg in g, kg, t: Size is how
// many of the scale's base unit it holds.
type Unit struct {
	Size float64
	Name string
}

// FormatIn writes v, given in the base unit of a scale, in the largest of
// units (listed largest first) that it reaches once rounded to four
// significant digits, as FormatEnergy does for watt-hours:
// FormatIn(1234, kg, g) is "1.234 kg" for kg = Unit{1e3, "kg"} and g = Unit{1, "g"}.
// Below the smallest unit it uses the smallest; beyond the largest, whole numbers.
func FormatIn(v float64, units ...Unit) string {
	ps := make([]prefix, len(units))
	for i, u := range units {
		ps[i] = prefix{u.Size, u.Name}
	}
	return scaled(v, ps)
}

// The scales of FormatEnergy and FormatJoules, largest first; Energy is a
// column's scale of energies given in Wh (ColumnUnit), which goes on from
// Wh to J and mJ, so that a column whose middle figure is a fraction of a
// Wh reads in joules rather than in a string of decimals.
var (
	WattHours = []Unit{{1e9, "GWh"}, {1e6, "MWh"}, {1e3, "kWh"}, {1, "Wh"}}
	Joules    = []Unit{{1e15, "PJ"}, {1e12, "TJ"}, {1e9, "GJ"}, {1e6, "MJ"}, {1e3, "kJ"}, {1, "J"}, {1e-3, "mJ"}}
	Energy    = append(slices.Clip(WattHours), Unit{1.0 / 3600, "J"}, Unit{1.0 / 3.6e6, "mJ"})
)

// Pick returns the unit of units (listed largest first) that FormatIn
// writes v in: the largest that v reaches once rounded to four significant
// digits, or the smallest.
func Pick(v float64, units ...Unit) Unit {
	for _, u := range units {
		if math.Abs(sig4(v/u.Size)) >= 1 {
			return u
		}
	}
	return units[len(units)-1]
}

// ColumnUnit is the one unit a column of figures is written in, said once in
// its header: the one its middle figure (the median of their sizes, the
// smaller of the two middle ones in a column of even length) reads in with
// one to three digits before the point, as Pick chooses it. A column in its
// largest figure's unit reads "0.02784 kJ" for most of its rows as soon as
// one row passes a kJ; in its middle's, the most rows read as people write
// figures ("27.84 J"), and the largest take more digits, grouped.
func ColumnUnit(values []float64, units ...Unit) Unit {
	if len(values) == 0 {
		return units[len(units)-1]
	}
	sizes := make([]float64, len(values))
	for i, v := range values {
		sizes[i] = math.Abs(v)
	}
	slices.Sort(sizes)
	return Pick(sizes[(len(sizes)-1)/2], units...)
}
