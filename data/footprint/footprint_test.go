package footprint

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// near reports whether got is want to within a relative 1e-12: the expected
// values below are worked out by hand, and float64 arithmetic may take
// another route to them.
func near(got, want float64) bool {
	return got == want || math.Abs(got-want) <= 1e-12*math.Abs(want)
}

func TestLadder(t *testing.T) {
	for _, tc := range []struct {
		name  string
		f     Factors
		gpuWh float64
		want  Ladder
	}{
		// The default is the dataset's boundary: every rung is the GPU energy.
		{"zero value", Factors{}, 100, Ladder{100, 100, 100, 100}},
		{"gpu preset", Factors{}.WithBoundary("gpu"), 100, Ladder{100, 100, 100, 100}},
		// 100 × 1.43 = 143; 100 × (1 + 0.43 + 0.17) = 160; 160 × 1.09 = 174.4.
		{"cloud", Factors{Boundary: "cloud"}, 100, Ladder{100, 143, 160, 174.4}},
		// 200 × 1.5 = 300; 200 × 1.75 = 350; 350 × 1.5 = 525.
		{"typed", Factors{Host: Number(0.5), Idle: Number(0.25), PUE: Number(1.5)}, 200, Ladder{200, 300, 350, 525}},
		// A typed PUE replaces the boundary's, the rest stays: 160 × 1.56 = 249.6.
		{"cloud with the industry PUE", Factors{Boundary: "cloud", PUE: Factor{1.56, "industry", true}}, 100, Ladder{100, 143, 160, 249.6}},
		// An unknown boundary (a UI bug, say) is the default, never a PUE of 0.
		{"unknown boundary", Factors{Boundary: "nope"}, 100, Ladder{100, 100, 100, 100}},
	} {
		got := tc.f.Ladder(tc.gpuWh)
		if !near(got.GPUWh, tc.want.GPUWh) || !near(got.ServerWh, tc.want.ServerWh) ||
			!near(got.FleetWh, tc.want.FleetWh) || !near(got.FacilityWh, tc.want.FacilityWh) {
			t.Errorf("%s: Ladder(%v) = %+v, want %+v", tc.name, tc.gpuWh, got, tc.want)
		}
	}
}

func TestTotals(t *testing.T) {
	f := Factors{Boundary: "cloud", Grid: Factor{480, "world", true}, WUE: Factor{1.8, "industry", true},
		Price: Number(0.12), Currency: "USD"}
	l := f.Ladder(100) // 143, 160, 174.4 Wh
	// 0.1744 kWh × 480 g/kWh = 83.712 g.
	if g, ok := f.Carbon(l); !ok || !near(g, 83.712) {
		t.Errorf("Carbon = %v, %v; want 83.712 g", g, ok)
	}
	// Water counts IT energy, not the facility's: 0.160 kWh × 1.8 L/kWh = 0.288 L.
	if w, ok := f.Water(l); !ok || !near(w, 0.288) {
		t.Errorf("Water = %v, %v; want 0.288 L", w, ok)
	}
	// 0.1744 kWh × 0.12 = 0.020928.
	if c, ok := f.Cost(l); !ok || !near(c, 0.020928) {
		t.Errorf("Cost = %v, %v; want 0.020928 USD", c, ok)
	}

	// Unset is "not shown", never zero; zero is a figure.
	var unset Factors
	if _, ok := unset.Carbon(l); ok {
		t.Error("Carbon without a grid intensity is shown")
	}
	if _, ok := unset.Water(l); ok {
		t.Error("Water without a WUE is shown")
	}
	if _, ok := unset.Cost(l); ok {
		t.Error("Cost without a price is shown")
	}
	zero := Factors{Grid: Number(0), WUE: Number(0), Price: Number(0), Currency: "EUR"}
	if g, ok := zero.Carbon(l); !ok || g != 0 {
		t.Errorf("Carbon at grid 0 = %v, %v; want 0, shown", g, ok)
	}
	if w, ok := zero.Water(l); !ok || w != 0 {
		t.Errorf("Water at WUE 0 = %v, %v; want 0, shown", w, ok)
	}
	if c, ok := zero.Cost(l); !ok || c != 0 {
		t.Errorf("Cost at price 0 = %v, %v; want 0, shown", c, ok)
	}
	// A price without its currency shows no cost: a bare number is no amount of money.
	if _, ok := (Factors{Price: Number(0.12)}).Cost(l); ok {
		t.Error("Cost without a currency is shown")
	}
}

