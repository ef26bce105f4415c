package export

import (
	"fmt"
	"strings"
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
)

const permalink = "https://example.org/tokenjoule/?task=gpqa"

// A summary is one paragraph that carries the core's figures, the boundary,
// the caveat, the citation and the permalink.
func TestSummary(t *testing.T) {
	s := load(t)
	r := selectQ(t, s, data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 2.5e9})
	got := Summary(r, footprint.Factors{}, permalink)
	c, e := r.Selected, r.Estimate
	for _, want := range []string{
		"2.5B output tokens of " + r.Model.Name, "on Reasoning, on H100,", "p95", "at most 40 ms",
		data.FormatEnergy(e.EnergyWh), data.FormatNumber(float64(c.JoulesPerToken)) + " J per token",
		data.FormatJoules(e.EnergyPerRequest), c.Hardware(), c.RowID,
		"Boundary: GPU only.", r.Model.Caveat, r.Model.Source.Cite,
		"Data: ML.ENERGY Leaderboard 3.0 (released 1 December 2025); data compiled 16 February 2026.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("summary lacks %q:\n%s", want, got)
		}
	}
	if !strings.HasSuffix(got, " "+permalink) || strings.Contains(got, "\n") {
		t.Errorf("summary is not one paragraph ending in the permalink:\n%s", got)
	}

	// Any GPU says which were compared; an infeasible deadline gives the
	// smallest deadline and the fastest row.
	r = selectQ(t, s, data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: data.AnyGPU, DeadlineMS: 1, Percentile: data.P50, Tokens: 1e6})
	got = Summary(r, footprint.Factors{}, "")
	for _, want := range []string{"on B200 or H100, whichever spends less", "no measured configuration meets the deadline",
		data.FormatMS(r.MinDeadlineMS()), r.Fastest.RowID} {
		if !strings.Contains(got, want) {
			t.Errorf("summary lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "Wh") {
		t.Errorf("an infeasible summary gives an energy:\n%s", got)
	}
}

// The summary says what the other end of the percentile's choice gives, as
// the page does under the answer, of GPU energy as the answer is.
func TestSummaryOtherEnd(t *testing.T) {
	s := load(t)
	q := data.Query{Task: "lm-arena-chat", Model: "llama-3-1-70b-instruct", GPU: "H100", DeadlineMS: 50, Percentile: data.P50, Tokens: 1e9}
	f := footprint.Factors{}.WithBoundary("cloud")
	got := Summary(selectQ(t, s, q), f, permalink)
	if want := ". If 99 in 100 tokens must arrive within 50 ms: 580.8 kWh, 4.4× as much. Boundary: "; !strings.Contains(got, want) {
		t.Errorf("summary lacks %q:\n%s", want, got)
	}
	q.Percentile = data.P99
	got = Summary(selectQ(t, s, q), footprint.Factors{}, permalink)
	if want := ". With half of the tokens within 50 ms (the median): 133.1 kWh. Boundary: "; !strings.Contains(got, want) {
		t.Errorf("summary lacks %q:\n%s", want, got)
	}
	img := selectQ(t, s, data.Query{Task: "text-to-image", Model: "flux-1-dev", GPU: data.AnyGPU, DeadlineMS: 10e3, Percentile: data.P50, Tokens: 1e4})
	if got := Summary(img, footprint.Factors{}, permalink); strings.Contains(got, "median") || strings.Contains(got, "must arrive") {
		t.Errorf("an image summary speaks of a percentile:\n%s", got)
	}
}

// A summary with footprint factors names the boundary it widens to, with
// the boundary's energy, carbon, water and cost as the core computes them;
// the default factors leave it as it was, and a figure whose factor is unset
// is not there.
func TestSummaryFootprint(t *testing.T) {
	s := load(t)
	r := selectQ(t, s, data.Query{Task: "lm-arena-chat", Model: "qwen-3-14b", GPU: "H100", DeadlineMS: 50, Percentile: data.P50, Tokens: 1e9})
	plain := Summary(r, footprint.Factors{}, permalink)
	if strings.Contains(plain, "Footprint") || !strings.Contains(plain, "Boundary: GPU only.") {
		t.Errorf("the default factors change the summary:\n%s", plain)
	}
	f := footprint.Factors{}.WithBoundary("cloud")
	f.Grid, _ = footprint.Grid.Parse("world")
	f.WUE, _ = footprint.WUE.Parse("microsoft")
	f.Price, f.Currency = footprint.Number(0.12), "USD"
	got := Summary(r, f, permalink)
	l := f.Ladder(r.Estimate.EnergyWh)
	carbon, _ := f.Carbon(l)
	water, _ := f.Water(l)
	cost, _ := f.Cost(l)
	for _, want := range []string{
		data.FormatEnergy(r.Estimate.EnergyWh) + " of GPU energy",
		`Footprint at the boundary “Cloud data centre (Google, 2025)” (host CPU and memory +43% and idle capacity +17% of GPU energy, PUE 1.09): ` + data.FormatEnergy(l.FacilityWh) + ";",
		footprint.FormatCarbon(carbon) + " at 480 g CO2e/kWh (World, 2023, lifecycle)",
		footprint.FormatWater(water) + " of water on site at 0.3 L/kWh (Microsoft datacenters, 2024",
		footprint.FormatMoney(cost, "USD") + " at 0.12 USD per kWh.",
		// The published spread, as footprint's TestSpreadSentence works it out for this row.
		"Lowest to highest published values of the host, idle capacity, cooling, the grid and water use, not a confidence interval: " +
			"41 to 78 kWh, 1.2 to 56 kg CO2e, 0 to 90 L of water, 5.00 to 9.40 USD.",
		`Boundary: GPU only as measured, widened to “Cloud data centre (Google, 2025)” as above.`,
		r.Model.Caveat,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("summary lacks %q:\n%s", want, got)
		}
	}
	if !strings.HasSuffix(got, " "+permalink) || strings.Contains(got, "\n") {
		t.Errorf("summary is not one paragraph ending in the permalink:\n%s", got)
	}
	// A PUE alone is not the GPU-only boundary: the summary names the factor,
	// never the preset.
	p := footprint.Factors{PUE: footprint.Number(1.56)}
	got = Summary(r, p, permalink)
	for _, want := range []string{
		`Footprint at the boundary “GPU × PUE 1.56”: ` + data.FormatEnergy(p.Ladder(r.Estimate.EnergyWh).FacilityWh) + ".",
		`Boundary: GPU only as measured, widened to “GPU × PUE 1.56” as above.`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("summary with PUE 1.56 lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "GPU only, as measured") {
		t.Errorf("summary with PUE 1.56 names the GPU-only preset:\n%s", got)
	}
	// On the GPU-only boundary with a grid alone: the carbon of the GPU
	// energy, no water, no cost.
	g := footprint.Factors{Grid: footprint.Number(100)}
	got = Summary(r, g, permalink)
	c, _ := g.Carbon(g.Ladder(r.Estimate.EnergyWh))
	if want := "Footprint of the GPU energy: " + footprint.FormatCarbon(c) + " at 100 g CO2e/kWh (your figure)."; !strings.Contains(got, want) ||
		strings.Contains(got, "water") || strings.Contains(got, "USD") || !strings.Contains(got, "Boundary: GPU only.") {
		t.Errorf("summary with a grid alone lacks %q or has more:\n%s", want, got)
	}
}

// The compare summary lists the ranking in its order with the core's figures.
func TestCompareSummary(t *testing.T) {
	s := load(t)
	rk, err := s.Compare(data.Query{Task: "gpqa", GPU: "H100", DeadlineMS: 15, Percentile: data.P95, Tokens: 2.5e9})
	if err != nil {
		t.Fatal(err)
	}
	got := CompareSummary(rk, &s.Index, footprint.Factors{}, permalink)
	last := -1
	counts := map[data.Status]int{}
	for _, r := range rk.Models {
		counts[r.Status()]++
		var item string
		switch r.Status() {
		case data.Meets:
			item = r.Entry.Name + ", " + data.FormatEnergy(r.Result.Estimate.EnergyWh)
		case data.MissesDeadline:
			item = r.Entry.Name + " (" + data.FormatMS(r.Result.MinDeadlineMS()) + ")"
		default:
			item = r.Entry.Name
		}
		i := strings.Index(got, item)
		if i < 0 || i < last {
			t.Errorf("%q missing or out of rank order in:\n%s", item, got)
		}
		last = i
	}
	if counts[data.Meets] == 0 || counts[data.MissesDeadline] == 0 || counts[data.NotMeasured] == 0 {
		t.Fatalf("the test needs every status: %v", counts)
	}
	// Of gpqa's 12 models, the 2 never measured on H100 are listed apart,
	// not counted as missing the deadline.
	count := fmt.Sprintf("%d of its 10 models measured on H100 meet the deadline;", counts[data.Meets])
	for _, want := range []string{"on Reasoning, on H100,", count, "Not measured on H100:", "Boundary: GPU only.", s.Index.Caveat, s.Index.Source.Cite} {
		if !strings.Contains(got, want) {
			t.Errorf("summary lacks %q:\n%s", want, got)
		}
	}
	if !strings.HasSuffix(got, " "+permalink) || strings.Contains(got, "\n") {
		t.Errorf("summary is not one paragraph ending in the permalink:\n%s", got)
	}
}

// A small volume reads in Wh, never in mWh (read as MWh), as the page and
// the command line write it.
func TestSummarySmallVolume(t *testing.T) {
	s := load(t)
	r := selectQ(t, s, data.Query{Task: "lm-arena-chat", Model: "qwen-3-14b", GPU: data.AnyGPU, DeadlineMS: 500, Percentile: data.P50, Tokens: 1000})
	f := footprint.Factors{}.WithBoundary("cloud")
	f.Grid, _ = footprint.Grid.Parse("world")
	for _, got := range []string{Summary(r, footprint.Factors{}, ""), Summary(r, f, "")} {
		if strings.Contains(got, "mWh") || !strings.Contains(got, data.FormatEnergy(r.Estimate.EnergyWh)) || !strings.HasPrefix(data.FormatEnergy(r.Estimate.EnergyWh), "0.0") {
			t.Errorf("summary of 1,000 tokens:\n%s", got)
		}
	}
}

// TestCompareSummaryFootprint: the compare summary
// carries the footprint the page and its CSV do: each model's figures as the
// core computes them, the factors once, and the boundary widened. It said
// "Boundary: GPU only." for a link that set boundary=cloud&grid=400&wue=1&price=0.1.
func TestCompareSummaryFootprint(t *testing.T) {
	s := load(t)
	rk, err := s.Compare(data.Query{Task: "gpqa", GPU: "H100", DeadlineMS: 15, Percentile: data.P95, Tokens: 2.5e9})
	if err != nil {
		t.Fatal(err)
	}
	plain := CompareSummary(rk, &s.Index, footprint.Factors{}, permalink)
	if strings.Contains(plain, "ootprint") || !strings.Contains(plain, "Boundary: GPU only.") {
		t.Errorf("the default factors change the summary:\n%s", plain)
	}
	f := footprint.Factors{}.WithBoundary("cloud")
	f.Grid, f.WUE, f.Price, f.Currency = footprint.Number(400), footprint.Number(1), footprint.Number(0.1), "USD"
	got := CompareSummary(rk, &s.Index, f, permalink)
	last := -1
	for _, r := range rk.Models {
		if r.Status() != data.Meets {
			continue
		}
		e := r.Result.Estimate.EnergyWh
		l := f.Ladder(e)
		carbon, _ := f.Carbon(l)
		water, _ := f.Water(l)
		cost, _ := f.Cost(l)
		item := fmt.Sprintf("%s, %s (%s\u00a0J/output token; footprint %s, %s, %s of water, %s)", r.Entry.Name, data.FormatEnergy(e),
			data.FormatNumber(float64(r.Result.Selected.JoulesPerToken)), data.FormatEnergy(l.FacilityWh),
			footprint.FormatCarbon(carbon), footprint.FormatWater(water), footprint.FormatMoney(cost, "USD"))
		i := strings.Index(got, item)
		if i < 0 || i < last {
			t.Errorf("%q missing or out of rank order in:\n%s", item, got)
		}
		last = i
	}
	for _, want := range []string{
		`Footprint at the boundary “Cloud data centre (Google, 2025)” (host CPU and memory +43% and idle capacity +17% of GPU energy, PUE 1.09), ` +
			"with carbon at 400 g CO2e/kWh (your figure), water on site at 1 L/kWh (your figure), cost at 0.1 USD per kWh.",
		`Boundary: GPU only as measured, widened to “Cloud data centre (Google, 2025)” as above.`,
		"Not measured on H100:", s.Index.Caveat,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("summary lacks %q:\n%s", want, got)
		}
	}
	if !strings.HasSuffix(got, " "+permalink) || strings.Contains(got, "\n") {
		t.Errorf("summary is not one paragraph ending in the permalink:\n%s", got)
	}
	// A grid alone, on the GPU-only boundary: each model's carbon of its GPU
	// energy; the boundary stays the dataset's.
	g := footprint.Factors{Grid: footprint.Number(100)}
	got = CompareSummary(rk, &s.Index, g, permalink)
	if !strings.Contains(got, "Footprint of the GPU energy, with carbon at 100 g CO2e/kWh (your figure).") || strings.Contains(got, "water") ||
		!strings.Contains(got, "Boundary: GPU only.") {
		t.Errorf("summary with a grid alone:\n%s", got)
	}
	// No model meets the deadline: no footprint to give, and no widening.
	rk, _ = s.Compare(data.Query{Task: "gpqa", GPU: "H100", DeadlineMS: 0.001, Percentile: data.P95, Tokens: 2.5e9})
	if got := CompareSummary(rk, &s.Index, f, permalink); strings.Contains(got, "ootprint") || !strings.Contains(got, "Boundary: GPU only.") {
		t.Errorf("summary without a model that meets the deadline:\n%s", got)
	}
}
