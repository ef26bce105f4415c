package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/charts"
	"tokenjoule/app/picture"
	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/export"
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
// article's column, then a phone's.
var previewWidths = []int{720, 360}

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
		return state.PlanCharts, []string{"Energy a day against the deadline", "GPUs against the deadline"}
	}
	return state.Charts, []string{"Energy against latency", "Energy against batch size", "Power and throughput"}
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
func (b *Builder) query() string {
	look := b.look
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

// src is the embed's absolute URL, for the snippet.
func (b *Builder) src() string { return b.origin + rootPrefix() + b.path() + "?" + b.query() }

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
	return b.origin + rootPrefix() + b.page() + "?" + b.Footprint.AppendTo(s)
}

// card is the card of the calculator's answer or of the plan.
func (b *Builder) card() export.Card {
	// The embed shows only the footprint its link sets (Footprint.Embedded).
	f := b.Footprint.Embedded().Factors
	if b.plans() {
		return export.PlanCardOf(b.Plan, f)
	}
	return export.CardOf(b.Result, f)
}

// compareCard is the compare page's card, by a volume or planned.
func (b *Builder) compareCard() export.CompareCard {
	if b.Planned != nil {
		return export.PlanCompareCardOf(b.Planned, &b.source().Index)
	}
	return export.CompareCardOf(b.Ranking, &b.source().Index)
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
		pc, spec := charts.NewPlanChart(b.Plan), planCharts[i]
		build, describe := charts.PlanEnergy, charts.DescribePlanEnergy
		if i == 1 {
			build, describe = charts.PlanGPUs, charts.DescribePlanGPUs
		}
		option, err = build(pc)
		return spec.headline(b.Plan, pc), describe(pc), spec.brief, option, err
	}
	spec := chartSpecs[i]
	option, err = spec.build(b.Result)
	return spec.headline(b.Result), spec.describe(b.Result), chartBrief(b.chartIndex(), b.Result.Kind), option, err
}

// alt is the picture's alt text.
func (b *Builder) alt() string {
	switch {
	case b.compare():
		return b.compareCard().Alt()
	case b.look.Layout == state.LayoutChart:
		card := b.card()
		headline, describe, _, _, _ := b.chart()
		return fmt.Sprintf("Chart: %s. %s %s %s Data: %s.", headline, card.Context, describe, card.Caveat, export.SourceName(card.Source))
	}
	return b.card().Alt()
}

