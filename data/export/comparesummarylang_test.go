package export

import (
	"strings"
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/lang"
	"tokenjoule/data/plan"
)

// The compare page's summary, by a volume and planned, in French, German
// and Spanish, with a footprint: its words in the language, the models'
// names and figures in its format.
func TestCompareSummaryIn(t *testing.T) {
	s := load(t)
	q := data.DefaultQuery()
	q.GPU = "H100" // a model or two not measured on it
	rk, err := s.Compare(q)
	if err != nil {
		t.Fatal(err)
	}
	prk, err := plan.Compare(s, q, plan.DefaultTraffic())
	if err != nil {
		t.Fatal(err)
	}
	f := footprint.Factors{}.WithBoundary("cloud")
	if f.Grid, err = footprint.Grid.Parse("world"); err == nil {
		f.WUE, err = footprint.WUE.Parse("microsoft")
	}
	if err != nil {
		t.Fatal(err)
	}
	f.Price, f.Currency = footprint.Number(0.12), "USD"
	const link = "https://example.org/compare?lang=x"
	english := []string{"GPU energy of", "GPU energy a day", "of its", "meet the deadline", "least energy", "footprint ",
		"Footprint", "Missing the deadline", "Not measured on", "Boundary: ", "Data: ", "Cite: ", " a day", " with ", " at ", "busy on average"}
	for _, tag := range []lang.Tag{lang.FR, lang.DE, lang.ES} {
		p := data.PrinterOf(tag)
		for name, sum := range map[string]string{"compare": CompareSummaryIn(p, rk, &s.Index, f, link),
			"planned": PlanCompareSummaryIn(p, prk, &s.Index, f, link)} {
			left := lang.English(sum, tag)
			for _, en := range english {
				if strings.Contains(sum, en) {
					left = append(left, en)
				}
			}
			if len(left) > 0 {
				t.Errorf("the %s summary in %s still says in English %q:\n%s", name, tag, left, sum)
			}
			first := rk.Models[0]
			if !strings.Contains(sum, first.Entry.Name) || !strings.HasSuffix(sum, link) {
				t.Errorf("the %s summary in %s lacks %s or its link:\n%s", name, tag, first.Entry.Name, sum)
			}
		}
		if sum := CompareSummaryIn(p, rk, &s.Index, f, link); !strings.Contains(sum, p.Energy(rk.Models[0].Result.Estimate.EnergyWh)) {
			t.Errorf("the summary in %s lacks the first model's energy %s:\n%s", tag, p.Energy(rk.Models[0].Result.Estimate.EnergyWh), sum)
		}
	}
}
