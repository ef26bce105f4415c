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
	lo, hi := extentITL(curves)
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s of %s on %s, energy per token in joules against the %s wait between tokens, from %s to %s ms. ",
		TitleEnergyLatency, configurations(n), r.Model.Name, gpuList(curves),
		percentileWords(q.Percentile), data.FormatNumber(lo), data.FormatNumber(hi))
	b.WriteString(deadlineSentence(r, curves))
	if s := r.Selected; s != nil {
		fmt.Fprintf(&b, " Selected: %s with a batch size limit of %d, at %s ms and %s J per token, the least energy of those that meet it.",
			gpuName(s), s.MaxNumSeqs, data.FormatNumber(q.Percentile.ITL(s)), data.FormatNumber(float64(s.JoulesPerToken)))
	}
	return b.String()
}

// DescribeEnergyConcurrency describes the EnergyConcurrency chart of r.
func DescribeEnergyConcurrency(r *data.Result) string {
	q := r.Query
	curves := r.Model.Curves(q.GPU, q.Percentile, q.DeadlineMS)
	var b strings.Builder
	fmt.Fprintf(&b, "%s: for %s, energy per token in joules against batch size limits from %s, one line for each of %s; the part of a line that misses the deadline is dimmed. ",
		TitleEnergyConcurrency, r.Model.Name, batchRange(curves), gpuList(curves))
	b.WriteString(deadlineSentence(r, curves))
	if s := r.Selected; s != nil {
		fmt.Fprintf(&b, " Selected: %s at a batch size limit of %d, %s J per token.",
			gpuName(s), s.MaxNumSeqs, data.FormatNumber(float64(s.JoulesPerToken)))
	}
	return b.String()
}

// DescribePowerThroughput describes the PowerThroughput chart of r.
func DescribePowerThroughput(r *data.Result) string {
	q := r.Query
	curves := r.Model.Curves(q.GPU, q.Percentile, q.DeadlineMS)
	var b strings.Builder
	fmt.Fprintf(&b, "%s: for %s on %s, GPU power in watts (solid lines, left axis) and output tokens per second (dashed lines, right axis) against batch size limits from %s; the part of a line that misses the deadline is dimmed. ",
		TitlePowerThroughput, r.Model.Name, gpuList(curves), batchRange(curves))
	b.WriteString(deadlineSentence(r, curves))
	if s := r.Selected; s != nil {
		fmt.Fprintf(&b, " Selected: %s at a batch size limit of %d draws %s W and generates %s tokens per second.",
			gpuName(s), s.MaxNumSeqs, data.FormatNumber(float64(s.PowerWatts)), data.FormatNumber(float64(s.TokensPerSecond)))
	}
	return b.String()
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
			s += fmt.Sprintf("; the fastest, %s with a batch size limit of %d, takes %s ms", gpuName(f), f.MaxNumSeqs, data.FormatNumber(q.Percentile.ITL(f)))
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

func extentITL(curves []data.Curve) (lo, hi float64) {
	first := true
	for _, cv := range curves {
		for _, pt := range cv.Points {
			if first || pt.ITL < lo {
				lo = pt.ITL
			}
			if first || pt.ITL > hi {
				hi = pt.ITL
			}
			first = false
		}
	}
	return lo, hi
}

func batchRange(curves []data.Curve) string {
	first := true
	lo, hi := 0, 0
	for _, cv := range curves {
		for _, pt := range cv.Points {
			if first || pt.MaxNumSeqs < lo {
				lo = pt.MaxNumSeqs
			}
			if first || pt.MaxNumSeqs > hi {
				hi = pt.MaxNumSeqs
			}
			first = false
		}
	}
	return fmt.Sprintf("%s to %s", data.FormatNumber(float64(lo)), data.FormatNumber(float64(hi)))
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
