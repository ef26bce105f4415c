package data

import (
	"fmt"
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
	r := o.Result
	q := r.Query
	lead := fmt.Sprintf("With %s within %s (the median): ", q.Percentile.Share(), FormatMS(q.DeadlineMS))
	if q.Percentile != P50 {
		lead = fmt.Sprintf("If %s must arrive within %s: ", q.Percentile.Share(), FormatMS(q.DeadlineMS))
	}
	if r.Selected == nil {
		either := ""
		if o.asked.Selected == nil {
			either = " either"
		}
		return fmt.Sprintf("%sno measured configuration does%s; that takes a deadline of at least %s.",
			lead, either, r.Kind.Deadline(r.MinDeadlineMS()))
	}
	return lead + energy(r.Estimate.EnergyWh) + o.compared() + "."
}

// compared is how the other end's energy compares with the asked one's,
// after its figure: ", 4.4× as much" for the stricter end, nothing for the
// median (the figure it goes beside says the rest), ", the same" for the
// same energy.
func (o *OtherEnd) compared() string {
	switch {
	case o.Ratio == 1:
		return ", the same"
	case o.Ratio == 0 || o.Result.Query.Percentile == P50:
		return ""
	case FormatRatio(o.Ratio) == "1.0":
		if pct := strings.TrimPrefix(FormatChange(o.Ratio, 1), "+"); pct != "0.0%" {
			return ", " + pct + " more"
		}
		return ", about as much"
	}
	return ", " + FormatRatio(o.Ratio) + "× as much"
}
