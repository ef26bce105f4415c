package export

import (
	"strings"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/lang"
)

// SummaryIn is Summary in p's language, for the page's "Copy summary": the
// one writing of it, English included. The dataset's names (model,
// configuration, row, citation) stay as the dataset writes them.
func SummaryIn(p data.Printer, r *data.Result, f footprint.Factors, permalink string) string {
	q, m, k := r.Query, r.Model, r.Kind
	var b strings.Builder
	b.WriteString(p.T("summary.question", "volume", p.VolumeWords(k, q.Tokens), "model", m.Name,
		"workload", workloadIn(p, m, q.Task), "gpus", gpuPhraseIn(p, m.GPUs, q.GPU), "deadline", deadlinePhraseIn(p, k, q)) + " ")
	if s := r.Selected; s != nil {
		e := r.Estimate
		per := p.T("summary.per.token", "joules", p.Number(s.Joules()), "request", p.Joules(e.EnergyPerRequest),
			"n", p.Number(float64(s.AvgOutputTokens)))
		if k.Diffusion() {
			per = p.T("summary.per.item", "joules", p.Number(s.Joules()), "item", p.T("item."+k.Item))
		}
		b.WriteString(p.T("summary.answer", "energy", p.Energy(e.EnergyWh), "per", per, "config", s.BriefIn(p), "row", s.RowID))
		pastIn(&b, p, f, f.SpreadOf(s), e.EnergyWh)
	} else {
		fastest := r.Fastest
		b.WriteString(p.T("summary.none", "min", p.Deadline(k, r.MinDeadlineMS()), "config", fastest.BriefIn(p), "row", fastest.RowID))
	}
	if o := r.OtherEnd(); o != nil {
		b.WriteString(" " + o.SentenceIn(p, p.Energy))
	}
	boundary := Boundary(m.Boundary) // a boundary the catalogue does not name, in the dataset's words
	if m.Boundary == "gpu_only" {
		boundary = p.T("summary.gpu-only")
	}
	if r.Selected != nil && !f.IsGPUOnly() {
		boundary = p.T("summary.widened", "boundary", boundary, "name", f.BoundaryNameIn(p))
	}
	caveat := m.Caveat
	if caveat == lang.EN.T("footer.caveat") {
		caveat = p.T("footer.caveat")
	}
	b.WriteString(" " + p.T("summary.source", "boundary", boundary, "caveat", caveat, "data", m.Source.Name+" "+versionIn(p, m.Source),
		"cite", m.Source.Cite))
	if permalink != "" {
		b.WriteString(" " + permalink)
	}
	return b.String()
}

// pastIn is past in p's language.
func pastIn(b *strings.Builder, p data.Printer, f footprint.Factors, s footprint.Spread, gpuWh float64) {
	l := f.Ladder(gpuWh)
	var parts []string
	if !f.IsGPUOnly() {
		parts = append(parts, p.Energy(l.FacilityWh))
	}
	if g, ok := f.Carbon(l); ok {
		parts = append(parts, p.T("summary.carbon", "amount", footprint.Figure(p, footprint.FormatCarbon(g)),
			"factor", footprint.Grid.DescribeIn(p, f.Grid)))
	}
	if w, ok := f.Water(l); ok {
		parts = append(parts, p.T("summary.water", "amount", footprint.Figure(p, footprint.FormatWater(w)),
			"factor", footprint.WUE.DescribeIn(p, f.WUE)))
	}
	if c, ok := f.Cost(l); ok {
		parts = append(parts, p.T("summary.cost", "amount", footprint.Figure(p, footprint.FormatMoney(c, f.Currency)),
			"price", p.Number(f.Price.Value), "currency", f.Currency))
	}
	if len(parts) > 0 {
		lead := footprintLeadIn(p, f)
		figures := parts[0]
		for _, x := range parts[1:] {
			figures = p.T("list.semi", "list", figures, "next", x)
		}
		b.WriteString(" " + p.T("summary.past", "lead", lead, "figures", figures))
	}
	if r := s.SentenceIn(p, gpuWh, ""); r != "" {
		b.WriteString(" " + r)
	}
}

// gpuPhraseIn is gpuPhrase in p's language.
func gpuPhraseIn(p data.Printer, gpus []string, gpu string) string {
	if gpu == data.AnyGPU && len(gpus) > 1 {
		return p.T("summary.on.any", "gpus", p.GPUChoice(gpus, gpu))
	}
	return p.T("summary.on", "gpus", p.GPUChoice(gpus, gpu))
}

// deadlinePhraseIn is deadlinePhrase in p's language.
func deadlinePhraseIn(p data.Printer, k *data.Kind, q data.Query) string {
	if k.Diffusion() {
		return p.T("summary.deadline.items", "deadline", p.Deadline(k, q.DeadlineMS))
	}
	return p.T("summary.deadline", "p", string(q.Percentile), "ms", p.MS(q.DeadlineMS))
}

// versionIn is a source's version and dates in p's language, as its
// Version says them in English: "3.0 (released 2025-12-01); data compiled
// 2026-02-16".
func versionIn(p data.Printer, src data.Source) string {
	v, _, _ := strings.Cut(src.Version, " ")
	return p.T("summary.version", "version", v, "released", p.Lang.Date(src.Released), "compiled", p.Lang.Date(src.Compiled))
}

// footprintLeadIn opens a summary's footprint in p's language: GPU energy
// alone, or the boundary by name, with its factors where it is a preset.
func footprintLeadIn(p data.Printer, f footprint.Factors) string {
	if f.IsGPUOnly() {
		return p.T("summary.footprint.gpu")
	}
	lead := p.T("summary.footprint", "name", f.BoundaryNameIn(p))
	if _, ok := f.BoundaryPreset(); ok {
		e := f.Effective()
		pct := func(v float64) string { return p.Lang.Percent(data.FormatNumber(v*100) + "%") }
		lead += " " + p.T("summary.footprint.factors", "host", pct(e.Host.Value), "idle", pct(e.Idle.Value), "pue", p.Number(e.PUE.Value))
	}
	return lead
}
