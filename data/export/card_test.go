package export

import (
	"math"
	"strings"
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
)

// A card says the core's answer in a title, a figure, one comparison at a
// readable magnitude and a one-line caveat.
func TestCard(t *testing.T) {
	s := load(t)
	r := selectQ(t, s, data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 2.5e9})
	c := CardOf(r, footprint.Factors{})
	if want := "How much energy do 2.5B output tokens of " + r.Model.Name + " take on H100?"; c.Title != want {
		t.Errorf("Title = %q, want %q", c.Title, want)
	}
	if c.Figure != data.FormatEnergy(r.Estimate.EnergyWh) || c.Label != "of GPU energy" || c.Missed != "" {
		t.Errorf("Figure %q %q (missed %q), want %s of GPU energy", c.Figure, c.Label, c.Missed, data.FormatEnergy(r.Estimate.EnergyWh))
	}
	if !strings.Contains(c.Context, "19 in 20 tokens within 40 ms") || !strings.Contains(c.Context, "Reasoning") {
		t.Errorf("Context = %q", c.Context)
	}
	// 37 kWh: about 1.3 days of a US home, not 171 days of a bulb.
	home := footprint.Comparisons[0]
	n, u := home.In(r.Estimate.EnergyWh)
	if want := "About " + data.FormatNumber(math.Round(n*10)/10) + " " + u.Many + "."; c.Comparison != want {
		t.Errorf("Comparison = %q, want %q", c.Comparison, want)
	}
	if len(c.Totals) != 0 || !strings.HasPrefix(c.Caveat, "GPU energy only") {
		t.Errorf("GPU only: totals %q, caveat %q", c.Totals, c.Caveat)
	}
	alt := c.Alt()
	if got := SourceName(r.Model.Source); got != "ML.ENERGY Leaderboard v3" {
		t.Errorf("SourceName = %q", got)
	}
	for _, want := range []string{c.Title, c.Figure, c.Comparison, c.Caveat, "ML.ENERGY Leaderboard v3"} {
		if !strings.Contains(alt, want) {
			t.Errorf("Alt lacks %q: %s", want, alt)
		}
	}

	// A footprint: the energy at the boundary, and one line for each of
	// carbon, water and cost that is set.
	f := footprint.Factors{}.WithBoundary("cloud")
	grid, _ := footprint.Grid.Parse("world")
	f.Grid, f.Price, f.Currency = grid, footprint.Number(0.12), "USD"
	c = CardOf(r, f)
	l := f.Ladder(r.Estimate.EnergyWh)
	carbon, _ := f.Carbon(l)
	cost, _ := f.Cost(l)
	if c.Figure != data.FormatEnergy(l.FacilityWh) || !strings.Contains(c.Label, f.BoundaryInfo().Label) {
		t.Errorf("Figure %q %q, want %s at the boundary", c.Figure, c.Label, data.FormatEnergy(l.FacilityWh))
	}
	if len(c.Totals) != 2 || !strings.HasPrefix(c.Totals[0], "Carbon: "+footprint.FormatCarbon(carbon)) ||
		!strings.HasPrefix(c.Totals[1], "Cost: "+footprint.FormatMoney(cost, "USD")) {
		t.Errorf("Totals = %q, want carbon %s and cost %s", c.Totals, footprint.FormatCarbon(carbon), footprint.FormatMoney(cost, "USD"))
	}
	if want := "at the boundary “Cloud data centre (Google, 2025)”"; c.Label != want {
		t.Errorf("Label = %q, want %q", c.Label, want)
	}
	if want := "Measured GPU energy × 1.74 for the host, idle capacity and cooling; network not counted."; c.Caveat != want {
		t.Errorf("Caveat = %q, want %q", c.Caveat, want)
	}

	// A boundary is named by what it counts: a PUE alone is not the
	// GPU-only preset, nor the cloud's with one factor changed.
	for _, x := range []struct {
		f             footprint.Factors
		label, caveat string
	}{
		{footprint.Factors{PUE: footprint.Number(1.56)}, "at the boundary “GPU × PUE 1.56”",
			"Measured GPU energy × 1.56 for cooling only; network not counted."},
		{footprint.Factors{Host: footprint.Number(0.3)}, "at the boundary “GPU + host 30%”",
			"Measured GPU energy × 1.3 for the host only; network not counted."},
		{footprint.Factors{Boundary: "cloud", PUE: footprint.Number(1.2)}, "at the boundary “GPU + host 43% + idle 17%, × PUE 1.2”",
			"Measured GPU energy × 1.92 for the host, idle capacity and cooling; network not counted."},
	} {
		c := CardOf(r, x.f)
		if c.Label != x.label || c.Caveat != x.caveat {
			t.Errorf("%+v: Label %q, Caveat %q; want %q, %q", x.f, c.Label, c.Caveat, x.label, x.caveat)
		}
		if alt := c.Alt(); !strings.Contains(alt, x.label) || strings.Contains(alt, "GPU only") || strings.Contains(alt, "Cloud data centre") {
			t.Errorf("%+v: Alt = %q, want %q and no preset's name", x.f, alt, x.label)
		}
	}

	// No configuration meets the deadline: no figure, the smallest deadline.
	r = selectQ(t, s, data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: data.AnyGPU, DeadlineMS: 1, Percentile: data.P50, Tokens: 1})
	c = CardOf(r, f)
	if c.Figure != "" || c.Comparison != "" || len(c.Totals) != 0 || !strings.Contains(c.Missed, data.FormatMS(r.MinDeadlineMS())) {
		t.Errorf("infeasible card: %+v", c)
	}
	if !strings.HasPrefix(c.Title, "How much energy does 1 output token of") || !strings.Contains(c.Context, "whichever GPU") {
		t.Errorf("Title %q, Context %q", c.Title, c.Context)
	}
}

