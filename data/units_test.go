package data

import "testing"

// TestColumnUnit: a column of figures is written in the unit its middle
// figure reads in with one to three digits before the point, however large
// its largest: the readers' issue's 27.84 J (not 0.02784 kJ), 35.1 L (not
// 0.0351 m³) and 26.42 kWh (not 0.02642 MWh).
func TestColumnUnit(t *testing.T) {
	litres := []Unit{{1e3, "m³"}, {1, "L"}, {1e-3, "mL"}}
	for _, c := range []struct {
		what   string
		values []float64
		units  []Unit
		want   string
		cell   string // the first value in the unit
	}{
		{"per request, J", []float64{27.84, 130.9, 1203.4}, Joules, "J", "27.84"},
		{"water, L", []float64{35.1, 129.5, 1031.3}, litres, "L", "35.1"},
		{"energy, Wh", []float64{26420, 71944, 63467, 1.2e6}, Energy, "kWh", "26.42"},
		// Even: the smaller of the two middle figures, 900 J, not their mean.
		{"even", []float64{1, 900, 3000, 4000}, Joules, "J", "1"},
		// A column of energies below a Wh reads in joules: 0.02831 Wh is
		// 101.9 J, and a token's 1.521e-5 Wh 54.76 mJ.
		{"a fraction of a Wh", []float64{0.02831, 0.05785}, Energy, "J", "101.9"},
		{"a token", []float64{1.521e-5, 3.109e-5, 2e-4}, Energy, "mJ", "54.76"},
		// Past the scale's ends, its last unit, the figures with more digits.
		{"below", []float64{2e-5, 3e-5}, litres, "mL", "0.02"},
		{"above", []float64{2.5e6, 3e6}, litres, "m³", "2,500"},
		{"empty", nil, litres, "mL", ""},
	} {
		u := ColumnUnit(c.values, c.units...)
		if u.Name != c.want {
			t.Errorf("%s: %v in %s, want %s", c.what, c.values, u.Name, c.want)
		}
		if len(c.values) > 0 {
			if got := FormatNumber(c.values[0] / u.Size); got != c.cell {
				t.Errorf("%s: %v reads %q in %s, want %q", c.what, c.values[0], got, u.Name, c.cell)
			}
		}
	}
}
