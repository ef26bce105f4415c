package footprint

import (
	"testing"
)

// The ranges below are worked out by hand from the spans the package doc of
// spread.go gives: host from EcoLogits' 150 W a GPU (as a share of the
// GPUs' power) to Google's 0.43, idle 0 to 0.17, PUE 1.09 to 1.56, grid 30
// to 713 g/kWh, water 0 to 1.8 L/kWh.
func TestSpreadRanges(t *testing.T) {
	world, industry := Factor{480, "world", true}, Factor{1.8, "industry", true}
	for _, tc := range []struct {
		name          string
		f             Factors
		gpus          int
		watts, gpuWh  float64
		energy        Range
		carbon, water Range // zero: not set
		cost          Range
		over          string // the factors that spread the energy
	}{
		{
			// 1 GPU at 500 W: EcoLogits' host is 150 / 500 = 0.3, under Google's 0.43.
			// low  1000 × (1 + 0.3 + 0) × 1.09 = 1417 Wh; high 1000 × (1 + 0.43 + 0.17) × 1.56 = 2496 Wh
			// (the headline, 1000 × 1.6 × 1.09 = 1744 Wh, between them).
			// carbon: 1.417 kWh × 30 = 42.51 g; 2.496 kWh × 713 = 1779.648 g.
			// water, of the IT energy: 1.3 kWh × 0 = 0 L; 1.6 kWh × 1.8 = 2.88 L.
			// cost, the price held: 1.417 × 0.12 = 0.17004; 2.496 × 0.12 = 0.29952.
			name: "cloud, every total", f: Factors{Boundary: "cloud", Grid: world, WUE: industry, Price: Number(0.12), Currency: "USD"},
			gpus: 1, watts: 500, gpuWh: 1000,
			energy: Range{1417, 2496}, carbon: Range{42.51, 1779.648}, water: Range{0, 2.88}, cost: Range{0.17004, 0.29952},
			over: "the host, idle capacity and cooling",
		},
		{
			// 8 GPUs drawing 1000 W: EcoLogits' host, 150 × 8 / 1000 = 1.2, is above Google's 0.43,
			// which is then the low end. low 1000 × 1.43 × 1.09 = 1558.7; high 1000 × 2.37 × 1.56 = 3697.2.
			name: "cloud, EcoLogits' host the higher", f: Factors{Boundary: "cloud"},
			gpus: 8, watts: 1000, gpuWh: 1000, energy: Range{1558.7, 3697.2}, over: "the host, idle capacity and cooling",
		},
		{
			// A PUE typed is the reader's: held at 1.2. low 1000 × 1.3 × 1.2 = 1560; high 1000 × 1.6 × 1.2 = 1920.
			name: "typed PUE held", f: Factors{Boundary: "cloud", PUE: Number(1.2)},
			gpus: 1, watts: 500, gpuWh: 1000, energy: Range{1560, 1920}, over: "the host and idle capacity",
		},
		{
			// A PUE picked from the presets is one published figure among several: spread.
			// GPU only otherwise: no host or idle to spread. 1000 × 1.09 = 1090; 1000 × 1.56 = 1560.
			name: "PUE preset on the GPU boundary", f: Factors{PUE: Factor{1.2, "ai", true}},
			gpus: 1, watts: 500, gpuWh: 1000, energy: Range{1090, 1560}, over: "cooling",
		},
		{
			// GPU only: the energy is the measurement, not spread; the carbon spreads with the grid:
			// 1 kWh × 30 = 30 g to 1 kWh × 713 = 713 g.
			name: "GPU only, world grid", f: Factors{Grid: world},
			gpus: 1, watts: 500, gpuWh: 1000, energy: Range{1000, 1000}, carbon: Range{30, 713},
		},
		{
			// A grid intensity typed is held: 2 kWh × 300 = 600 g at both ends.
			name: "typed grid held", f: Factors{Grid: Number(300)},
			gpus: 1, watts: 500, gpuWh: 2000, energy: Range{2000, 2000}, carbon: Range{600, 600},
		},
		{
			// A plan counts idle capacity itself (idle 0, typed): only the host and PUE spread.
			// 1 GPU at 750 W: host 150 / 750 = 0.2. low 1000 × 1.2 × 1.09 = 1308; high 1000 × 1.43 × 1.56 = 2230.8.
			name: "a plan's idle held", f: Factors{Boundary: "cloud", Idle: Number(0)},
			gpus: 1, watts: 750, gpuWh: 1000, energy: Range{1308, 2230.8}, over: "the host and cooling",
		},
		{
			// Qwen 3 14B, 1B tokens, H100, 500 ms at the median: 31,088.04 Wh of GPU energy on qwen-3-14b/H100/1/256,
			// 1 GPU at 644.672 W measured (0.111917 J/token × 5,760.27 tokens/s). Host 150 / 644.672 = 0.232676.
			// headline 31,088.04 × 1.6 × 1.09 = 54,217.5 Wh (54.22 kWh);
			// low  31,088.04 × 1.232676 × 1.09 = 41,770.4 Wh; high 31,088.04 × 1.6 × 1.56 = 77,595.7 Wh: "41 to 78 kWh".
			name: "Qwen 3 14B on H100, cloud", f: Factors{Boundary: "cloud"},
			gpus: 1, watts: 644.6719210104967, gpuWh: 31088.037742915254,
			energy: Range{41770.427649501544, 77595.74220631648}, over: "the host, idle capacity and cooling",
		},
	} {
		s := tc.f.Spread(tc.gpus, tc.watts)
		if got := s.Energy(tc.gpuWh); !near(got.Low, tc.energy.Low) || !near(got.High, tc.energy.High) {
			t.Errorf("%s: Energy = %+v, want %+v", tc.name, got, tc.energy)
		}
		for _, x := range []struct {
			what string
			of   func(float64) (Range, bool)
			want Range
		}{{"Carbon", s.Carbon, tc.carbon}, {"Water", s.Water, tc.water}, {"Cost", s.Cost, tc.cost}} {
			got, ok := x.of(tc.gpuWh)
			if set := x.want != (Range{}); ok != set || !near(got.Low, x.want.Low) || !near(got.High, x.want.High) {
				t.Errorf("%s: %s = %+v, %v; want %+v, %v", tc.name, x.what, got, ok, x.want, set)
			}
		}
		if got := s.OverWords(Energy); got != tc.over {
			t.Errorf("%s: the energy spreads over %q, want %q", tc.name, got, tc.over)
		}
		// The headline, worked out at the reader's values, lies in its range.
		head := tc.f.Ladder(tc.gpuWh).FacilityWh
		if e := s.Energy(tc.gpuWh); head < e.Low || head > e.High {
			t.Errorf("%s: the headline %v lies outside its range %+v", tc.name, head, e)
		}
	}
}

