package charts

import (
	"fmt"
	"strconv"
	"strings"

	"tokenjoule/app/charts/headline"
	"tokenjoule/data"
	"tokenjoule/data/lang"
)

// Titles of the three charts, as the page heads them and their descriptions
// begin, in English.
var (
	TitleEnergyLatency     = lang.EN.T("chart.title.latency.token")
	TitleEnergyConcurrency = lang.EN.T("chart.title.concurrency.token")
	TitlePowerThroughput   = lang.EN.T("chart.title.power.token")
)

// Titles are the three charts' titles for a kind of workload, in page
// order: the constants above for tokens.
func Titles(k *data.Kind) [3]string { return TitlesIn(data.Printer{}, k) }

// TitlesIn are Titles in p's language.
func TitlesIn(p data.Printer, k *data.Kind) [3]string {
	return [3]string{p.T("chart.title.latency." + k.Item), p.T("chart.title.concurrency." + k.Item), p.T("chart.title.power." + k.Item)}
}

// The Describe functions say in words what a chart shows, for people who
// cannot see it: its title, what is plotted, the deadline and how many
// configurations meet it, and the selected configuration with its figures.
// They depend on what the chart depends on, not on the token volume. The
// In variants say it in a reader's language.

// DescribeEnergyLatency describes the EnergyLatency chart of r.
func DescribeEnergyLatency(r *data.Result) string { return DescribeEnergyLatencyIn(data.Printer{}, r) }

// DescribeEnergyLatencyIn is DescribeEnergyLatency in p's language.
func DescribeEnergyLatencyIn(p data.Printer, r *data.Result) string {
	q, k := r.Query, r.Kind
	curves := r.Model.Curves(q.GPU, q.Percentile, q.DeadlineMS)
	n, _ := count(curves)
	lo, hi := extent(curves, func(pt data.Point) float64 { return pt.ShownLatency(q.Percentile) })
	return tell(p, r, curves, p.T("chart.describe.latency", "title", TitlesIn(p, k)[0], "configs", configurations(p, n), "model", r.Model.Name,
		"gpus", gpuList(p, curves), "item", p.T("chart.per."+k.Item), "latency", latencyWords(p, k, q.Percentile),
		"lo", p.Number(k.InUnit(lo)), "hi", p.Lang.Figure(k.Latency(hi))),
		func(s *data.Config) string {
			return p.T("chart.describe.latency.selected", "gpu", gpuName(s), "batch", headline.BatchIn(p, s),
				"latency", p.Lang.Figure(k.LatencyAgainst(s.Latency(q.Percentile), q.DeadlineMS)), "joules", p.Number(s.Joules()), "item", p.T("chart.per."+k.Item))
		})
}

// latencyWords is what the deadline bounds, in words: "the median wait
// between tokens", "the time to generate a batch".
func latencyWords(p data.Printer, k *data.Kind, pc data.Percentile) string {
	if k.Diffusion() {
		return p.T("chart.describe.bound.diffusion")
	}
	return p.T("chart.describe.bound.tokens", "percentile", percentileWordsIn(p, pc))
}

// DescribeEnergyConcurrency describes the EnergyConcurrency chart of r.
func DescribeEnergyConcurrency(r *data.Result) string {
	return DescribeEnergyConcurrencyIn(data.Printer{}, r)
}

// DescribeEnergyConcurrencyIn is DescribeEnergyConcurrency in p's language.
func DescribeEnergyConcurrencyIn(p data.Printer, r *data.Result) string {
	q, k := r.Query, r.Kind
	curves := r.Model.Curves(q.GPU, q.Percentile, q.DeadlineMS)
	return tell(p, r, curves, p.T("chart.describe.concurrency", "title", TitlesIn(p, k)[1], "model", r.Model.Name, "item", p.T("chart.per."+k.Item),
		"batches", batchesWords(p, k), "range", batchRange(p, curves), "gpus", gpuList(p, curves)),
		func(s *data.Config) string {
			return p.T("chart.describe.concurrency.selected", "gpu", gpuName(s), "batch", headline.BatchIn(p, s), "joules", p.Number(s.Joules()),
				"item", p.T("chart.per."+k.Item))
		})
}

// batchesWords names the batch axis: "batch size limits", or for an image or
// video model "batch sizes (at each, the split of the work over the GPUs
// with the least energy)".
func batchesWords(p data.Printer, k *data.Kind) string {
	if k.Diffusion() {
		return p.T("chart.describe.batches.diffusion")
	}
	return p.T("chart.describe.batches.tokens")
}

// DescribePowerThroughput describes the PowerThroughput chart of r.
func DescribePowerThroughput(r *data.Result) string {
	return DescribePowerThroughputIn(data.Printer{}, r)
}

// DescribePowerThroughputIn is DescribePowerThroughput in p's language.
func DescribePowerThroughputIn(p data.Printer, r *data.Result) string {
	q, k := r.Query, r.Kind
	curves := r.Model.Curves(q.GPU, q.Percentile, q.DeadlineMS)
	per := p.T("chart.tokens")
	if k.Diffusion() {
		per = p.T("items." + k.Item + "s")
	}
	return tell(p, r, curves, p.T("chart.describe.power", "title", TitlesIn(p, k)[2], "model", r.Model.Name, "gpus", gpuList(p, curves),
		"batches", batchesWords(p, k), "range", batchRange(p, curves), "items", p.T("items."+k.Item+"s")),
		func(s *data.Config) string {
			return p.T("chart.describe.power.selected", "gpu", gpuName(s), "batch", headline.BatchIn(p, s),
				"watts", p.Number(float64(s.PowerWatts)), "rate", p.Number(s.Throughput()), "items", per)
		})
}

