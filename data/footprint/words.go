package footprint

import (
	"strings"

	"tokenjoule/data"
	"tokenjoule/data/lang"
)

// The footprint's words in a reader's language, for the pages: the same
// sentences as the English functions beside them (which the command line
// keeps), each from the catalogue, with its figures written by a Printer.

// english tells whether p writes English, where the English functions of
// this package say it as the command line does.
func english(p data.Printer) bool { return p.Lang == "" || p.Lang == lang.EN }

// Figure writes a figure that this package or data formatted the English
// way ("26.02 kg CO2e", "less than 0.0001 g CO2e", "6.51 USD") in p's
// language: its number localised, a no-break space before its unit.
func Figure(p data.Printer, s string) string {
	if english(p) {
		return s
	}
	if rest, ok := strings.CutPrefix(s, "less than "); ok {
		return p.T("number.less than", "n", Figure(p, rest))
	}
	num, unit, ok := strings.Cut(s, " ")
	if !ok {
		return p.Lang.Number(s)
	}
	return p.Lang.Number(num) + p.Lang.Of().Numbers.UnitSpace + unit
}

// pct writes a share as a percentage in p's language: 0.43 is "43 %".
func pct(p data.Printer, share float64) string {
	return p.Lang.Percent(data.FormatNumber(share*100) + "%")
}

// LabelIn is the rung's label in p's language: "+ hôte (CPU et mémoire)".
func (r Rung) LabelIn(p data.Printer) string {
	if english(p) {
		return r.Label
	}
	return p.T("rung." + r.Name)
}

// AppliesIn is Applies in p's language.
func (r Rung) AppliesIn(p data.Printer) string {
	switch r.Param {
	case nil:
		return p.T("rung.measured")
	case PUE:
		return "× " + p.Number(r.Factor.Value)
	}
	return p.T("fp.share", "pct", pct(p, r.Factor.Value))
}

// LabelIn is the preset's label in p's language; param is its factor.
func (pr Preset) LabelIn(p data.Printer, param *Param) string {
	if english(p) {
		return pr.Label
	}
	return p.T("preset." + param.Name + "." + pr.ID)
}

// basisIn is the preset's basis in p's language.
func (pr Preset) basisIn(p data.Printer, param *Param) string {
	if english(p) {
		return pr.Basis
	}
	return p.T("basis." + param.Name + "." + pr.ID)
}

// LabelIn is the boundary's name in p's language.
func (b Boundary) LabelIn(p data.Printer) string {
	if english(p) {
		return b.Label
	}
	return p.T("boundary." + b.ID)
}

// SourcedIn is Sourced in p's language.
func (param *Param) SourcedIn(p data.Printer, x Factor) string {
	if english(p) {
		return param.Sourced(x)
	}
	s := p.Number(x.Value)
	switch {
	case param.Share:
		s = p.T("fp.share", "pct", pct(p, x.Value))
	case param.Unit != "":
		s = Figure(p, data.FormatNumber(x.Value)+" "+param.Unit)
	}
	pr, ok := param.Preset(x.Preset)
	if !ok || x.Preset == "" {
		return s
	}
	s += " (" + pr.LabelIn(p, param)
	if pr.Year != "" {
		s += ", " + pr.Year
	}
	return s + ", " + pr.basisIn(p, param) + ")"
}

// DescribeIn is Describe in p's language.
func (param *Param) DescribeIn(p data.Printer, x Factor) string {
	if english(p) {
		return param.Describe(x)
	}
	s := param.SourcedIn(p, x)
	if _, ok := param.Preset(x.Preset); !ok || x.Preset == "" {
		return s + " (" + p.T("fp.yours") + ")"
	}
	return s
}

// BoundaryNameIn is BoundaryName in p's language.
func (f Factors) BoundaryNameIn(p data.Printer) string {
	if english(p) {
		return f.BoundaryName()
	}
	if b, ok := f.BoundaryPreset(); ok {
		return b.LabelIn(p)
	}
	e := f.Effective()
	s := "GPU"
	if e.Host.Value != 0 {
		s += " + " + p.T("short.host", "pct", pct(p, e.Host.Value))
	}
	if e.Idle.Value != 0 {
		s += " + " + p.T("short.idle", "pct", pct(p, e.Idle.Value))
	}
	if e.PUE.Value != 1 {
		if s != "GPU" {
			s += ","
		}
		s += " × PUE " + p.Number(e.PUE.Value)
	}
	return s
}

