package charts

import (
	"fmt"
	"strings"

	"tokenjoule/data"
)

// Titles of the three charts, as the page heads them and their descriptions
// begin.
const (
	TitleEnergyLatency     = "Energy per token against latency"
	TitleEnergyConcurrency = "Energy per token against batch size limit"
	TitlePowerThroughput   = "GPU power and throughput against batch size limit"
)

// The Describe functions say in words what a chart shows, for people who
// cannot see it: its title, what is plotted, the deadline and how many
// configurations meet it, and the selected configuration with its figures.
// They depend on what the chart depends on, not on the token volume.

// DescribeEnergyLatency describes the EnergyLatency chart of r.
func DescribeEnergyLatency(r *data.Result) string {
	q := r.Query
	curves := r.Model.Curves(q.GPU, q.Percentile, q.DeadlineMS)
	n, _ := count(curves)
	lo, hi := extent(curves, func(pt data.Point) float64 { return q.Percentile.ShownITL(pt.Config) })
	return tell(r, curves, fmt.Sprintf("%s: %s of %s on %s, energy per token in joules against the %s wait between tokens, from %s to %s ms.",
		TitleEnergyLatency, configurations(n), r.Model.Name, gpuList(curves),
		percentileWords(q.Percentile), data.FormatNumber(lo), data.FormatNumber(hi)),
		func(s *data.Config) string {
			return fmt.Sprintf("%s with a batch size limit of %d, at %s ms and %s J per token, the least energy of those that meet it.",
				gpuName(s), s.MaxNumSeqs, data.FormatITL(q.Percentile.ITL(s), q.DeadlineMS), data.FormatNumber(float64(s.JoulesPerToken)))
		})
}

// DescribeEnergyConcurrency describes the EnergyConcurrency chart of r.
func DescribeEnergyConcurrency(r *data.Result) string {
	q := r.Query
	curves := r.Model.Curves(q.GPU, q.Percentile, q.DeadlineMS)
	return tell(r, curves, fmt.Sprintf("%s: for %s, energy per token in joules against batch size limits from %s, one line for each of %s; the part of a line that misses the deadline is thin, its points hollow.",
		TitleEnergyConcurrency, r.Model.Name, batchRange(curves), gpuList(curves)),
		func(s *data.Config) string {
			return fmt.Sprintf("%s at a batch size limit of %d, %s J per token.",
				gpuName(s), s.MaxNumSeqs, data.FormatNumber(float64(s.JoulesPerToken)))
		})
}

// DescribePowerThroughput describes the PowerThroughput chart of r.
func DescribePowerThroughput(r *data.Result) string {
	q := r.Query
	curves := r.Model.Curves(q.GPU, q.Percentile, q.DeadlineMS)
	return tell(r, curves, fmt.Sprintf("%s: for %s on %s, GPU power in watts (solid lines, left axis) and output tokens per second (dashed lines, right axis) against batch size limits from %s; the part of a line that misses the deadline is thin, its points hollow.",
		TitlePowerThroughput, r.Model.Name, gpuList(curves), batchRange(curves)),
		func(s *data.Config) string {
			return fmt.Sprintf("%s at a batch size limit of %d draws %s W and generates %s tokens per second.",
				gpuName(s), s.MaxNumSeqs, data.FormatNumber(float64(s.PowerWatts)), data.FormatNumber(float64(s.TokensPerSecond)))
		})
}

// tell is a chart's description: what it plots, the deadline, and what
// selected says of the selected configuration, if there is one.
func tell(r *data.Result, curves []data.Curve, what string, selected func(*data.Config) string) string {
	s := what + " " + deadlineSentence(r, curves)
	if r.Selected != nil {
		s += " Selected: " + selected(r.Selected)
	}
	return s
}

// deadlineSentence states the deadline and how many configurations meet it,
// or, when none does, the fastest.
func deadlineSentence(r *data.Result, curves []data.Curve) string {
	q := r.Query
	n, meets := count(curves)
	d := fmt.Sprintf("%s ms deadline on the %s wait between tokens", formatMS(q.DeadlineMS), percentileWords(q.Percentile))
	if meets == 0 {
		s := "No configuration meets the " + d + ", so none is selected"
		if f := r.Fastest; f != nil {
			s += fmt.Sprintf("; the fastest, %s with a batch size limit of %d, takes %s ms", gpuName(f), f.MaxNumSeqs, data.FormatITL(q.Percentile.ITL(f), q.DeadlineMS))
		}
		return s + "."
	}
	switch {
	case n == 1:
		return "It meets the " + d + "."
	case meets == n:
		return fmt.Sprintf("All %s meet the %s.", number(n), d)
	}
	return fmt.Sprintf("%s of %d meet the %s.", capitalize(number(meets)), n, d)
}

