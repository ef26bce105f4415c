package ui

// The embed as a picture, for the platforms that take no frame: the card,
// drawn from the card layout's words, or a chart, each with its source and
// link, and its alt text.

import (
	"slices"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/charts"
	"tokenjoule/app/picture"
	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/export"
)

// alt is the picture's alt text.
func (b *Builder) alt() string {
	switch {
	case b.compare():
		return b.compareCard().Alt()
	case b.look.Layout == state.LayoutChart:
		card, p := b.card(), b.printer()
		headline, describe, _, _, _ := b.chart()
		return strings.Join(strings.Fields(strings.Join([]string{p.T("picture.chart", "headline", headline), card.Context, describe,
			card.Range, card.Caveat, p.T("card.data", "source", export.SourceName(card.Source))}, " ")), " ")
	}
	return b.card().Alt()
}

// onPicture saves the embed as a picture: the card, drawn from the same
// words as the card layout; the chart layout's chart; the compare page's
// bars. Each carries its source and link.
func (b *Builder) onPicture(ctx app.Context, e app.Event) {
	b.setStatus("", false)
	if !b.compare() && b.look.Layout != state.LayoutChart {
		png, err := b.cardPicture()
		b.save(b.filename("card.png"), png, err)
		return
	}
	whenECharts(echartsSrc(ctx), func(error) {
		ctx.Dispatch(func(ctx app.Context) {
			name, png, err := b.chartPicture()
			b.save(name, png, err)
		})
	})
}

func (b *Builder) save(name string, png []byte, err error) {
	if err == nil {
		err = saveFile(name, "image/png", png)
	}
	if err != nil {
		b.setStatus(b.tr("share.failed", "name", name, "error", err.Error()), true)
		return
	}
	b.setStatus(b.tr("builder.saved", "name", name), false)
}

// Width of the card's picture, in CSS pixels; drawn at twice the pixels.
const cardPictureWidth = 720

// filename names a picture of the embed, ext what follows its question
// ("card.png").
func (b *Builder) filename(ext string) string {
	switch {
	case b.Planned != nil:
		return export.PlanCompareFilename(b.Planned, ext)
	case b.compare():
		return export.Filename(b.Ranking.Query, ext)
	case b.plans():
		return export.PlanFilename(b.Plan, ext)
	}
	return export.Filename(b.Query, ext)
}

// chartFilename names the chart layout's picture, as the page's pictures of
// the same chart are named.
func (b *Builder) chartFilename() string {
	if b.plans() {
		return b.filename(state.PlanCharts[b.chartIndex()] + ".png")
	}
	return b.filename(strings.TrimPrefix(chartSpecs[b.chartIndex()].id, "chart-") + ".png")
}

// cardPicture is the card as a PNG.
func (b *Builder) cardPicture() ([]byte, error) {
	blocks := cardBlocks(b.card(), b.permalink())
	lines, height := picture.Layout(blocks, cardPictureWidth, 24, measureText)
	return drawPicture(cardPictureWidth, height, lines)
}

// cardBlocks are the card's words as a picture's paragraphs, the card
// layout's order and weights, then its source, citation and link.
func cardBlocks(c export.Card, link string) []picture.Block {
	const ink, muted, accent = "#1d1f1e", "#5b615e", "#2f6f4f"
	blocks := []picture.Block{
		{Text: c.Title, Size: 22, Bold: true, Color: ink},
		{Text: c.Context, Size: 14, Color: muted, Gap: 4},
		{Text: c.Figure, Size: 44, Bold: true, Color: accent, Gap: 10},
		{Text: c.Label, Size: 14, Color: muted},
		{Text: c.Missed, Size: 18, Color: ink, Gap: 10},
		{Text: c.Comparison, Size: 17, Color: ink, Gap: 8},
	}
	for i, t := range c.Totals {
		blocks = append(blocks, picture.Block{Text: t, Size: 15, Color: ink, Gap: float64(4 * (1 - min(i, 1)))})
	}
	src := c.Source
	return append(blocks,
		picture.Block{Text: c.Range, Size: 13, Color: muted, Gap: 6},
		picture.Block{Text: c.OtherEnd, Size: 15, Color: ink, Gap: 8},
		picture.Block{Text: c.Caveat, Size: 13, Color: muted, Gap: 10},
		picture.Block{Text: c.Lang.T("picture.source", "source", export.SourceName(src), "url", strings.TrimPrefix(src.URL, "https://"), "cite", src.Cite),
			Size: 12, Color: muted, Gap: 14},
		picture.Block{Text: c.Lang.T("picture.link", "link", link), Size: 12, Color: accent, Gap: 4},
	)
}

// chartPicture is the chart layout's chart, or the compare page's bars, as
// a PNG with the question, the answer, the caveat, the source and the link.
func (b *Builder) chartPicture() (name string, png []byte, err error) {
	var (
		option []byte
		img    charts.Image
	)
	link, p := b.permalink(), b.printer()
	source := func(src data.Source) string {
		return p.T("picture.source", "source", export.SourceName(src), "url", src.URL, "cite", src.Cite)
	}
	if b.compare() {
		c := b.compareCard()
		name, option = b.filename("ranking.png"), []byte(b.Bars)
		img = charts.Image{Title: c.Title, Subtitle: c.Answer + " " + c.Context, Footer: []string{c.Caveat, source(c.Source)}}
	} else {
		c := b.card()
		name = b.chartFilename()
		var headline, brief string
		if headline, _, brief, option, err = b.chart(); err != nil {
			return name, nil, err
		}
		img = charts.Image{Title: headline, Subtitle: c.Title + " " + c.Context + " " + brief,
			Footer: slices.DeleteFunc([]string{c.Range, c.Caveat, source(c.Source)}, func(p string) bool { return p == "" })}
	}
	img.Link, img.Width = p.T("picture.link", "link", link), imageWidth
	option, height, err := charts.ForImage(option, img)
	if err == nil {
		png, err = renderChart(string(option), imageWidth, height, false)
	}
	return name, png, err
}