// TestSpans names where each end of a span comes from.
func TestSpans(t *testing.T) {
	for _, tc := range []struct {
		p              *Param
		watts          float64
		low, high      float64
		lowSrc, hiSrc  string
		lowWords, what string
	}{
		{Host, 500, 0.3, 0.43, "ecologits-server", "google-2025", "EcoLogits, 150 W a GPU", "host"},
		{Idle, 500, 0, 0.17, "ecologits-server", "google-2025", "EcoLogits, none counted", "idle"},
		{PUE, 500, 1.09, 1.56, "google-2025", "uptime-2024", "Large cloud provider, 2025", "pue"},
		{Grid, 500, 30, 713, "ember-statista", "owid", "Norway, 2023", "grid"},
		{WUE, 500, 0, 1.8, "green-grid", "lbnl-2016", "Air-cooled or dry cooling", "wue"},
	} {
		s, ok := SpanOf(tc.p, 1, tc.watts)
		if !ok || !near(s.Low.Value, tc.low) || s.High.Value != tc.high || s.Low.SourceID != tc.lowSrc || s.High.SourceID != tc.hiSrc ||
			s.Low.Label != tc.lowWords {
			t.Errorf("SpanOf(%s) = %+v, %v; want %v (%s, %q) to %v (%s)", tc.what, s, ok, tc.low, tc.lowSrc, tc.lowWords, tc.high, tc.hiSrc)
		}
		if s.Low.Source().ID != tc.lowSrc {
			t.Errorf("%s: the low end's source %q is not in Sources", tc.what, tc.lowSrc)
		}
	}
	for p, want := range map[*Param]string{Host: "+30% to +43%", PUE: "× 1.09 to × 1.56", Grid: "30 to 713 g CO2e/kWh", WUE: "0 to 1.8 L/kWh"} {
		if s, _ := SpanOf(p, 1, 500); s.Short() != want {
			t.Errorf("SpanOf(%s).Short() = %q, want %q", p.Name, s.Short(), want)
		}
	}
	if _, ok := SpanOf(Price, 1, 500); ok {
		t.Error("a price has a published spread")
	}
	// Without a measured power there is no EcoLogits share: Google's alone.
	if s, _ := SpanOf(Host, 1, 0); s.Low.Value != 0.43 || s.High.Value != 0.43 {
		t.Errorf("SpanOf(host) without a power = %+v, want 0.43 alone", s)
	}
}

