package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/cardhtml"
	"tokenjoule/app/charts"
	heads "tokenjoule/app/charts/headline"
	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/lang"
	"tokenjoule/data/plan"
)

// Builder is the Embed button of the calculator, of the compare page (by a
// volume or in plan mode) and of the plan, and the dialog it opens, where
// an author makes an embed of the page's calculation: its layout (the chart
// it shows, the controls the interactive one hides), its colours, a live
// preview at a phone's or an article's width, and the snippet to paste; for
// platforms that take no iframe, the card as a picture with its alt text,
// and the link. Everything is made in the browser.
type Builder struct {
	app.Compo

	Query     data.Query    // the page's state; on the compare page Model is the highlighted model
	Result    *data.Result  // the calculator's answer, or nil
	Ranking   *data.Ranking // the compare page's, or nil
	Planned   *plan.Ranking // the compare page's in plan mode, or nil
	Bars      string        // the compare page's ranking chart, for its picture
	Plan      *plan.Plan    // the plan page's, or nil
	Footprint state.Footprint
	// Lang is the page's language: a pinned card's, where the author
	// leaves the embed to the reader's (look.Lang "").
	Lang lang.Tag

	open    bool
	look    state.Embed
	width   int            // the preview's width: one of previewWidths
	heights map[string]int // the preview's height as it reported it, by its src
	origin  string         // scheme://host of the page, for the snippet's absolute URLs
	status  string
	failed  bool
	stop    func()
}

// previewWidths are the widths an author previews an embed at: an
// article's column, the snippet's largest width, then a phone's, at which
// the snippet's height is measured.
const articleWidth, phoneWidth = 720, 360

var previewWidths = []int{articleWidth, phoneWidth}

// OnInit starts with the card: what a writer most often wants is a figure.
// On the page's first render, it may hand the browser a turn (startTurn).
func (b *Builder) OnInit() {
	b.look.Layout = state.LayoutCard
	b.width = previewWidths[0]
	b.heights = map[string]int{}
	startTurn()
}

func (b *Builder) OnDismount() {
	if b.stop != nil {
		b.stop()
		b.stop = nil
	}
}

// compare tells whether the builder embeds the compare page, and plans
// whether it embeds the plan page.
func (b *Builder) compare() bool { return b.Ranking != nil }
func (b *Builder) plans() bool   { return b.Plan != nil }

// page is the full page's path: /, /compare or /plan; the embed's is
// under /embed.
func (b *Builder) page() string {
	switch {
	case b.compare():
		return "/compare"
	case b.plans():
		return "/plan"
	}
	return "/"
}

func (b *Builder) path() string { return strings.TrimSuffix("/embed"+b.page(), "/") }

// layouts are the layouts the embed offers, charts the charts of its chart
// layout (state's names, and the dialog's), and controls the inputs its
// interactive layout may hide.
func (b *Builder) layouts() []string {
	switch {
	case b.compare():
		return compareLayouts
	case b.plans():
		return planLayouts
	}
	return calcLayouts
}

func (b *Builder) charts() (values, names []string) {
	if b.plans() {
		return state.PlanCharts, []string{b.tr("builder.chart.plan-energy"), b.tr("builder.chart.plan-gpus")}
	}
	return state.Charts, []string{b.tr("builder.chart.latency"), b.tr("builder.chart.batch"), b.tr("builder.chart.power")}
}

func (b *Builder) controls() []string {
	if b.compare() {
		return slices.DeleteFunc(slices.Clone(state.Params), func(p string) bool { return p == state.ParamModel })
	}
	return state.Params
}

// traffic is the traffic the page plans for, or nil.
func (b *Builder) traffic() *plan.Traffic {
	switch {
	case b.plans():
		return &b.Plan.Traffic
	case b.Planned != nil:
		return &b.Planned.Traffic
	}
	return nil
}

// query is the embed's query string: the page's state, the author's
// choices and the footprint's parameters, as the embed writes them back.
func (b *Builder) query() string { return b.queryOf(b.look) }

