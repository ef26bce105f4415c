package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/lang"
)

// browserLanguages are the reader's preferred languages
// (navigator.languages); none when prerendering, which stays English.
func browserLanguages() []string {
	if !app.IsClient {
		return nil
	}
	l := app.Window().Get("navigator").Get("languages")
	if !l.Truthy() {
		return nil
	}
	langs := make([]string, l.Length())
	for i := range langs {
		langs[i] = l.Index(i).String()
	}
	return langs
}

// printer writes the page's figures and words in its language.
func (p *page) printer() data.Printer { return data.PrinterOf(p.lang) }

// tr is the sentence of key in the page's language (lang.Tag.T).
func (p *page) tr(key string, vars ...string) string { return p.lang.T(key, vars...) }

// markLang tells the browser (and screen readers) the page's language.
func markLang(t lang.Tag) {
	if app.IsClient {
		app.Window().Get("document").Get("documentElement").Set("lang", string(t.Of().Tag))
	}
}

// link is appURL with the language the page's URL asked for, so that a
// link followed from a page in French opens in French.
func (p *page) link(path, query string) string { return appURL(path, state.WithLang(query, p.asked)) }
