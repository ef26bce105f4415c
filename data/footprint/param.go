package footprint

import (
	"strconv"
	"strings"

	"tokenjoule/data"
)

// A Param is one factor as the URL and the command line take it: a number
// within bounds or the id of one of its presets.
type Param struct {
	Name     string // the query parameter and the flag, such as "grid"
	Label    string // what a reader calls it
	Unit     string // of its values, "" for a pure ratio
	Share    bool   // a share of GPU energy: 0.43 is +43%
	Min, Max float64
	Presets  []Preset
}

// Preset returns the preset of p with the given id, ignoring case.
func (p *Param) Preset(id string) (Preset, bool) {
	for _, pr := range p.Presets {
		if strings.EqualFold(pr.ID, id) {
			return pr, true
		}
	}
	return Preset{}, false
}

// Factor returns the preset as a value of Factors.
func (pr Preset) Factor() Factor { return Factor{Value: pr.Value, Preset: pr.ID, Set: true} }

// SourceOf returns where x comes from: its preset's source, or YourFigure.
func (p *Param) SourceOf(x Factor) Source {
	if pr, ok := p.Preset(x.Preset); ok && x.Preset != "" {
		return pr.Source()
	}
	return YourFigure
}

// Describe writes x for a reader: its value and unit, then its preset's
// label, year and basis, or that it is the reader's own.
func (p *Param) Describe(x Factor) string {
	s := p.Sourced(x)
	if _, ok := p.Preset(x.Preset); !ok || x.Preset == "" {
		return s + " (your figure)"
	}
	return s
}

// Sourced is Describe for a place that names x's source beside it (a
// reader's own figure says so there): its value and unit, and its preset's
// label, year and basis.
func (p *Param) Sourced(x Factor) string {
	s := data.FormatNumber(x.Value)
	switch {
	case p.Share:
		s = "+" + data.FormatNumber(x.Value*100) + "% of GPU energy"
	case p.Unit != "":
		s += " " + p.Unit
	}
	pr, ok := p.Preset(x.Preset)
	if !ok || x.Preset == "" {
		return s
	}
	s += " (" + pr.Label
	if pr.Year != "" {
		s += ", " + pr.Year
	}
	return s + ", " + pr.Basis + ")"
}

// Parse reads a value of p: a preset id (case-insensitive) or a plain
// decimal number within p's bounds, such as 0.43, 1.2 or 1e3. Any error is
// a *data.InputError naming p and saying what is accepted.
func (p *Param) Parse(s string) (Factor, error) {
	t := strings.TrimSpace(s)
	if pr, ok := p.Preset(t); ok {
		return pr.Factor(), nil
	}
	fail := func(reason string) (Factor, error) {
		return Factor{}, &data.InputError{Param: p.Name, Label: p.Label, Value: s, Reason: reason, Accepted: p.accepted()}
	}
	if t == "" {
		return fail("no value given")
	}
	v, ok := number(t)
	switch {
	case !ok && strings.HasPrefix(t, "-"):
		if _, ok := number(t[1:]); ok {
			return fail("must not be negative")
		}
		return fail("")
	case !ok:
		return fail("")
	case v < p.Min || v > p.Max:
		return fail("must be from " + data.FormatNumber(p.Min) + " to " + data.FormatNumber(p.Max))
	}
	return Number(v), nil
}

// accepted lists what Parse takes, for error messages.
func (p *Param) accepted() string {
	s := "use a number from " + data.FormatNumber(p.Min) + " to " + data.FormatNumber(p.Max)
	switch {
	case p.Share:
		s += " (a share of GPU energy: 0.43 is +43%)"
	case p.Unit != "":
		s += " (" + p.Unit + ")"
	}
	if len(p.Presets) > 0 {
		ids := make([]string, len(p.Presets))
		for i, pr := range p.Presets {
			ids[i] = pr.ID
		}
		s += " or a preset: " + strings.Join(ids, ", ")
	}
	return s
}

// Format writes x as Parse reads it back: the preset's id, or the shortest
// decimal that is exactly x.Value. An unset factor is "".
func (p *Param) Format(x Factor) string {
	switch {
	case !x.Set:
		return ""
	case x.Preset != "":
		return x.Preset
	}
	return formatNumber(x.Value)
}

// formatNumber writes v in the shortest decimal that reads back as v, in
// positional notation where that stays short.
func formatNumber(v float64) string {
	if v == 0 || v >= 1e-6 && v < 1e15 {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// maxNumberLen bounds the numbers number reads: no float64 needs more digits
// to be written exactly, and strconv misreads digit strings thousands long
// with a compensating exponent.
const maxNumberLen = 40

// number reads a plain, non-negative decimal: digits, with commas between
// groups of three if any, then an optional fraction and exponent, as in
// 0.43, 1,000 or 2.5e3. It refuses what strconv.ParseFloat would also take
// (inf, nan, hex, underscores, a sign) and numbers out of float64's range.
func number(s string) (float64, bool) {
	if s == "" || len(s) > maxNumberLen || !isDigit(s[0]) {
		return 0, false
	}
	i := 0
	for i < len(s) && (isDigit(s[i]) || s[i] == ',') {
		i++
	}
	intPart := s[:i]
	if strings.Contains(intPart, ",") {
		groups := strings.Split(intPart, ",")
		if len(groups[0]) > 3 || groups[0][0] == '0' {
			return 0, false
		}
		for _, g := range groups[1:] {
			if len(g) != 3 {
				return 0, false
			}
		}
	}
	if i < len(s) && s[i] == '.' {
		j := i + 1
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		if j == i+1 {
			return 0, false
		}
		i = j
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		k := j
		for k < len(s) && isDigit(s[k]) {
			k++
		}
		if k == j {
			return 0, false
		}
		i = k
	}
	if i != len(s) {
		return 0, false
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
	return v, err == nil
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// ParseCurrency reads a three-letter currency code, such as USD or eur, and
// returns it in upper case. The code is not checked against ISO 4217's list:
// the calculator converts nothing, it only labels the price's unit.
func ParseCurrency(s string) (string, error) {
	t := strings.TrimSpace(s)
	if len(t) == 3 && isLetter(t[0]) && isLetter(t[1]) && isLetter(t[2]) {
		return strings.ToUpper(t), nil
	}
	return "", &data.InputError{Param: "cur", Label: "currency", Value: s,
		Accepted: "use a three-letter currency code, such as USD, EUR or GBP"}
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// ParseBoundary reads a boundary preset's id, ignoring case, and returns it
// as Factors.Boundary stores it ("" for the default).
func ParseBoundary(s string) (string, error) {
	t := strings.TrimSpace(s)
	for _, b := range Boundaries {
		if strings.EqualFold(b.ID, t) {
			return Factors{}.WithBoundary(b.ID).Boundary, nil
		}
	}
	ids := make([]string, len(Boundaries))
	for i, b := range Boundaries {
		ids[i] = b.ID
	}
	return "", &data.InputError{Param: "boundary", Value: s, Accepted: "one of " + strings.Join(ids, ", ")}
}