func TestRungs(t *testing.T) {
	rungs := Factors{Boundary: "cloud", PUE: Number(1.25)}.Rungs(100)
	want := []struct {
		name    string
		wh      float64
		applies string
		source  string // in the source's title
	}{
		{"gpu", 100, "measured", "ML.ENERGY"},
		{"server", 143, "+43% of GPU energy", "arXiv 2508.15734"},
		{"fleet", 160, "+17% of GPU energy", "arXiv 2508.15734"},
		{"facility", 200, "× 1.25", "your own figure"}, // 160 × 1.25
	}
	if len(rungs) != len(want) {
		t.Fatalf("Rungs = %+v, want 4 rungs", rungs)
	}
	for i, w := range want {
		r := rungs[i]
		if r.Name != w.name || !near(r.Wh, w.wh) || r.Applies() != w.applies || !strings.Contains(r.Source().Title, w.source) || r.Label == "" {
			t.Errorf("rung %d = %s %v Wh %q from %q; want %s %v Wh %q from %q", i, r.Name, r.Wh, r.Applies(), r.Source().Title, w.name, w.wh, w.applies, w.source)
		}
	}
}

func TestWithBoundary(t *testing.T) {
	f := Factors{Boundary: "cloud", Host: Number(1), Idle: Number(1), PUE: Number(2), Grid: Number(100), Currency: "USD"}
	g := f.WithBoundary("gpu")
	if g != (Factors{Grid: Number(100), Currency: "USD"}) {
		t.Errorf("WithBoundary(gpu) = %+v: want the typed ladder factors dropped, the default stored as \"\" and the rest kept", g)
	}
	if !g.IsGPUOnly() || (Factors{Boundary: "cloud"}).IsGPUOnly() || (Factors{PUE: Number(1.1)}).IsGPUOnly() {
		t.Error("IsGPUOnly is wrong")
	}
	if (Factors{Host: Number(0), Idle: Number(0), PUE: Number(1)}).IsGPUOnly() != true {
		t.Error("typed factors of 0, 0 and 1 are not GPU only")
	}
	if b := (Factors{Boundary: "cloud"}).BoundaryInfo(); b.ID != "cloud" || (Factors{}).BoundaryInfo().ID != DefaultBoundary {
		t.Errorf("BoundaryInfo = %+v", b)
	}
}

func TestPresets(t *testing.T) {
	// The cloud boundary is Google's shares: (1 + 0.43 + 0.17) × 1.09 = 1.744.
	if l := (Factors{Boundary: "cloud"}).Ladder(1); !near(l.FacilityWh, 1.744) {
		t.Errorf("cloud boundary multiplies GPU energy by %v, want 1.744", l.FacilityWh)
	}
	for _, b := range Boundaries {
		for _, p := range []*Param{Host, Idle, PUE} {
			if _, ok := p.Preset(b.ID); !ok {
				t.Errorf("boundary %q has no %s preset", b.ID, p.Name)
			}
		}
	}
	// The grid regions, each with its reference figure.
	for id, g := range map[string]float64{"world": 480, "us": 367, "fr": 56, "de": 381, "cn": 582, "in": 713,
		"br": 98, "ca": 170, "au": 549, "ie": 291, "no": 30} {
		if p, ok := Grid.Preset(id); !ok || p.Value != g {
			t.Errorf("grid preset %q = %+v, want %v g/kWh", id, p, g)
		}
	}
	for id, v := range map[string]float64{"gpu": 1, "cloud": 1.09, "google": 1.10, "aws": 1.15, "ai": 1.2, "industry": 1.56} {
		if p, ok := PUE.Preset(id); !ok || p.Value != v {
			t.Errorf("PUE preset %q = %+v, want %v", id, p, v)
		}
	}
	for id, v := range map[string]float64{"industry": 1.8, "aws": 0.25, "microsoft": 0.30, "dry": 0} {
		if p, ok := WUE.Preset(id); !ok || p.Value != v {
			t.Errorf("WUE preset %q = %+v, want %v L/kWh", id, p, v)
		}
	}
	known := map[string]bool{}
	for _, s := range Sources {
		if known[s.ID] || s.Title == "" {
			t.Errorf("source %+v: duplicate id or no title", s)
		}
		known[s.ID] = true
	}
	for _, p := range Params {
		ids := map[string]bool{}
		for _, pr := range p.Presets {
			if pr.Value < p.Min || pr.Value > p.Max || pr.ID == "" || pr.Label == "" || pr.Basis == "" || !known[pr.SourceID] || ids[strings.ToLower(pr.ID)] {
				t.Errorf("%s preset %+v: out of bounds, unlabelled, unsourced or a duplicate", p.Name, pr)
			}
			ids[strings.ToLower(pr.ID)] = true
		}
	}
	for _, c := range Comparisons {
		if !known[c.SourceID] || len(c.Scale) == 0 || !slices.IsSortedFunc(c.Scale, func(a, b Unit) int { return cmp.Compare(a.Size, b.Size) }) {
			t.Errorf("comparison %+v: unsourced or empty", c)
		}
	}
	for _, p := range PromptPoints {
		if !known[p.SourceID] || (p.Boundary != "gpu" && p.Boundary != "facility") {
			t.Errorf("prompt point %+v: unsourced or on no rung", p)
		}
	}
}

