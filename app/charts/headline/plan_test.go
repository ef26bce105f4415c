package headline

import (
	"fmt"
	"strings"
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/plan"
)

// A plan chart's headline says the plan's figures the chart marks, and the
// range the steps span; or, when nothing meets the deadline, what would.
func TestPlanHeadlines(t *testing.T) {
	set, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	q := data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 40, Percentile: data.P95}
	tr := plan.Traffic{Rate: data.Rate{Tokens: 12e3, Per: data.Second}, Peak: 3}
	p, err := plan.Make(set, q, tr)
	if err != nil || p.Best() == nil {
		t.Fatalf("the test needs a plan: %v", err)
	}
	steps := plan.Steps(p.Busy.Model.Configurations, q.GPU, q.Percentile, tr)
	b := p.Best()
	lead := "GPT OSS 20B, 1.037B output tokens a day: "
	if got, want := PlanEnergy(p), lead+data.FormatEnergy(b.WhPerDay)+" a day within 40 ms, "+data.FormatChange(b.WhPerDay, p.BusyWhPerDay())+" for"; !strings.HasPrefix(got, want) {
		t.Errorf("PlanEnergy = %q, want it to start %q", got, want)
	}
	lo, hi := b.GPUs, b.GPUs
	for _, s := range steps {
		lo, hi = min(lo, s.GPUs), max(hi, s.GPUs)
	}
	if lo == hi {
		t.Fatal("the test needs steps of several GPU counts")
	}
	if got, want := PlanGPUs(p), lead+fmt.Sprintf("%d GPUs within 40 ms (%d × H100 × %d); %d to %d across the deadlines", b.GPUs, b.Replicas, b.Config.NumGPUs, lo, hi); got != want {
		t.Errorf("PlanGPUs = %q, want %q", got, want)
	}
	for name, brief := range map[string]string{"energy": BriefPlanEnergy, "gpus": BriefPlanGPUs} {
		if n := len([]rune(brief)); n > 100 {
			t.Errorf("%s: the brief caption is %d characters, more than a line", name, n)
		}
	}
	q.DeadlineMS = 1
	p, _ = plan.Make(set, q, tr)
	for _, h := range PlanOf {
		if got := h(p); !strings.Contains(got, "no measured configuration meets 1 ms") || !strings.Contains(got, data.FormatMS(p.Busy.MinDeadlineMS())) {
			t.Errorf("at 1 ms: %q", got)
		}
	}
}
