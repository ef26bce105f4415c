package data

import "testing"

func TestFormatEnergy(t *testing.T) {
	for wh, want := range map[float64]string{
		31.08803:   "31.09 Wh",
		0.5:        "500 mWh",
		999.96:     "1 kWh",
		31088.03:   "31.09 kWh",
		3.1088e7:   "31.09 MWh",
		3.1088e10:  "31.09 GWh",
		3.1088e13:  "31,088 GWh",
		1234.6:     "1.235 kWh",
		0.00031088: "0.3109 mWh",
	} {
		if got := FormatEnergy(wh); got != want {
			t.Errorf("FormatEnergy(%v) = %q, want %q", wh, got, want)
		}
	}
}

func TestFormatJoules(t *testing.T) {
	for j, want := range map[float64]string{111916.9: "111.9 kJ", 69.948: "69.95 J", 3.6e9: "3.6 GJ"} {
		if got := FormatJoules(j); got != want {
			t.Errorf("FormatJoules(%v) = %q, want %q", j, got, want)
		}
	}
}

func TestFormatNumber(t *testing.T) {
	for v, want := range map[float64]string{1600: "1,600", 0.048223: "0.04822", 1234567.8: "1,234,568", -2500: "-2,500", 5760.3: "5,760"} {
		if got := FormatNumber(v); got != want {
			t.Errorf("FormatNumber(%v) = %q, want %q", v, got, want)
		}
	}
}
