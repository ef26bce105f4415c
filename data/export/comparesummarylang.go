package export

import (
	"strings"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/lang"
	"tokenjoule/data/plan"
)

// CompareSummaryIn is CompareSummary in p's language, for the compare
// page's "Copy summary": the one writing of it, English included. The
// dataset's names (models, configurations, citation) stay as the dataset
// writes them.
func CompareSummaryIn(p data.Printer, rk *data.Ranking, idx *data.Index, f footprint.Factors, permalink string) string {
	q, w, k := rk.Query, rk.Workload, rk.Workload.Kind()
	var meets []string
	for i := range rk.Models {
		if r := &rk.Models[i]; r.Status() == data.Meets {
			e := r.Result.Estimate
			more := p.Number(r.Result.Selected.Joules()) + "\u00a0J/" + p.T("item."+k.Item) + amountsIn(p, f, e.EnergyWh, "")
			meets = append(meets, p.T("summary.compare.model", "rank", p.Int(len(meets)+1), "model", r.Entry.Name,
				"energy", p.Energy(e.EnergyWh), "more", more))
		}
	}
	var b strings.Builder
	b.WriteString(p.T("summary.compare.question", "volume", p.VolumeWords(k, q.Tokens), "workload", workloadNameIn(p, w),
		"gpus", gpuPhraseIn(p, w.GPUs(), q.GPU), "deadline", deadlinePhraseIn(p, k, q)) + " ")
	measured, models := rk.MeasuredIn(p)
	if len(meets) == 0 {
		b.WriteString(p.T("summary.compare.none", "n", p.Int(measured), "models", models))
	} else {
		b.WriteString(p.T("summary.compare.meets", "n", p.Int(len(meets)), "total", p.Int(measured), "models", models,
			"list", semiList(p, meets)))
	}
	othersIn(&b, p, rk)
	shown := factorsIn(&b, p, f, len(meets) > 0)
	sourceIn(&b, p, f, shown, idx, idx.Caveat, idx.Source, permalink)
	return b.String()
}

// PlanCompareSummaryIn is PlanCompareSummary in p's language.
func PlanCompareSummaryIn(p data.Printer, rk *plan.Ranking, idx *data.Index, given footprint.Factors, permalink string) string {
	q, w := rk.Query, rk.Workload
	f := plan.Footprint(given)
	day := " " + p.T("plan.a-day")
	var meets []string
	for _, r := range rk.Models {
		if r.Status() == data.Meets {
			o := r.Plan.Best()
			gpus := "gpus.many"
			if o.GPUs == 1 {
				gpus = "gpus.one"
			}
			meets = append(meets, p.T("summary.plancompare.model", "rank", p.Int(len(meets)+1), "model", r.Entry.Name,
				"energy", p.Energy(o.WhPerDay), "gpus", p.T(gpus, "n", p.Int(o.GPUs)), "replicas", p.Int(o.Replicas),
				"hardware", o.Config.Hardware(), "busy", plan.PercentIn(p, o.Utilisation), "more", amountsIn(p, f, o.WhPerDay, day)))
		}
	}
	var b strings.Builder
	b.WriteString(p.T("summary.plancompare.question", "traffic", rk.Traffic.WordsIn(p), "workload", workloadNameIn(p, w),
		"gpus", gpuPhraseIn(p, w.GPUs(), q.GPU), "deadline", deadlinePhraseIn(p, data.Tokens, q)) + " ")
	all := rk.Data()
	measured, models := all.MeasuredIn(p)
	if len(meets) == 0 {
		b.WriteString(p.T("summary.compare.none", "n", p.Int(measured), "models", models))
	} else {
		b.WriteString(p.T("summary.plancompare.meets", "n", p.Int(len(meets)), "total", p.Int(measured), "models", models,
			"list", semiList(p, meets)))
	}
	othersIn(&b, p, all)
	shown := factorsIn(&b, p, f, len(meets) > 0)
	sourceIn(&b, p, f, shown, idx, plan.Caveat, idx.Source, permalink)
	return b.String()
}

