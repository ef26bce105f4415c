package data

import "math"

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
	return scaled(v, "", ps)
}

// The scales of FormatEnergy and FormatJoules, largest first.
var (
	WattHours = []Unit{{1e9, "GWh"}, {1e6, "MWh"}, {1e3, "kWh"}, {1, "Wh"}}
	Joules    = []Unit{{1e15, "PJ"}, {1e12, "TJ"}, {1e9, "GJ"}, {1e6, "MJ"}, {1e3, "kJ"}, {1, "J"}, {1e-3, "mJ"}}
)

// Pick returns the unit of units (listed largest first) that FormatIn
// writes v in: the largest that v reaches once rounded to four significant
// digits, or the smallest. A column of figures takes its largest's, so that
// it has one unit, said once, in its header.
func Pick(v float64, units ...Unit) Unit {
	for _, u := range units {
		if math.Abs(sig4(v/u.Size)) >= 1 {
			return u
		}
	}
	return units[len(units)-1]
}
