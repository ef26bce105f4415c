package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/lang"
)

// The layouts each embed offers, the default first (package state's).
var (
	calcLayouts    = state.CalcLayouts
	compareLayouts = state.CompareLayouts
	planLayouts    = calcLayouts
)

// renderEmbed is the calculator for iframes, at /embed, in the layout its
// URL asks for (state.ParamLayout):
//   - interactive, the default: the answer, the inputs (less those the hide
//     parameter hides), the serving details folded under one line, the
//     energy–latency chart, and the caveat and citation in one line;
//   - card: a figure for an article, the answer with one everyday
//     comparison, the caveat and the source (export.Card);
//   - chart: one of the calculator's charts, with a title that states what
//     it shows for this calculation.
//
// Every layout tells its parent window its height, and nothing else (see
// watchHeight), and links to the full calculator with the same state. What
// an author embeds comes first, so that the answer is read without
// scrolling in a short iframe.
func (c *Calculator) renderEmbed(root app.HTMLMain) app.UI {
	if c.res == nil {
		return root.Body(&Notices{List: c.notices, Lang: c.lang}, c.renderResult(true))
	}
	switch c.look.Layout {
	case state.LayoutCard:
		return c.figurePage(root, c.renderCard(), c.cardFooter())
	case state.LayoutChart:
		return c.figurePage(root, c.renderChartCard(), c.cardFooter())
	}
	return c.embedPage(root, c.tr("embed.heading"),
		c.renderResult(true),
		c.renderControls(),
		c.renderServed(),
		c.renderAnnouncement(),
		app.Figure().Class("chart card").Body(
			app.H2().Text(chartTitle(c.lang, 0, c.kind())),
			c.chart(0),
			renderChartNoJS(),
		),
		c.share(true),
		c.renderAbout(),
	)
}

// embedClass is the class of an embed's main element: its layout's.
func embedClass(look state.Embed) string {
	if look.Layout == state.LayoutInteractive {
		return "embed"
	}
	return "embed figure-layout layout-" + look.Layout
}

// fullURL is the full calculator with this calculation.
func (c *Calculator) fullURL() string {
	return c.link("/", c.foot.fp.Page().AppendTo(state.String(c.q)))
}

// renderAbout is the caveat, the source and the citation in one line, and
// the way to the full calculator.
func (c *Calculator) renderAbout() app.UI {
	src, caveat := c.set.Index.Source, c.set.Index.Caveat
	if c.res != nil {
		src, caveat = c.res.Model.Source, c.res.Model.Caveat
	}
	if caveat == lang.EN.T("footer.caveat") { // the dataset's, in English
		caveat = c.tr("footer.caveat")
	}
	return embedAbout(c.lang, src, caveat, c.set.Index.DataVersion, c.fullURL(), c.tr("embed.full.title"), c.tr("embed.full"))
}

// newTab is a link that opens a new tab: followed inside the iframe, it
// would replace the embed.
func newTab(id, href, title, text string) app.HTMLA {
	return app.A().ID(id).Href(href).Target("_blank").Rel("noopener").Title(title).Text(text)
}

// embedAbout is an embed's caveat, source and citation in one line, each in
// full in its title, and a link to the full page (href, title, text), in t.
func embedAbout(t lang.Tag, src data.Source, caveat, dataVersion, href, title, text string) app.UI {
	lead, _, _ := strings.Cut(caveat, ",")
	dataset := src.Name + " " + datasetVersion(src, dataVersion) + " Licence: " + src.Licence + "."
	if t != lang.EN { // the glossary's long version is in English only
		dataset = t.T("footer.licence", "source", src.Name+" "+export.VersionIn(t, src), "licence", src.Licence)
	}
	return app.P().ID("embed-about").Class("embed-about").Body(
		app.Span().ID("caveat").Title(caveat).Text(t.T("embed.floor", "lead", lead)),
		app.Text(" "+t.T("embed.data")+" "),
		newTab("dataset", src.URL, dataset, src.Name),
		app.Text(" · "+t.T("footer.cite")+" "),
		newTab("cite", src.CiteURL, src.Cite, export.ShortCite(src.Cite)),
		app.Text(" · "),
		newTab("open-full", href, title, text),
	)
}