// amountsIn is footprintAmounts in p's language.
func amountsIn(p data.Printer, f footprint.Factors, gpuWh float64, per string) string {
	l := f.Ladder(gpuWh)
	var amounts []string
	if !f.IsGPUOnly() {
		amounts = append(amounts, p.Energy(l.FacilityWh)+per)
	}
	if g, ok := f.Carbon(l); ok {
		amounts = append(amounts, footprint.Figure(p, footprint.FormatCarbon(g))+per)
	}
	if w, ok := f.Water(l); ok {
		amounts = append(amounts, p.T("range.water", "range", footprint.Figure(p, footprint.FormatWater(w)))+per)
	}
	if c, ok := f.Cost(l); ok {
		amounts = append(amounts, footprint.Figure(p, footprint.FormatMoney(c, f.Currency))+per)
	}
	if len(amounts) == 0 {
		return ""
	}
	return p.T("summary.compare.fp", "amounts", strings.Join(amounts, ", "))
}

// factorsIn is footprintFactors in p's language.
func factorsIn(b *strings.Builder, p data.Printer, f footprint.Factors, some bool) bool {
	l := f.Ladder(1)
	var at []string
	if _, ok := f.Carbon(l); ok {
		at = append(at, p.T("summary.factor.carbon", "factor", footprint.Grid.DescribeIn(p, f.Grid)))
	}
	if _, ok := f.Water(l); ok {
		at = append(at, p.T("summary.factor.water", "factor", footprint.WUE.DescribeIn(p, f.WUE)))
	}
	if _, ok := f.Cost(l); ok {
		at = append(at, p.T("summary.factor.cost", "price", p.Number(f.Price.Value), "currency", f.Currency))
	}
	if !some || f.IsGPUOnly() && len(at) == 0 {
		return false
	}
	lead := footprintLeadIn(p, f)
	if len(at) > 0 {
		lead = p.T("summary.compare.factors", "lead", lead, "list", strings.Join(at, ", "))
	}
	b.WriteString(" " + lead + ".")
	return true
}

// othersIn is others in p's language.
func othersIn(b *strings.Builder, p data.Printer, rk *data.Ranking) {
	var misses, unmeasured []string
	for i := range rk.Models {
		switch r := &rk.Models[i]; r.Status() {
		case data.MissesDeadline:
			misses = append(misses, r.Entry.Name+" ("+p.Deadline(r.Result.Kind, r.Result.MinDeadlineMS())+")")
		case data.NotMeasured:
			unmeasured = append(unmeasured, r.Entry.Name)
		}
	}
	if len(misses) > 0 {
		b.WriteString(" " + p.T("summary.compare.misses", "list", strings.Join(misses, ", ")))
	}
	if len(unmeasured) > 0 {
		b.WriteString(" " + p.T("summary.compare.unmeasured", "gpu", rk.Query.GPU, "list", strings.Join(unmeasured, ", ")))
	}
}

// sourceIn is source in p's language: the boundary (widened where the
// summary showed f's figures), the caveat, the data, the citation and the
// permalink.
func sourceIn(b *strings.Builder, p data.Printer, f footprint.Factors, shown bool, idx *data.Index, caveat string, src data.Source, permalink string) {
	boundary := Boundary(idx.Boundary) // a boundary the catalogue does not name, in the dataset's words
	if idx.Boundary == "gpu_only" {
		boundary = p.T("summary.gpu-only")
	}
	if shown && !f.IsGPUOnly() {
		boundary = p.T("summary.widened", "boundary", boundary, "name", f.BoundaryNameIn(p))
	}
	switch caveat {
	case lang.EN.T("footer.caveat"):
		caveat = p.T("footer.caveat")
	case plan.Caveat:
		caveat = p.T("plan.caveat")
	}
	b.WriteString(" " + p.T("summary.source", "boundary", boundary, "caveat", caveat, "data", src.Name+" "+versionIn(p, src), "cite", src.Cite))
	if permalink != "" {
		b.WriteString(" " + permalink)
	}
}

// semiList joins items with the language's semicolon.
func semiList(p data.Printer, items []string) string {
	list := items[0]
	for _, x := range items[1:] {
		list = p.T("list.semi", "list", list, "next", x)
	}
	return list
}
