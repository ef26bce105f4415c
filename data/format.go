package data

import (
	"math"
	"strconv"
	"strings"
)

// FormatEnergy writes an energy in the unit that reads best (mWh to GWh), with
// four significant digits.
func FormatEnergy(wh float64) string {
	return scaled(wh, "Wh", []prefix{{1e9, "G"}, {1e6, "M"}, {1e3, "k"}, {1, ""}, {1e-3, "m"}})
}

// FormatJoules writes an energy in joules, kJ, MJ, GJ or TJ.
func FormatJoules(j float64) string {
	return scaled(j, "J", []prefix{{1e15, "P"}, {1e12, "T"}, {1e9, "G"}, {1e6, "M"}, {1e3, "k"}, {1, ""}, {1e-3, "m"}})
}

type prefix struct {
	scale float64
	name  string
}

func scaled(v float64, unit string, prefixes []prefix) string {
	p := prefixes[len(prefixes)-1]
	for _, q := range prefixes {
		// Compare after rounding so that 999.96 Wh reads 1 kWh, not 1000 Wh.
		if math.Abs(sig4(v/q.scale)) >= 1 {
			p = q
			break
		}
	}
	// Beyond the largest prefix, whole numbers: 31,088 GWh rather than 31,090 GWh.
	if x := v / p.scale; math.Abs(x) >= 1000 {
		return FormatNumber(x) + " " + p.name + unit
	}
	return FormatNumber(sig4(v/p.scale)) + " " + p.name + unit
}

// sig4 rounds v to four significant digits.
func sig4(v float64) float64 {
	f, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', 4, 64), 64)
	return f
}

// FormatNumber writes v with thousands separators and at most four significant
// digits after the point for small numbers: 1600, 0.04823 → "1,600", "0.04823".
func FormatNumber(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	if math.Abs(v) < 1000 {
		return strconv.FormatFloat(sig4(v), 'f', -1, 64)
	}
	s := strconv.FormatFloat(math.Round(v), 'f', 0, 64)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