// BoundaryAboutIn is BoundaryAbout in p's language.
func (f Factors) BoundaryAboutIn(p data.Printer) string {
	if english(p) {
		return f.BoundaryAbout()
	}
	if b, ok := f.BoundaryPreset(); ok {
		return p.T("boundary." + b.ID + ".about")
	}
	adds, omits := f.ReachIn(p)
	s := p.T("boundary.widened", "adds", adds)
	if omits != "" {
		s += " " + p.T("boundary.omits", "omits", omits)
	}
	return s
}

// ReachIn is Reach in p's language.
func (f Factors) ReachIn(p data.Printer, skip ...*Param) (adds, omits string) {
	if english(p) {
		return f.Reach(skip...)
	}
	a, o := f.Reach(skip...)
	return reachWords(p, a), reachWords(p, o)
}

// reachWords says an English list of Reach's words in p's language.
func reachWords(p data.Printer, list string) string {
	if list == "" {
		return ""
	}
	var words []string
	for _, w := range []string{"the host", "idle capacity", "cooling"} {
		if strings.Contains(list, w) {
			words = append(words, p.T("reach."+strings.ReplaceAll(w, " ", "-")))
		}
	}
	return AndList(p, words)
}

// AndList joins words as "a, b and c" in p's language.
func AndList(p data.Printer, words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return p.T("list.and", "list", strings.Join(words[:len(words)-1], ", "), "last", words[len(words)-1])
}

// FormatIn is Format in p's language: the number and its unit's words,
// "1,847" and "jours d’électricité d’un foyer américain moyen".
func (c Comparison) FormatIn(p data.Printer, amount float64) (number, words string) {
	if english(p) {
		return c.Format(amount)
	}
	n, u := c.In(amount)
	number = data.FormatNumber(n)
	// The unit's English word names its key: "day of …" is "unit.day".
	unit, _, _ := strings.Cut(u.One, " ")
	key := "units." + unit
	if number == "1" {
		key = "unit." + unit
	}
	if c.ID == "bottle" {
		return p.Lang.Number(number), p.T(key + ".water")
	}
	return p.Lang.Number(number), p.T(key) + " " + p.T("cmp."+c.ID)
}

// DescribeIn is Describe in p's language: "1 t CO2e", "2 m³".
func (b Budget) DescribeIn(p data.Printer) string { return Figure(p, b.Describe()) }

// WriteIn is Write in p's language.
func (s Spread) WriteIn(p data.Printer, m Measure, r Range) string {
	if english(p) {
		return s.Write(m, r)
	}
	w := s.write(m, r, " to ")
	lo, hi, _ := strings.Cut(w, " to ")
	w = p.T("range", "low", p.Lang.Number(lo), "high", Figure(p, hi))
	if m == Water {
		w = p.T("range.water", "range", w)
	}
	return w
}

// overWordsIn is OverWords in p's language.
func (s Spread) overWordsIn(p data.Printer, m Measure) string {
	var words []string
	for _, sp := range s.Over(m) {
		words = append(words, p.T("spread."+sp.Param.Name))
	}
	return AndList(p, words)
}

// heldAfterIn is heldAfter in p's language.
func (s Spread) heldAfterIn(p data.Printer, m Measure, sep string) string {
	ps := s.HeldOver(m)
	if len(ps) == 0 {
		return ""
	}
	words := make([]string, len(ps))
	for i, param := range ps {
		words[i] = p.T("held."+param.Name, "value", shortValueIn(p, param, s.Low.Of(param).Value))
	}
	return sep + p.T("held", "list", AndList(p, words))
}

// BesideIn is Beside in p's language.
func (s Spread) BesideIn(p data.Printer, m Measure, gpuWh float64, per string) string {
	if english(p) {
		return s.Beside(m, gpuWh, per)
	}
	return s.rangeIn(p, "spread.beside", ", ", m, gpuWh, per)
}

// BriefIn is Brief in p's language.
func (s Spread) BriefIn(p data.Printer, m Measure, gpuWh float64, per string) string {
	if english(p) {
		return s.Brief(m, gpuWh, per)
	}
	return s.rangeIn(p, "spread.brief", "; ", m, gpuWh, per)
}

// rangeIn is the range of the figure of measure m in the sentence of key,
// the factors held after sep; "" when the figure is not shown or does not
// spread.
func (s Spread) rangeIn(p data.Printer, key, sep string, m Measure, gpuWh float64, per string) string {
	r, ok := s.Of(m, gpuWh)
	if !ok || !r.Spread() {
		return ""
	}
	return p.T(key, "range", s.WriteIn(p, m, r)+per, "over", s.overWordsIn(p, m)) + s.heldAfterIn(p, m, sep)
}