// tell is a chart's description: what it plots, the deadline, and what
// selected says of the selected configuration, if there is one.
func tell(p data.Printer, r *data.Result, curves []data.Curve, what string, selected func(*data.Config) string) string {
	s := what + " " + deadlineSentence(p, r, curves)
	if r.Selected != nil {
		s += " " + p.T("chart.describe.selected", "what", selected(r.Selected))
	}
	return s
}

// deadlineSentence states the deadline and how many configurations meet it,
// or, when none does, the fastest.
func deadlineSentence(p data.Printer, r *data.Result, curves []data.Curve) string {
	q, k := r.Query, r.Kind
	n, meets := count(curves)
	d := p.T("chart.describe.deadline", "deadline", p.Deadline(k, q.DeadlineMS), "bound", latencyWords(p, k, q.Percentile))
	if meets == 0 {
		if f := r.Fastest; f != nil {
			return p.T("chart.describe.none.fastest", "deadline", d, "gpu", gpuName(f), "batch", headline.BatchIn(p, f),
				"latency", p.Lang.Figure(k.LatencyAgainst(f.Latency(q.Percentile), q.DeadlineMS)))
		}
		return p.T("chart.describe.none", "deadline", d)
	}
	switch {
	case n == 1:
		return p.T("chart.describe.one", "deadline", d)
	case meets == n:
		return p.T("chart.describe.all", "n", countWords(p, n), "deadline", d)
	}
	return p.T("chart.describe.some", "meets", capitalize(countWords(p, meets)), "n", p.Int(n), "deadline", d)
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

func batchRange(p data.Printer, curves []data.Curve) string {
	lo, hi := extent(curves, func(pt data.Point) float64 { return float64(pt.Batch()) })
	return p.T("chart.describe.range", "lo", p.Number(lo), "hi", p.Number(hi))
}

// gpuList names the curves' GPUs and counts: "B200 × 1 and H100 × 2".
func gpuList(p data.Printer, curves []data.Curve) string {
	var names []string
	for _, cv := range curves {
		names = append(names, CurveName(cv))
	}
	switch len(names) {
	case 0:
		return p.T("chart.describe.nogpu")
	case 1:
		return names[0]
	}
	return p.T("chart.and", "list", strings.Join(names[:len(names)-1], ", "), "last", names[len(names)-1])
}

func gpuName(c *data.Config) string { return fmt.Sprintf("%s × %d", c.GPU, c.NumGPUs) }

func configurations(p data.Printer, n int) string {
	if n == 1 {
		return p.T("chart.describe.configs.one")
	}
	return p.T("chart.describe.configs", "n", p.Int(n))
}

// number writes small counts in words, as a sentence would.
func number(n int) string {
	words := []string{"none", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
	if n >= 0 && n < len(words) {
		return words[n]
	}
	return data.FormatNumber(float64(n))
}

// countWords is a count as a sentence writes it: in words to ten in
// English (number), in figures in the other languages.
func countWords(p data.Printer, n int) string {
	if p.Lang != "" && p.Lang != lang.EN {
		return p.Int(n)
	}
	return number(n)
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// percentileWordsIn names a percentile as the page's controls do.
// In pr's language.
func percentileWordsIn(pr data.Printer, p data.Percentile) string {
	if p == data.P50 {
		return pr.T("chart.median")
	}
	return string(p)
}

// DescribeRanking describes the Ranking chart of rk in p's language: what
// it plots and every bar, least energy first.
func DescribeRanking(p data.Printer, rk *data.Ranking) string {
	meets := meeting(rk)
	volume := p.VolumeWords(rk.Workload.Kind(), rk.Query.Tokens)
	if len(meets) == 0 {
		return p.T("chart.ranking.none", "volume", volume)
	}
	bars := make([]string, len(meets))
	for i, r := range meets {
		bars[i] = p.T("chart.ranking.bar", "rank", strconv.Itoa(i+1), "model", r.Entry.Name, "energy", p.Energy(r.Result.Estimate.EnergyWh))
	}
	return p.T("chart.ranking.describe", "volume", volume, "models", modelsIn(p, len(meets)), "bars", strings.Join(bars, "; "))
}

// DescribeEnergyParams describes the EnergyParams chart of rk, and which
// model it highlights (a slug), in p's language.
func DescribeEnergyParams(p data.Printer, rk *data.Ranking, highlight string) string {
	meets := meeting(rk)
	k := rk.Workload.Kind()
	s := p.T("chart.params.describe", "title", p.T("chart.params.title."+k.Item), "models", modelsIn(p, len(meets)))
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
		return p.T("chart.params.point", "model", r.Entry.Name, "params", p.Params(float64(r.Entry.ActiveParams)),
			"joules", p.Number(r.Result.Selected.Joules()), "item", p.T("chart.per."+k.Item))
	}
	if lo != hi {
		s += " " + p.T("chart.params.ends", "smallest", point(lo), "largest", point(hi))
	}
	for _, r := range meets {
		if r.Entry.Slug == highlight {
			s += " " + p.T("chart.params.highlighted", "point", point(r))
		}
	}
	return s
}

// modelsIn is a count of models in words: "one model", "five models"; in
// another language than English, the count in figures.
func modelsIn(p data.Printer, n int) string {
	if n == 1 {
		return p.T("chart.models.one")
	}
	return p.T("chart.models.many", "n", countWords(p, n))
}

// TitleParams is the title of the compare page's scatter of energy against
// active parameters, for a kind of workload.
func TitleParams(k *data.Kind) string { return lang.EN.T("chart.params.title." + k.Item) }
