package ui

import (
	"strings"
	"testing"

	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/lang"
)

// The builder's language choice reaches the snippet's URL, the permalink
// and the pinned card; left to the reader, the pinned card is in the page's
// language and the URL names none.
func TestBuilderLanguage(t *testing.T) {
	set, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	r, err := set.Select(data.DefaultQuery())
	if err != nil {
		t.Fatal(err)
	}
	b := &Builder{Query: r.Query, Result: r, Lang: lang.ES}
	b.look = state.Embed{Layout: state.LayoutCard, Lang: lang.DE}
	if q := b.query(); !strings.Contains(q, "lang=de") {
		t.Errorf("the snippet's query %q lacks lang=de", q)
	}
	if p := b.permalink(); !strings.Contains(p, "lang=de") {
		t.Errorf("the permalink %q lacks lang=de", p)
	}
	if got := b.card().Figure; got != "15,21\u00a0Wh" {
		t.Errorf("the German card's figure is %q", got)
	}
	if page := b.pinnedPage(); !strings.Contains(page, `<html lang="de"`) || !strings.Contains(page, "Quelle:") {
		t.Errorf("the pinned card is not in German:\n%s", page)
	}
	// The card's picture and its alt text.
	var words []string
	for _, bl := range cardBlocks(b.card(), b.permalink()) {
		words = append(words, bl.Text)
	}
	words = append(words, b.card().Alt())
	if all := strings.Join(words, "\n"); !strings.Contains(all, "Quelle:") || len(lang.English(all, lang.DE)) > 0 {
		t.Errorf("the German picture or alt text holds English %q:\n%s", lang.English(all, lang.DE), all)
	}
	b.look.Lang = ""
	if q := b.query(); strings.Contains(q, "lang=") {
		t.Errorf("the reader's language: the query %q names one", q)
	}
	if got := b.card().Title; !strings.HasPrefix(got, "¿Cuánta energía") {
		t.Errorf("the pinned card, left to the reader, is not in the page's Spanish: %q", got)
	}
}
