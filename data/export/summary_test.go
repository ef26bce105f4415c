package export

import (
	"strings"
	"testing"

	"tokenjoule/data"
)

const permalink = "https://example.org/tokenjoule/?task=gpqa"

// A summary is one paragraph that carries the core's figures, the boundary,
// the caveat, the citation and the permalink.
func TestSummary(t *testing.T) {
	s := load(t)
	r := selectQ(t, s, data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 2.5e9})
	got := Summary(r, permalink)
	c, e := r.Selected, r.Estimate
	for _, want := range []string{
		"2.5B output tokens of " + r.Model.Name, "Reasoning (gpqa)", "on H100,", "p95", "at most 40 ms",
		data.FormatEnergy(e.EnergyWh), data.FormatNumber(float64(c.JoulesPerToken)) + " J per token",
		data.FormatJoules(e.EnergyPerRequest), c.Hardware(), c.RowID,
		"Boundary: GPU only.", r.Model.Caveat, r.Model.Source.Cite, r.Model.Source.Version,
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
	got = Summary(r, "")
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

// The compare summary lists the ranking in its order with the core's figures.
func TestCompareSummary(t *testing.T) {
	s := load(t)
	rk, err := s.Compare(data.Query{Task: "gpqa", GPU: "H100", DeadlineMS: 15, Percentile: data.P95, Tokens: 2.5e9})
	if err != nil {
		t.Fatal(err)
	}
	got := CompareSummary(rk, &s.Index, permalink)
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
	for _, want := range []string{"Reasoning (gpqa)", "on H100,", "Not measured on H100:", "Boundary: GPU only.", s.Index.Caveat, s.Index.Source.Cite} {
		if !strings.Contains(got, want) {
			t.Errorf("summary lacks %q:\n%s", want, got)
		}
	}
	if !strings.HasSuffix(got, " "+permalink) || strings.Contains(got, "\n") {
		t.Errorf("summary is not one paragraph ending in the permalink:\n%s", got)
	}
}
