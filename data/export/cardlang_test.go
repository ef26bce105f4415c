package export

import (
	"strings"
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/lang"
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
