package footprint

import (
	"math"
	"slices"

	"tokenjoule/data"
)

// How sure a figure past the GPU is. The GPU energy is measured; every factor
// past it is a choice among published figures that disagree. The published
// spread of a factor is the lowest and the highest value the sources behind
// the calculator publish for it (published):
//
//	host   EcoLogits' 150 W a GPU for the rest of the server, as a share of
//	       the GPUs' measured power, and Google's +43% (2025), whichever is lower
//	idle   none (EcoLogits counts no idle capacity) to Google's +17% (2025)
//	PUE    Google's 1.09 (2025) to the industry's average 1.56 (Uptime, 2024)
//	grid   Norway's 30 to India's 713 g CO2e/kWh (2023), the regions listed
//	water  none (dry cooling) to the US industry's average 1.8 L/kWh
//
// A range is a figure worked out with every factor at the low end of its
// spread, then at the high end: the span of the published answers, not a
// confidence interval, which none of these sources gives. The reader's own
// values stay the headline. A factor given as a preset, the boundary's or
// one picked, is spread, since a preset is one published figure among
// several; a number the reader typed is held at their value, since they
// know it; and a rung the boundary leaves out (host or idle 0, PUE 1) stays
// out, so that a range never counts what the reader's boundary does not.

// EcoLogitsHostWatts is the power EcoLogits gives the rest of a server,
// without its GPUs, for each GPU: 1.2 kW for a server of 8 H100s.
const EcoLogitsHostWatts = 150

// A Bound is one end of a factor's published spread: the value and who
// publishes it.
type Bound struct {
	Value    float64
	Label    string // "Norway, 2023"
	SourceID string // an id of Sources
	Preset   string // the id of the preset it is, "" for a value of its own
}

// Source returns the publication b comes from.
func (b Bound) Source() Source { return SourceOf(b.SourceID) }

// HostShare is EcoLogits' host power as a share of GPU energy, for gpus
// GPUs that draw watts together on average: 150 W × gpus / watts. It is
// 0 without a power to share it over.
func HostShare(gpus int, watts float64) float64 {
	if gpus <= 0 || !(watts > 0) || math.IsInf(watts, 1) {
		return 0
	}
	return EcoLogitsHostWatts * float64(gpus) / watts
}

// published are p's published values, for GPUs whose host share EcoLogits'
// server profile makes hostShare (HostShare): p's presets but the GPU-only
// one (a rung left out, not a figure of it), and EcoLogits' host and idle
// capacity. Price has none.
func published(p *Param, hostShare float64) []Bound {
	var bs []Bound
	for _, pr := range p.Presets {
		if pr.ID == DefaultBoundary {
			continue
		}
		label := pr.Label
		if pr.Year != "" {
			label += ", " + pr.Year
		}
		bs = append(bs, Bound{pr.Value, label, pr.SourceID, pr.ID})
	}
	switch p {
	case Host:
		if hostShare > 0 {
			bs = append(bs, Bound{hostShare, "EcoLogits, 150 W a GPU", "ecologits-server", ""})
		}
	case Idle:
		bs = append(bs, Bound{0, "EcoLogits, none counted", "ecologits-server", ""})
	}
	return bs
}

// A Span is a factor's published spread: its lowest and highest published
// values.
type Span struct {
	Param     *Param
	Low, High Bound
}

// SpanOf is p's published spread for a configuration of gpus GPUs drawing
// watts together (the host's depends on them); false for a factor nothing
// is published for (price).
func SpanOf(p *Param, gpus int, watts float64) (Span, bool) {
	bs := published(p, HostShare(gpus, watts))
	if len(bs) == 0 {
		return Span{}, false
	}
	s := Span{Param: p, Low: bs[0], High: bs[0]}
	for _, b := range bs[1:] {
		if b.Value < s.Low.Value {
			s.Low = b
		}
		if b.Value > s.High.Value {
			s.High = b
		}
	}
	return s, true
}

// A Spread is a footprint's factors at the two ends of their published
// spread, for one configuration.
type Spread struct {
	// Low and High are the factors with every factor that is spread at its
	// lowest, then its highest published value; the others as given.
	Low, High Factors
	// Spans are the spans of the factors spread, in Params' order.
	Spans []Span
	// Held are the factors the boundary counts that the reader typed a
	// number for, held at it at both ends, in Params' order.
	Held []*Param
}

// Spread is f's published spread for a configuration of gpus GPUs that
// draw watts together on average (the configuration's measured power, or a
// plan's fleet's): each factor the boundary counts and the reader did not
// type a number for goes from the low to the high end of its span.
func (f Factors) Spread(gpus int, watts float64) Spread {
	e := f.Effective()
	s := Spread{Low: e, High: e}
	for _, p := range []*Param{Host, Idle, PUE, Grid, WUE} {
		x := *e.Of(p)
		if !x.Set || !counted(p, x) {
			continue
		}
		if x.Preset == "" {
			s.Held = append(s.Held, p)
			continue
		}
		span, ok := SpanOf(p, gpus, watts)
		if !ok {
			continue
		}
		*s.Low.Of(p), *s.High.Of(p) = Number(span.Low.Value), Number(span.High.Value)
		s.Spans = append(s.Spans, span)
	}
	return s
}

