package ui

// The Embed button and its dialog: the markup, and the handlers of its
// controls.

import (
	"slices"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/catalogue"
	"tokenjoule/app/state"
	"tokenjoule/data/export"
	"tokenjoule/data/lang"
)

// onOpen opens the dialog, modal, once it is rendered, and listens to its
// preview's height.
func (b *Builder) onOpen(ctx app.Context, e app.Event) {
	u := ctx.Page().URL()
	b.origin = u.Scheme + "://" + u.Host
	b.open = true
	b.setStatus("", false)
	if b.stop == nil {
		b.stop = watchFrameHeight([]string{"embed-frame", "embed-measure"}, func(src string, width, h int) {
			ctx.Dispatch(func(app.Context) { b.heights[src+"@"+strconv.Itoa(width)] = h })
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

func (b *Builder) onLang(ctx app.Context, e app.Event) {
	if t, ok := lang.Parse(value(ctx)); ok || value(ctx) == "" {
		if !ok {
			t = ""
		}
		b.look.Lang = t
		b.setStatus("", false)
		if t != "" && !t.Loaded() {
			// The pinned card and its picture speak t once its words are in.
			ctx.Async(func() {
				if err := catalogue.Fetch(t); err != nil {
					app.Log(err)
				}
				ctx.Dispatch(func(app.Context) {})
			})
		}
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
// what names the text, as a key of the catalogue's builder.copied.* and
// builder.refused.* sentences.
func (b *Builder) copy(ctx app.Context, what, text, box string) {
	b.setStatus("", false)
	copyText(text, func(reason string) {
		ctx.Dispatch(func(app.Context) {
			if reason == "" {
				b.setStatus(b.tr("builder.copied."+what), false)
				return
			}
			selectText(box)
			b.setStatus(b.tr("builder.refused."+what, "reason", reason), true)
		})
	})
}

func (b *Builder) onCopy(ctx app.Context, e app.Event) {
	b.copy(ctx, "snippet", b.snippet(), "embed-snippet")
}

func (b *Builder) onCopyPinned(ctx app.Context, e app.Event) {
	b.copy(ctx, "pinned", b.pinnedSnippet(), "embed-pinned")
}

// onPinnedLoad takes the pinned card's height at a phone's width from the
// frame that measures it, for the document it loaded.
func (b *Builder) onPinnedLoad(ctx app.Context, e app.Event) {
	if h := frameDocumentHeight(ctx.JSSrc()); h > 0 {
		b.heights["pinned:"+ctx.JSSrc().Call("getAttribute", "srcdoc").String()] = h
	}
}

func (b *Builder) onCopyLink(ctx app.Context, e app.Event) {
	b.copy(ctx, "link", b.permalink(), "embed-link")
}

// Render is the button, and the dialog when open.
func (b *Builder) Render() app.UI {
	button := disabledUntilStart(app.Button().Type("button").ID("embed-open").Class("embed-open").
		Aria("haspopup", "dialog").Text(b.Lang.T("button.embed")).OnClick(b.onOpen))
	return app.Div().Class("embed-builder").Body(button, slot(b.open, b.renderDialog))
}

func (b *Builder) renderDialog() app.UI {
	names := map[string]string{
		state.LayoutCard:        b.tr("builder.layout.card"),
		state.LayoutChart:       b.tr("builder.layout.chart"),
		state.LayoutInteractive: b.tr("builder.layout.interactive"),
	}
	switch {
	case b.compare():
		names[state.LayoutCard] = b.tr("builder.layout.card.ranking")
	case b.plans():
		names[state.LayoutCard], names[state.LayoutInteractive] = b.tr("builder.layout.card.plan"), b.tr("builder.layout.interactive.plan")
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
		app.H2().ID("embed-title").Text(b.tr("builder.title."+what)),
		app.P().ID("embed-about").Class("small").Text(b.tr("builder.about")),
		app.Div().Class("builder-options").Body(
			field("embed-layout", b.tr("builder.layout"), app.Select().ID("embed-layout").OnChange(b.onLayout).Body(layouts...)),
			slot(b.look.Layout == state.LayoutChart, b.renderChartChoice),
			slot(b.look.Layout == state.LayoutInteractive, b.renderHideChoice),
			field("embed-theme", b.tr("builder.theme"), app.Select().ID("embed-theme").OnChange(b.onTheme).Body(
				option("", b.tr("builder.theme.reader"), b.look.Theme == ""),
				option("light", b.tr("builder.theme.light"), b.look.Theme == "light"),
				option("dark", b.tr("builder.theme.dark"), b.look.Theme == "dark"),
			)),
			field("embed-lang", b.tr("builder.lang"), app.Select().ID("embed-lang").OnChange(b.onLang).Body(b.langOptions()...)),
			field("embed-width", b.tr("builder.width"), app.Select().ID("embed-width").OnChange(b.onWidth).Body(
				option("720", b.tr("builder.width.article"), b.width == 720),
				option("360", b.tr("builder.width.phone"), b.width == 360),
			)),
		),
		app.Div().ID("embed-preview-box").Class("embed-preview").TabIndex(0).Role("region").Aria("label", b.tr("builder.preview.box")).Body(
			// inert: a preview to look at; its controls would otherwise
			// take the keyboard out of the dialog.
			app.IFrame().ID("embed-frame").Title(b.tr("builder.preview", "title", b.title())).Src(b.previewSrc()).
				Width(b.width).Height(b.previewHeight()).Attr("inert", true),
		),
		// The same embed at a phone's width, out of sight, which measures
		// the snippet's height while the preview shows an article's width.
		slot(b.width != phoneWidth, func() app.UI {
			return app.IFrame().ID("embed-measure").Class("embed-measure").Title(b.tr("builder.measure")).
				Src(b.previewSrc()).Width(phoneWidth).Height(b.snippetHeight()).TabIndex(-1).
				Aria("hidden", "true").Attr("inert", true)
		}),
		app.Label().For("embed-snippet").Class("builder-label").Text(b.tr("builder.snippet")),
		app.Textarea().ID("embed-snippet").ReadOnly(true).Rows(6).Spellcheck(false).Text(b.snippet()),
		app.Div().Class("row").Body(
			app.Button().Type("button").ID("embed-copy").Class("primary").AutoFocus(true).Text(b.tr("builder.copy")).OnClick(b.onCopy),
			app.A().ID("embed-preview").Href(b.previewSrc()).Target("_blank").Rel("noopener").Text(b.tr("builder.open")+" ↗"),
		),
		slot(b.pins(), b.renderPinned),
		app.H3().Class("builder-label").Text(b.tr("builder.noframes")),
		app.Div().Class("row").Body(
			app.Button().Type("button").ID("embed-picture").Text(b.tr("builder.picture")).OnClick(b.onPicture),
			app.Button().Type("button").ID("embed-copy-link").Text(b.tr("builder.copy.link")).OnClick(b.onCopyLink),
		),
		app.Label().For("embed-alt").Class("builder-label").Text(b.tr("builder.alt")),
		app.Textarea().ID("embed-alt").ReadOnly(true).Rows(3).Text(b.alt()),
		app.Label().For("embed-link").Class("builder-label").Text(b.tr("builder.link."+what)),
		app.Input().Type("text").ID("embed-link").ReadOnly(true).Value(b.permalink()),
		app.P().ID("embed-status").Class(statusClass(b.failed)).Role("status").Text(b.status),
		app.Div().Class("row end").Body(
			app.Button().Type("button").ID("embed-close").Class("close").Text(b.tr("builder.close")).OnClick(b.onClose),
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
	return field("embed-chart", b.tr("builder.layout.chart"), app.Select().ID("embed-chart").OnChange(b.onChart).Body(opts...))
}

// renderHideChoice is a checkbox for each control the interactive embed
// may hide.
func (b *Builder) renderHideChoice() app.UI {
	labels := map[string]string{}
	for _, p := range b.controls() {
		labels[p] = b.tr("builder.hide." + p)
	}
	if b.traffic() != nil {
		labels[state.ParamTokens] = b.tr("builder.hide.traffic")
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
		app.Legend().Text(b.tr("builder.hide")),
		app.Div().Class("checks").Body(boxes...),
	)
}

// renderPinned is the pinned snippet: the card in static HTML and CSS,
// which needs no script and stays as it is when the data change; and,
// out of sight, the frame that measures it at a phone's width.
func (b *Builder) renderPinned() app.UI {
	page := b.pinnedPage()
	return app.Div().ID("embed-pinned-box").Body(
		app.Label().For("embed-pinned").Class("builder-label").Text(b.tr("builder.pinned", "edition", b.edition())),
		app.Textarea().ID("embed-pinned").ReadOnly(true).Rows(4).Spellcheck(false).Text(b.pinnedSnippet()),
		app.Div().Class("row").Body(
			app.Button().Type("button").ID("embed-copy-pinned").Text(b.tr("builder.copy.pinned")).OnClick(b.onCopyPinned),
		),
		app.IFrame().ID("embed-pinned-measure").Class("embed-measure").Title(b.tr("builder.measure.pinned")).
			SrcDoc("%s", page).Sandbox("allow-same-origin").Width(phoneWidth).Height(b.pinnedHeight(page)).TabIndex(-1).
			Aria("hidden", "true").Attr("inert", true).On("load", b.onPinnedLoad),
	)
}

// langOptions are the embed's languages: the reader's, then each the site
// speaks, named in itself.
func (b *Builder) langOptions() []app.UI {
	opts := []app.UI{option("", b.tr("builder.lang.reader"), b.look.Lang == "")}
	for _, t := range lang.Tags() {
		opts = append(opts, option(string(t), t.Name(), b.look.Lang == t))
	}
	return opts
}

// tr is the sentence of key in the page's language.
func (b *Builder) tr(key string, vars ...string) string { return b.Lang.T(key, vars...) }

// edition names the data a pinned card's figures are fixed at, its date
// in the page's language.
func (b *Builder) edition() string { return export.EditionIn(b.Lang, b.source().Index.Source) }
