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
	// Key names the input in the catalogue (lever.deadline…), and lowAt
	// and highAt say LowAt and HighAt in a reader's language.
	Key           string
	lowAt, highAt func(data.Printer) string
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
	var out []Lever
	add := func(l Lever) {
		if l.Low < l.High {
			out = append(out, l)
		}
	}

	strictest := k.DeadlineMinMS
	if fc := data.Fastest(configs, q.GPU, q.Percentile); fc != nil {
		strictest = max(strictest, k.CeilDeadline(fc.Latency(q.Percentile)))
	}
	loosest := max(k.DeadlineMaxMS, q.DeadlineMS)
	strictest = min(strictest, q.DeadlineMS)
	dl := Lever{Input: "the deadline", Key: "deadline"}
	for _, d := range []float64{strictest, loosest} {
		dl.widen(f, r, data.Best(configs, q.GPU, q.Percentile, d), func(p data.Printer) string {
			return p.T("lever.within", "deadline", p.Deadline(k, d))
		})
	}
	add(dl)

	gl := Lever{Input: "the GPU", Key: "gpu"}
	for _, g := range r.Model.GPUs {
		gl.widen(f, r, data.Best(configs, g, q.Percentile, q.DeadlineMS), func(p data.Printer) string { return p.T("lever.on", "gpu", g) })
	}
	add(gl)

	if !k.Diffusion() {
		pl := Lever{Input: "the percentile", Key: "percentile"}
		for _, pc := range data.Percentiles {
			pl.widen(f, r, data.Best(configs, q.GPU, pc, q.DeadlineMS), func(p data.Printer) string {
				return p.T("lever.for", "share", p.Share(pc))
			})
		}
		add(pl)
	}

	e := f.Effective()
	for _, sp := range f.SpreadOf(c).Over(Energy) {
		l := Lever{Input: leverNames[sp.Param], Key: sp.Param.Name}
		for _, b := range []Bound{sp.Low, sp.High} {
			g := e
			*g.Of(sp.Param) = Number(b.Value)
			param := sp.Param
			l.widenTo(g.Ladder(r.Estimate.EnergyWh).FacilityWh, func(p data.Printer) string { return leverAtIn(p, param, b) })
		}
		add(l)
	}
	return out
}

// widen takes the figure with the configuration c, chosen with the input
// at the value said by at, into l's ends; nothing for no configuration.
func (l *Lever) widen(f Factors, r *data.Result, c *data.Config, at func(data.Printer) string) {
	if c != nil {
		l.widenTo(f.Ladder(c.Estimate(r.Query.Tokens).EnergyWh).FacilityWh, at)
	}
}

// widenTo takes v, the figure with the input at the value said by at, into
// l's ends.
func (l *Lever) widenTo(v float64, at func(data.Printer) string) {
	if l.LowAt == "" || v < l.Low {
		l.Low, l.LowAt, l.lowAt = v, at(data.Printer{}), at
	}
	if l.HighAt == "" || v > l.High {
		l.High, l.HighAt, l.highAt = v, at(data.Printer{}), at
	}
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
func (l Lever) Sentence() string { return l.SentenceIn(data.Printer{}) }

// SentenceIn is Sentence in p's language.
func (l Lever) SentenceIn(p data.Printer) string {
	input, low, high := l.Input, l.LowAt, l.HighAt
	if l.Key != "" {
		input = p.T("lever." + l.Key)
	}
	if l.lowAt != nil && l.highAt != nil {
		low, high = l.lowAt(p), l.highAt(p)
	}
	return p.T("lever.sentence", "input", input, "low", p.Energy(l.Low), "lowat", low,
		"high", p.Energy(l.High), "highat", high, "ratio", p.Ratio(l.High/l.Low))
}
