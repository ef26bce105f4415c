package export

import (
	"strings"
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/plan"
)

// TestTextNamesTheWorkloadByItsName: what a reader takes away, the
// summaries, the cards and their alt text, names the workload as the page
// does, "Reasoning", never by its id (gpqa), which the JSON and CSV keep.
func TestTextNamesTheWorkloadByItsName(t *testing.T) {
	s := load(t)
	for _, w := range s.Index.Workloads {
		k := w.Kind()
		q := data.Query{Task: w.ID, Model: w.DefaultModel().Slug, GPU: data.AnyGPU, DeadlineMS: k.DefaultDeadlineMS, Percentile: data.P50, Tokens: k.DefaultVolume}
		r := selectQ(t, s, q)
		rk, err := s.Compare(q)
		if err != nil {
			t.Fatal(err)
		}
		card, compareCard := CardOf(r, footprint.Factors{}), CompareCardOf(rk, &s.Index)
		texts := map[string]string{
			"Summary":        Summary(r, footprint.Factors{}, ""),
			"CompareSummary": CompareSummary(rk, &s.Index, footprint.Factors{}, ""),
			"Card":           card.Title + " " + card.Context,
			"Card.Alt":       card.Alt(),
			"CompareCard":    compareCard.Title + " " + compareCard.Context,
		}
		if k == data.Tokens {
			p, err := plan.Make(s, q, plan.DefaultTraffic())
			if err != nil {
				t.Fatal(err)
			}
			prk, err := plan.Compare(s, q, plan.DefaultTraffic())
			if err != nil {
				t.Fatal(err)
			}
			pc, pcc := PlanCardOf(p, footprint.Factors{}), PlanCompareCardOf(prk, &s.Index)
			texts["PlanCard"] = pc.Title + " " + pc.Context
			texts["PlanCompareCard"] = pcc.Title + " " + pcc.Context
			texts["PlanCompareSummary"] = PlanCompareSummary(prk, &s.Index, footprint.Factors{}, "")
		}
		for name, text := range texts {
			if !strings.Contains(text, w.Name) || strings.Contains(text, "("+w.ID+")") {
				t.Errorf("%s of %s names the workload other than as %q:\n%s", name, w.ID, w.Name, text)
			}
		}
	}
}
