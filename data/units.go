package data

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
