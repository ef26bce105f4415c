package export

import (
	"strings"
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/lang"
	"tokenjoule/data/plan"
)

// Copy summary in another language: the figures in its format, no English
// sentence of the catalogue left, the dataset's names untouched.
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

// The scenario's JSON for a page in French: its caveat and boundary's name
// in French, every key and number the command line's; in English, the
// command line's bytes.
func TestScenarioJSONIn(t *testing.T) {
	set := load(t)
	r, err := set.Select(data.DefaultQuery())
	if err != nil {
		t.Fatal(err)
	}
	f := footprint.Factors{}.WithBoundary("cloud")
	fields := Footprint(r, f, footprint.Budget{}, nil)
	en, err := ScenarioJSON(r, fields...)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := ScenarioJSONIn(data.Printer{}, f, r, fields...); err != nil || string(got) != string(en) {
		t.Errorf("ScenarioJSONIn(en) differs from ScenarioJSON (%v)", err)
	}
	fr, err := ScenarioJSONIn(data.PrinterOf(lang.FR), f, r, fields...)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"boundary_name": "Centre de données cloud (Google, 2025)"`, `"caveat": "Énergie GPU seule, mesurée`, `"energy_wh": `} {
		if !strings.Contains(string(fr), want) {
			t.Errorf("the French scenario lacks %s", want)
		}
	}
	if strings.Count(string(fr), "\n") != strings.Count(string(en), "\n") {
		t.Errorf("the French scenario has not the English one's lines")
	}
	if left := lang.English(string(fr), lang.FR); len(left) > 0 {
		t.Errorf("the French scenario still says in English %q", left)
	}
}

// The plan's JSON for a page in German: its caveat, dataset version and
// boundary's name in German, every key and number plan -json's; in English,
// plan -json's bytes.
func TestPlanJSONIn(t *testing.T) {
	set := load(t)
	p, err := plan.Make(set, data.DefaultQuery(), plan.DefaultTraffic())
	if err != nil {
		t.Fatal(err)
	}
	f := footprint.Factors{}.WithBoundary("cloud")
	en, err := PlanJSON(p, f)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := PlanJSONIn(data.Printer{}, p, f); err != nil || string(got) != string(en) {
		t.Errorf("PlanJSONIn(en) differs from PlanJSON (%v)", err)
	}
	de, err := PlanJSONIn(data.PrinterOf(lang.DE), p, f)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"caveat": "` + lang.DE.T("footer.caveat") + `"`, `"version": "3.0 (veröffentlicht`, `"energy_kwh_per_day": `} {
		if !strings.Contains(string(de), want) {
			t.Errorf("the German plan lacks %s:\n%s", want, de)
		}
	}
	if strings.Count(string(de), "\n") != strings.Count(string(en), "\n") {
		t.Errorf("the German plan has not the English one's lines")
	}
	if left := lang.English(string(de), lang.DE); len(left) > 0 {
		t.Errorf("the German plan still says in English %q", left)
	}
}