// counted tells whether the ladder counts x, a value of p: a host or idle
// share of 0 and a PUE of 1 leave their rung out.
func counted(p *Param, x Factor) bool {
	switch p {
	case Host, Idle:
		return x.Value != 0
	case PUE:
		return x.Value != 1
	}
	return true
}

// moves lists the factors each measure depends on.
var moves = map[Measure][]*Param{
	Energy: {Host, Idle, PUE},
	Carbon: {Host, Idle, PUE, Grid},
	Water:  {Host, Idle, WUE}, // water counts IT energy: no PUE
	Money:  {Host, Idle, PUE},
}

// Over are the spans of s that move a figure of measure m, in Params'
// order; none when the figure is as sure as its inputs.
func (s Spread) Over(m Measure) []Span {
	var out []Span
	for _, sp := range s.Spans {
		for _, p := range moves[m] {
			if sp.Param == p {
				out = append(out, sp)
			}
		}
	}
	return out
}

// HeldOver are the factors of s held at the reader's value that move a
// figure of measure m.
func (s Spread) HeldOver(m Measure) []*Param {
	var out []*Param
	for _, p := range s.Held {
		if slices.Contains(moves[m], p) {
			out = append(out, p)
		}
	}
	return out
}

// OverWords names the factors spread that move a figure of measure m, as a
// reader calls them: "the host, idle capacity, cooling and the grid"; ""
// for none.
func (s Spread) OverWords(m Measure) string {
	var words []string
	for _, sp := range s.Over(m) {
		words = append(words, spreadWords[sp.Param])
	}
	return andList(words)
}

var spreadWords = map[*Param]string{Host: "the host", Idle: "idle capacity", PUE: "cooling", Grid: "the grid", WUE: "water use"}

// A Range is a figure's lowest and highest over the published spread of
// its factors, in the figure's unit.
type Range struct{ Low, High float64 }

// Energy is the range of the energy at the boundary for a measured gpuWh.
func (s Spread) Energy(gpuWh float64) Range {
	return Range{s.Low.Ladder(gpuWh).FacilityWh, s.High.Ladder(gpuWh).FacilityWh}
}

// Carbon is the range of the carbon of gpuWh, if the grid intensity is set.
func (s Spread) Carbon(gpuWh float64) (Range, bool) {
	return s.total(gpuWh, Factors.Carbon)
}

// Water is the range of the water consumed on site for gpuWh, if the WUE is set.
func (s Spread) Water(gpuWh float64) (Range, bool) {
	return s.total(gpuWh, Factors.Water)
}

// Cost is the range of what gpuWh costs, if the price and its currency are
// set. The price itself is the reader's and is held.
func (s Spread) Cost(gpuWh float64) (Range, bool) {
	return s.total(gpuWh, Factors.Cost)
}

// total is a total's range: each factor that raises it is at its low end
// for the low figure, and at its high end for the high one.
func (s Spread) total(gpuWh float64, of func(Factors, Ladder) (float64, bool)) (Range, bool) {
	lo, ok := of(s.Low, s.Low.Ladder(gpuWh))
	hi, _ := of(s.High, s.High.Ladder(gpuWh))
	return Range{lo, hi}, ok
}

// Spread tells whether r spans anything: its ends differ.
func (r Range) Spread() bool { return r.Low != r.High }

// Format writes r in the unit of its high end among units (largest first),
// each end rounded outward to two significant digits, so that the range
// reads no surer than it is and holds every figure in it: 41.77 to 77.6
// kWh is "41 to 78 kWh".
func (r Range) Format(units ...data.Unit) string { return r.format(" to ", units) }

// format is Format with sep between the ends: " to ", or an en dash where
// room is short ("41–78 kWh").
func (r Range) format(sep string, units []data.Unit) string {
	u := data.Pick(outward(r.High, true), units...)
	return data.FormatNumber(outward(r.Low, false)/u.Size) + sep + data.FormatNumber(outward(r.High, true)/u.Size) + " " + u.Name
}

// Ends writes r's ends without a unit, rounded outward as Format rounds
// them and joined by an en dash: "1.2–56", for a cell under its unit.
func (r Range) Ends() string {
	return data.FormatNumber(outward(r.Low, false)) + "–" + data.FormatNumber(outward(r.High, true))
}

// FormatEnergy writes an energy's range in Wh, kWh, MWh or GWh.
func (r Range) FormatEnergy() string { return r.Format(data.WattHours...) }

// FormatMoney writes a cost's range in currency, as FormatMoney writes an
// amount: "4.10 to 8.40 USD".
func (r Range) FormatMoney(currency string) string { return r.formatMoney(" to ", currency) }

func (r Range) formatMoney(sep, currency string) string {
	return FormatMoney(outward(r.Low, false), "") + sep + FormatMoney(outward(r.High, true), currency)
}

// outward rounds v to two significant digits, up or down.
func outward(v float64, up bool) float64 {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return v
	}
	step := math.Pow(10, math.Floor(math.Log10(math.Abs(v)))-1)
	n := v / step
	// A hair's tolerance, so that 0.3 / 0.01 = 29.999999999999996 stays 30.
	if up {
		n = math.Ceil(n - 1e-9)
	} else {
		n = math.Floor(n + 1e-9)
	}
	return n * step
}

// SpreadOf is f's published spread for the configuration c, at its measured
// power.
func (f Factors) SpreadOf(c *data.Config) Spread { return f.Spread(c.NumGPUs, c.Watts()) }
