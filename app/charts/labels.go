package charts

// Labels that keep clear. A chart's labels (the power chart's figures
// beside the selected diamonds, the compare scatter's ranks) are placed
// where they cover no point, no other label and as little of a line as
// can be: ECharts' labelLayout (hideOverlap, moveOverlap) is not in the build
// the site serves, and it keeps labels apart from each other only, not from
// points. Where each lands depends on the chart's size, so the page measures
// the points once the chart is drawn (and whenever it is resized), hands the
// measures to Place, and sets the spots it chooses (app/ui's bridge).

import (
	"cmp"
	"math"
	"slices"
)

// A Rect is a box on a chart's canvas, in px, y down.
type Rect struct{ X, Y, W, H float64 }

// overlaps tells whether r and o share any area beyond margin px.
func (r Rect) overlaps(o Rect, margin float64) bool {
	return r.X < o.X+o.W+margin && o.X < r.X+r.W+margin && r.Y < o.Y+o.H+margin && o.Y < r.Y+r.H+margin
}

func (r Rect) contains(o Rect) bool {
	return o.X >= r.X && o.Y >= r.Y && o.X+o.W <= r.X+r.W && o.Y+o.H <= r.Y+r.H
}

// A Point is a place on a chart's canvas, in px.
type Point struct{ X, Y float64 }

// A Label is one to place: the centre of the point it names, the size of
// that point's symbol, the box of its text (padding included), the side
// it goes to when nothing is in the way ("right", "left", "top", "bottom"),
// the box of a shorter text it may take instead (a model's rank without
// its name), where its own finds no spot: ShortW 0 for none; and the plot
// it stays in, where a chart has several (the power chart's panels): none,
// the scene's.
type Label struct {
	At             Point
	Symbol         float64
	W, H           float64
	Position       string
	ShortW, ShortH float64
	Plot           Rect
}

// plot is the plot l stays in, in scene.
func (l Label) plot(scene Scene) Rect {
	if l.Plot == (Rect{}) {
		return scene.Plot
	}
	return l.Plot
}

// A Spot is where a label goes, as ECharts takes it: a side of its point,
// and an offset from there in px, with its shorter text if Short; or
// nowhere, when every spot near its point would cover something (its
// figure is then in the tooltip, the table and the chart's description).
type Spot struct {
	Position string
	Offset   [2]float64
	Hidden   bool
	Short    bool
}

// A Scene is what labels keep clear of: the plot they stay in (unless a
// label names its own), the symbol of every point drawn, and every line, as
// its vertices in order; what each point stands for (its item's name; "" or
// none: itself), as two points may stand for one thing (the power chart's
// selected configuration, in either panel); and which points are minor, a
// line's small symbols, which a label that must show may cover rather than
// go far from its point (the line still shows where it runs).
type Scene struct {
	Plot   Rect
	Points []Rect
	Names  []string
	Lines  [][]Point
	Minor  []bool
}

// labelDistance is ECharts' default distance from a symbol to its label.
const labelDistance = 5

// box is where label l lands at spot s.
func (l Label) box(s Spot) Rect {
	r := Rect{W: l.W, H: l.H}
	half := l.Symbol/2 + labelDistance
	switch s.Position {
	case "left":
		r.X, r.Y = l.At.X-half-l.W, l.At.Y-l.H/2
	case "top":
		r.X, r.Y = l.At.X-l.W/2, l.At.Y-half-l.H
	case "bottom":
		r.X, r.Y = l.At.X-l.W/2, l.At.Y+half
	default: // right
		r.X, r.Y = l.At.X+half, l.At.Y-l.H/2
	}
	r.X += s.Offset[0]
	r.Y += s.Offset[1]
	return r
}

