package charts

import (
	"fmt"

	"tokenjoule/data"
)

// The Headline functions state in a sentence what a chart shows for a
// result, as the title of a chart that stands alone (the embed's chart
// layout); the Brief captions say in a line how to read it.
const (
	BriefEnergyLatency     = "Dots: measured configurations; hollow ones miss the deadline (red line); ◆: the one selected."
	BriefEnergyConcurrency = "One line per GPU type and count; hollow points miss the deadline; ◆: the one selected."
	BriefPowerThroughput   = "Solid: GPU power (left axis); dashed: tokens per second (right axis); ◆: the one selected."
)

// HeadlineEnergyLatency is the EnergyLatency chart's headline for r.
func HeadlineEnergyLatency(r *data.Result) string {
	return headline(r, func(s *data.Config) string {
		return fmt.Sprintf("the least energy per token within %s is %s J, on %s", data.FormatMS(r.Query.DeadlineMS),
			data.FormatNumber(float64(s.JoulesPerToken)), gpuName(s))
	})
}

// HeadlineEnergyConcurrency is the EnergyConcurrency chart's headline for r.
func HeadlineEnergyConcurrency(r *data.Result) string {
	return headline(r, func(s *data.Config) string {
		return fmt.Sprintf("a batch size limit of %d spends the least energy per token within %s, %s J", s.MaxNumSeqs,
			data.FormatMS(r.Query.DeadlineMS), data.FormatNumber(float64(s.JoulesPerToken)))
	})
}

// HeadlinePowerThroughput is the PowerThroughput chart's headline for r.
func HeadlinePowerThroughput(r *data.Result) string {
	return headline(r, func(s *data.Config) string {
		return fmt.Sprintf("at a batch size limit of %d the GPUs draw %s W for %s tokens a second", s.MaxNumSeqs,
			data.FormatNumber(float64(s.PowerWatts)), data.FormatNumber(float64(s.TokensPerSecond)))
	})
}

// headline is "Model on GPUs: " and what selected says of the selected
// configuration, or, when none meets the deadline, the smallest one met.
func headline(r *data.Result, selected func(*data.Config) string) string {
	q := r.Query
	lead := r.Model.Name + " on " + data.GPUChoice(r.Model.GPUs, q.GPU) + ": "
	if r.Selected == nil {
		return lead + fmt.Sprintf("no measured configuration meets %s; the smallest deadline one meets is %s",
			data.FormatMS(q.DeadlineMS), data.FormatMS(r.MinDeadlineMS()))
	}
	return lead + selected(r.Selected)
}
