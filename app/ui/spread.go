package ui

// How sure a figure is, as the pages say it beside the figure: the range
// past the GPU over the published spread of its factors
// (footprint.Spread), and the spread of a configuration's repeated runs.
// The words are the core's; these only lay them out.

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/data/footprint"
)

// rangeNote is a figure's range past the GPU, said beside it (words, from
// footprint.Spread.Beside): "From 41 to 78 kWh with the published spread of
// the host, idle capacity and cooling, not a confidence interval.", with
// the glossary's explanation where explained; hidden where the figure does
// not spread (words ""). In a list of figures (dd) it is a dd, else a div.
func rangeNote(id, words string, explained, dd bool) app.UI {
	body := func() []app.UI {
		return []app.UI{
			app.Span().Class("range-words").Text(rangeSentence(words)),
			app.If(explained, func() app.UI { return explain(termSpread) }),
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

// rangeSentence is Beside's words as a sentence that says what a range is.
func rangeSentence(words string) string {
	return strings.ToUpper(words[:1]) + words[1:] + ", " + footprint.NotConfidence + "."
}

// renderRange is the calculator's headline's range, where it spreads.
func (c *Calculator) renderRange() app.UI {
	fr := c.footprint()
	return rangeNote("energy-range", fr.spread.Beside(footprint.Energy, fr.ladder.GPUWh, ""), true, false)
}

// spanNote is the published spread of a rung's factor, beside its value:
// "spread +23.27% to +43%", each end's source in its title; nothing for a
// factor held or the GPU's rung.
func spanNote(s footprint.Spread, p *footprint.Param) app.UI {
	for _, sp := range s.Spans {
		if sp.Param == p {
			return app.Span().Class("fp-applies fp-span").Title(sp.Describe(sp.Low) + ", " + sp.Low.Source().Title + "; " +
				sp.Describe(sp.High) + ", " + sp.High.Source().Title).Text("spread " + sp.Short())
		}
	}
	return app.Span().Hidden(true)
}
