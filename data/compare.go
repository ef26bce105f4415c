package data

import (
	"slices"
	"sort"
	"strings"
)

// Ranking answers "which model is cheapest at this latency?": every model of a
// workload at one deadline, percentile, GPU choice and volume, each with its
// own selection, lowest energy first.
type Ranking struct {
	Query    Query // as asked; Model is not used
	Workload *Workload
	// Models holds every model of the workload: those that meet the deadline
	// by energy for the volume, then those that miss it by the smallest
	// deadline they meet, then those not measured on the query's GPU; each
	// group is ordered by slug on a tie.
	Models []Ranked
}

// Ranked is one model's line of a Ranking.
type Ranked struct {
	Entry *ModelEntry // slug, display name, size and GPUs
	// Result is set.Select's answer for the model at the ranking's query: the
	// selected configuration and its Estimate, or the fastest configuration
	// and the smallest deadline it meets. It is nil when the model was not
	// measured on the query's GPU.
	Result *Result
}

// Status says where a model stands against a ranking's query.
type Status string

// The statuses of a ranked model, in ranking order.
const (
	Meets          Status = "meets"           // a configuration meets the deadline
	MissesDeadline Status = "misses_deadline" // measured on the GPU, but none meets the deadline
	NotMeasured    Status = "not_measured"    // never measured on the query's GPU
)

// Status tells whether r meets the deadline, misses it, or was not measured.
func (r *Ranked) Status() Status {
	switch {
	case r.Result == nil:
		return NotMeasured
	case r.Result.Selected == nil:
		return MissesDeadline
	}
	return Meets
}

// MeasuredIn is how many of rk's models were measured on its GPU choice
// (every one for AnyGPU), the models that meet or miss its deadline, and
// the words in p's language that name them after their number: "models",
// or "models measured on H100" when some were never measured there. A
// count of the models that meet the deadline is out of these: the others
// are listed apart, not counted as missing it.
func (rk *Ranking) MeasuredIn(p Printer) (n int, models string) {
	for i := range rk.Models {
		if rk.Models[i].Status() != NotMeasured {
			n++
		}
	}
	if n < len(rk.Models) {
		return n, p.T("models.on", "gpu", rk.Query.GPU)
	}
	return n, p.T("models")
}

// Compare ranks every model of q.Task at q's GPU choice, percentile, deadline
// and volume; q.Model is ignored. q.GPU is AnyGPU (each model on its best GPU)
// or a GPU some model of the workload was measured on; a model never measured
// on it is listed last, not dropped. Bad input is an *InputError, as for Select.
func (s *Set) Compare(q Query) (*Ranking, error) {
	w, err := s.Workload(q.Task)
	if err != nil {
		return nil, err
	}
	if q.GPU == "" {
		q.GPU = AnyGPU
	}
	if gpus := w.GPUs(); q.GPU != AnyGPU && !slices.Contains(gpus, q.GPU) {
		return nil, &InputError{Param: "gpu", Value: q.GPU,
			Accepted: AnyGPU + " or a GPU " + w.Name + " was measured on: " + strings.Join(gpus, ", ")}
	}
	if err := q.checkScalars(w.Kind()); err != nil {
		return nil, err
	}
	q.Model = ""
	rk := &Ranking{Query: q, Workload: w, Models: make([]Ranked, len(w.Models))}
	for i := range w.Models {
		e := &w.Models[i]
		rk.Models[i].Entry = e
		if q.GPU != AnyGPU && !slices.Contains(e.GPUs, q.GPU) {
			continue
		}
		mq := q
		mq.Model = e.Slug
		if rk.Models[i].Result, err = s.Select(mq); err != nil {
			return nil, err
		}
	}
	sort.SliceStable(rk.Models, func(i, j int) bool { return rankLess(&rk.Models[i], &rk.Models[j]) })
	return rk, nil
}

// rankLess orders models that meet the deadline by energy, those that miss it
// by the smallest latency they were measured at, and the unmeasured last; ties go to the
// slug, so that the order never depends on the index's.
func rankLess(a, b *Ranked) bool {
	sa, sb := a.Status(), b.Status()
	if sa != sb {
		return statusOrder(sa) < statusOrder(sb)
	}
	switch sa {
	case Meets:
		if ea, eb := a.Result.Estimate.EnergyWh, b.Result.Estimate.EnergyWh; ea != eb {
			return ea < eb
		}
	case MissesDeadline:
		// The measured latencies: two models shown with the same smallest
		// deadline keep the order of what was measured.
		p := a.Result.Query.Percentile
		if ma, mb := a.Result.Fastest.Latency(p), b.Result.Fastest.Latency(p); ma != mb {
			return ma < mb
		}
	}
	return a.Entry.Slug < b.Entry.Slug
}

func statusOrder(s Status) int {
	switch s {
	case Meets:
		return 0
	case MissesDeadline:
		return 1
	}
	return 2
}

// Size is the model's parameter count as a reader compares models: "14B", or
// "21B, 4B active" for a mixture of experts.
func (e *ModelEntry) Size() string { return e.SizeIn(Printer{}) }

// SizeIn is Size in p's language: "21 Md, dont 4 Md actifs".
func (e *ModelEntry) SizeIn(p Printer) string {
	if e.ActiveParams == e.Params {
		return p.Params(float64(e.Params))
	}
	return p.T("size.active", "total", p.Params(float64(e.Params)), "active", p.Params(float64(e.ActiveParams)))
}

// Params is FormatParams in p's language: "21 Md", "21 Mrd.".
func (p Printer) Params(billions float64) string { return p.Number(billions) + p.T("volume.B") }