// height is the iframe's height in the snippet: the preview's, once it has
// said it, else an estimate for the layout at the width.
func (b *Builder) height() int {
	if h := b.heights[b.previewSrc()+"@"+strconv.Itoa(b.width)]; h > 0 {
		return h
	}
	phone := b.width < 500
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
// takes at the chosen width and as wide as that width at most, then the
// script that fits it to its content wherever the column is narrower. The
// values are escaped as attribute text: the snippet is shown as text and
// never parsed as HTML here, but the author's page will parse it.
func (b *Builder) snippet() string {
	return fmt.Sprintf(`<iframe src="%s" title="%s" loading="lazy" height="%d" style="width:100%%;max-width:%dpx;border:0"></iframe>`,
		attrEscaper.Replace(b.src()), attrEscaper.Replace(b.title()), b.height(), b.width) +
		"\n<script>\n" + resizeScript(b.origin+rootPrefix()+"/embed") + "</script>"
}

// attrEscaper escapes text for a double-quoted HTML attribute. (Package
// html's EscapeString would link its entity table into the wasm.)
var attrEscaper = strings.NewReplacer("&", "&amp;", `"`, "&quot;", "<", "&lt;", ">", "&gt;", "'", "&#39;")

// onOpen opens the dialog, modal, once it is rendered, and listens to its
// preview's height.
func (b *Builder) onOpen(ctx app.Context, e app.Event) {
	u := ctx.Page().URL()
	b.origin = u.Scheme + "://" + u.Host
	b.open = true
	b.setStatus("", false)
	if b.stop == nil {
		b.stop = watchFrameHeight("embed-frame", func(src string, h int) {
			ctx.Dispatch(func(app.Context) { b.heights[src+"@"+strconv.Itoa(b.width)] = h })
		})
	}
	// Rendered already (closed, its close event perhaps still queued behind
	// this click): open it now, so that the event finds it open. Else once
	// rendered.
	if !showModal("embed-dialog") {
		ctx.Defer(func(app.Context) { showModal("embed-dialog") })
	}
}

// onClose closes the dialog as Escape does; onClosed follows.
func (b *Builder) onClose(ctx app.Context, e app.Event) { closeDialog("embed-dialog") }

// onClosed handles the dialog's close event, whichever closed it, and
// gives focus back to the button that opened it.
func (b *Builder) onClosed(ctx app.Context, e app.Event) {
	// On a busy page the button may be pressed again before the close event
	// runs (input comes first): the dialog is open again, and stays.
	if e.Get("target").Get("open").Bool() {
		return
	}
	b.open = false
	if b.stop != nil {
		b.stop()
		b.stop = nil
	}
	focus("embed-open")
}

// onKey keeps Tab and Shift+Tab in the dialog: from its last control to
// its first and back, where the browser would go on to its own address bar.
func (b *Builder) onKey(ctx app.Context, e app.Event) {
	if e.Get("key").String() == "Tab" {
		wrapTab(ctx.JSSrc(), e)
	}
}

func (b *Builder) setStatus(s string, failed bool) { b.status, b.failed = s, failed }

func (b *Builder) onLayout(ctx app.Context, e app.Event) {
	l := value(ctx)
	if l == "interactive" {
		l = state.LayoutInteractive
	}
	if !slices.Contains(b.layouts(), l) {
		return // not one of the options: someone edited the DOM
	}
	b.look.Layout = l
	if values, _ := b.charts(); l == state.LayoutChart && b.look.Chart == "" {
		b.look.Chart = values[0]
	}
	b.setStatus("", false)
}

func (b *Builder) onChart(ctx app.Context, e app.Event) {
	if values, _ := b.charts(); slices.Contains(values, value(ctx)) {
		c := value(ctx)
		b.look.Chart = c
		b.setStatus("", false)
	}
}

func (b *Builder) onTheme(ctx app.Context, e app.Event) {
	if t := value(ctx); t == "" || slices.Contains(state.Themes, t) {
		b.look.Theme = t
		b.setStatus("", false)
	}
}

func (b *Builder) onWidth(ctx app.Context, e app.Event) {
	if w, err := strconv.Atoi(value(ctx)); err == nil && slices.Contains(previewWidths, w) {
		b.width = w
		b.setStatus("", false)
	}
}

// onHide hides or shows the control of the checkbox's name.
func (b *Builder) onHide(ctx app.Context, e app.Event) {
	name, checked := ctx.JSSrc().Get("name").String(), ctx.JSSrc().Get("checked").Bool()
	i := slices.Index(state.Params, name)
	if i < 0 {
		return
	}
	if checked {
		b.look.Hidden |= 1 << i
	} else {
		b.look.Hidden &^= 1 << i
	}
	// Every control of the page hidden is hide=all, whatever else it has.
	all := true
	for _, p := range b.controls() {
		all = all && b.look.Hidden.Has(p)
	}
	if all {
		b.look.Hidden = state.AllHidden()
	}
	b.setStatus("", false)
}

// copy copies text; where the browser refuses, the box with the id is
// selected for the reader to copy, and the status says so.
func (b *Builder) copy(ctx app.Context, what, text, box string) {
	b.setStatus("", false)
	copyText(text, func(reason string) {
		ctx.Dispatch(func(app.Context) {
			if reason == "" {
				b.setStatus(what+" copied to the clipboard.", false)
				return
			}
			selectText(box)
			b.setStatus("The browser did not copy ("+reason+"): "+strings.ToLower(what)+" is selected, copy it with Ctrl+C or ⌘C.", true)
		})
	})
}

func (b *Builder) onCopy(ctx app.Context, e app.Event) {
	b.copy(ctx, "The snippet", b.snippet(), "embed-snippet")
}

func (b *Builder) onCopyLink(ctx app.Context, e app.Event) {
	b.copy(ctx, "The link", b.permalink(), "embed-link")
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
		b.setStatus(fmt.Sprintf("Could not make %s: %v.", name, err), true)
		return
	}
	b.setStatus("Saved "+name+". Paste the alt text below with it.", false)
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
		picture.Block{Text: c.OtherEnd, Size: 15, Color: ink, Gap: 8},
		picture.Block{Text: c.Caveat, Size: 13, Color: muted, Gap: 10},
		picture.Block{Text: fmt.Sprintf("Source: %s (%s). Cite: %s.", export.SourceName(src), strings.TrimPrefix(src.URL, "https://"), src.Cite),
			Size: 12, Color: muted, Gap: 14},
		picture.Block{Text: "Explore in tokenjoule: " + link, Size: 12, Color: accent, Gap: 4},
	)
}

