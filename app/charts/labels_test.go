package charts

import "testing"

func TestPlace(t *testing.T) {
	plot := Rect{0, 0, 300, 200}
	// Two labels on one point's either side, like the power chart's
	// figures on one batch size: they go apart.
	at := Point{150, 100}
	labels := []Label{{At: at, Symbol: 18, W: 60, H: 20, Position: "right"}, {At: Point{150, 104}, Symbol: 18, W: 90, H: 20, Position: "right"}}
	points := []Rect{{141, 91, 18, 18}, {141, 95, 18, 18}}
	spots := Place(labels, []int{0, 1}, []bool{true, true}, Scene{Plot: plot, Points: points})
	a, b := labels[0].box(spots[0]), labels[1].box(spots[1])
	if spots[0].Hidden || spots[1].Hidden || a.overlaps(b, 0) {
		t.Errorf("two labels of one place: %+v %+v, boxes %+v %+v", spots[0], spots[1], a, b)
	}
	// Each nearer its own point than the other's.
	for i, r := range []Rect{a, b} {
		if r.gap(points[i]) >= r.gap(points[1-i]) {
			t.Errorf("label %d (%+v) is %v px from its point, %v from the other", i, r, r.gap(points[i]), r.gap(points[1-i]))
		}
	}
	// Alone, a label goes to its side.
	if s := Place(labels[:1], []int{0}, []bool{true}, Scene{Plot: plot, Points: points[:1]})[0]; s.Position != "right" || s.Offset != [2]float64{} {
		t.Errorf("a label with nothing in the way went %+v, not to its side", s)
	}
	// A point to the right: the label goes elsewhere, and stays in the plot.
	l := Label{At: Point{290, 100}, Symbol: 10, W: 40, H: 16, Position: "right"}
	s := Place([]Label{l}, []int{-1}, []bool{false}, Scene{Plot: plot, Points: []Rect{{240, 95, 10, 10}}})[0]
	if r := l.box(s); s.Hidden || !plot.contains(r) || r.overlaps(Rect{240, 95, 10, 10}, 0) {
		t.Errorf("a label at the plot's edge went %+v (%+v)", s, r)
	}
	// Points all around, close: nowhere to go, hidden.
	var crowd []Rect
	for x := 0.0; x < 300; x += 12 {
		for y := 0.0; y < 200; y += 12 {
			crowd = append(crowd, Rect{x, y, 10, 10})
		}
	}
	if s := Place([]Label{{At: Point{150, 100}, Symbol: 10, W: 40, H: 16}}, []int{-1}, []bool{false}, Scene{Plot: plot, Points: crowd})[0]; !s.Hidden {
		t.Errorf("a label in a crowd went %+v: it covers a point", s)
	}
	// Kept, a label with nowhere near its point goes farther, still clear.
	var walled []Rect
	for x := 100.0; x < 200; x += 12 {
		for y := 50.0; y < 150; y += 12 {
			walled = append(walled, Rect{x, y, 10, 10})
		}
	}
	l = Label{At: Point{150, 100}, Symbol: 10, W: 40, H: 16}
	if s := Place([]Label{l}, []int{-1}, []bool{true}, Scene{Plot: plot, Points: walled})[0]; s.Hidden || covers(l.box(s), walled, -1) || !plot.contains(l.box(s)) {
		t.Errorf("a label that must show went %+v (%+v)", s, l.box(s))
	}
	// A line across the right: the label takes another side.
	line := [][]Point{{{150, 0}, {180, 200}}}
	l = Label{At: Point{140, 100}, Symbol: 10, W: 50, H: 16, Position: "right"}
	if s := Place([]Label{l}, []int{-1}, []bool{false}, Scene{Plot: plot, Lines: line})[0]; crossings(l.box(s), line) != 0 {
		t.Errorf("a label crosses the line at %+v", s)
	}
}

func TestSegmentMeets(t *testing.T) {
	r := Rect{10, 10, 10, 10}
	for _, c := range []struct {
		a, b Point
		want bool
	}{
		{Point{0, 15}, Point{30, 15}, true},
		{Point{0, 0}, Point{30, 30}, true},
		{Point{0, 0}, Point{5, 30}, false},
		{Point{12, 12}, Point{13, 13}, true}, // inside
		{Point{0, 25}, Point{30, 25}, false},
	} {
		if got := segmentMeets(c.a, c.b, r); got != c.want {
			t.Errorf("segment %v–%v meets %v: %v, want %v", c.a, c.b, r, got, c.want)
		}
	}
}

