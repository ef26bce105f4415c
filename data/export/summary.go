package export

import (
	"fmt"
	"strings"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
)

// Summary is a calculation as one plain-text paragraph for a reader to paste
// into a post or a message: the question, the answer with its figures and the
// configuration they come from, what f adds past the GPU (the boundary's
// energy, and carbon, water and cost where set), the boundary, the caveat,
// the source and permalink, the URL of the page that shows it. It is the
// page's "Copy summary".
func Summary(r *data.Result, f footprint.Factors, permalink string) string {
	q, m, k := r.Query, r.Model, r.Kind
	var b strings.Builder
	fmt.Fprintf(&b, "%s of %s on %s, %s, %s: ",
		k.VolumeWords(q.Tokens), m.Name, workloadName(m, q.Task), gpuPhrase(m.GPUs, q.GPU), deadlinePhrase(k, q))
	if s := r.Selected; s != nil {
		e := r.Estimate
		per := fmt.Sprintf("%s J per token, %s per request of %s tokens", data.FormatNumber(s.Joules()), data.FormatJoules(e.EnergyPerRequest),
			data.FormatNumber(float64(s.AvgOutputTokens)))
		if k.Diffusion() {
			per = fmt.Sprintf("%s J per %s", data.FormatNumber(s.Joules()), k.Item)
		}
		fmt.Fprintf(&b, "%s of GPU energy (%s), with the most energy-efficient measured configuration that meets the deadline (%s; dataset row %s).",
			data.FormatEnergy(e.EnergyWh), per, s.Brief(), s.RowID)
		past(&b, f, f.SpreadOf(s), e.EnergyWh)
	} else {
		f := r.Fastest
		fmt.Fprintf(&b, "no measured configuration meets the deadline; the smallest deadline one meets is %s (%s; dataset row %s).",
			k.Deadline(r.MinDeadlineMS()), f.Brief(), f.RowID)
	}
	// The percentile's other end, as the page says it under the answer; of
	// GPU energy, as the answer above is.
	if o := r.OtherEnd(); o != nil {
		b.WriteString(" " + o.Sentence(data.FormatEnergy))
	}
	source(&b, widened(Boundary(m.Boundary), f, r.Selected != nil), m.Caveat, m.Source, permalink)
	return b.String()
}

// widened is a dataset's boundary in words, widened to f's where the
// summary gave f's figures (shown).
func widened(boundary string, f footprint.Factors, shown bool) string {
	if shown && !f.IsGPUOnly() {
		boundary += fmt.Sprintf(" as measured, widened to %q as above", f.BoundaryName())
	}
	return boundary
}

// past writes what f makes of gpuWh: at a boundary wider than the GPU, its
// energy and the factors that widen it; then carbon, water and cost, each
// only when its factor is set, with the factor; then the range of each
// over s, the published spread of f's factors. Nothing for the dataset's
// own boundary with none set.
func past(b *strings.Builder, f footprint.Factors, s footprint.Spread, gpuWh float64) {
	var parts []string
	for _, x := range footprintFigures(f, gpuWh) {
		parts = append(parts, strings.TrimSpace(x.amount+" "+x.at))
	}
	if len(parts) > 0 {
		b.WriteString(" " + footprintLead(f) + ": " + strings.Join(parts, "; ") + ".")
	}
	if r := s.Sentence(gpuWh, ""); r != "" {
		b.WriteString(" " + r)
	}
}

// footprintLead says where f counts the footprint: of the GPU energy, or at
// a wider boundary, with the factors that widen it (which the boundary's
// name gives, unless it is a preset's).
func footprintLead(f footprint.Factors) string {
	if f.IsGPUOnly() {
		return "Footprint of the GPU energy"
	}
	lead := fmt.Sprintf("Footprint at the boundary %q", f.BoundaryName())
	if _, ok := f.BoundaryPreset(); !ok {
		return lead
	}
	e := f.Effective()
	return fmt.Sprintf("%s (host CPU and memory +%s%% and idle capacity +%s%% of GPU energy, PUE %s)",
		lead, data.FormatNumber(e.Host.Value*100), data.FormatNumber(e.Idle.Value*100), data.FormatNumber(e.PUE.Value))
}

// fpFigure is one of the footprint's figures: what it measures, the amount,
// and the factor it was worked out at ("" for the boundary's energy, whose
// factors the lead gives).
type fpFigure struct{ name, amount, at string }

// footprintFigures are f's figures for gpuWh: the boundary's energy when it
// is wider than the GPU, then carbon, water and cost where their factors are
// set.
func footprintFigures(f footprint.Factors, gpuWh float64) []fpFigure {
	l := f.Ladder(gpuWh)
	var out []fpFigure
	if !f.IsGPUOnly() {
		out = append(out, fpFigure{"energy", data.FormatEnergy(l.FacilityWh), ""})
	}
	if g, ok := f.Carbon(l); ok {
		out = append(out, fpFigure{"carbon", footprint.FormatCarbon(g), "at " + footprint.Grid.Describe(f.Grid)})
	}
	if w, ok := f.Water(l); ok {
		out = append(out, fpFigure{"water", footprint.FormatWater(w) + " of water", "on site at " + footprint.WUE.Describe(f.WUE)})
	}
	if c, ok := f.Cost(l); ok {
		out = append(out, fpFigure{"cost", footprint.FormatMoney(c, f.Currency), fmt.Sprintf("at %s %s per kWh", data.FormatNumber(f.Price.Value), f.Currency)})
	}
	return out
}