// A card carries what the other end of the percentile's choice gives, at
// its boundary: for 1B tokens of Llama 3.1 70B Instruct on H100 within 50
// ms, 133.1 kWh at the median, 580.8 kWh (2.0910102 J per token) when 99 in
// 100 tokens must meet it, and at the boundary "cloud" (× 1.744) 1.013 MWh.
func TestCardOtherEnd(t *testing.T) {
	s := load(t)
	q := data.Query{Task: "lm-arena-chat", Model: "llama-3-1-70b-instruct", GPU: "H100", DeadlineMS: 50, Percentile: data.P50, Tokens: 1e9}
	r := selectQ(t, s, q)
	for _, c := range []struct {
		f    footprint.Factors
		want string
	}{
		{footprint.Factors{}, "If 99 in 100 tokens must arrive within 50 ms: 580.8 kWh, 4.4× as much."},
		{footprint.Factors{}.WithBoundary("cloud"), "If 99 in 100 tokens must arrive within 50 ms: 1.013 MWh, 4.4× as much."},
	} {
		card := CardOf(r, c.f)
		if card.OtherEnd != c.want || !strings.Contains(card.Alt(), c.want) {
			t.Errorf("OtherEnd = %q, want %q; alt %q", card.OtherEnd, c.want, card.Alt())
		}
	}
	q.Percentile = data.P99
	if c := CardOf(selectQ(t, s, q), footprint.Factors{}); c.OtherEnd != "With half of the tokens within 50 ms (the median): 133.1 kWh." {
		t.Errorf("at p99, OtherEnd = %q", c.OtherEnd)
	}
	// An image workload has no percentile.
	img := selectQ(t, s, data.Query{Task: "text-to-image", Model: "flux-1-dev", GPU: data.AnyGPU, DeadlineMS: 10e3, Percentile: data.P50, Tokens: 1e4})
	if c := CardOf(img, footprint.Factors{}); c.OtherEnd != "" {
		t.Errorf("text-to-image: OtherEnd = %q", c.OtherEnd)
	}
}

// The compare card's answer is one sentence, from the ranking: the model
// that uses the least, and how many times as much the most uses.
func TestCompareCard(t *testing.T) {
	s := load(t)
	q := data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 2.5e9}
	rk, err := s.Compare(q)
	if err != nil {
		t.Fatal(err)
	}
	var meets []data.Ranked
	for _, m := range rk.Models {
		if m.Status() == data.Meets {
			meets = append(meets, m)
		}
	}
	if len(meets) < 2 {
		t.Fatalf("the test needs two models that meet the deadline, got %d", len(meets))
	}
	c := CompareCardOf(rk, &s.Index)
	least, most := meets[0].Result.Estimate.EnergyWh, meets[len(meets)-1].Result.Estimate.EnergyWh
	want := meets[0].Entry.Name + " uses the least: " + data.FormatEnergy(least) + "; the most uses " + data.FormatRatio(most/least) + "× as much."
	if c.Answer != want {
		t.Errorf("Answer = %q, want %q", c.Answer, want)
	}
	// Of gpqa's 12 models, DeepSeek R1 and DeepSeek V3.1 were never measured
	// on H100: they are not counted as missing the deadline.
	if !strings.Contains(c.Title, "Reasoning") || !strings.Contains(c.Title, "2.5B output tokens") ||
		!strings.HasSuffix(c.Context, "; "+itoa(len(meets))+" of 10 models measured on H100 meet this deadline.") {
		t.Errorf("Title %q, Context %q", c.Title, c.Context)
	}
	q.DeadlineMS = 1
	rk, _ = s.Compare(q)
	if c := CompareCardOf(rk, &s.Index); !strings.HasPrefix(c.Answer, "None of the") {
		t.Errorf("no model meets 1 ms, Answer = %q", c.Answer)
	}
}

