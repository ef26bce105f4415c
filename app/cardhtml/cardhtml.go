// Package cardhtml writes a card as HTML, in plain Go: the markup of the
// live card that the card embeds' small wasm (wasm/card) writes into the
// page, with the site's ids and classes (web/style.css styles it), and the
// pinned snippet's document, the same markup with its stylesheet in it and
// no script, in a frame whose srcdoc it is. The pinned card shows the
// figures as computed with the dataset it names on its face, and renders
// whole where a page strips scripts or a frame runs none, in light, dark or
// the reader's colours.
package cardhtml

import (
	"strconv"
	"strings"

	"tokenjoule/data/export"
)

// A Card is what a card shows: export.Card's question, context, figure (or
// why there is none), comparison, totals, range, other end and caveat, or the
// compare card's answer; the note that new data have changed the figure
// since it was embedded (export.Updated); and the full page it links to.
type Card struct {
	export.Card
	Answer string // the compare card's answer in a line; "" for none
	// Caption is, on the chart layout, the chart's caption in a line, under
	// the box the chart is drawn in (by the calculator); "" on a card.
	Caption string
	Note    string // export.Updated's note; "" for none
	Link    string // the full page with the same state
}

// FromCompareCard is the card of the compare page's card, without its bars.
func FromCompareCard(c export.CompareCard, link string) Card {
	return Card{Card: export.Card{Title: c.Title, Context: c.Context, Caveat: c.Caveat, Source: c.Source, Lang: c.Lang}, Answer: c.Answer, Link: link}
}

// Body is the card's section: its ids and classes are the embed's card
// layout's (app/ui/embed.go), which the pages' tests and styles know.
func Body(c Card) string {
	var b strings.Builder
	b.WriteString(`<section id="result" class="result figure" aria-labelledby="question">`)
	b.WriteString(`<h1 id="question" class="figure-title">` + Escape(c.Title) + `</h1>`)
	b.WriteString(`<p id="figure-context" class="figure-context">` + Escape(c.Context) + `</p>`)
	switch {
	case c.Figure != "":
		b.WriteString(`<p class="energy"><span id="energy">` + Escape(c.Figure) + `</span> <span id="energy-label" class="figure-label">` + Escape(c.Label) + `</span></p>`)
	case c.Missed != "":
		b.WriteString(`<p id="infeasible" class="infeasible">` + Escape(c.Missed) + `</p>`)
	}
	if c.Answer != "" {
		b.WriteString(`<p id="answer" class="figure-answer">` + Escape(c.Answer) + `</p>`)
	}
	if c.Caption != "" {
		b.WriteString(`<figure class="chart"><div class="echart"></div><figcaption id="chart-caption">` + Escape(c.Caption) + `</figcaption></figure>`)
	}
	if c.Note != "" {
		b.WriteString(`<p id="figure-updated" class="figure-updated">` + Escape(c.Note) + `</p>`)
	}
	if c.Comparison != "" {
		b.WriteString(`<p id="comparison" class="figure-comparison">` + Escape(c.Comparison) + `</p>`)
	}
	if len(c.Totals) > 0 {
		b.WriteString(`<ul id="figure-totals" class="figure-totals">`)
		for _, t := range c.Totals {
			b.WriteString(`<li>` + Escape(t) + `</li>`)
		}
		b.WriteString(`</ul>`)
	}
	if c.Range != "" {
		b.WriteString(`<p id="figure-range" class="figure-range">` + Escape(c.Range) + `</p>`)
	}
	if c.OtherEnd != "" {
		b.WriteString(`<p id="other-percentile" class="figure-other-end">` + Escape(c.OtherEnd) + `</p>`)
	}
	b.WriteString(`<p id="floor" class="figure-caveat">` + Escape(c.Caveat) + `</p></section>`)
	return b.String()
}

// Footer is the card's footer: the source, named as source (its name and
// major version on a live card; with its edition on a pinned one), the
// citation, and "Explore in tokenjoule →" to the full page, each link in a
// new tab (a frame's own navigation would replace the card).
func Footer(c Card, source string) string {
	src, t := c.Source, c.Lang
	return `<footer id="embed-about" class="figure-footer"><span class="figure-source">` + Escape(t.T("footer.source")) + ` ` +
		link("dataset", src.URL, t.T("footer.licence", "source", src.Name+" "+export.VersionIn(t, src), "licence", src.Licence), source) +
		` · ` + Escape(t.T("footer.cite")) + ` ` + link("cite", src.CiteURL, src.Cite, export.ShortCite(src.Cite)) + `</span>` +
		link("open-full", c.Link, t.T("footer.open.long"), t.T("footer.open")) + `</footer>`
}

