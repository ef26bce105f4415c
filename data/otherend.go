package data

import (
	"strings"
)

// The percentile is the part of a question people skip: "each token within
// 50 ms" read at the median holds only half of the tokens to the deadline,
// and holding 99 in 100 to it can take several times the energy. So the
// answer comes with the same question asked at the other end of the choice.

// OtherEnd is the percentile at the other end of the choice from p: for
// the median, the strictest the data has (p99, the nearest it comes to
// "every token"); for p90, p95 and p99, the median.
func (p Percentile) OtherEnd() Percentile {
	if p == P50 {
		return P99
	}
	return P50
}

// OtherEnd is a result's question asked again at the other end of the
// percentile's choice.
type OtherEnd struct {
	// Result answers the question at the other percentile. Without a
	// Selected configuration, its MinDeadlineMS is the smallest deadline
	// that one meets at that percentile.
	Result *Result
	// Ratio is Result's energy over the asked result's: 4.4 when holding 99
	// in 100 tokens to the deadline takes 4.4 times the median's energy. It
	// is 0 when either has no configuration under the deadline.
	Ratio float64
	asked *Result
}

// OtherEnd answers r's question at the other end of the percentile's
// choice; nil for an image or video workload, which has no percentile.
func (r *Result) OtherEnd() *OtherEnd {
	if r.Kind.Diffusion() {
		return nil
	}
	q := r.Query
	q.Percentile = q.Percentile.OtherEnd()
	o, err := r.Model.answer(r.Kind, q)
	if err != nil {
		// Only a dataset row with an absurd figure, which the importer
		// refuses, gets here; the page then shows the answer alone.
		return nil
	}
	e := &OtherEnd{Result: o, asked: r}
	if o.Selected != nil && r.Selected != nil {
		e.Ratio = o.Estimate.EnergyWh / r.Estimate.EnergyWh
	}
	return e
}

// Sentence is the other end in plain words, its energy written by energy
// from the GPU energy, so that it is at the same boundary and in the same
// unit as the figure it goes beside:
//
//	If 99 in 100 tokens must arrive within 50 ms: 580.8 kWh, 4.4× as much.
//	With half of the tokens within 50 ms (the median): 133.1 kWh.
//	If 99 in 100 tokens must arrive within 30 ms: no measured configuration does; that takes a deadline of at least 32.2 ms.
func (o *OtherEnd) Sentence(energy func(gpuWh float64) string) string {
	return o.SentenceIn(Printer{}, energy)
}

// SentenceIn is Sentence in p's language.
func (o *OtherEnd) SentenceIn(p Printer, energy func(gpuWh float64) string) string {
	r := o.Result
	q := r.Query
	lead := p.T("otherend.median", "share", p.Share(q.Percentile), "ms", p.MS(q.DeadlineMS))
	if q.Percentile != P50 {
		lead = p.T("otherend.lead", "share", p.Share(q.Percentile), "ms", p.MS(q.DeadlineMS))
	}
	if r.Selected == nil {
		key := "otherend.neither"
		if o.asked.Selected != nil {
			key = "otherend.none"
		}
		return p.T(key, "lead", lead, "deadline", p.Deadline(r.Kind, r.MinDeadlineMS()))
	}
	e := energy(r.Estimate.EnergyWh)
	switch {
	case o.Ratio == 1:
		return p.T("otherend.same", "lead", lead, "energy", e)
	case o.Ratio == 0 || q.Percentile == P50:
		return p.T("otherend.plain", "lead", lead, "energy", e)
	case FormatRatio(o.Ratio) == "1.0":
		if pct := strings.TrimPrefix(FormatChange(o.Ratio, 1), "+"); pct != "0.0%" {
			return p.T("otherend.more", "lead", lead, "energy", e, "pct", p.Lang.Percent(pct))
		}
		return p.T("otherend.about", "lead", lead, "energy", e)
	}
	return p.T("otherend.times", "lead", lead, "energy", e, "ratio", p.Ratio(o.Ratio))
}