// ShortIn is Short in p's language.
func (sp Span) ShortIn(p data.Printer) string {
	if english(p) {
		return sp.Short()
	}
	lo, hi := shortValueIn(p, sp.Param, sp.Low.Value), shortValueIn(p, sp.Param, sp.High.Value)
	switch sp.Param {
	case PUE:
		lo, hi = "× "+lo, "× "+hi
	case Grid, WUE:
		lo = p.Number(sp.Low.Value)
	}
	return p.T("range", "low", lo, "high", hi)
}

// shortValueIn is shortValue in p's language.
func shortValueIn(p data.Printer, param *Param, v float64) string {
	switch {
	case param.Share:
		return "+" + pct(p, v)
	case param == PUE:
		return p.Number(v)
	}
	return Figure(p, shortValue(param, v))
}

// DescribeIn is Describe in p's language.
func (sp Span) DescribeIn(p data.Printer, b Bound) string {
	if english(p) {
		return sp.Describe(b)
	}
	return sp.Param.SourcedIn(p, Number(b.Value)) + " (" + b.LabelIn(p, sp.Param) + ")"
}

// SentenceIn is Sentence in p's language.
func (s Spread) SentenceIn(p data.Printer, gpuWh float64, per string) string {
	if english(p) {
		return s.Sentence(gpuWh, per)
	}
	parts := s.Each(gpuWh, func(m Measure, r Range) string { return s.WriteIn(p, m, r) + per })
	if len(parts) == 0 {
		return ""
	}
	words := make([]string, len(s.Spans))
	for i, sp := range s.Spans {
		words[i] = p.T("spread." + sp.Param.Name)
	}
	held := ""
	if len(s.Held) > 0 {
		list := make([]string, len(s.Held))
		for i, param := range s.Held {
			list[i] = p.T("held."+param.Name, "value", shortValueIn(p, param, s.Low.Of(param).Value))
		}
		held = " (" + p.T("held", "list", AndList(p, list)) + ")"
	}
	return p.T("spread.lowest", "over", AndList(p, words)+held, "ranges", strings.Join(parts, ", "))
}

// LineIn is Line in p's language, its figures in p's formats.
func (s Spread) LineIn(p data.Printer, gpuWh float64, per string) string {
	if english(p) {
		return s.Line(gpuWh, per)
	}
	// Each range whole on its line, on a card a phone makes narrow: a word
	// joiner after the dash, no-break spaces in the unit.
	parts := s.Each(gpuWh, func(m Measure, r Range) string {
		lo, hi, _ := strings.Cut(s.write(m, r, "–"), "–")
		return p.Lang.Number(lo) + "–\u2060" + Unbroken(p, Figure(p, hi))
	})
	if len(parts) == 0 {
		return ""
	}
	held := ""
	if len(s.Held) > 0 {
		list := make([]string, len(s.Held))
		for i, param := range s.Held {
			list[i] = p.T("held."+param.Name, "value", Unbroken(p, shortValueIn(p, param, s.Low.Of(param).Value)))
		}
		held = " (" + p.T("held", "list", AndList(p, list)) + ")"
	}
	return p.T("card.spread", "per", per, "held", held, "ranges", strings.Join(parts, ", "))
}

// LabelIn is the bound's label in p's language, param its factor: the
// preset's name and year, or the publication's own words.
func (b Bound) LabelIn(p data.Printer, param *Param) string {
	if english(p) {
		return b.Label
	}
	pr, ok := param.Preset(b.Preset)
	if !ok || b.Preset == "" {
		return p.T("bound." + param.Name)
	}
	if pr.Year != "" {
		return pr.LabelIn(p, param) + ", " + pr.Year
	}
	return pr.LabelIn(p, param)
}

// leverAtIn is leverAt in p's language.
func leverAtIn(p data.Printer, param *Param, b Bound) string {
	if english(p) {
		return leverAt(param, b)
	}
	value := shortValueIn(p, param, b.Value)
	if param == PUE {
		value = "PUE " + value
	}
	return p.T("lever.at", "value", value, "label", b.LabelIn(p, param))
}

// Unbroken is a figure written by Figure ("2,653 g CO2e") that no line
// breaks, in a language other than English, whose pages' long words make
// lines short: its spaces are no-break spaces.
func Unbroken(p data.Printer, figure string) string {
	if english(p) {
		return figure
	}
	return strings.ReplaceAll(figure, " ", "\u00a0")
}
