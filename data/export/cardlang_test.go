package export

import (
	"strings"
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/lang"
	"tokenjoule/data/plan"
)

// The default card in each language: its figure in the language's format
// (15.21 Wh is the default question's answer, as the command line says it),
// and no English sentence of the catalogue left in it.
func TestCardInLanguages(t *testing.T) {
	s := load(t)
	r, err := s.Select(data.DefaultQuery())
	if err != nil {
		t.Fatal(err)
	}
	for tag, want := range map[lang.Tag]struct{ figure, title string }{
		lang.FR: {"15,21\u00a0Wh", "Combien d’énergie faut-il pour générer 1\u00a0M tokens de sortie avec Qwen 3 14B sur B200 ou H100\u00a0?"},
		lang.DE: {"15,21\u00a0Wh", "Wie viel Energie braucht Qwen 3 14B auf B200 oder H100 für 1\u00a0Mio. Ausgabe-Tokens?"},
		lang.ES: {"15,21\u00a0Wh", "¿Cuánta energía consume Qwen 3 14B en B200 o H100 para generar 1\u00a0M tokens de salida?"},
	} {
		c := CardIn(data.PrinterOf(tag), r, footprint.Factors{})
		if c.Figure != want.figure || c.Title != want.title {
			t.Errorf("%s: figure %q, title %q; want %q, %q", tag, c.Figure, c.Title, want.figure, want.title)
		}
		alt := c.Alt()
		if left := lang.English(alt, tag); len(left) > 0 {
			t.Errorf("%s card still has English %q:\n%s", tag, left, alt)
		}
		if strings.Contains(alt, "15.21") {
			t.Errorf("%s card writes 15.21 the English way:\n%s", tag, alt)
		}
		if !strings.Contains(alt, "Qwen 3 14B") {
			t.Errorf("%s card changed the model's name:\n%s", tag, alt)
		}
	}
	// English stays as it was.
	if got, want := CardIn(data.Printer{}, r, footprint.Factors{}).Alt(), CardOf(r, footprint.Factors{}).Alt(); got != want || !strings.Contains(got, "15.21 Wh") {
		t.Errorf("English card %q, want %q", got, want)
	}
}

// The calculator's and the plan's cards with a footprint past the GPU in
// each language: the boundary's label, the caveat, the carbon, water and
// cost lines and the published spread in the language, none of the
// English words that said them; a figure the reader typed named as hers.
func TestFootprintCardInLanguages(t *testing.T) {
	s := load(t)
	q := data.DefaultQuery()
	r, err := s.Select(q)
	if err != nil {
		t.Fatal(err)
	}
	p := makePlan(t, s, q, plan.DefaultTraffic())
	presets := footprint.Factors{}.WithBoundary("cloud")
	if presets.Grid, err = footprint.Grid.Parse("world"); err == nil {
		presets.WUE, err = footprint.WUE.Parse("microsoft")
	}
	if err != nil {
		t.Fatal(err)
	}
	presets.Price, presets.Currency = footprint.Number(0.12), "USD"
	// Figures of one's own: a PUE alone (no preset's name; cooling only)
	// and a grid intensity; beside a preset's boundary, the grid is held in
	// the spread.
	own := footprint.Factors{PUE: footprint.Number(1.2), Grid: footprint.Number(100)}
	held := footprint.Factors{}.WithBoundary("cloud")
	held.Grid = footprint.Number(100)
	english := []string{"at the boundary", "Carbon:", "Water on site", "Cost:", "per kWh", "a day", "network not counted",
		"Measured GPU energy", "GPU energy with idle capacity", " for ", " only;", "Published spread", "confidence interval",
		"your figure", "held", "Cloud data centre", "World"}
	for _, tag := range []lang.Tag{lang.FR, lang.DE, lang.ES} {
		pr := data.PrinterOf(tag)
		for name, f := range map[string]footprint.Factors{"presets": presets, "own": own, "held": held} {
			for kind, c := range map[string]Card{"card": CardIn(pr, r, f), "plan": PlanCardIn(pr, p, f)} {
				alt := c.Alt()
				if c.Range == "" && name != "own" || c.Label == pr.T("card.label") || len(c.Totals) == 0 {
					t.Errorf("%s %s card with %s: no footprint shown:\n%s", tag, kind, name, alt)
				}
				var left []string
				for _, en := range english {
					if strings.Contains(alt, en) {
						left = append(left, en)
					}
				}
				if left = append(left, lang.English(alt, tag)...); len(left) > 0 {
					t.Errorf("%s %s card with %s still says in English %q:\n%s", tag, kind, name, left, alt)
				}
				// A phone's narrow card breaks no figure, nor range, across
				// two lines: "1,9–3,8 g CO2e", "100 g CO2e/kWh" whole.
				lines := strings.Join(append(c.Totals, c.Range), "\n")
				if strings.Contains(lines, " CO2e") || strings.Contains(strings.ReplaceAll(lines, "–\u2060", ""), "–") {
					t.Errorf("%s %s card with %s may break a figure across lines: %q", tag, kind, name, lines)
				}
			}
		}
	}
	// English stays as it was.
	if got, want := CardIn(data.Printer{}, r, presets).Alt(), CardOf(r, presets).Alt(); got != want || !strings.Contains(got, "Carbon: ") {
		t.Errorf("English card %q, want %q", got, want)
	}
}

// A live card's note that new data changed its figure, in the card's
// language, its date and figure in the language's formats.
func TestUpdatedIn(t *testing.T) {
	src := data.Source{Compiled: "2026-02-16"}
	if got, want := UpdatedIn(lang.EN, "2025-01-01", 1, "v3", src, 15.21), Updated("2025-01-01", 1, "v3", src, 15.21); got != want {
		t.Errorf("UpdatedIn(en) = %q, want %q", got, want)
	}
	for tag, want := range map[lang.Tag]string{lang.FR: "16 février 2026", lang.DE: "16. Februar 2026", lang.ES: "16 de febrero de 2026"} {
		got := UpdatedIn(tag, "2025-01-01", 1, "v3", src, 15.21)
		if !strings.Contains(got, want) || !strings.Contains(got, "1\u00a0Wh") || strings.Contains(got, "Updated") {
			t.Errorf("UpdatedIn(%s) = %q, want %q and 1\u00a0Wh in its words", tag, got, want)
		}
	}
}
