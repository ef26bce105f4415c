package ui

import (
	"strings"
	"testing"

	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/lang"
	"tokenjoule/data/plan"
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

// A chart's picture from the compare page, by a volume and planned, in
// French: its question and footer in French.
func TestShareImageCompareIn(t *testing.T) {
	set, err := dataset()
	if err != nil {
		t.Fatal(err)
	}
	q := data.DefaultQuery()
	rk, err := set.Compare(q)
	if err != nil {
		t.Fatal(err)
	}
	prk, err := plan.Compare(set, q, plan.DefaultTraffic())
	if err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]*Share{
		"compare": {Query: q, Ranking: rk, Footprint: state.DefaultFootprint(), Lang: lang.FR},
		"planned": {Query: q, Ranking: prk.Data(), Planned: prk, Footprint: state.DefaultFootprint(), Lang: lang.FR},
	} {
		img := s.image(ShareChart{Title: "x"})
		text := img.Subtitle + "\n" + strings.Join(img.Footer, "\n")
		left := lang.English(text, lang.FR)
		for _, en := range []string{"Every model of", "planned for", "Boundary: ", "Data: ", "Cite: ", "output tokens", "a day"} {
			if strings.Contains(text, en) {
				left = append(left, en)
			}
		}
		if len(left) > 0 {
			t.Errorf("the %s picture in French still says in English %q:\n%s", name, left, text)
		}
	}
	// English as before.
	en := (&Share{Query: q, Ranking: rk, Footprint: state.DefaultFootprint()}).image(ShareChart{Title: "x"})
	if !strings.HasPrefix(en.Subtitle, "Every model of Text Conversation: 1M output tokens") || !strings.HasPrefix(en.Footer[0], "Boundary: GPU only. ") {
		t.Errorf("the English picture: %q, %q", en.Subtitle, en.Footer)
	}
}