func TestComparisons(t *testing.T) {
	want := map[string]struct {
		amount, n float64
		words     string
	}{
		// 10,715 kWh a year is 29,356.164 Wh a day.
		"home": {29356.164383561645 * 2, 2, "days of an average US home's electricity"},
		// 9 W for an hour is 9 Wh.
		"led": {90, 10, "hours of a 9 W LED bulb"},
		// 0.17 kWh per km.
		"ev": {1700, 10, "km in an electric car"},
		// 400 g per mile of 1.609344 km is 248.548 g per km.
		"car":    {248.54847689493357 / 2, 500, "metres in a typical petrol car"},
		"bottle": {1.5, 3, "half-litre bottles of water"},
	}
	for _, c := range Comparisons {
		w, ok := want[c.ID]
		if !ok {
			t.Errorf("comparison %q untested", c.ID)
			continue
		}
		if n, u := c.In(w.amount); !near(n, w.n) || u.Many != w.words {
			t.Errorf("%s.In(%v) = %v %q, want %v %q", c.ID, w.amount, n, u.Many, w.n, w.words)
		}
	}
	measures := map[Measure]bool{}
	for _, c := range Comparisons {
		measures[c.Measure] = true
	}
	if !measures[Energy] || !measures[Carbon] || !measures[Water] {
		t.Errorf("comparisons cover %v; want energy, carbon and water", measures)
	}
}

// TestComparisonUnits: from a thousand tokens to a trillion and beyond, a
// comparison's number lies between 0.1 and 10,000 wherever its scale
// reaches, and is never written with a power of ten.
func TestComparisonUnits(t *testing.T) {
	for _, c := range Comparisons {
		lo, hi := c.Scale[0].Size*0.1, c.Scale[len(c.Scale)-1].Size*1e4
		for e := -12.0; e <= 12; e += 0.25 {
			amount := math.Pow(10, e)
			n, u := c.In(amount)
			if amount >= lo && amount <= hi && (n < 0.1 || n > 1e4) {
				t.Errorf("%s: %v is %v %s, not between 0.1 and 10,000", c.ID, amount, n, u.Many)
			}
			if !near(n*u.Size, amount) {
				t.Errorf("%s: %v is %v × %v", c.ID, amount, n, u.Size)
			}
			num, words := c.Format(amount)
			if strings.ContainsAny(num, "×⁻") || strings.Contains(strconv.Quote(num), "e-") || words == "" {
				t.Errorf("%s.Format(%v) = %q %q: a power of ten, or no unit", c.ID, amount, num, words)
			}
		}
		if num, words := c.Format(c.Scale[0].Size); num != "1" || words != c.Scale[0].One {
			t.Errorf("%s.Format(one %s) = %q %q, want the singular", c.ID, c.Scale[0].One, num, words)
		}
	}
}

func TestFactorsOf(t *testing.T) {
	var f Factors
	for i, p := range Params {
		*f.Of(p) = Number(float64(i + 1))
	}
	want := Factors{Host: Number(1), Idle: Number(2), PUE: Number(3), Grid: Number(4), WUE: Number(5), Price: Number(6)}
	if f != want {
		t.Errorf("setting Params in order through Of gives %+v, want %+v", f, want)
	}
}

func TestReadable(t *testing.T) {
	byID := func(id string) Comparison {
		for _, c := range Comparisons {
			if c.ID == id {
				return c
			}
		}
		t.Fatalf("no comparison %q", id)
		return Comparison{}
	}
	for _, tc := range []struct {
		m      Measure
		amount float64
		want   string // the comparison's id, "" for none
	}{
		{Energy, 37010, "home"},  // 1.26 days, not 171 LED days or 218 km
		{Energy, 50, "led"},      // 5.6 hours, not 2.5 minutes of a home
		{Energy, 1700, "ev"},     // 10 km, not 7.9 LED days
		{Energy, 37e6, "home"},   // 3.45 years, not 469 LED years
		{Energy, 0.01, "ev"},     // 5.9 cm, not 4 s of a bulb
		{Carbon, 1e4, "car"},     // the only one for carbon
		{Water, 3, "bottle"},     // the only one for water
		{Money, 10, ""},          // no comparison for money
		{Energy, 0, ""},          // nothing to compare
		{Energy, -5, ""},         //
		{Energy, math.NaN(), ""}, //
		{Energy, math.Inf(1), ""},
	} {
		c, ok := Readable(tc.m, tc.amount)
		if got := map[bool]string{true: c.ID}[ok]; got != tc.want {
			t.Errorf("Readable(%v, %v) = %q, want %q", tc.m, tc.amount, got, tc.want)
		}
		if ok {
			// No other comparison of the measure is nearer to ten units.
			dist := func(c Comparison) float64 { n, _ := c.In(tc.amount); return math.Abs(math.Log10(n) - 1) }
			for _, o := range Comparisons {
				if o.Measure == tc.m && dist(o) < dist(byID(c.ID)) {
					t.Errorf("Readable(%v, %v) = %s, but %s is nearer to ten units", tc.m, tc.amount, c.ID, o.ID)
				}
			}
		}
	}
}