// chartPicture is the chart layout's chart, or the compare page's bars, as
// a PNG with the question, the answer, the caveat, the source and the link.
func (b *Builder) chartPicture() (name string, png []byte, err error) {
	var (
		option []byte
		img    charts.Image
	)
	link := b.permalink()
	if b.compare() {
		c := b.compareCard()
		name, option = b.filename("ranking.png"), []byte(b.Bars)
		img = charts.Image{Title: c.Title, Subtitle: c.Answer + " " + c.Context,
			Footer: []string{c.Caveat, fmt.Sprintf("Source: %s (%s). Cite: %s.", export.SourceName(c.Source), c.Source.URL, c.Source.Cite)}}
	} else {
		c := b.card()
		name = b.chartFilename()
		var headline, brief string
		if headline, _, brief, option, err = b.chart(); err != nil {
			return name, nil, err
		}
		img = charts.Image{Title: headline, Subtitle: c.Title + " " + c.Context + " " + brief,
			Footer: []string{c.Caveat, fmt.Sprintf("Source: %s (%s). Cite: %s.", export.SourceName(c.Source), c.Source.URL, c.Source.Cite)}}
	}
	img.Link, img.Width = "Explore in tokenjoule: "+link, imageWidth
	option, height, err := charts.ForImage(option, img)
	if err == nil {
		png, err = renderChart(string(option), imageWidth, height, false)
	}
	return name, png, err
}

// Render is the button, and the dialog when open.
func (b *Builder) Render() app.UI {
	button := disabledUntilStart(app.Button().Type("button").ID("embed-open").Class("embed-open").
		Aria("haspopup", "dialog").Text("Embed").OnClick(b.onOpen))
	return app.Div().Class("embed-builder").Body(button, slot(b.open, b.renderDialog))
}

