package ui

// How sure a figure is, as the pages say it beside the figure: the range
// past the GPU over the published spread of its factors
// (footprint.Spread), and the spread of a configuration's repeated runs.
// The words are the core's; these only lay them out.

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
)

// rangeNoteIn is the range of s's figure of measure m, for gpuWh measured,
// per after it (" a day", or ""), said beside the figure; hidden where the
// figure does not spread. Where it explains (the first range of a page), it
// says it in full with the glossary's explanation: "From 41 to 78 kWh with
// the published spread of the host, idle capacity and cooling, not a
// confidence interval."; elsewhere briefly, the explanation being above:
// "Published spread: 1.2 to 56 kg CO2e, of the host, idle capacity, cooling
// and the grid". In a list of figures (dd) it is a dd, else a div.
// In p's language.
func rangeNoteIn(p data.Printer, id string, s footprint.Spread, m footprint.Measure, gpuWh float64, per string, explains, dd bool) app.UI {
	words := s.BriefIn(p, m, gpuWh, per)
	if explains {
		words = rangeSentenceIn(p, s.BesideIn(p, m, gpuWh, per))
	}
	body := func() []app.UI {
		return []app.UI{
			app.Span().Class("range-words").Text(words),
			app.If(explains, func() app.UI { return explainIn(p.Lang, termSpread) }),
		}
	}
	switch {
	case dd && words == "":
		return app.Dd().Hidden(true)
	case dd:
		return app.Dd().ID(id).Class("range small").Body(body()...)
	case words == "":
		return app.Div().Hidden(true)
	}
	return app.Div().ID(id).Class("range small").Body(body()...)
}

// rangeSentenceIn is Beside's words as a sentence that says what a range is;
// "" for none.
// In p's language.
func rangeSentenceIn(p data.Printer, words string) string {
	if words == "" {
		return ""
	}
	r, size := utf8.DecodeRuneInString(words)
	return p.T("spread.sentence", "words", string(unicode.ToUpper(r))+words[size:])
}

// renderRange is the calculator's headline's range, where it spreads.
func (c *Calculator) renderRange() app.UI {
	fr := c.footprint()
	return rangeNoteIn(fr.p, "energy-range", fr.spread, footprint.Energy, fr.ladder.GPUWh, "", true, false)
}

// renderLever is the line under the answer that names the choice that
// moves its figure most (footprint.MostMoving), and by how much.
func (c *Calculator) renderLever() app.UI {
	l, ok := footprint.MostMoving(c.res, c.foot.fp.Factors)
	if !ok {
		return app.P().Hidden(true)
	}
	return app.P().ID("lever").Class("range small").Text(l.SentenceIn(c.printer()))
}

// renderRuns is the spread of the selected configuration's repeated runs,
// where the benchmark ran its settings more than once, with how the
// benchmark measures.
func (c *Calculator) renderRuns() app.UI {
	rs, ok := c.res.RunSpread()
	if !ok {
		return app.Div().Hidden(true)
	}
	// A div: a paragraph cannot hold the glossary's disclosure.
	return app.Div().ID("runs").Class("range small").Body(app.Text(rs.SentenceIn(c.printer())+" "), explainIn(c.lang, termMeasure))
}

// citationIn is a source's title as a tooltip in p's language cites it
// (sourceWords); a title the catalogue does not say, the publication alone
// ("Google, "Measuring …", arXiv 2508.15734 (August 2025)"), without an
// English summary after it.
func citationIn(p data.Printer, src footprint.Source) string {
	text, english := sourceWords(p, src)
	if !english {
		return text
	}
	if i := strings.Index(text, "): "); i >= 0 {
		return text[:i+1]
	}
	return text
}

// spanNoteIn is the published spread of a rung's factor, beside its value:
// "spread +23.27% to +43%", each end's source in its title; nothing for a
// factor held or the GPU's rung.
// In pr's language.
func spanNoteIn(pr data.Printer, s footprint.Spread, p *footprint.Param) app.UI {
	for _, sp := range s.Spans {
		if sp.Param == p {
			return app.Span().Class("fp-applies fp-span").Title(sp.DescribeIn(pr, sp.Low) + ", " + citationIn(pr, sp.Low.Source()) + "; " +
				sp.DescribeIn(pr, sp.High) + ", " + citationIn(pr, sp.High.Source())).Text(pr.T("spread.short", "range", sp.ShortIn(pr)))
		}
	}
	return app.Span().Hidden(true)
}