func link(id, href, title, text string) string {
	return `<a id="` + id + `" href="` + Escape(href) + `" title="` + Escape(title) + `" target="_blank" rel="noopener">` + Escape(text) + `</a>`
}

// Style is the pinned card's stylesheet, the same for every card (the site
// allows it by its hash, for the Embed dialog's frame that measures it):
// web/style.css's rules for the card layout, with the site's colours, dark
// where the reader's setting is, unless the html element's class sets
// light or dark.
const Style = `:root{color-scheme:light dark;--bg:#fff;--fg:#1d1f1e;--muted:#5b615e;--line:#d9dcda;--accent:#2f6f4f;--warn-bg:#fff4d6;--warn-line:#e2b33c}` +
	`:root.light{color-scheme:light}:root.dark{color-scheme:dark}` +
	`@media (prefers-color-scheme:dark){:root:not(.light){--bg:#1c1f1e;--fg:#e8eae9;--muted:#a3aaa6;--line:#353a37;--accent:#6fc39a;--warn-bg:#3a3016;--warn-line:#a8872d}}` +
	`:root.dark{--bg:#1c1f1e;--fg:#e8eae9;--muted:#a3aaa6;--line:#353a37;--accent:#6fc39a;--warn-bg:#3a3016;--warn-line:#a8872d}` +
	`*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);` +
	`font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}` +
	`main{padding:12px 16px 8px}a{color:var(--accent)}p,ul{margin:2px 0 0}` +
	`.figure-title{margin:0 0 2px;font-size:1.2rem;line-height:1.3;text-wrap:balance}` +
	`.figure-context{margin:0;color:var(--muted);font-size:.85rem}` +
	`.energy{margin:6px 0 0;display:flex;flex-wrap:wrap;align-items:baseline;gap:0 10px}` +
	`#energy{font-size:2.25rem;font-weight:700;font-variant-numeric:tabular-nums}.figure-label{color:var(--muted);font-size:.9rem}` +
	`.figure-answer{margin:8px 0 4px;font-size:1.05rem;font-weight:600}.infeasible{margin:10px 0 0}` +
	`.figure-totals{list-style:none;padding:0;font-size:.92rem}.figure-other-end{margin:6px 0 0;font-size:.92rem}` +
	`.figure-range{margin:6px 0 0;color:var(--muted);font-size:.85rem}` +
	`.figure-caveat{margin:8px 0 0;color:var(--muted);font-size:.8rem}` +
	`footer{display:flex;flex-wrap:wrap;justify-content:space-between;gap:2px 16px;margin-top:8px;padding-top:6px;` +
	`border-top:1px solid var(--line);font-size:.8rem;color:var(--muted)}#open-full{font-weight:600}`

// Page is the pinned card as a whole HTML document in the colours of theme
// ("light", "dark", or "" for the reader's setting), its source named with
// the edition of the data its figures were computed with: no script, no
// request but the links a reader follows.
func Page(c Card, theme string) string {
	class := ""
	if theme == "light" || theme == "dark" {
		class = ` class="` + theme + `"`
	}
	return `<!doctype html><html lang="` + string(c.Lang.Of().Tag) + `"` + class + `><head><meta charset="utf-8">` +
		`<meta name="viewport" content="width=device-width,initial-scale=1"><title>` + Escape(c.Title) + `</title><style>` + Style + `</style></head>` +
		`<body><main>` + Body(c) + Footer(c, export.EditionIn(c.Lang, c.Source)) + `</main></body></html>`
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
// (Package html's EscapeString would link its entity table into the wasm,
// and a strings.Replacer every kind of replacer.)
func Escape(s string) string {
	if !strings.ContainsAny(s, `&"<>'`) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '&':
			b.WriteString("&amp;")
		case '"':
			b.WriteString("&quot;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '\'':
			b.WriteString("&#39;")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