func (b *Builder) renderDialog() app.UI {
	names := map[string]string{
		state.LayoutCard:        "Card: the answer",
		state.LayoutChart:       "Chart",
		state.LayoutInteractive: "Interactive calculator",
	}
	switch {
	case b.compare():
		names[state.LayoutCard] = "Card: the ranking"
	case b.plans():
		names[state.LayoutCard], names[state.LayoutInteractive] = "Card: the plan", "Interactive plan"
	}
	var layouts []app.UI
	for _, l := range []string{state.LayoutCard, state.LayoutChart, state.LayoutInteractive} {
		if slices.Contains(b.layouts(), l) {
			layouts = append(layouts, option(layoutValue(l), names[l], l == b.look.Layout))
		}
	}
	what := "calculation"
	switch {
	case b.compare():
		what = "ranking"
	case b.plans():
		what = "plan"
	}
	return app.Dialog().ID("embed-dialog").Class("embed-dialog card").Aria("labelledby", "embed-title").
		Aria("describedby", "embed-about").On("close", b.onClosed).OnKeyDown(b.onKey).Body(
		app.H2().ID("embed-title").Text("Embed this "+what),
		app.P().ID("embed-about").Class("small").Text("Pick how the embed looks; the preview shows it, and the code below puts it in a web page. "+
			"Where a page takes no frame, download the picture instead."),
		app.Div().Class("builder-options").Body(
			field("embed-layout", "Layout", app.Select().ID("embed-layout").OnChange(b.onLayout).Body(layouts...)),
			slot(b.look.Layout == state.LayoutChart, b.renderChartChoice),
			slot(b.look.Layout == state.LayoutInteractive, b.renderHideChoice),
			field("embed-theme", "Colours", app.Select().ID("embed-theme").OnChange(b.onTheme).Body(
				option("", "The reader's setting", b.look.Theme == ""),
				option("light", "Light", b.look.Theme == "light"),
				option("dark", "Dark", b.look.Theme == "dark"),
			)),
			field("embed-width", "Preview at", app.Select().ID("embed-width").OnChange(b.onWidth).Body(
				option("720", "An article's width, 720 px", b.width == 720),
				option("360", "A phone's width, 360 px", b.width == 360),
			)),
		),
		app.Div().ID("embed-preview-box").Class("embed-preview").TabIndex(0).Role("region").Aria("label", "Preview, scrolls sideways on a narrow screen").Body(
			// inert: a preview to look at; its controls would otherwise
			// take the keyboard out of the dialog.
			app.IFrame().ID("embed-frame").Title("Preview: "+b.title()).Src(b.previewSrc()).
				Width(b.width).Height(b.height()).Attr("inert", true),
		),
		app.Label().For("embed-snippet").Class("builder-label").Text("Code to paste: the frame and its script"),
		app.Textarea().ID("embed-snippet").ReadOnly(true).Rows(6).Spellcheck(false).Text(b.snippet()),
		app.Div().Class("row").Body(
			app.Button().Type("button").ID("embed-copy").Class("primary").AutoFocus(true).Text("Copy the code").OnClick(b.onCopy),
			app.A().ID("embed-preview").Href(b.previewSrc()).Target("_blank").Rel("noopener").Text("Open the embed ↗"),
		),
		app.H3().Class("builder-label").Text("No frames allowed? A picture and a link"),
		app.Div().Class("row").Body(
			app.Button().Type("button").ID("embed-picture").Text("Download as a picture").OnClick(b.onPicture),
			app.Button().Type("button").ID("embed-copy-link").Text("Copy link").OnClick(b.onCopyLink),
		),
		app.Label().For("embed-alt").Class("builder-label").Text("Alt text to paste with the picture"),
		app.Textarea().ID("embed-alt").ReadOnly(true).Rows(3).Text(b.alt()),
		app.Label().For("embed-link").Class("builder-label").Text("Link to the full page, with this "+what),
		app.Input().Type("text").ID("embed-link").ReadOnly(true).Value(b.permalink()),
		app.P().ID("embed-status").Class(statusClass(b.failed)).Role("status").Text(b.status),
		app.Div().Class("row end").Body(
			app.Button().Type("button").ID("embed-close").Class("close").Text("Close").OnClick(b.onClose),
		),
	)
}

// layoutValue is a layout as the builder's select and the URL name it.
func layoutValue(l string) string {
	if l == state.LayoutInteractive {
		return "interactive"
	}
	return l
}

func (b *Builder) renderChartChoice() app.UI {
	values, names := b.charts()
	var opts []app.UI
	for i, c := range values {
		opts = append(opts, option(c, names[i], c == b.look.Chart))
	}
	return field("embed-chart", "Chart", app.Select().ID("embed-chart").OnChange(b.onChart).Body(opts...))
}

// renderHideChoice is a checkbox for each control the interactive embed
// may hide.
func (b *Builder) renderHideChoice() app.UI {
	labels := map[string]string{state.ParamTask: "Task", state.ParamModel: "Model", state.ParamGPU: "GPU",
		state.ParamDeadline: "Deadline", state.ParamPercentile: "Percentile", state.ParamTokens: "Volume"}
	if b.traffic() != nil {
		labels[state.ParamTokens] = "Traffic"
	}
	var boxes []app.UI
	for _, p := range b.controls() {
		box := app.Input().Type("checkbox").ID("embed-hide-" + p).Name(p).OnChange(b.onHide)
		if b.look.Hidden.Has(p) {
			box = box.Checked(true) // only when true: go-app prerenders checked="false"
		}
		boxes = append(boxes, app.Label().Class("check").Body(box, app.Text(" "+labels[p])))
	}
	return app.FieldSet().ID("embed-hide").Class("builder-hide").Body(
		app.Legend().Text("Hide these controls (a fixed scenario)"),
		app.Div().Class("checks").Body(boxes...),
	)
}
