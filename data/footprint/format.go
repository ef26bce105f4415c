package footprint

import (
	"math"
	"strconv"

	"tokenjoule/data"
)

// The scales of FormatCarbon and FormatWater, largest first.
var (
	CarbonUnits = []data.Unit{{Size: 1e6, Name: "t CO2e"}, {Size: 1e3, Name: "kg CO2e"}, {Size: 1, Name: "g CO2e"}, {Size: 1e-3, Name: "mg CO2e"}}
	WaterUnits  = []data.Unit{{Size: 1e3, Name: "m³"}, {Size: 1, Name: "L"}, {Size: 1e-3, Name: "mL"}}
)

// FormatCarbon writes grams of CO2e in mg, g, kg or t, four significant digits.
func FormatCarbon(g float64) string { return data.FormatIn(g, CarbonUnits...) }

// FormatWater writes litres in mL, L or m³, four significant digits.
func FormatWater(litres float64) string { return data.FormatIn(litres, WaterUnits...) }

// FormatMoney writes an amount of a currency: cents from 0.01 up ("6.51 USD"),
// whole units with thousands separators from 1,000 ("1,235 USD"), and four
// significant digits below a cent ("0.003582 USD"), since per-request costs
// live there.
func FormatMoney(v float64, currency string) string {
	var s string
	switch a := math.Abs(v); {
	case math.Round(a*100)/100 >= 1000 || math.IsInf(a, 0) || math.IsNaN(a):
		s = data.FormatNumber(math.Round(v))
	case a >= 0.005 || a == 0:
		s = strconv.FormatFloat(v, 'f', 2, 64)
	default:
		s = data.FormatNumber(v)
	}
	if currency == "" {
		return s
	}
	return s + " " + currency
}
