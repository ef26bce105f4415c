package headline

import (
	"fmt"
	"strings"
	"testing"

	"tokenjoule/data"
)

// A chart's headline says the figures the chart marks for the selected
// configuration, or, when none meets the deadline, the smallest that one
// meets; a brief caption fits a line.
func TestHeadlines(t *testing.T) {
	set, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	q := data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 2.5e9}
	r, err := set.Select(q)
	if err != nil || r.Selected == nil {
		t.Fatalf("the test needs a feasible query: %v", err)
	}
	s := r.Selected
	num := func(v float64) string { return data.FormatNumber(v) }
	for name, c := range map[string]struct {
		headline func(*data.Result) string
		brief    string
		want     []string
	}{
		"latency": {EnergyLatency, BriefEnergyLatency, []string{"40 ms", num(float64(s.JoulesPerToken)) + " J", s.Hardware()}},
		"batch":   {EnergyConcurrency, BriefEnergyConcurrency, []string{fmt.Sprint(s.MaxNumSeqs), num(float64(s.JoulesPerToken)) + " J"}},
		"power": {PowerThroughput, BriefPowerThroughput, []string{fmt.Sprint(s.MaxNumSeqs), num(float64(s.PowerWatts)) + " W",
			num(float64(s.TokensPerSecond)) + " tokens"}},
	} {
		got := c.headline(r)
		if !strings.HasPrefix(got, r.Model.Name+" on H100: ") {
			t.Errorf("%s: %q does not start with the model and its GPU", name, got)
		}
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q lacks %q", name, got, w)
			}
		}
		if n := len([]rune(c.brief)); n > 100 {
			t.Errorf("%s: the brief caption is %d characters, more than a line", name, n)
		}
		// No configuration meets 1 ms: the headline says what would.
		q1 := q
		q1.DeadlineMS = 1
		r1, _ := set.Select(q1)
		if got := c.headline(r1); !strings.Contains(got, "no measured configuration meets 1 ms") || !strings.Contains(got, data.FormatMS(r1.MinDeadlineMS())) {
			t.Errorf("%s at 1 ms: %q", name, got)
		}
	}
}
