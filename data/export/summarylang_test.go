package export

import (
	"strings"
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/lang"
)

// Copy summary in another language: the figures in its format, no English
// sentence of the catalogue left, the dataset's names untouched; English is
// the command line's Summary, byte for byte.
func TestSummaryIn(t *testing.T) {
	set := load(t)
	r, err := set.Select(data.DefaultQuery())
	if err != nil {
		t.Fatal(err)
	}
	f := footprint.Factors{}.WithBoundary("cloud")
	if f.Grid, err = footprint.Grid.Parse("world"); err != nil {
		t.Fatal(err)
	}
	const link = "https://example.org/?lang=fr"
	if got, want := SummaryIn(data.Printer{}, r, f, link), Summary(r, f, link); got != want {
		t.Errorf("SummaryIn(English) = %q, want Summary's %q", got, want)
	}
	for _, tag := range []lang.Tag{lang.FR, lang.DE, lang.ES} {
		p := data.PrinterOf(tag)
		s := SummaryIn(p, r, f, link)
		for _, want := range []string{p.Energy(r.Estimate.EnergyWh), r.Model.Name, r.Selected.RowID, p.Energy(f.Ladder(r.Estimate.EnergyWh).FacilityWh), link} {
			if !strings.Contains(s, want) {
				t.Errorf("the summary in %s lacks %q:\n%s", tag, want, s)
			}
		}
		if left := lang.English(s, tag); len(left) > 0 {
			t.Errorf("the summary in %s still says in English %q:\n%s", tag, left, s)
		}
	}
	// Hand-checked: the French answer's words and figure.
	if s := SummaryIn(data.PrinterOf(lang.FR), r, footprint.Factors{}, ""); !strings.Contains(s, "15,21\u00a0Wh d’énergie GPU") {
		t.Errorf("the French summary: %s", s)
	}
}
