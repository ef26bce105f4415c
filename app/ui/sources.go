package ui

// A figure's source as the pages show it: a disclosure naming it, its title
// in the page's language with a publication's own title kept, and its link.

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/lang"
)

// sourceNoteIn is a source on hand: a disclosure whose summary names it and
// whose body gives the figure, the publication and its link. It is a
// details element, so a keyboard (Enter, Space) and a tap open it. Links
// open a new tab, as in an iframe they must.
// In p's language.
func sourceNoteIn(p data.Printer, s footprint.Source, of, figure string, compact bool) app.UI {
	summary := p.T("source")
	if s.ID == footprint.YourFigure.ID {
		summary = p.T("fp.yours")
	}
	var body []app.UI
	if figure != "" {
		body = append(body, app.Text(figure+". "))
	}
	body = append(body, sourceTitleIn(p, s))
	if s.URL != "" {
		body = append(body, app.Text(" "), app.A().Href(s.URL).Target("_blank").Rel("noopener").Text(linkText(s.URL)))
	}
	return app.Details().Class("fp-source").Body(
		app.Summary().Aria("label", p.T("source.of", "source", summary, "of", of)).Text(summary),
		folded(func() app.UI { return app.P().Body(body...) }),
	)
}

// sourceTitleIn is s's title in p's language (sourceWords); a title the
// catalogue does not say, and the publications' own titles its words keep
// ("…" in the English title), are marked English.
func sourceTitleIn(p data.Printer, s footprint.Source) app.UI {
	text, english := sourceWords(p, s)
	switch {
	case english:
		return app.Span().Attr("lang", "en").Text(text)
	case p.Lang == "" || p.Lang == lang.EN:
		return app.Text(text)
	}
	var body []app.UI
	for _, title := range quoted(s.Title) {
		before, after, found := strings.Cut(text, title)
		if !found {
			continue
		}
		body = append(body, app.Text(before), app.Span().Attr("lang", "en").Text(title))
		text = after
	}
	return app.Span().Body(append(body, app.Text(text))...)
}

// quoted lists the parts of s between double quotes, in order.
func quoted(s string) []string {
	var parts []string
	for {
		_, rest, ok := strings.Cut(s, `"`)
		if !ok {
			return parts
		}
		part, after, ok := strings.Cut(rest, `"`)
		if !ok {
			return parts
		}
		parts, s = append(parts, part), after
	}
}

// sourceWords is s's title in p's language: the catalogue's words
// ("source.<id>", which keep a publication's own title) where it says the
// source, else its title as footprint.Sources writes it, in English, and
// english is then true.
func sourceWords(p data.Printer, s footprint.Source) (text string, english bool) {
	switch {
	case s.ID == footprint.YourFigure.ID:
		return p.T("source.yours"), false
	case p.Lang == "" || p.Lang == lang.EN:
		return s.Title, false
	}
	key := "source." + s.ID
	if w := p.T(key); w != key {
		return w, false
	}
	return s.Title, true
}

// linkText is a source's address as a link reads: its host and path.
func linkText(u string) string {
	u = strings.TrimPrefix(strings.TrimPrefix(u, "https://"), "http://")
	return u + " ↗"
}