func TestRangeFormat(t *testing.T) {
	for _, tc := range []struct {
		r    Range
		want string
	}{
		// Outward to two significant digits: 41,770 Wh down to 41 kWh, 77,596 Wh up to 78 kWh.
		{Range{41770.427649501544, 77595.74220631648}, "41 to 78 kWh"},
		// In the high end's unit: 950 Wh reads 0.95 kWh.
		{Range{950, 1200}, "0.95 to 1.2 kWh"},
		// Round values stay as they are: 0.3 is not 0.29 or 0.31.
		{Range{0.3, 0.3}, "0.3 to 0.3 Wh"},
		{Range{0, 89.5}, "0 to 90 Wh"},
		{Range{0.01942, 0.0339}, "0.019 to 0.034 Wh"},
	} {
		if got := tc.r.FormatEnergy(); got != tc.want {
			t.Errorf("%+v.FormatEnergy() = %q, want %q", tc.r, got, tc.want)
		}
	}
	// Ends, for a table's cell under its unit: the same outward rounding.
	for r, want := range map[Range]string{{41.770427649501544, 77.59574220631648}: "41–78", {1.25311, 55.32576}: "1.2–56", {0, 89.5}: "0–90", {5.0125, 9.3115}: "5–9.4"} {
		if got := r.Ends(); got != want {
			t.Errorf("%+v.Ends() = %q, want %q", r, got, want)
		}
	}
	if got, want := (Range{1253.11, 55325.76}).Format(CarbonUnits...), "1.2 to 56 kg CO2e"; got != want {
		t.Errorf("carbon range = %q, want %q", got, want)
	}
	if got, want := (Range{0.17004, 0.29952}).FormatMoney("USD"), "0.17 to 0.30 USD"; got != want {
		t.Errorf("cost range = %q, want %q", got, want)
	}
}

