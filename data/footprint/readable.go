package footprint

import "math"

// Readable is the everyday comparison of measure m that puts amount at the
// most readable magnitude: the one whose count, in the unit of its scale
// that reads best (Comparison.In), is nearest to ten on a log scale, so that
// 37 kWh reads as 1.3 days of a home's electricity rather than 171 days of a
// bulb, and 50 Wh as 5.6 hours of a bulb rather than 2.5 minutes of a home.
// On a tie the first of Comparisons wins. It reports false when no
// comparison measures m or amount is not positive.
func Readable(m Measure, amount float64) (Comparison, bool) {
	var (
		best     Comparison
		bestDist = math.Inf(1)
	)
	if !(amount > 0) || math.IsInf(amount, 1) {
		return best, false
	}
	for _, c := range Comparisons {
		if c.Measure != m {
			continue
		}
		n, _ := c.In(amount)
		if d := math.Abs(math.Log10(n) - 1); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best, !math.IsInf(bestDist, 1)
}
