// Package headline states in words what the calculator's charts show for
// a result: a headline for a chart that stands alone (the embed's chart
// layout) and a caption in a line. Plain Go, without the charts' options,
// so that the card embeds' wasm (wasm/card) shows them without go-echarts.
package headline

import (
	"strconv"

	"tokenjoule/data"
	"tokenjoule/data/lang"
)

// The headlines state in a sentence what a chart shows for a
// result, as the title of a chart that stands alone (the embed's chart
// layout); the Brief captions say in a line how to read it.
var (
	BriefEnergyLatency     = lang.EN.T("chart.brief.latency")
	BriefEnergyConcurrency = lang.EN.T("chart.brief.concurrency")
	BriefPowerThroughput   = lang.EN.T("chart.brief.power.token")
)

// Briefs are the three charts' Brief captions for a kind of workload, in
// page order: the constants above for tokens.
func Briefs(k *data.Kind) [3]string { return BriefsIn(data.Printer{}, k) }

// BriefsIn are Briefs in p's language.
func BriefsIn(p data.Printer, k *data.Kind) [3]string {
	return [3]string{p.T("chart.brief.latency"), p.T("chart.brief.concurrency"), p.T("chart.brief.power." + k.Item)}
}

// Of are the three charts' headlines, in page order (state.Charts).
var Of = [3]func(*data.Result) string{EnergyLatency, EnergyConcurrency, PowerThroughput}

// OfIn are the three charts' headlines in a reader's language, in page order.
var OfIn = [3]func(data.Printer, *data.Result) string{EnergyLatencyIn, EnergyConcurrencyIn, PowerThroughputIn}

// EnergyLatency is the EnergyLatency chart's headline for r.
func EnergyLatency(r *data.Result) string { return EnergyLatencyIn(data.Printer{}, r) }

// EnergyLatencyIn is EnergyLatency in p's language.
func EnergyLatencyIn(p data.Printer, r *data.Result) string {
	return headline(p, r, func(s *data.Config) string {
		return p.T("chart.headline.latency", "item", p.T("chart.per."+r.Kind.Item), "deadline", p.Deadline(r.Kind, r.Query.DeadlineMS),
			"joules", p.Number(s.Joules()), "hardware", s.Hardware())
	})
}

// EnergyConcurrency is the EnergyConcurrency chart's headline for r.
func EnergyConcurrency(r *data.Result) string { return EnergyConcurrencyIn(data.Printer{}, r) }

// EnergyConcurrencyIn is EnergyConcurrency in p's language.
func EnergyConcurrencyIn(p data.Printer, r *data.Result) string {
	return headline(p, r, func(s *data.Config) string {
		return p.T("chart.headline.concurrency", "batch", BatchIn(p, s), "item", p.T("chart.per."+r.Kind.Item),
			"deadline", p.Deadline(r.Kind, r.Query.DeadlineMS), "joules", p.Number(s.Joules()))
	})
}

// PowerThroughput is the PowerThroughput chart's headline for r.
func PowerThroughput(r *data.Result) string { return PowerThroughputIn(data.Printer{}, r) }

// PowerThroughputIn is PowerThroughput in p's language.
func PowerThroughputIn(p data.Printer, r *data.Result) string {
	return headline(p, r, func(s *data.Config) string {
		items := p.T("chart.tokens")
		if r.Kind.Diffusion() {
			items = p.T("items." + r.Kind.Item + "s")
		}
		return p.T("chart.headline.power", "batch", BatchIn(p, s), "watts", p.Number(float64(s.PowerWatts)),
			"rate", p.Number(s.Throughput()), "items", items)
	})
}

// headline is "Model on GPUs: " and what selected says of the selected
// configuration, or, when none meets the deadline, the smallest one met.
func headline(p data.Printer, r *data.Result, selected func(*data.Config) string) string {
	q, k := r.Query, r.Kind
	lead := p.T("chart.headline.lead", "model", r.Model.Name, "gpus", p.GPUChoice(r.Model.GPUs, q.GPU))
	if r.Selected == nil {
		return lead + p.T("chart.plan.missed", "deadline", p.Deadline(k, q.DeadlineMS), "min", p.Deadline(k, r.MinDeadlineMS()))
	}
	return lead + selected(r.Selected)
}

// Batch is how a configuration batches its requests, in words: "a batch
// size limit of 64", or a diffusion model's batch size and split.
func Batch(c *data.Config) string { return BatchIn(data.Printer{}, c) }

// BatchIn is Batch in p's language.
func BatchIn(p data.Printer, c *data.Config) string {
	if c.Diffusion() {
		return p.T("chart.batch.size", "n", strconv.Itoa(c.BatchSize), "split", c.Split())
	}
	return p.T("chart.batch.limit", "n", strconv.Itoa(c.MaxNumSeqs))
}