// CompareSummary is a ranking as one plain-text paragraph: every model that
// meets the deadline with its energy, least first, and what f makes of it
// (the boundary's energy, carbon, water and cost where set), then those that
// miss it with the deadline each would meet, those not measured on the GPU,
// the factors f's figures were worked out at, and the boundary, caveat,
// source and permalink. It is the compare page's "Copy summary", and holds
// what the page's table and its CSV do.
func CompareSummary(rk *data.Ranking, idx *data.Index, f footprint.Factors, permalink string) string {
	q, w, k := rk.Query, rk.Workload, rk.Workload.Kind()
	var meets []string
	for i := range rk.Models {
		if r := &rk.Models[i]; r.Status() == data.Meets {
			e := r.Result.Estimate
			more := data.FormatNumber(r.Result.Selected.Joules()) + " J/" + k.Item + footprintAmounts(f, e.EnergyWh, "")
			meets = append(meets, fmt.Sprintf("%d. %s, %s (%s)", len(meets)+1, r.Entry.Name, data.FormatEnergy(e.EnergyWh), more))
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "GPU energy of %s on %s, %s, %s: ",
		k.VolumeWords(q.Tokens), w.Name, gpuPhrase(w.GPUs(), q.GPU), deadlinePhrase(k, q))
	measured, models := rk.Measured()
	if len(meets) == 0 {
		fmt.Fprintf(&b, "none of its %d %s meets the deadline.", measured, models)
	} else {
		fmt.Fprintf(&b, "%d of its %d %s meet the deadline; least energy first, each with its most energy-efficient measured configuration that meets it: %s.",
			len(meets), measured, models, strings.Join(meets, "; "))
	}
	others(&b, rk)
	shown := footprintFactors(&b, f, len(meets) > 0)
	source(&b, widened(Boundary(idx.Boundary), f, shown), idx.Caveat, idx.Source, permalink)
	return b.String()
}

// deadlinePhrase is the deadline in words: "at a p50 inter-token latency of
// at most 500 ms", or "each generated within 30 s (a batch's time)".
func deadlinePhrase(k *data.Kind, q data.Query) string {
	if k.Diffusion() {
		return fmt.Sprintf("each generated within %s (the time to generate its batch)", k.Deadline(q.DeadlineMS))
	}
	return fmt.Sprintf("at a %s inter-token latency of at most %s", q.Percentile, data.FormatMS(q.DeadlineMS))
}

// footprintAmounts is what f makes of gpuWh, each amount followed by per,
// after "; footprint ": "" where f sets nothing past the GPU's energy.
func footprintAmounts(f footprint.Factors, gpuWh float64, per string) string {
	var amounts []string
	for _, x := range footprintFigures(f, gpuWh) {
		amounts = append(amounts, x.amount+per)
	}
	if len(amounts) == 0 {
		return ""
	}
	return "; footprint " + strings.Join(amounts, ", ")
}

// footprintFactors writes, once for a ranking whose models' figures were
// given (some), the factors they were worked out at, and tells whether it
// wrote them.
func footprintFactors(b *strings.Builder, f footprint.Factors, some bool) bool {
	xs := footprintFigures(f, 1)
	if !some || len(xs) == 0 {
		return false
	}
	var at []string
	for _, x := range xs {
		if x.at != "" {
			at = append(at, x.name+" "+x.at)
		}
	}
	b.WriteString(" " + footprintLead(f))
	if len(at) > 0 {
		b.WriteString(", with " + strings.Join(at, ", "))
	}
	b.WriteString(".")
	return true
}

// others writes the models of a ranking that miss the deadline, with the
// smallest deadline each meets, and those not measured on the GPU.
func others(b *strings.Builder, rk *data.Ranking) {
	var misses, unmeasured []string
	for i := range rk.Models {
		switch r := &rk.Models[i]; r.Status() {
		case data.MissesDeadline:
			misses = append(misses, fmt.Sprintf("%s (%s)", r.Entry.Name, r.Result.Kind.Deadline(r.Result.MinDeadlineMS())))
		case data.NotMeasured:
			unmeasured = append(unmeasured, r.Entry.Name)
		}
	}
	if len(misses) > 0 {
		fmt.Fprintf(b, " Missing the deadline (the smallest each meets): %s.", strings.Join(misses, ", "))
	}
	if len(unmeasured) > 0 {
		fmt.Fprintf(b, " Not measured on %s: %s.", rk.Query.GPU, strings.Join(unmeasured, ", "))
	}
}

// source ends a summary: the boundary in words, the caveat, where the data
// comes from, whom to cite, and the permalink.
func source(b *strings.Builder, boundary, caveat string, src data.Source, permalink string) {
	fmt.Fprintf(b, " Boundary: %s. %s Data: %s %s. Cite: %s.", boundary, caveat, src.Name, src.Version, src.Cite)
	if permalink != "" {
		b.WriteString(" " + permalink)
	}
}

// Boundary names a dataset's energy boundary in words: "GPU only" for
// gpu_only, the dataset's own word otherwise.
func Boundary(b string) string {
	if b == "gpu_only" {
		return "GPU only"
	}
	return strings.ReplaceAll(b, "_", " ")
}

// gpuPhrase is the GPU choice in words: "on H100", or for AnyGPU "on B200 or
// H100, whichever spends less".
func gpuPhrase(gpus []string, gpu string) string {
	s := "on " + data.GPUChoice(gpus, gpu)
	if gpu == data.AnyGPU && len(gpus) > 1 {
		s += ", whichever spends less"
	}
	return s
}

// workloadName is the workload a model was measured on by the name the page
// gives it, "Reasoning": its source names it with its id, "Reasoning
// (gpqa)", which the reader has no use for. A model without a source's
// name gives the workload's id.
func workloadName(m *data.Model, task string) string {
	if m.Source.Workload != "" {
		return strings.TrimSuffix(m.Source.Workload, " ("+task+")")
	}
	return task
}