// queryOf is query with look for the author's choices.
func (b *Builder) queryOf(look state.Embed) string {
	if look.Layout != state.LayoutInteractive {
		look.Hidden = 0 // nothing to hide
	}
	var s string
	switch t := b.traffic(); {
	case b.plans():
		s = state.PlanEmbedString(b.Query, *t, look)
	case t != nil:
		s = state.EmbedString(b.Query, look) + "&" + state.TrafficString(*t)
	default:
		s = state.EmbedString(b.Query, look)
	}
	return b.Footprint.AppendTo(s)
}

// src is the embed's absolute URL, for the snippet: a card's records the
// data version and the figure it is made with (state.Embed.MadeWith), so
// that it says when new data change its figure.
func (b *Builder) src() string {
	src := b.origin + rootPrefix() + b.path() + "?" + b.query()
	if b.look.Layout != state.LayoutCard {
		return src
	}
	var wh float64
	if b.compare() {
		wh = b.compareCard().Wh
	} else {
		wh = b.card().Wh
	}
	// Last, after the traffic too, where a reader sees it is no input.
	if r := b.look.MadeWith(b.source().Index.DataVersion, wh).Record(); r != "" {
		src += "&" + r
	}
	return src
}

// previewSrc is the preview's URL, on this site.
func (b *Builder) previewSrc() string { return appURL(b.path(), b.query()) }

// permalink is the full page with this state.
func (b *Builder) permalink() string {
	var s string
	switch t := b.traffic(); {
	case b.plans():
		s = state.PlanString(b.Query, *t)
	case t != nil:
		s = state.String(b.Query) + "&" + state.TrafficString(*t)
	default:
		s = state.String(b.Query)
	}
	return b.origin + rootPrefix() + b.page() + "?" + state.WithLang(b.Footprint.AppendTo(s), b.look.Lang)
}

// card is the card of the calculator's answer or of the plan.
func (b *Builder) card() export.Card {
	// The embed shows only the footprint its link sets (Footprint.Embedded).
	f := b.Footprint.Embedded().Factors
	if b.plans() {
		return export.PlanCardIn(b.printer(), b.Plan, f)
	}
	return export.CardIn(b.printer(), b.Result, f)
}

// compareCard is the compare page's card, by a volume or planned.
func (b *Builder) compareCard() export.CompareCard {
	if b.Planned != nil {
		return export.PlanCompareCardIn(b.printer(), b.Planned, &b.source().Index)
	}
	return export.CompareCardIn(b.printer(), b.Ranking, &b.source().Index)
}

// printer writes the embed's words: in the language the dialog picked, or
// where it leaves it to the reader, in the page's.
func (b *Builder) printer() data.Printer {
	t := b.look.Lang
	if t == "" {
		t = b.Lang
	}
	return data.PrinterOf(t)
}

// title states the question the embed answers: the iframe's title.
func (b *Builder) title() string {
	if b.compare() {
		return b.compareCard().Title
	}
	return b.card().Title
}

func (b *Builder) source() *data.Set {
	set, _ := dataset()
	return set
}

// chartIndex is the chart layout's chart in chartSpecs, or in planCharts.
func (b *Builder) chartIndex() int {
	values, _ := b.charts()
	return max(0, slices.Index(values, b.look.Chart))
}

// chart is the chart layout's chart: its headline, what it shows in words,
// its caption in a line, and its option.
func (b *Builder) chart() (headline, describe, brief string, option []byte, err error) {
	i := b.chartIndex()
	if b.plans() {
		p, pc := b.printer(), charts.NewPlanChart(b.Plan)
		pc.Printer = p
		build, describe := charts.PlanEnergy, charts.DescribePlanEnergy
		if i == 1 {
			build, describe = charts.PlanGPUs, charts.DescribePlanGPUs
		}
		option, err = build(pc)
		return heads.PlanOfIn[i](p, b.Plan), describe(pc), heads.PlanBriefsIn(p)[i], option, err
	}
	spec := chartSpecs[i]
	p := b.printer()
	option, err = spec.build(p, b.Result)
	return spec.headline(p, b.Result), spec.describe(p, b.Result), chartBrief(p.Lang, b.chartIndex(), b.Result.Kind), option, err
}

