package ui

import (
	"strings"
	"testing"

	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/lang"
)

// A chart's picture from the calculator in another language: its question
// and footer in it (the chart's title is the chart's own words); in English
// as before.
func TestShareImageIn(t *testing.T) {
	set, err := dataset()
	if err != nil {
		t.Fatal(err)
	}
	r, err := set.Select(data.DefaultQuery())
	if err != nil {
		t.Fatal(err)
	}
	en := (&Share{Query: r.Query, Result: r, Footprint: state.DefaultFootprint()}).image(ShareChart{Title: "x"})
	if !strings.HasPrefix(en.Footer[0], "Boundary: GPU only. ") || !strings.Contains(en.Subtitle, " on Text Conversation: ") {
		t.Errorf("the English picture: %q, %q", en.Subtitle, en.Footer)
	}
	de := (&Share{Query: r.Query, Result: r, Footprint: state.DefaultFootprint(), Lang: lang.DE}).image(ShareChart{Title: "x"})
	text := de.Subtitle + "\n" + strings.Join(de.Footer, "\n")
	for _, want := range []string{"Qwen 3 14B (Textdialog): 1\u00a0Mio. Ausgabe-Tokens", "Systemgrenze: nur GPU. Nur GPU-Energie", "Daten: ML.ENERGY Leaderboard 3.0 ("} {
		if !strings.Contains(text, want) {
			t.Errorf("the German picture lacks %q:\n%s", want, text)
		}
	}
	if left := lang.English(text, lang.DE); len(left) > 0 {
		t.Errorf("the German picture still says in English %q:\n%s", left, text)
	}
}