// spots are the places a label may go, nearest first: beside its point on
// each side (its own side first), then moved along that side and away from
// it, up to about three label heights (or half widths) from its point and
// no farther than labelReach px from its symbol, where it still reads as its
// point's.
func (l Label) spots() []Spot {
	first := l.Position
	if first == "" {
		first = "right"
	}
	order := []string{first}
	for _, s := range []string{"right", "left", "top", "bottom"} {
		if s != first {
			order = append(order, s)
		}
	}
	type cand struct {
		s    Spot
		dist float64
	}
	var cs []cand
	symbol := Rect{X: l.At.X - l.Symbol/2, Y: l.At.Y - l.Symbol/2, W: l.Symbol, H: l.Symbol}
	add := func(s Spot) {
		r := l.box(s)
		if r.gap(symbol) > labelReach {
			return
		}
		dx, dy := r.X+r.W/2-l.At.X, r.Y+r.H/2-l.At.Y
		cs = append(cs, cand{s, math.Hypot(dx, dy)})
	}
	for _, side := range order {
		add(Spot{Position: side})
	}
	for _, side := range order {
		for _, away := range []float64{0, 10, 24} {
			for k := 0.0; k <= 3; k++ {
				for _, sign := range []float64{1, -1} {
					if k == 0 && (sign < 0 || away == 0) {
						continue // the first of each side is there already
					}
					var off [2]float64
					switch side {
					case "right":
						off = [2]float64{away, sign * k * l.H * 0.75}
					case "left":
						off = [2]float64{-away, sign * k * l.H * 0.75}
					case "top":
						off = [2]float64{sign * k * l.W / 3, -away}
					case "bottom":
						off = [2]float64{sign * k * l.W / 3, away}
					}
					add(Spot{Position: side, Offset: off})
				}
			}
		}
	}
	// The four sides as they are first, then the rest, nearest first.
	slices.SortStableFunc(cs[len(order):], func(a, b cand) int { return cmp.Compare(math.Round(a.dist), math.Round(b.dist)) })
	// Then, where all of those are taken, anywhere in the plot, nearest
	// first (Place gives these the plot's box): see spotsIn.
	out := make([]Spot, len(cs))
	for i, c := range cs {
		out[i] = c.s
	}
	return out
}

// labelReach is how far, in px, a label may be moved from its point's symbol
// and still be read as its: about two lines of text.
const labelReach = 30

// clearance is how far, in px, a label keeps from the points and labels
// around it: the page measures text a little differently than it draws it.
const clearance = 2

// Place chooses a spot for each label, in order (the first get the best
// spots): the first of its spots that stays in the plot, covers no point
// (other than its own, own[i], an index of scene.Points or -1) and no label
// placed before it, and is nearer its own point than any other point that
// has a label and stands for something else (a label as near such a point
// reads as that one's), among those that cross the fewest lines; failing
// that, the same with its shorter text. A label with no such spot is
// hidden.
//
// A label that must show (keep[i]) and finds no such spot near its point
// takes the one near it that covers the fewest minor points (then crosses
// the fewest lines) and no other; failing that, the nearest one anywhere in
// the plot.
func Place(labels []Label, own []int, keep []bool, scene Scene) []Spot {
	placed := make([]Rect, 0, len(labels))
	out := make([]Spot, len(labels))
	named := make([]bool, len(scene.Points)) // the points with a label
	for _, j := range own {
		if j >= 0 {
			named[j] = true
		}
	}
	type try struct{ short, minor, anywhere bool }
	for i, full := range labels {
		var rivals []Rect // the points it must be nearer its own than
		for j, p := range scene.Points {
			if named[j] && !scene.same(j, own[i]) {
				rivals = append(rivals, p)
			}
		}
		tries := []try{{}, {short: true}}
		if keep[i] {
			tries = append(tries, try{minor: true}, try{short: true, minor: true}, try{anywhere: true}, try{short: true, anywhere: true})
		}
		best, l := Spot{Hidden: true}, full
		for _, t := range tries {
			if t.short && full.ShortW == 0 {
				continue
			}
			l = full
			if t.short {
				l.W, l.H = full.ShortW, full.ShortH
			}
			spots := l.spots()
			if t.anywhere {
				spots = l.spotsIn(l.plot(scene))
			}
			if best = l.first(spots, own[i], rivals, placed, scene, t.minor); !best.Hidden {
				best.Short = t.short
				break
			}
		}
		out[i] = best
		if !best.Hidden {
			placed = append(placed, l.box(best))
		}
	}
	return out
}

// first is the first of spots for l that stays in the plot, covers no
// point but its own (or, if minor, no point but its own and minor ones) and
// no label placed, and is nearer its own point than any of rivals, among
// those that cover the fewest minor points, then cross the fewest lines;
// hidden if none is.
func (l Label) first(spots []Spot, own int, rivals, placed []Rect, scene Scene, minor bool) Spot {
	best, least := Spot{Hidden: true}, [2]int{math.MaxInt, math.MaxInt}
	for _, s := range spots {
		r := l.box(s)
		if !l.plot(scene).contains(r) || covers(r, placed, -1) || own >= 0 && !nearest(r, scene.Points[own], rivals) {
			continue
		}
		n, blocked := scene.covered(r, own, minor)
		if blocked {
			continue
		}
		if c := [2]int{n, crossings(r, scene.Lines)}; c[0] < least[0] || c[0] == least[0] && c[1] < least[1] {
			best, least = s, c
			if c == [2]int{} {
				break
			}
		}
	}
	return best
}

