package ui

import (
	"errors"
	"strings"

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

// markLang tells the browser (and screen readers) the page's language,
// and names the page in it (the tab's title: the prerender's is English).
func markLang(t lang.Tag) {
	if app.IsClient {
		doc := app.Window().Get("document")
		doc.Get("documentElement").Set("lang", string(t.Of().Tag))
		doc.Set("title", t.T("page.title"))
	}
}

// link is appURL with the language the page's URL asked for, so that a
// link followed from a page in French opens in French.
func (p *page) link(path, query string) string { return appURL(path, state.WithLang(query, p.asked)) }

// sentence is key's sentence in t as markup: each {name} that els names
// (name and element pairs) becomes its element, the text between them
// text; vars fill the other placeholders, as lang.Tag.T does.
func sentence(t lang.Tag, key string, els map[string]app.UI, vars ...string) []app.UI {
	s := t.T(key, vars...)
	var out []app.UI
	for {
		i := strings.IndexByte(s, '{')
		j := strings.IndexByte(s[max(i, 0):], '}')
		if i < 0 || j < 0 {
			break
		}
		el, ok := els[s[i+1:i+j]]
		if !ok {
			break
		}
		if s[:i] != "" {
			out = append(out, app.Text(s[:i]))
		}
		out = append(out, el)
		s = s[i+j+1:]
	}
	if s != "" {
		out = append(out, app.Text(s))
	}
	return out
}

// inputErrorIn is the message for a box whose text a parser refused, in
// t's language: the value quoted and why (data.WhyIn); err's own English
// message in English.
func inputErrorIn(t lang.Tag, err error) string {
	var bad *data.InputError
	if t == lang.EN || t == "" || !errors.As(err, &bad) {
		return err.Error()
	}
	return t.T("input.refused", "value", data.Quote(bad.Value), "why", data.WhyIn(data.PrinterOf(t), bad.Why()))
}
