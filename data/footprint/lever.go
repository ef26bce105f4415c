package footprint

import (
	"tokenjoule/data"
)

// Which of the reader's choices moves the figure most. The answer rests on
// a deadline, a GPU, a percentile and, past the GPU, factors of the
// boundary; each can be taken over its range with the others as the reader
// set them, and the one whose range of figures is widest is the choice to
// get right first.

// A Lever is one input of an answer and the figure, the energy at the
// reader's boundary, at the two ends of that input's range, the other
// inputs as given.
type Lever struct {
	Input         string  // as a reader names it: "the deadline", "the GPU", "the percentile", "the PUE"
	Low, High     float64 // the figure at the input's two ends, in Wh
	LowAt, HighAt string  // the input's value there, as said after the figure: "within 1,000 ms", "on B200", "for half of the tokens", "at PUE 1.09 (Large cloud provider, 2025)"
}

// Levers are the inputs of r's answer that move its figure at the boundary
// of f, each over its range: the deadline over the page's slider (from the
// strictest any configuration meets), the GPU over the model's GPUs, the
// percentile over the four (tokens only), and each boundary factor f
// spreads over its published spread (Spread). None without a selected
// configuration; an input that does not move the figure is left out.
func Levers(r *data.Result, f Factors) []Lever {
	c := r.Selected
	if c == nil {
		return nil
	}
	q, k, configs := r.Query, r.Kind, r.Model.Configurations
	at := func(c *data.Config) float64 { return f.Ladder(c.Estimate(q.Tokens).EnergyWh).FacilityWh }
	var out []Lever
	add := func(l Lever) {
		if l.Low < l.High {
			out = append(out, l)
		}
	}
	// over is the lever of input over the choices given, each a value and
	// the configuration selected with it (nil: none meets the deadline).
	over := func(input string, values []string, picked []*data.Config) Lever {
		l := Lever{Input: input}
		first := true
		for i, p := range picked {
			if p == nil {
				continue
			}
			v := at(p)
			if first || v < l.Low {
				l.Low, l.LowAt = v, values[i]
			}
			if first || v > l.High {
				l.High, l.HighAt = v, values[i]
			}
			first = false
		}
		return l
	}

	strictest := k.DeadlineMinMS
	if fc := data.Fastest(configs, q.GPU, q.Percentile); fc != nil {
		strictest = max(strictest, k.CeilDeadline(fc.Latency(q.Percentile)))
	}
	loosest := max(k.DeadlineMaxMS, q.DeadlineMS)
	strictest = min(strictest, q.DeadlineMS)
	add(over("the deadline", []string{"within " + k.Deadline(strictest), "within " + k.Deadline(loosest)}, []*data.Config{
		data.Best(configs, q.GPU, q.Percentile, strictest), data.Best(configs, q.GPU, q.Percentile, loosest)}))

	var gpus []string
	var onGPU []*data.Config
	for _, g := range r.Model.GPUs {
		gpus, onGPU = append(gpus, "on "+g), append(onGPU, data.Best(configs, g, q.Percentile, q.DeadlineMS))
	}
	add(over("the GPU", gpus, onGPU))

	if !k.Diffusion() {
		var shares []string
		var atP []*data.Config
		for _, p := range data.Percentiles {
			shares, atP = append(shares, "for "+p.Share()), append(atP, data.Best(configs, q.GPU, p, q.DeadlineMS))
		}
		add(over("the percentile", shares, atP))
	}

	e := f.Effective()
	for _, sp := range f.SpreadOf(c).Over(Energy) {
		lo, hi := e, e
		*lo.Of(sp.Param), *hi.Of(sp.Param) = Number(sp.Low.Value), Number(sp.High.Value)
		add(Lever{Input: leverNames[sp.Param],
			Low: lo.Ladder(r.Estimate.EnergyWh).FacilityWh, High: hi.Ladder(r.Estimate.EnergyWh).FacilityWh,
			LowAt: leverAt(sp.Param, sp.Low), HighAt: leverAt(sp.Param, sp.High)})
	}
	return out
}

var leverNames = map[*Param]string{Host: "the host's share", Idle: "the idle capacity", PUE: "the PUE"}

// leverAt is b, an end of p's spread, as said after a figure: "at PUE 1.09
// (Large cloud provider, 2025)", "at +17% (Large cloud provider, 2025)".
func leverAt(p *Param, b Bound) string {
	name := ""
	if p == PUE {
		name = "PUE "
	}
	return "at " + name + shortValue(p, b.Value) + " (" + b.Label + ")"
}

// MostMoving is the lever of r's answer whose range of figures is widest
// (Levers); false when no input moves it.
func MostMoving(r *data.Result, f Factors) (Lever, bool) {
	var best Lever
	found := false
	for _, l := range Levers(r, f) {
		if !found || l.High-l.Low > best.High-best.Low {
			best, found = l, true
		}
	}
	return best, found
}

// Sentence says l in a line, under the answer: "The choice that moves this
// figure most is the deadline: 31.09 kWh within 1,000 ms, 120.3 kWh within
// 12.6 ms, 3.9× as much."
func (l Lever) Sentence() string {
	return "The choice that moves this figure most is " + l.Input + ": " +
		data.FormatEnergy(l.Low) + " " + l.LowAt + ", " + data.FormatEnergy(l.High) + " " + l.HighAt + ", " +
		data.FormatRatio(l.High/l.Low) + "× as much."
}
