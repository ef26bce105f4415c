// Package pinned writes a card as one HTML document, its style in it and no
// script: the Embed dialog's pinned snippet, a frame whose srcdoc is that
// document. It shows the figures as computed with the dataset it names on
// its face, and renders whole where a page strips scripts or a frame runs
// none, in light, dark or the reader's colours.
package pinned

import (
	"strconv"
	"strings"

	"tokenjoule/data"
	"tokenjoule/data/export"
)

// A Card is what a pinned card shows: the question, its context, the figure
// or the answer in a line, the lines under it, the caveat, and a footer
// with the source named with its edition, the citation and the full page.
type Card struct {
	Title, Context string
	Figure, Label  string   // the headline figure and what it counts; "" for none
	Answer         string   // the compare card's answer in a line; "" for none
	Lines          []string // the lines under the figure, in order
	Caveat         string
	Source         data.Source
	Link           string // the full page with the same state
	Theme          string // "light", "dark", or "" for the reader's setting
}

// FromCard is the pinned card of the calculator's or the plan's card.
func FromCard(c export.Card, link, theme string) Card {
	lines := []string{c.Missed, c.Comparison}
	lines = append(lines, c.Totals...)
	lines = append(lines, c.OtherEnd)
	return Card{Title: c.Title, Context: c.Context, Figure: c.Figure, Label: c.Label, Lines: lines,
		Caveat: c.Caveat, Source: c.Source, Link: link, Theme: theme}
}

// FromCompareCard is the pinned card of the compare page's card.
func FromCompareCard(c export.CompareCard, link, theme string) Card {
	return Card{Title: c.Title, Context: c.Context, Answer: c.Answer, Caveat: c.Caveat, Source: c.Source, Link: link, Theme: theme}
}

// Style is the pinned card's stylesheet, the same for every card (a site
// that frames the snippet's document allows it by its hash): the embed's
// card layout's look, its colours the site's, dark where the reader's
// setting is, unless the html element's class sets light or dark.
const Style = `:root{color-scheme:light dark;--bg:#fff;--fg:#1d1f1e;--muted:#5b615e;--line:#d9dcda;--accent:#2f6f4f}` +
	`:root.light{color-scheme:light}:root.dark{color-scheme:dark}` +
	`@media (prefers-color-scheme:dark){:root:not(.light){--bg:#1c1f1e;--fg:#e8eae9;--muted:#a3aaa6;--line:#353a37;--accent:#6fc39a}}` +
	`:root.dark{--bg:#1c1f1e;--fg:#e8eae9;--muted:#a3aaa6;--line:#353a37;--accent:#6fc39a}` +
	`*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);` +
	`font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}` +
	`main{padding:12px 16px 8px}a{color:var(--accent)}p,ul{margin:2px 0 0}` +
	`h1{margin:0 0 2px;font-size:1.2rem;line-height:1.3;text-wrap:balance}` +
	`.context{margin:0;color:var(--muted);font-size:.85rem}` +
	`.figure{margin:6px 0 0;display:flex;flex-wrap:wrap;align-items:baseline;gap:0 10px}` +
	`.figure b{font-size:2.25rem;font-variant-numeric:tabular-nums}.label{color:var(--muted);font-size:.9rem}` +
	`.answer{margin:8px 0 4px;font-size:1.05rem;font-weight:600}` +
	`.caveat{margin:8px 0 0;color:var(--muted);font-size:.8rem}` +
	`footer{display:flex;flex-wrap:wrap;justify-content:space-between;gap:2px 16px;margin-top:8px;padding-top:6px;` +
	`border-top:1px solid var(--line);font-size:.8rem;color:var(--muted)}footer .full{font-weight:600}`

// Page is the card as a whole HTML document: no script, no request but the
// links a reader follows, each in a new tab.
func Page(c Card) string {
	var b strings.Builder
	class := ""
	if c.Theme == "light" || c.Theme == "dark" {
		class = ` class="` + c.Theme + `"`
	}
	b.WriteString(`<!doctype html><html lang="en"` + class + `><head><meta charset="utf-8">` +
		`<meta name="viewport" content="width=device-width,initial-scale=1"><title>` + Escape(c.Title) + `</title><style>` + Style + `</style></head><body><main>`)
	b.WriteString(`<h1>` + Escape(c.Title) + `</h1>`)
	b.WriteString(`<p class="context">` + Escape(c.Context) + `</p>`)
	if c.Figure != "" {
		b.WriteString(`<p class="figure"><b>` + Escape(c.Figure) + `</b> <span class="label">` + Escape(c.Label) + `</span></p>`)
	}
	if c.Answer != "" {
		b.WriteString(`<p class="answer">` + Escape(c.Answer) + `</p>`)
	}
	for _, l := range c.Lines {
		if l != "" {
			b.WriteString(`<p>` + Escape(l) + `</p>`)
		}
	}
	b.WriteString(`<p class="caveat">` + Escape(c.Caveat) + `</p>`)
	src := c.Source
	b.WriteString(`<footer><span>Source: ` + link(src.URL, src.Name+" "+src.Version+". Licence: "+src.Licence+".", export.Edition(src), "") +
		` · Cite: ` + link(src.CiteURL, src.Cite, export.ShortCite(src.Cite), "") + `</span>` +
		link(c.Link, "Explore this calculation in tokenjoule, in a new tab", "Explore in tokenjoule →", "full") + `</footer>`)
	b.WriteString(`</main></body></html>`)
	return b.String()
}

// link is a link that opens a new tab (a frame's own navigation would
// replace the card).
func link(href, title, text, class string) string {
	if class != "" {
		class = ` class="` + class + `"`
	}
	return `<a href="` + Escape(href) + `" title="` + Escape(title) + `" target="_blank" rel="noopener"` + class + `>` + Escape(text) + `</a>`
}

// Sandbox is the pinned frame's sandbox: no script, no same origin; its
// links open a new tab, itself out of the sandbox.
const Sandbox = "allow-popups allow-popups-to-escape-sandbox"

// Snippet is the pinned snippet: a frame whose document is page, titled
// with the question, height px tall (the card's height at a phone's width)
// and at most width px wide, sandboxed without scripts.
func Snippet(page, title string, height, width int) string {
	return `<iframe srcdoc="` + Escape(page) + `" title="` + Escape(title) + `" sandbox="` + Sandbox + `" height="` +
		strconv.Itoa(height) + `" style="width:100%;max-width:` + strconv.Itoa(width) + `px;border:0"></iframe>`
}

// Escape escapes text for HTML, in an element or a double-quoted attribute.
// (Package html's EscapeString would link its entity table into the wasm.)
func Escape(s string) string { return escaper.Replace(s) }

var escaper = strings.NewReplacer("&", "&amp;", `"`, "&quot;", "<", "&lt;", ">", "&gt;", "'", "&#39;")
