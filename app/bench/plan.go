package main

import (
	"fmt"
	"math"
	"strconv"

	"tokenjoule/app/state"
	"tokenjoule/data"
)

// step is one control change and what #energy must read once it is answered.
// The expected text comes from package data, never from the page.
type step struct {
	Kind   string `json:"kind"`
	Sel    string `json:"sel"`
	Value  string `json:"value"`
	Event  string `json:"event"`
	Expect string `json:"expect"`
}

// planner walks the calculator's state as the page does (state.Normalize
// after every change) and keeps only changes that the headline figure shows,
// so that "the figure changed" is observable for every step.
type planner struct {
	set  *data.Set
	q    data.Query
	text string
}

func newPlanner(set *data.Set) (*planner, error) {
	p := &planner{set: set, q: data.DefaultQuery()}
	text, ok := p.answer(p.q)
	if !ok {
		return nil, fmt.Errorf("the default query has no answer")
	}
	p.text = text
	return p, nil
}

func (p *planner) answer(q data.Query) (string, bool) {
	r, err := p.set.Select(q)
	if err != nil || r.Selected == nil {
		return "", false
	}
	return data.FormatEnergy(r.Estimate.EnergyWh), true
}

// try applies q if the page would show a different figure for it.
func (p *planner) try(kind, sel, value, event string, q data.Query) (step, bool) {
	q = state.Normalize(p.set, q)
	text, ok := p.answer(q)
	if !ok || text == p.text {
		return step{}, false
	}
	p.q, p.text = q, text
	return step{Kind: kind, Sel: sel, Value: value, Event: event, Expect: text}, true
}

// typedDeadline is a deadline anywhere on the slider's logarithmic scale
// (position 0..100 for 5..1000 ms), to three significant digits, as a
// reader types it: not only the slider's stops.
func typedDeadline(pos float64) float64 {
	ms := 5 * math.Pow(1000.0/5, pos/100)
	f, _ := strconv.ParseFloat(strconv.FormatFloat(ms, 'g', 3, 64), 64)
	return f
}

// firstChange is the change made as soon as the app is mounted: the deadline
// box, from the default to a value that selects another configuration.
func firstChange(set *data.Set) (step, error) {
	p, err := newPlanner(set)
	if err != nil {
		return step{}, err
	}
	for _, ms := range []float64{50, 30, 100, 20, 200} {
		q := p.q
		q.DeadlineMS = ms
		if s, ok := p.try("deadline", "#deadline", strconv.FormatFloat(ms, 'f', -1, 64), "input", q); ok {
			return s, nil
		}
	}
	return step{}, fmt.Errorf("no deadline changes the default answer")
}

// interactions plans n changes of the deadline box, n of the slider, and
// n/3 each of the GPU, model, workload and token volume, each of which
// changes the figure, starting from the default query.
func interactions(set *data.Set, n int) ([]step, error) {
	p, err := newPlanner(set)
	if err != nil {
		return nil, err
	}
	var steps []step
	add := func(kind string, want int, next func(i int) (step, bool)) error {
		got := 0
		for i := 0; got < want && i < 50*want; i++ {
			if s, ok := next(i); ok {
				steps = append(steps, s)
				got++
			}
		}
		if got < want {
			return fmt.Errorf("planning %s changes: only %d of %d change the figure", kind, got, want)
		}
		return nil
	}
	// Deadlines swept up and down the slider's range, so that consecutive
	// values select different configurations.
	sweep := func(i int) float64 {
		const n = 13
		k := i % (2 * n)
		if k >= n {
			k = 2*n - 1 - k
		}
		return math.Round(float64(k) * 100 / (n - 1)) // a range input's step is 1
	}
	err = add("deadline", n, func(i int) (step, bool) {
		ms := typedDeadline(sweep(i) + float64(i%3)) // not only the slider's own values
		q := p.q
		q.DeadlineMS = ms
		return p.try("deadline", "#deadline", strconv.FormatFloat(ms, 'f', -1, 64), "input", q)
	})
	if err != nil {
		return nil, err
	}
	err = add("slider", n, func(i int) (step, bool) {
		pos := math.Min(100, sweep(i)+float64(i%5))
		q := p.q
		q.DeadlineMS = data.Tokens.SliderDeadline(pos)
		return p.try("slider", "#deadline-range", strconv.FormatFloat(pos, 'f', -1, 64), "input", q)
	})
	if err != nil {
		return nil, err
	}
	few := max(3, n/3)
	err = add("gpu", few, func(i int) (step, bool) {
		e, err := set.Entry(p.q.Task, p.q.Model)
		if err != nil {
			return step{}, false
		}
		gpus := append([]string{data.AnyGPU}, e.GPUs...)
		q := p.q
		q.GPU = gpus[i%len(gpus)]
		return p.try("gpu", "#gpu", q.GPU, "change", q)
	})
	if err != nil {
		return nil, err
	}
	err = add("model", few, func(i int) (step, bool) {
		w, err := set.Workload(p.q.Task)
		if err != nil {
			return step{}, false
		}
		q := p.q
		q.Model = w.Models[(i*7)%len(w.Models)].Slug
		return p.try("model", "#model", q.Model, "change", q)
	})
	if err != nil {
		return nil, err
	}
	err = add("workload", few, func(i int) (step, bool) {
		ws := set.Index.Workloads
		q := p.q
		q.Task = ws[i%len(ws)].ID
		return p.try("workload", "#task", q.Task, "change", q)
	})
	if err != nil {
		return nil, err
	}
	err = add("tokens", few, func(i int) (step, bool) {
		v := []float64{3e6, 2.5e9, 7e4, 1e12, 4.2e7}[i%5] * float64(1+i/5)
		q := p.q
		q.Tokens = v
		return p.try("tokens", "#tokens", strconv.FormatFloat(v, 'f', -1, 64), "input", q)
	})
	if err != nil {
		return nil, err
	}
	return steps, nil
}
