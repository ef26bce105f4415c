// Package headline states in words what the calculator's charts show for
// a result: a headline for a chart that stands alone (the embed's chart
// layout) and a caption in a line. Plain Go, without the charts' options,
// so that the card embeds' wasm (wasm/card) shows them without go-echarts.
package headline

import (
	"fmt"
	"strings"

	"tokenjoule/data"
)

// The headlines state in a sentence what a chart shows for a
// result, as the title of a chart that stands alone (the embed's chart
// layout); the Brief captions say in a line how to read it.
const (
	BriefEnergyLatency     = "Dots: measured configurations; hollow ones miss the deadline (red line); ◆: the one selected."
	BriefEnergyConcurrency = "One line per GPU type and count; hollow points miss the deadline; ◆: the one selected."
	BriefPowerThroughput   = "Above: GPU power; below: tokens per second; a line per GPU and count; ◆: the one selected."
)

// Briefs are the three charts' Brief captions for a kind of workload, in
// page order: the constants above for tokens.
func Briefs(k *data.Kind) [3]string {
	b := [3]string{BriefEnergyLatency, BriefEnergyConcurrency, BriefPowerThroughput}
	if k.Diffusion() {
		b[2] = strings.Replace(b[2], "tokens", k.Items, 1)
	}
	return b
}

// Of are the three charts' headlines, in page order (state.Charts).
var Of = [3]func(*data.Result) string{EnergyLatency, EnergyConcurrency, PowerThroughput}

// EnergyLatency is the EnergyLatency chart's headline for r.
func EnergyLatency(r *data.Result) string {
	return headline(r, func(s *data.Config) string {
		return fmt.Sprintf("the least energy per %s within %s is %s J, on %s", r.Kind.Item, r.Kind.Deadline(r.Query.DeadlineMS),
			data.FormatNumber(s.Joules()), s.Hardware())
	})
}

// EnergyConcurrency is the EnergyConcurrency chart's headline for r.
func EnergyConcurrency(r *data.Result) string {
	return headline(r, func(s *data.Config) string {
		return fmt.Sprintf("%s spends the least energy per %s within %s, %s J", Batch(s), r.Kind.Item,
			r.Kind.Deadline(r.Query.DeadlineMS), data.FormatNumber(s.Joules()))
	})
}

// PowerThroughput is the PowerThroughput chart's headline for r.
func PowerThroughput(r *data.Result) string {
	return headline(r, func(s *data.Config) string {
		return fmt.Sprintf("at %s the GPUs draw %s W for %s %s a second", Batch(s),
			data.FormatNumber(float64(s.PowerWatts)), data.FormatNumber(s.Throughput()), strings.TrimPrefix(r.Kind.Items, "output "))
	})
}

// headline is "Model on GPUs: " and what selected says of the selected
// configuration, or, when none meets the deadline, the smallest one met.
func headline(r *data.Result, selected func(*data.Config) string) string {
	q, k := r.Query, r.Kind
	lead := r.Model.Name + " on " + data.GPUChoice(r.Model.GPUs, q.GPU) + ": "
	if r.Selected == nil {
		return lead + fmt.Sprintf("no measured configuration meets %s; the smallest deadline one meets is %s",
			k.Deadline(q.DeadlineMS), k.Deadline(r.MinDeadlineMS()))
	}
	return lead + selected(r.Selected)
}

// Batch is how a configuration batches its requests, in words: "a batch
// size limit of 64", or a diffusion model's batch size and split.
func Batch(c *data.Config) string {
	if c.Diffusion() {
		return fmt.Sprintf("a batch size of %d, split %s", c.BatchSize, c.Split())
	}
	return fmt.Sprintf("a batch size limit of %d", c.MaxNumSeqs)
}
