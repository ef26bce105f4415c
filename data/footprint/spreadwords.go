package footprint

import (
	"strings"

	"tokenjoule/data"
)

// The published spread in words, as every place that shows a figure past
// the GPU says it beside the figure.

// Of is the range of the figure of measure m for a measured gpuWh, and
// whether that figure is shown (its factor set; the energy always is).
func (s Spread) Of(m Measure, gpuWh float64) (Range, bool) {
	switch m {
	case Carbon:
		return s.Carbon(gpuWh)
	case Water:
		return s.Water(gpuWh)
	case Money:
		return s.Cost(gpuWh)
	}
	return s.Energy(gpuWh), true
}

// Write writes a range of measure m in its unit: "41 to 78 kWh", "1.2 to
// 56 kg CO2e", "0 to 90 L of water", "5.01 to 9.32 USD".
func (s Spread) Write(m Measure, r Range) string {
	w := s.write(m, r, " to ")
	if m == Water {
		w += " of water"
	}
	return w
}

// write writes r, of measure m, with sep between its ends.
func (s Spread) write(m Measure, r Range, sep string) string {
	switch m {
	case Carbon:
		return r.format(sep, CarbonUnits)
	case Water:
		return r.format(sep, WaterUnits)
	case Money:
		return r.formatMoney(sep, s.Low.Currency)
	}
	return r.format(sep, data.WattHours)
}

// Each writes, with write, the range of each figure of gpuWh that spreads:
// energy, carbon, water and cost, in that order.
func (s Spread) Each(gpuWh float64, write func(Measure, Range) string) []string {
	var parts []string
	for _, m := range []Measure{Energy, Carbon, Water, Money} {
		if r, ok := s.Of(m, gpuWh); ok && r.Spread() {
			parts = append(parts, write(m, r))
		}
	}
	return parts
}

// Line gives, in a line short enough for a card, the range of each figure
// of gpuWh that spreads, per (" a day", or "") said once: "Published
// spread, not a confidence interval: 41–78 kWh, 1.2–56 kg CO2e, 0–90 L,
// 5.00–9.40 USD."; "" when no figure spreads. The factors it spreads are
// named where the card names the boundary.
func (s Spread) Line(gpuWh float64, per string) string {
	parts := s.Each(gpuWh, func(m Measure, r Range) string { return s.write(m, r, "–") })
	if len(parts) == 0 {
		return ""
	}
	return "Published spread" + per + s.held() + ", " + NotConfidence + ": " + strings.Join(parts, ", ") + "."
}

// held names the factors held, in brackets after a space: " (your PUE of
// 1.2 held)"; "" for none.
func (s Spread) held() string {
	if len(s.Held) == 0 {
		return ""
	}
	return " (" + heldWords(s.Low, s.Held) + ")"
}

// Words names every factor s spreads: "the host, idle capacity, cooling
// and the grid"; "" for none.
func (s Spread) Words() string {
	words := make([]string, len(s.Spans))
	for i, sp := range s.Spans {
		words[i] = spreadWords[sp.Param]
	}
	return andList(words)
}

// NotConfidence is what a range is not, said beside it.
const NotConfidence = "not a confidence interval"

// Sentence gives, in a line, the range of each figure of gpuWh that
// spreads (energy, carbon, water, cost, in that order), each followed by
// per (" a day", or ""), and the factors that spread them: "Lowest to
// highest published values of the host, idle capacity, cooling and the
// grid, not a confidence interval: 41 to 78 kWh, 1.2 to 56 kg CO2e."; ""
// when no figure spreads.
func (s Spread) Sentence(gpuWh float64, per string) string {
	parts := s.Each(gpuWh, func(m Measure, r Range) string { return s.Write(m, r) + per })
	if len(parts) == 0 {
		return ""
	}
	return "Lowest to highest published values of " + s.Words() + s.held() + ", " + NotConfidence + ": " + strings.Join(parts, ", ") + "."
}

// Describe writes b, an end of sp, for a reader: its value in sp's factor's
// unit and who publishes it, "+23.27% of GPU energy (EcoLogits, 150 W a
// GPU)", "713 g CO2e/kWh (India, 2023)".
func (sp Span) Describe(b Bound) string {
	return sp.Param.Sourced(Number(b.Value)) + " (" + b.Label + ")"
}

// Beside is the range of the figure of measure m for a measured gpuWh, per
// after it (" a day", or ""), as the page says it beside the figure: "from
// 41 to 78 kWh with the published spread of the host, idle capacity and
// cooling"; "" when the figure is not shown or does not spread.
func (s Spread) Beside(m Measure, gpuWh float64, per string) string {
	r, ok := s.Of(m, gpuWh)
	if !ok || !r.Spread() {
		return ""
	}
	return "from " + s.Write(m, r) + per + " with the published spread of " + s.OverWords(m) + s.heldAfter(m, ", ")
}

// heldAfter is sep and the factors held that move a figure of measure m,
// "your PUE of 1.2 held"; "" for none.
func (s Spread) heldAfter(m Measure, sep string) string {
	if ps := s.HeldOver(m); len(ps) > 0 {
		return sep + heldWords(s.Low, ps)
	}
	return ""
}

// heldWords names the factors ps, held at their values in f: "your PUE of
// 1.2 and your grid intensity of 100 g CO2e/kWh held".
func heldWords(f Factors, ps []*Param) string {
	words := make([]string, len(ps))
	for i, p := range ps {
		words[i] = "your " + heldNames[p] + " of " + shortValue(p, f.Of(p).Value)
	}
	return andList(words) + " held"
}

var heldNames = map[*Param]string{Host: "host share", Idle: "idle share", PUE: "PUE", Grid: "grid intensity", WUE: "WUE"}

// shortValue writes v, a value of p, as the ladder's rungs write it: "+30%",
// "1.2" (a PUE), "100 g CO2e/kWh".
func shortValue(p *Param, v float64) string {
	switch {
	case p.Share:
		return "+" + data.FormatNumber(v*100) + "%"
	case p == PUE:
		return data.FormatNumber(v)
	}
	return strings.TrimSpace(data.FormatNumber(v) + " " + p.Unit)
}

// Brief is Beside said briefly, under a figure whose page has explained
// what a range is: "Published spread: 1.2 to 56 kg CO2e, of the host, idle
// capacity, cooling and the grid"; "" when the figure is not shown or does
// not spread.
func (s Spread) Brief(m Measure, gpuWh float64, per string) string {
	r, ok := s.Of(m, gpuWh)
	if !ok || !r.Spread() {
		return ""
	}
	return "Published spread: " + s.Write(m, r) + per + ", of " + s.OverWords(m) + s.heldAfter(m, "; ")
}

// Short writes sp's ends as the ladder's rungs write a factor: "+23.27% to
// +43%", "× 1.09 to × 1.56", "30 to 713 g CO2e/kWh".
func (sp Span) Short() string {
	p, lo, hi := sp.Param, sp.Low.Value, sp.High.Value
	switch {
	case p.Share:
		return shortValue(p, lo) + " to " + shortValue(p, hi)
	case p == PUE:
		return "× " + shortValue(p, lo) + " to × " + shortValue(p, hi)
	}
	return data.FormatNumber(lo) + " to " + shortValue(p, hi)
}
