package footprint

import (
	"slices"
	"strings"

	"tokenjoule/data"
)

// BoundaryName names what f's ladder counts, wherever a boundary is named:
// the label of the boundary preset whose host, idle and PUE all equal f's,
// and otherwise the factors themselves, short enough for a card's line:
// "GPU × PUE 1.56", "GPU + host 43% + idle 17%, × PUE 1.1". A preset's name
// on other factors would say the figure counts what it does not.
func (f Factors) BoundaryName() string {
	if b, ok := f.BoundaryPreset(); ok {
		return b.Label
	}
	e := f.Effective()
	s := "GPU"
	if e.Host.Value != 0 {
		s += " + host " + data.FormatNumber(e.Host.Value*100) + "%"
	}
	if e.Idle.Value != 0 {
		s += " + idle " + data.FormatNumber(e.Idle.Value*100) + "%"
	}
	if e.PUE.Value != 1 {
		if s != "GPU" {
			s += ","
		}
		s += " × PUE " + data.FormatNumber(e.PUE.Value)
	}
	return s
}

// BoundaryAbout says what f's boundary counts, in a sentence or two: the
// preset's own words where BoundaryName is a preset's label, else what the
// factors add to the GPU energy and what they leave out.
func (f Factors) BoundaryAbout() string {
	if b, ok := f.BoundaryPreset(); ok {
		return b.About
	}
	adds, omits := f.Reach()
	s := "The measured GPU energy, widened for " + adds + " by the factors given."
	if omits != "" {
		s += " Not counted: " + omits + "."
	}
	return s
}

// Reach lists in words what f's ladder adds to the GPU energy and what it
// leaves out, each in the ladder's order, such as "the host, idle capacity
// and cooling"; "" for none. The rungs of skip are in neither list: a plan
// counts idle capacity itself (Reach(Idle)).
func (f Factors) Reach(skip ...*Param) (adds, omits string) {
	e := f.Effective()
	var in, out []string
	for _, x := range []struct {
		p     *Param
		words string
		none  bool
	}{{Host, "the host", e.Host.Value == 0}, {Idle, "idle capacity", e.Idle.Value == 0}, {PUE, "cooling", e.PUE.Value == 1}} {
		switch {
		case slices.Contains(skip, x.p):
		case x.none:
			out = append(out, x.words)
		default:
			in = append(in, x.words)
		}
	}
	return andList(in), andList(out)
}

// BoundaryPreset returns the boundary preset whose host, idle and PUE all
// equal f's (f's own first), the one whose name and words f may take; false
// when there is none.
func (f Factors) BoundaryPreset() (Boundary, bool) {
	e := f.Effective()
	same := func(b Boundary) bool {
		p := Factors{}.WithBoundary(b.ID).Effective()
		return p.Host.Value == e.Host.Value && p.Idle.Value == e.Idle.Value && p.PUE.Value == e.PUE.Value
	}
	if own := f.BoundaryInfo(); same(own) {
		return own, true
	}
	for _, b := range Boundaries {
		if same(b) {
			return b, true
		}
	}
	return Boundary{}, false
}

// andList joins words as "a, b and c".
func andList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}
