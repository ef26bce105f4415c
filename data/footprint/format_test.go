package footprint

import "testing"

func TestFormatCarbon(t *testing.T) {
	for g, want := range map[float64]string{
		83.712:   "83.71 g CO2e",
		26030:    "26.03 kg CO2e",
		1.5e6:    "1.5 t CO2e",
		999.96:   "1 kg CO2e", // rounded before the unit is chosen
		0.03:     "30 mg CO2e",
		2.5e9:    "2,500 t CO2e",
		14925.58: "14.93 kg CO2e",
		1.274e-5: "0.01274 mg CO2e",
		3e-12:    "less than 0.0001 mg CO2e",
	} {
		if got := FormatCarbon(g); got != want {
			t.Errorf("FormatCarbon(%v) = %q, want %q", g, got, want)
		}
	}
}

func TestFormatWater(t *testing.T) {
	for l, want := range map[float64]string{
		0.288:   "288 mL",
		0.00026: "0.26 mL",
		1.5:     "1.5 L",
		2000:    "2 m³",
		1.234e7: "12,340 m³",
		999.99:  "1 m³",
		// A token's water: a unit, and no power of ten.
		4.382e-8: "less than 0.0001 mL",
		2.5e-7:   "0.00025 mL",
	} {
		if got := FormatWater(l); got != want {
			t.Errorf("FormatWater(%v) = %q, want %q", l, got, want)
		}
	}
}

func TestFormatMoney(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		cur  string
		want string
	}{
		{6.5064, "USD", "6.51 USD"},
		{12, "EUR", "12.00 EUR"},
		{1234.5, "USD", "1,235 USD"},
		{999.999, "USD", "1,000 USD"},
		{0.0036, "USD", "0.0036 USD"},
		{0.02, "USD", "0.02 USD"},
		{0, "USD", "0.00 USD"},
		{3.5, "", "3.50"},
		{2.653e-9, "USD", "less than 0.0001 USD"},
		{2.653e8, "USD", "265,300,000 USD"},
	} {
		if got := FormatMoney(tc.v, tc.cur); got != tc.want {
			t.Errorf("FormatMoney(%v, %q) = %q, want %q", tc.v, tc.cur, got, tc.want)
		}
	}
}