func TestSpreadSentence(t *testing.T) {
	world, microsoft := Factor{480, "world", true}, Factor{0.30, "microsoft", true}
	for _, tc := range []struct {
		name string
		f    Factors
		per  string
		want string
	}{
		// The Qwen 3 14B case of TestSpreadRanges: 41,770 to 77,596 Wh; × 30 and 713 g/kWh:
		// 1,253 to 55,326 g; water (IT energy, 38,322 to 49,741 Wh) × 0 and 1.8 L/kWh: 0 to 89.5 L;
		// × 0.12 USD/kWh: 5.0125 to 9.3115 USD.
		{"cloud, every total", Factors{Boundary: "cloud", Grid: world, WUE: microsoft, Price: Number(0.12), Currency: "USD"}, "",
			"Lowest to highest published values of the host, idle capacity, cooling, the grid and water use, not a confidence interval: " +
				"41 to 78 kWh, 1.2 to 56 kg CO2e, 0 to 90 L of water, 5.00 to 9.40 USD."},
		// GPU only: only the carbon spreads (31.09 kWh × 30 to × 713: 932.6 g to 22,166 g), a day.
		{"GPU only, world grid", Factors{Grid: world}, " a day",
			"Lowest to highest published values of the grid, not a confidence interval: 0.93 to 23 kg CO2e a day."},
		// Nothing spreads: every factor typed.
		{"typed", Factors{Host: Number(0.2), PUE: Number(1.3), Grid: Number(100)}, "", ""},
	} {
		if got := tc.f.Spread(1, 644.6719210104967).Sentence(31088.037742915254, tc.per); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
}

// Beside names, for each figure, only the factors that move it: water
// counts IT energy, so not cooling; carbon adds the grid.
func TestSpreadBeside(t *testing.T) {
	s := Factors{Boundary: "cloud", Grid: Factor{480, "world", true}, WUE: Factor{1.8, "industry", true}}.Spread(1, 500)
	// The cases of TestSpreadRanges, 1 kWh of GPU energy: 1,417 to 2,496 Wh; 42.51 to 1,779.6 g, in
	// the high end's unit (kg); 0 to 2.88 L.
	for _, tc := range []struct {
		m    Measure
		want string
	}{
		{Energy, "from 1.4 to 2.5 kWh a day with the published spread of the host, idle capacity and cooling"},
		{Carbon, "from 0.042 to 1.8 kg CO2e a day with the published spread of the host, idle capacity, cooling and the grid"},
		{Water, "from 0 to 2.9 L of water a day with the published spread of the host, idle capacity and water use"},
		{Money, ""}, // no price
	} {
		if got := s.Beside(tc.m, 1000, " a day"); got != tc.want {
			t.Errorf("Beside(%s) = %q, want %q", tc.m.Name(), got, tc.want)
		}
	}
	if got, want := s.Brief(Carbon, 1000, ""), "Published spread: 0.042 to 1.8 kg CO2e, of the host, idle capacity, cooling and the grid"; got != want {
		t.Errorf("Brief(carbon) = %q, want %q", got, want)
	}
	if got := s.Brief(Money, 1000, ""); got != "" {
		t.Errorf("Brief(cost) without a price = %q, want none", got)
	}
	// What the reader typed is said held, beside the figures it moves: the
	// typed PUE of TestSpreadRanges, 1,560 to 1,920 Wh; water counts IT
	// energy, which the PUE does not move.
	held := Factors{Boundary: "cloud", PUE: Number(1.2), WUE: Factor{1.8, "industry", true}}.Spread(1, 500)
	for _, tc := range []struct{ got, want string }{
		{held.Beside(Energy, 1000, ""), "from 1.5 to 2 kWh with the published spread of the host and idle capacity, your PUE of 1.2 held"},
		{held.Brief(Water, 1000, ""), "Published spread: 0 to 2.9 L of water, of the host, idle capacity and water use"},
		{held.Line(1000, " a day"), "Published spread a day (your PUE of 1.2 held), not a confidence interval: 1.5–2 kWh, 0–2.9 L."},
		{held.Sentence(1000, ""), "Lowest to highest published values of the host, idle capacity and water use (your PUE of 1.2 held), not a confidence interval: 1.5 to 2 kWh, 0 to 2.9 L of water."},
		{Factors{Boundary: "cloud", Grid: Number(100)}.Spread(1, 500).Brief(Carbon, 1000, " a day"), // 141.7 to 249.6 g
			"Published spread: 140 to 250 g CO2e a day, of the host, idle capacity and cooling; your grid intensity of 100 g CO2e/kWh held"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
	if got := (Factors{}).Spread(1, 500).Beside(Energy, 1000, ""); got != "" {
		t.Errorf("GPU only: Beside(energy) = %q, want none", got)
	}
}