// covered counts the minor points r covers, and tells whether it covers
// any other but own (any at all but own, unless minor).
func (s Scene) covered(r Rect, own int, minor bool) (n int, blocked bool) {
	for j, p := range s.Points {
		if j == own || !r.overlaps(p, clearance) {
			continue
		}
		if !minor || j >= len(s.Minor) || !s.Minor[j] {
			return n, true
		}
		n++
	}
	return n, false
}

// spotsIn are places for l all over plot, every few px, nearest its point
// first: to its right, moved.
func (l Label) spotsIn(plot Rect) []Spot {
	const step = 6
	base := l.box(Spot{Position: "right"})
	type cand struct {
		s    Spot
		dist float64
	}
	var cs []cand
	for y := plot.Y; y+l.H <= plot.Y+plot.H; y += step {
		for x := plot.X; x+l.W <= plot.X+plot.W; x += step {
			s := Spot{Position: "right", Offset: [2]float64{x - base.X, y - base.Y}}
			cs = append(cs, cand{s, math.Hypot(x+l.W/2-l.At.X, y+l.H/2-l.At.Y)})
		}
	}
	slices.SortStableFunc(cs, func(a, b cand) int { return cmp.Compare(a.dist, b.dist) })
	out := make([]Spot, len(cs))
	for i, c := range cs {
		out[i] = c.s
	}
	return out
}

// nearest tells whether r is nearer its own point mine than any of
// rivals, by clearance: the page measures text a little differently than it
// draws it.
func nearest(r, mine Rect, rivals []Rect) bool {
	d := r.gap(mine)
	for _, o := range rivals {
		if r.gap(o) < d+clearance {
			return false
		}
	}
	return true
}

// same tells whether points a and b stand for one thing (see Names).
func (s Scene) same(a, b int) bool {
	return a == b || a >= 0 && b >= 0 && a < len(s.Names) && b < len(s.Names) && s.Names[a] != "" && s.Names[a] == s.Names[b]
}

// gap is the distance between r and o, 0 where they meet.
func (r Rect) gap(o Rect) float64 {
	dx := max(0, o.X-(r.X+r.W), r.X-(o.X+o.W))
	dy := max(0, o.Y-(r.Y+r.H), r.Y-(o.Y+o.H))
	return math.Hypot(dx, dy)
}

// covers tells whether r overlaps any of boxes but the one at skip.
func covers(r Rect, boxes []Rect, skip int) bool {
	for j, b := range boxes {
		if j != skip && r.overlaps(b, clearance) {
			return true
		}
	}
	return false
}

// crossings counts the line segments that pass through r.
func crossings(r Rect, lines [][]Point) int {
	n := 0
	for _, l := range lines {
		for i := 1; i < len(l); i++ {
			if segmentMeets(l[i-1], l[i], r) {
				n++
			}
		}
	}
	return n
}

// segmentMeets tells whether the segment from a to b passes through r
// (Liang–Barsky clipping).
func segmentMeets(a, b Point, r Rect) bool {
	t0, t1 := 0.0, 1.0
	dx, dy := b.X-a.X, b.Y-a.Y
	for _, e := range [4][2]float64{{-dx, a.X - r.X}, {dx, r.X + r.W - a.X}, {-dy, a.Y - r.Y}, {dy, r.Y + r.H - a.Y}} {
		p, q := e[0], e[1]
		if p == 0 {
			if q < 0 {
				return false
			}
			continue
		}
		t := q / p
		if p < 0 {
			t0 = max(t0, t)
		} else {
			t1 = min(t1, t)
		}
		if t0 > t1 {
			return false
		}
	}
	return true
}

// LabelSize estimates the box of a label's text in the charts' font at
// fontSize px, with its padding (vertical, horizontal) and line height (0:
// the font's).
func LabelSize(text string, fontSize, padV, padH, lineHeight float64) (w, h float64) {
	if lineHeight == 0 {
		lineHeight = math.Ceil(fontSize * 1.2)
	}
	return textWidth(text)*fontSize/fontPx + 2*padH, lineHeight + 2*padV
}