func count(curves []data.Curve) (n, meets int) {
	for _, cv := range curves {
		for _, pt := range cv.Points {
			n++
			if pt.Meets {
				meets++
			}
		}
	}
	return n, meets
}

// extent is the smallest and largest of v over the curves' points.
func extent(curves []data.Curve, v func(data.Point) float64) (lo, hi float64) {
	first := true
	for _, cv := range curves {
		for _, pt := range cv.Points {
			x := v(pt)
			if first || x < lo {
				lo = x
			}
			if first || x > hi {
				hi = x
			}
			first = false
		}
	}
	return lo, hi
}

func batchRange(curves []data.Curve) string {
	lo, hi := extent(curves, func(pt data.Point) float64 { return float64(pt.MaxNumSeqs) })
	return data.FormatNumber(lo) + " to " + data.FormatNumber(hi)
}

// gpuList names the curves' GPUs and counts: "B200 × 1 and H100 × 2".
func gpuList(curves []data.Curve) string {
	var names []string
	for _, cv := range curves {
		names = append(names, CurveName(cv))
	}
	switch len(names) {
	case 0:
		return "no GPU"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func gpuName(c *data.Config) string { return fmt.Sprintf("%s × %d", c.GPU, c.NumGPUs) }

func configurations(n int) string {
	if n == 1 {
		return "the one measured configuration"
	}
	return fmt.Sprintf("the %d measured configurations", n)
}

// number writes small counts in words, as a sentence would.
func number(n int) string {
	words := []string{"none", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	if n >= 0 && n < len(words) {
		return words[n]
	}
	return data.FormatNumber(float64(n))
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// percentileWords names a percentile as the page's controls do.
func percentileWords(p data.Percentile) string {
	if p == data.P50 {
		return "median"
	}
	return string(p)
}

// DescribeRanking describes the Ranking chart of rk: what it plots and
// every bar, least energy first.
func DescribeRanking(rk *data.Ranking) string {
	meets := meeting(rk)
	if len(meets) == 0 {
		return fmt.Sprintf("Energy for %s output tokens, by model: no model meets the deadline, so there is no bar.", data.FormatTokens(rk.Query.Tokens))
	}
	bars := make([]string, len(meets))
	for i, r := range meets {
		bars[i] = fmt.Sprintf("%d. %s, %s", i+1, r.Entry.Name, data.FormatEnergy(r.Result.Estimate.EnergyWh))
	}
	return fmt.Sprintf("Energy for %s output tokens, by model: one bar for each of the %s that meet the deadline, least energy first: %s.",
		data.FormatTokens(rk.Query.Tokens), models(len(meets)), strings.Join(bars, "; "))
}

// DescribeEnergyParams describes the EnergyParams chart of rk, and which
// model it highlights (a slug).
func DescribeEnergyParams(rk *data.Ranking, highlight string) string {
	meets := meeting(rk)
	s := fmt.Sprintf("Energy per token against active parameters, both on logarithmic scales: one point for each of the %s that meet the deadline, numbered by rank.",
		models(len(meets)))
	if len(meets) == 0 {
		return s
	}
	lo, hi := meets[0], meets[0]
	for _, r := range meets {
		if r.Entry.ActiveParams < lo.Entry.ActiveParams {
			lo = r
		}
		if r.Entry.ActiveParams > hi.Entry.ActiveParams {
			hi = r
		}
	}
	point := func(r *data.Ranked) string {
		return fmt.Sprintf("%s, %s active, %s J per token", r.Entry.Name, data.FormatParams(float64(r.Entry.ActiveParams)),
			data.FormatNumber(float64(r.Result.Selected.JoulesPerToken)))
	}
	if lo != hi {
		s += fmt.Sprintf(" The smallest is %s; the largest %s.", point(lo), point(hi))
	}
	for _, r := range meets {
		if r.Entry.Slug == highlight {
			s += " Highlighted, as the link names it: " + point(r) + "."
		}
	}
	return s
}

func models(n int) string {
	if n == 1 {
		return "one model"
	}
	return number(n) + " models"
}