// A label goes where it is nearer its own point than any other point with a
// label: beside two points almost on each other (the compare page's 17th
// and 18th models), one above and one below, not both at the side.
func TestPlaceBesideOwnPoint(t *testing.T) {
	plot := Rect{0, 0, 300, 200}
	points := []Rect{{145, 95, 10, 10}, {145, 99.5, 10, 10}}
	labels := []Label{{At: Point{150, 100}, Symbol: 10, W: 14, H: 14, Position: "right"}, {At: Point{150, 104.5}, Symbol: 10, W: 14, H: 14, Position: "right"}}
	for i, s := range Place(labels, []int{0, 1}, []bool{false, false}, Scene{Plot: plot, Points: points}) {
		r := labels[i].box(s)
		if s.Hidden || r.gap(points[i])+clearance > r.gap(points[1-i]) {
			t.Errorf("label %d went %+v (%+v): %v px from its point, %v from the other", i, s, r, r.gap(points[i]), r.gap(points[1-i]))
		}
	}
	// Points that stand for one thing (the power chart's selected
	// configuration on its two axes) are no rivals: the label takes its side.
	if s := Place(labels[:1], []int{0}, []bool{true}, Scene{Plot: plot, Points: points, Names: []string{"a", "a"}})[0]; s.Position != "right" || s.Offset != [2]float64{} {
		t.Errorf("beside a point that stands for the same, a label went %+v, not to its side", s)
	}
	// A name with no spot nearer its point than the next point's takes its
	// shorter text (the rank alone), near its point.
	points = []Rect{{15, 95, 10, 10}, {35, 95, 10, 10}}
	named := []Label{{At: Point{20, 100}, Symbol: 10, W: 150, H: 14, Position: "right", ShortW: 10, ShortH: 14}, {At: Point{40, 100}, Symbol: 10, W: 10, H: 14}}
	s := Place(named, []int{0, 1}, []bool{true, false}, Scene{Plot: plot, Points: points})[0]
	short := named[0]
	short.W, short.H = short.ShortW, short.ShortH
	if r := short.box(s); s.Hidden || !s.Short || r.gap(points[0])+clearance > r.gap(points[1]) {
		t.Errorf("a long name beside another point went %+v (%+v), want its shorter text nearer its own point", s, r)
	}
}

// A figure that must show, its point among the small symbols of many lines
// (the power chart's panels with eight configurations), stays beside its
// point, over as few of them as it can, rather than far away in the clear;
// the same label in its own plot (a panel) stays in it.
func TestPlaceAmongLines(t *testing.T) {
	plot := Rect{0, 0, 300, 200}
	own := Rect{11, 151, 18, 18} // the diamond, at the plot's left
	points := []Rect{own}
	minor := []bool{false}
	// Dots every 40 px across, every 8 px up from the bottom to the middle:
	// no spot near the diamond is clear of them.
	for x := 18.0; x < 300; x += 40 {
		for y := 98.0; y < 200; y += 8 {
			points = append(points, Rect{x, y, 4, 4})
			minor = append(minor, true)
		}
	}
	l := Label{At: Point{20, 160}, Symbol: 18, W: 90, H: 20, Position: "right"}
	scene := Scene{Plot: plot, Points: points, Minor: minor}
	s := Place([]Label{l}, []int{0}, []bool{true}, scene)[0]
	r := l.box(s)
	if g := r.gap(own); s.Hidden || g > labelReach {
		t.Errorf("a figure among dots went %+v, %.0f px from its point, want %d at most", s, g, labelReach)
	}
	if n, blocked := scene.covered(r, 0, true); blocked || n == 0 {
		t.Errorf("a figure among dots covers %d of them (and a point that is not a line's: %v)", n, blocked)
	}
	// Not kept, it is hidden rather than cover them.
	if s := Place([]Label{l}, []int{0}, []bool{false}, scene)[0]; !s.Hidden {
		t.Errorf("a figure that need not show covers dots at %+v", s)
	}
	// The dots as points of another series' markers: the figure covers none.
	scene.Minor = nil
	if s := Place([]Label{l}, []int{0}, []bool{true}, scene)[0]; s.Hidden || covers(l.box(s), points, 0) {
		t.Errorf("a figure covers markers at %+v", s)
	}
	// In a panel of its own, the lower half: it stays in the panel.
	l.Plot = Rect{0, 100, 300, 100}
	scene.Minor = minor
	if s := Place([]Label{l}, []int{0}, []bool{true}, scene)[0]; s.Hidden || !l.Plot.contains(l.box(s)) {
		t.Errorf("a figure in its panel %+v went %+v (%+v)", l.Plot, s, l.box(s))
	}
}

// No spot near a point is farther from its symbol than labelReach.
func TestSpotsWithinReach(t *testing.T) {
	for _, l := range []Label{
		{At: Point{100, 100}, Symbol: 18, W: 114, H: 20, Position: "right"},
		{At: Point{100, 100}, Symbol: 10, W: 14, H: 14, Position: "left"},
	} {
		sym := Rect{l.At.X - l.Symbol/2, l.At.Y - l.Symbol/2, l.Symbol, l.Symbol}
		for _, s := range l.spots() {
			if g := l.box(s).gap(sym); g > labelReach {
				t.Errorf("label %+v: spot %+v is %.0f px from its symbol", l, s, g)
			}
		}
	}
}