func itoa(n int) string { return data.FormatNumber(float64(n)) }

// A card past the GPU says its range in one line, the same as the
// footprint's low and high in calc -json.
func TestCardRange(t *testing.T) {
	s := load(t)
	r := selectQ(t, s, data.Query{Task: "lm-arena-chat", Model: "qwen-3-14b", GPU: "H100", DeadlineMS: 500, Percentile: data.P50, Tokens: 1e9})
	if c := CardOf(r, footprint.Factors{}); c.Range != "" {
		t.Errorf("GPU only, no grid: Range = %q, want none", c.Range)
	}
	// 31,088 Wh on 1 GPU at 644.67 W (footprint's TestSpreadRanges):
	// 41,770 to 77,596 Wh at the cloud boundary; carbon × 30 and × 713 g/kWh.
	c := CardOf(r, footprint.Factors{Boundary: "cloud", Grid: footprint.Factor{Value: 480, Preset: "world", Set: true}})
	want := "Published spread, not a confidence interval: 41–78 kWh, 1.2–56 kg CO2e."
	if c.Range != want || !strings.Contains(c.Alt(), want) {
		t.Errorf("Range = %q\nwant  %q\n(alt %q)", c.Range, want, c.Alt())
	}
}

func TestShortCite(t *testing.T) {
	for in, want := range map[string]string{
		"Chung et al., The ML.ENERGY Benchmark: Toward Automated Inference Energy Measurement and Optimization, NeurIPS 2025 Datasets and Benchmarks, arXiv 2505.06371": "Chung et al., arXiv 2505.06371",
		"Someone, 2024": "Someone, 2024",
		"":              "",
	} {
		if got := ShortCite(in); got != want {
			t.Errorf("ShortCite(%q) = %q, want %q", in, got, want)
		}
	}
}

// Edition names the source's version and the date of its data, as a pinned
// card's face says which data its figures were computed with.
func TestEdition(t *testing.T) {
	src := data.Source{Name: "ML.ENERGY Leaderboard", Version: "3.0 (released 2025-12-01); data compiled 2026-02-16", Compiled: "2026-02-16"}
	if got, want := Edition(src), "ML.ENERGY Leaderboard v3.0, data of 2026-02-16"; got != want {
		t.Errorf("Edition = %q, want %q", got, want)
	}
	if got, want := Edition(data.Source{Name: "A survey"}), "A survey"; got != want {
		t.Errorf("Edition without a version or date = %q, want %q", got, want)
	}
}

// A live card says it was updated only when both its data and its figure
// differ from those it was embedded with.
func TestUpdated(t *testing.T) {
	src := data.Source{Compiled: "2026-11-30"}
	for _, c := range []struct {
		made    string
		madeWh  float64
		version string
		wh      float64
		want    string
	}{
		{"2026-09-27", 222_500, "2027-01-15", 244_750, "Updated with data of 2026-11-30; when this was embedded it read 222.5 kWh."},
		{"2026-09-27", 222_500, "2026-09-27", 244_750, ""},                                                                     // the same data
		{"2026-09-27", 222_500, "2027-01-15", 222_504, ""},                                                                     // new data, the figure reads the same
		{"", 0, "2027-01-15", 244_750, ""},                                                                                     // nothing recorded
		{"2026-09-27", 222_500, "2027-01-15", 0, "Updated with data of 2026-11-30; when this was embedded it read 222.5 kWh."}, // no figure now
	} {
		if got := Updated(c.made, c.madeWh, c.version, src, c.wh); got != c.want {
			t.Errorf("Updated(%q, %v, %q, %v) = %q, want %q", c.made, c.madeWh, c.version, c.wh, got, c.want)
		}
	}
}