// previewHeight is the preview's height at its width: the one its embed
// reported, else an estimate (estimateHeight).
func (b *Builder) previewHeight() int { return b.heightAt(b.width) }

// snippetHeight is the snippet's height: the embed's at a phone's width,
// the narrowest column it is read in and so its tallest, so that a page
// that strips the resize script still shows it whole at any width. The
// preview's width does not change it.
func (b *Builder) snippetHeight() int { return b.heightAt(phoneWidth) }

// heightAt is the embed's height at the width, as a frame of that width
// reported it (the preview, or the dialog's measure at a phone's width),
// else an estimate for the layout.
func (b *Builder) heightAt(width int) int {
	if h := b.heights[b.previewSrc()+"@"+strconv.Itoa(width)]; h > 0 {
		return h
	}
	phone := width < 500
	switch {
	case b.compare() && b.look.Layout == state.LayoutCard:
		return map[bool]int{false: 520, true: 600}[phone]
	case b.look.Layout == state.LayoutCard:
		return map[bool]int{false: 300, true: 420}[phone]
	case b.look.Layout == state.LayoutChart:
		return map[bool]int{false: 500, true: 560}[phone]
	}
	return map[bool]int{false: 900, true: 1300}[phone]
}

// resizeScript is the README's three-line script, which fits every embed
// of a page to its content's height (see HeightMessage): only the frames
// whose address begins with embeds (the site's /embed URL), only from their
// own document (whose origin is "null" in a frame sandboxed without
// allow-same-origin), and to at most 10,000 px, so that no other frame of
// the page, an advertisement's, can resize itself or an embed at will.
func resizeScript(embeds string) string {
	return `addEventListener("message", (e) => { const h = e.data?.type === "tokenjoule:height" && Math.round(e.data.height);
  if (h > 0) for (const f of document.querySelectorAll('iframe[src^="` + embeds + `"]'))
    if (f.contentWindow === e.source && [new URL(f.src).origin, "null"].includes(e.origin)) f.style.height = Math.min(h, 10000) + "px"; });
`
}

// snippet is what an author pastes: the iframe, at the height its layout
// takes at a phone's width and as wide as an article's column at most,
// then the script that fits it to its content at the column's width. The
// values are escaped as attribute text: the snippet is shown as text and
// never parsed as HTML here, but the author's page will parse it.
func (b *Builder) snippet() string {
	return fmt.Sprintf(`<iframe src="%s" title="%s" loading="lazy" height="%d" style="width:100%%;max-width:%dpx;border:0"></iframe>`,
		cardhtml.Escape(b.src()), cardhtml.Escape(b.title()), b.snippetHeight(), articleWidth) +
		"\n<script>\n" + resizeScript(b.origin+rootPrefix()+"/embed") + "</script>"
}

// pins tells whether the layout has a pinned snippet: the cards.
func (b *Builder) pins() bool { return b.look.Layout == state.LayoutCard }

// pinnedPage is the card as a document of static HTML and CSS, computed
// with the dataset the page holds, which it names (package pinned).
func (b *Builder) pinnedPage() string {
	link := b.permalink()
	if b.compare() {
		return cardhtml.Page(cardhtml.FromCompareCard(b.compareCard(), link), b.look.Theme)
	}
	return cardhtml.Page(cardhtml.Card{Card: b.card(), Link: link}, b.look.Theme)
}

// pinnedHeight is the pinned card's height at a phone's width, once the
// dialog has measured it, else the live card's.
func (b *Builder) pinnedHeight(page string) int {
	if h := b.heights["pinned:"+page]; h > 0 {
		return h
	}
	return b.snippetHeight()
}

// pinnedSnippet is the pinned snippet: the card's document in a frame
// that runs no script, at its height at a phone's width.
func (b *Builder) pinnedSnippet() string {
	page := b.pinnedPage()
	return cardhtml.Snippet(page, b.title(), b.pinnedHeight(page), articleWidth)
}