// figureFooter is the footer of a figure layout: the source, linked, the
// citation, and "Explore in tokenjoule →", which opens the full page (href)
// with the same state.
func figureFooter(t lang.Tag, src data.Source, dataVersion, href string) app.UI {
	edition := src.Name + " " + export.VersionIn(t, src)
	if t == lang.EN {
		edition = src.Name + " " + strings.TrimSuffix(datasetVersion(src, dataVersion), ".")
	}
	return app.Footer().ID("embed-about").Class("figure-footer").Body(
		app.Span().Class("figure-source").Body(
			app.Text(t.T("footer.source")+" "),
			newTab("dataset", src.URL, t.T("footer.licence", "source", edition, "licence", src.Licence), export.SourceName(src)),
			app.Text(" · "+t.T("footer.cite")+" "),
			newTab("cite", src.CiteURL, src.Cite, export.ShortCite(src.Cite)),
		),
		newTab("open-full", href, t.T("footer.open.long"), t.T("footer.open")),
	)
}

func (c *Calculator) cardFooter() app.UI {
	return figureFooter(c.lang, c.res.Model.Source, c.set.Index.DataVersion, c.fullURL())
}

// renderCard is the card layout: export.Card's title, figure, comparison,
// totals and caveat. Prerendered for another question, it gives way to
// that question (renderPending).
func (c *Calculator) renderCard() app.UI {
	return figureCard(export.CardIn(c.printer(), c.res, c.foot.fp.Factors), c.look, &c.set.Index, c.renderPending(c.set))
}

// updated is the note a card shows beside its figure (energy, in Wh) when
// the data have changed it since the card was embedded (export.Updated).
func updated(look state.Embed, idx *data.Index, wh float64, t lang.Tag) app.UI {
	note := export.UpdatedIn(t, look.Made, look.MadeWh, idx.DataVersion, idx.Source, wh)
	return slot(note != "", func() app.UI { return app.P().ID("figure-updated").Class("figure-updated").Text(note) })
}

// figureCard is a card layout's body: the card's title, context, figure
// (or why there is none) and whether new data have changed it since it was
// embedded, comparison, totals, range and caveat, after pending.
func figureCard(card export.Card, look state.Embed, idx *data.Index, pending []app.UI) app.UI {
	body := append(pending,
		app.H1().ID("question").Class("figure-title").Text(card.Title),
		app.P().ID("figure-context").Class("figure-context").Text(card.Context),
	)
	if card.Figure != "" {
		body = append(body, app.P().Class("energy").Body(
			app.Span().ID("energy").Text(card.Figure),
			app.Span().ID("energy-label").Class("figure-label").Text(card.Label),
		))
	} else {
		body = append(body, app.P().ID("infeasible").Class("infeasible").Text(card.Missed))
	}
	body = append(body, updated(look, idx, card.Wh, card.Lang))
	if card.Comparison != "" {
		body = append(body, app.P().ID("comparison").Class("figure-comparison").Text(card.Comparison))
	}
	if len(card.Totals) > 0 {
		items := make([]app.UI, len(card.Totals))
		for i, t := range card.Totals {
			items[i] = app.Li().Text(t)
		}
		body = append(body, app.Ul().ID("figure-totals").Class("figure-totals").Body(items...))
	}
	if card.Range != "" {
		body = append(body, app.P().ID("figure-range").Class("figure-range").Text(card.Range))
	}
	if card.OtherEnd != "" {
		body = append(body, app.P().ID("other-percentile").Class("figure-other-end").Text(card.OtherEnd))
	}
	body = append(body, app.P().ID("floor").Class("figure-caveat").Text(card.Caveat))
	return app.Section().ID("result").Class("result figure").Aria("labelledby", "question").Body(body...)
}

