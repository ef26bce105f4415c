package plan

import (
	"sort"

	"tokenjoule/data"
)

// A Step is the plan at every deadline from DeadlineMS up to the next
// step's: what a faster answer costs.
type Step struct {
	// DeadlineMS is the smallest deadline at which this plan is the best:
	// its configuration's latency at the percentile.
	DeadlineMS float64
	Option
}

// Steps is the plan against the deadline for the traffic t, among configs
// on gpu (any for data.AnyGPU) at percentile p: one step wherever a longer
// deadline admits a configuration that plans better, fastest first. Each
// step's plan spends no more energy a day than the one before. A plan's
// deadline-independent parts (the traffic, the GPU choice, the percentile)
// make it, so it serves every deadline of a page.
func Steps(configs []data.Config, gpu string, p data.Percentile, t Traffic) []Step {
	var cands []*data.Config
	for i := range configs {
		if c := &configs[i]; gpu == data.AnyGPU || c.GPU == gpu {
			cands = append(cands, c)
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return p.ITL(cands[i]) < p.ITL(cands[j]) })
	var (
		steps []Step
		best  *Option
	)
	joined := 0
	for i := 0; i < len(cands); {
		d := p.ITL(cands[i])
		for i < len(cands) && p.ITL(cands[i]) == d {
			i++
		}
		// The configurations that meet d by the selection's own predicate
		// join, so that a step is what Options chooses at its deadline.
		for joined < len(cands) && p.Meets(cands[joined], d) {
			if o := plan(cands[joined], t); best == nil || compare(o, *best) < 0 {
				best = &o
			}
			joined++
		}
		if best == nil {
			continue
		}
		if n := len(steps); n == 0 || steps[n-1].Config != best.Config {
			steps = append(steps, Step{DeadlineMS: d, Option: *best})
		}
	}
	return steps
}

// At is the step of steps that holds at deadlineMS, or nil before the first.
func At(steps []Step, deadlineMS float64) *Step {
	i := sort.Search(len(steps), func(i int) bool { return steps[i].DeadlineMS > deadlineMS })
	if i == 0 {
		return nil
	}
	return &steps[i-1]
}

// Ranking is every model of a workload planned for one traffic at one
// deadline, percentile and GPU choice: those that meet the deadline by
// energy a day, then those that miss it by the smallest deadline they meet,
// then those not measured on the GPU; ties go to the slug.
type Ranking struct {
	Query    data.Query // Tokens is a day's tokens; Model is not used
	Traffic  Traffic
	Workload *data.Workload
	Models   []Ranked
}

// Ranked is one model's line of a Ranking.
type Ranked struct {
	data.Ranked       // the model, and the calculator's answer for a day's tokens (nil when not measured on the GPU)
	Plan        *Plan // nil when not measured on the GPU
}

// Compare plans every model of q.Task for the traffic t (q.Model and
// q.Tokens are ignored). Bad input is a *data.InputError, as for
// data.Set.Compare.
func Compare(set *data.Set, q data.Query, t Traffic) (*Ranking, error) {
	if err := Plannable(set, q.Task); err != nil {
		return nil, err
	}
	if err := t.Check(); err != nil {
		return nil, err
	}
	q.Tokens = t.Rate.TokensPerDay()
	rk, err := set.Compare(q)
	if err != nil {
		return nil, err
	}
	out := &Ranking{Query: rk.Query, Traffic: t, Workload: rk.Workload, Models: make([]Ranked, len(rk.Models))}
	for i, r := range rk.Models {
		out.Models[i].Ranked = r
		if r.Result == nil {
			continue
		}
		rq := r.Result.Query
		out.Models[i].Plan = &Plan{Busy: r.Result, Traffic: t,
			Options: Options(r.Result.Model.Configurations, rq.GPU, rq.Percentile, rq.DeadlineMS, t)}
	}
	// data.Compare put the models that meet the deadline first, by energy
	// for a day's tokens at steady state; they are ranked anew by the
	// plan's energy a day, then by fewer GPUs and the slug.
	n := 0
	for n < len(out.Models) && out.Models[n].Status() == data.Meets {
		n++
	}
	top := out.Models[:n]
	sort.Slice(top, func(i, j int) bool {
		x, y := top[i].Plan.Best(), top[j].Plan.Best()
		switch {
		case x.WhPerDay != y.WhPerDay:
			return x.WhPerDay < y.WhPerDay
		case x.GPUs != y.GPUs:
			return x.GPUs < y.GPUs
		}
		return top[i].Entry.Slug < top[j].Entry.Slug
	})
	return out, nil
}

// Data is the ranking as package data has it: the same models, in the
// plan's order, each with the calculator's answer for a day's tokens.
func (rk *Ranking) Data() *data.Ranking {
	out := &data.Ranking{Query: rk.Query, Workload: rk.Workload, Models: make([]data.Ranked, len(rk.Models))}
	for i, r := range rk.Models {
		out.Models[i] = r.Ranked
	}
	return out
}