// renderChartCard is the chart layout: the chart the URL names, with a
// title that states what it shows for this calculation and a caption in a
// line.
func (c *Calculator) renderChartCard() app.UI {
	i := max(0, slices.Index(state.Charts, c.look.Chart))
	spec := chartSpecs[i]
	card := export.CardIn(c.printer(), c.res, c.foot.fp.Factors)
	return figureChart(spec.headline(c.printer(), c.res), card, c.chart(i), chartBrief(c.lang, i, c.kind()), c.renderPending(c.set))
}

// figureChart is a chart layout's body: the headline as its title, the
// card's context, the chart with its caption in a line, and the card's
// range and caveat, after pending.
func figureChart(headline string, card export.Card, chart app.UI, brief string, pending []app.UI) app.UI {
	body := append(pending,
		app.H1().ID("question").Class("figure-title").Text(headline+"."),
		app.P().ID("figure-context").Class("figure-context").Text(card.Context),
		app.Figure().Class("chart").Body(
			chart,
			renderChartNoJS(),
			app.FigCaption().ID("chart-caption").Text(brief),
		),
		app.If(card.Range != "", func() app.UI {
			return app.P().ID("figure-range").Class("figure-range").Text(card.Range)
		}),
		app.P().ID("floor").Class("figure-caveat").Text(card.Caveat),
	)
	return app.Section().ID("result").Class("result figure").Aria("labelledby", "question").Body(body...)
}

// renderServed is the interactive embed's serving details, folded under one
// line that names the GPUs and the batch size limit, closed on load, with
// the best on the model's other GPU. With no configuration selected, only
// the other GPU's best, if any.
func (c *Calculator) renderServed() app.UI {
	r := c.res
	s := r.Selected
	if s == nil {
		return app.Div().ID("served").Class("served-box").Body(c.renderOther(true))
	}
	p := c.printer()
	how := p.T("served.how", "hardware", s.Hardware(), "n", strconv.Itoa(s.MaxNumSeqs))
	if s.Diffusion() {
		how = p.T("served.how.diffusion", "hardware", s.Hardware(), "count", countIn(p, s.BatchSize, r.Kind.Item))
	}
	return app.Details().ID("cfg-details").Class("cfg-details served").Body(
		app.Summary().ID("cfg-summary").Text(how),
		folded(func() app.UI { return compactConfig(p, r.Kind, s, r.Query) }),
		folded(func() app.UI { return c.renderOther(true) }),
	)
}

// compactConfig is the selected configuration in the embed: what identifies
// it and what it costs, in a few short lines, the terms explained as on the
// full page. The ids are the full page's.
func compactConfig(p data.Printer, k *data.Kind, s *data.Config, q data.Query) app.UI {
	if k.Diffusion() {
		return diffusionConfig(p, k, s, &data.Estimate{}, true).ui
	}
	pc, t := q.Percentile, p.Lang
	return app.Dl().ID("cfg").Class("config compact").Body(
		explainedIn(t, "cfg-gpu", termGPUs, app.Text(s.Hardware())),
		explainedIn(t, "cfg-parallel", termParallel, app.Text(fmt.Sprintf("TP %d · DP %d · EP %d", s.TensorParallel, s.DataParallel, s.ExpertParallel))),
		explainedIn(t, "cfg-precision", termPrecision, app.Text(s.Precision)),
		explainedIn(t, "cfg-max-num-seqs", termBatchLimit, app.Text(strconv.Itoa(s.MaxNumSeqs))),
		figure("cfg-itl-"+string(pc), p.T("cfg.itl."+string(pc)), t.Figure(data.FormatITL(pc.ITL(s), q.DeadlineMS)+" ms")),
		figure("j-per-token", p.T("figure.j-per-token"), p.Number(s.Joules())),
		figure("wh-per-mtok", p.T("figure.wh-per-mtok"), p.Number(s.WhPerMillion())),
		figure("cfg-power", p.T("cfg.power"), t.Figure(data.FormatNumber(float64(s.PowerWatts))+" W")),
		explainedIn(t, "cfg-row", termRow, rowParts(s.RowID)...),
	)
}
