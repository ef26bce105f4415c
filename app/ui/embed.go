package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/state"
	"tokenjoule/data"
)

// Embed is the compact calculator for iframes, at /embed: the result, the
// selected configuration, the inputs (less those the hide parameter hides),
// the energy–latency chart, and the caveat and citation in one line with a
// link to the full calculator. It tells its parent window its height, and
// nothing else (see watchHeight).
type Embed struct {
	app.Compo
	calc
	stopHeight func()
}

// OnNav reads the query as the full page does, plus the hide parameter;
// a name hide does not know gets a notice like any refused value.
func (c *Embed) OnNav(ctx app.Context) {
	c.calc.OnNav(ctx)
	if c.loadErr != nil {
		return
	}
	v, _ := state.ParseQuery(ctx.Page().URL().RawQuery) // calc.OnNav reported what it drops
	hidden, notices := state.ParseHidden(v)
	c.hidden = hidden
	c.notices = append(c.notices, notices...)
	forgetRefused(ctx, state.EmbedString(c.q, c.hidden), c.notices)
}

func (c *Embed) OnMount(ctx app.Context) {
	c.calc.OnMount(ctx)
	c.stopHeight = watchHeight()
}

func (c *Embed) OnDismount() {
	if c.stopHeight != nil {
		c.stopHeight()
	}
}

// Render puts what an author embeds for first, so that the answer and its
// configuration are read without scrolling in a short iframe.
func (c *Embed) Render() app.UI {
	root := c.prestart(app.Main().Class("embed"))
	if c.mounted {
		root = root.DataSet("mounted", "true")
	}
	if c.loadErr != nil {
		return root.Body(app.P().Class("error").Text("The embedded dataset failed to load: " + c.loadErr.Error()))
	}
	spec := chartSpecs[0]
	return root.Body(
		// A frame has no title of its own to show: the heading is for
		// people who navigate the page by headings.
		app.H1().Class("sr-only").Text("tokenjoule: GPU energy of a language model"),
		c.renderNoJS(),
		&Notices{List: c.notices},
		c.renderResult(true),
		c.renderControls(true),
		c.renderAnnouncement(),
		app.Figure().Class("chart card").Body(
			app.H2().Text(spec.title),
			c.chart(0),
			renderChartNoJS(),
		),
		c.share(true),
		c.renderAbout(),
	)
}

// renderAbout is the caveat, the source and the citation in one line, and
// the way to the full calculator.
func (c *Embed) renderAbout() app.UI {
	src, caveat := c.set.Index.Source, c.set.Index.Caveat
	if c.res != nil {
		src, caveat = c.res.Model.Source, c.res.Model.Caveat
	}
	return embedAbout(src, caveat, c.set.Index.DataVersion,
		appURL("/", c.foot.fp.AppendTo(state.String(c.q))), "The full calculator, with this calculation, in a new tab", "Full calculator ↗")
}

// embedAbout is an embed's caveat, source and citation in one line, each in
// full in its title, and a link to the full page (href, title, text). Every
// link opens a new tab: followed inside the iframe, it would replace the
// embed.
func embedAbout(src data.Source, caveat, dataVersion, href, title, text string) app.UI {
	lead, _, _ := strings.Cut(caveat, ",")
	newTab := func(id, href, title, text string) app.UI {
		return app.A().ID(id).Href(href).Target("_blank").Rel("noopener").Title(title).Text(text)
	}
	return app.P().ID("embed-about").Class("embed-about").Body(
		app.Span().ID("caveat").Title(caveat).Text("A floor: "+lead+"."),
		app.Text(" Data: "),
		newTab("dataset", src.URL, src.Name+" "+datasetVersion(src, dataVersion)+" Licence: "+src.Licence+".", src.Name),
		app.Text(" · Cite: "),
		newTab("cite", src.CiteURL, src.Cite, shortCite(src.Cite)),
		app.Text(" · "),
		newTab("open-full", href, title, text),
	)
}

// shortCite keeps the authors and the last reference of a citation written
// "Authors, Title, Venue, arXiv id": "Chung et al., arXiv 2505.06371".
func shortCite(cite string) string {
	parts := strings.Split(cite, ", ")
	if len(parts) < 3 {
		return cite
	}
	return parts[0] + ", " + parts[len(parts)-1]
}

// compactConfig is the selected configuration in the embed: what identifies
// it and what it costs, in a few short lines, the terms explained as on the
// full page. The ids are the full page's.
func compactConfig(s *data.Config, q data.Query) app.UI {
	p := q.Percentile
	n, _, _ := strings.Cut(shareWithin(p), " tokens")
	return app.Dl().ID("cfg").Class("config compact").Body(
		explained("cfg-gpu", termGPUs, app.Text(s.Hardware())),
		explained("cfg-parallel", termParallel, app.Text(fmt.Sprintf("TP %d · DP %d · EP %d", s.TensorParallel, s.DataParallel, s.ExpertParallel))),
		explained("cfg-precision", termPrecision, app.Text(s.Precision)),
		explained("cfg-max-num-seqs", termBatchLimit, app.Text(strconv.Itoa(s.MaxNumSeqs))),
		figure("cfg-itl-"+string(p), fmt.Sprintf("Wait, %s tokens within (%s ITL)", n, p), data.FormatITL(p.ITL(s), q.DeadlineMS)+" ms"),
		figure("j-per-token", "GPU joules per token", data.FormatNumber(float64(s.JoulesPerToken))),
		figure("wh-per-mtok", "GPU Wh per 1M tokens", data.FormatNumber(float64(s.WhPerMillionTokens))),
		figure("cfg-power", "GPU power", data.FormatNumber(float64(s.PowerWatts))+" W"),
		explained("cfg-row", termRow, rowParts(s.RowID)...),
	)
}

// The size the snippet gives the iframe; the README's script then fits its
// height to the content.
const (
	embedWidth  = 720
	embedHeight = 480
)

// embedDialog is the state of the full page's Embed dialog.
type embedDialog struct {
	open   bool
	fixed  bool   // the snippet hides every control: a fixed scenario
	origin string // scheme://host of the page, for the snippet's absolute URL
	status string // what the last copy did, for the reader
}

// embedSrc is the absolute URL of this deployment's embed for a query
// string: the page's origin, the site's sub-path (prefix, "" at the root),
// /embed and the query.
func embedSrc(origin, prefix, query string) string {
	return origin + prefix + "/embed?" + query
}

// embedSnippet is the iframe element an author pastes into a page. The
// values are escaped as attribute text: the snippet is shown as text and
// never parsed as HTML here, but the author's page will parse it.
func embedSnippet(src, title string) string {
	return fmt.Sprintf(`<iframe src="%s" width="%d" height="%d" title="%s" style="max-width:100%%;border:0"></iframe>`,
		attrEscaper.Replace(src), embedWidth, embedHeight, attrEscaper.Replace(title))
}

// attrEscaper escapes text for a double-quoted HTML attribute. (Package
// html's EscapeString would link its entity table into the wasm.)
var attrEscaper = strings.NewReplacer("&", "&amp;", `"`, "&quot;", "<", "&lt;", ">", "&gt;", "'", "&#39;")

// embedQuery is the embed's query string for the current state, with the
// footprint's parameters.
func (c *Calculator) embedQuery() string {
	return c.foot.fp.AppendTo(state.EmbedString(c.q, c.embedHidden()))
}

func (c *Calculator) embedHidden() state.Hidden {
	if c.embed.fixed {
		return state.AllHidden()
	}
	return 0
}

// resizeScript is the README's two-line script, which fits every embed of
// a page to its content's height (see HeightMessage).
const resizeScript = `addEventListener("message", (e) => { if (e.data && e.data.type === "tokenjoule:height")
  for (const f of document.querySelectorAll("iframe")) if (f.contentWindow === e.source) f.style.height = e.data.height + "px"; });
`

// snippet is what an author pastes for the current state: the iframe, then
// the script that fits it to its content.
func (c *Calculator) snippet() string {
	name := c.q.Model
	if c.res != nil {
		name = c.res.Model.Name
	}
	title := fmt.Sprintf("tokenjoule: GPU energy of %s output tokens of %s", data.FormatTokens(c.q.Tokens), name)
	return embedSnippet(embedSrc(c.embed.origin, rootPrefix(), c.embedQuery()), title) +
		"\n<script>\n" + resizeScript + "</script>"
}

// onEmbedOpen opens the Embed dialog, modal, once it is rendered.
func (c *Calculator) onEmbedOpen(ctx app.Context, e app.Event) {
	u := ctx.Page().URL()
	c.embed.origin = u.Scheme + "://" + u.Host
	c.embed.open = true
	c.embed.status = ""
	ctx.Defer(func(app.Context) { showModal("embed-dialog") })
}

// onEmbedClose closes the dialog as Escape does; onEmbedClosed follows.
func (c *Calculator) onEmbedClose(ctx app.Context, e app.Event) { closeDialog("embed-dialog") }

// onEmbedClosed handles the dialog's close event, whichever closed it, and
// gives focus back to the button that opened it.
func (c *Calculator) onEmbedClosed(ctx app.Context, e app.Event) {
	c.embed.open = false
	focus("embed-open")
}

// onEmbedKey keeps Tab and Shift+Tab in the dialog: from its last control
// to its first and back, where the browser would go on to its own address
// bar.
func (c *Calculator) onEmbedKey(ctx app.Context, e app.Event) {
	if e.Get("key").String() == "Tab" {
		wrapTab(ctx.JSSrc(), e)
	}
}

func (c *Calculator) onEmbedFixed(ctx app.Context, e app.Event) {
	c.embed.fixed = ctx.JSSrc().Get("checked").Bool()
	c.embed.status = ""
}

// onEmbedCopy copies the snippet; where the browser refuses, the snippet is
// selected in its box for the reader to copy, and the status says so.
func (c *Calculator) onEmbedCopy(ctx app.Context, e app.Event) {
	c.embed.status = ""
	copyText(c.snippet(), func(reason string) {
		ctx.Dispatch(func(app.Context) {
			if reason == "" {
				c.embed.status = "Copied to the clipboard."
				return
			}
			selectText("embed-snippet")
			c.embed.status = "The browser did not copy (" + reason + "): the snippet is selected, copy it with Ctrl+C or ⌘C."
		})
	})
}

func (c *Calculator) renderEmbedDialog() app.UI {
	fixed := app.Input().Type("checkbox").ID("embed-fixed").OnChange(c.onEmbedFixed)
	if c.embed.fixed {
		// Only when true: go-app prerenders a false boolean as checked="false".
		fixed = fixed.Checked(true)
	}
	return app.Dialog().ID("embed-dialog").Class("embed-dialog card").Aria("labelledby", "embed-title").
		Aria("describedby", "embed-about").On("close", c.onEmbedClosed).OnKeyDown(c.onEmbedKey).Body(
		app.H2().ID("embed-title").Text("Embed this calculation"),
		app.P().ID("embed-about").Class("small").Text("Paste this into a web page: the frame shows the calculation above, which readers can change unless the controls are hidden. "+
			"The script after it fits the frame to its content; without it, the frame keeps its height and scrolls."),
		app.Textarea().ID("embed-snippet").ReadOnly(true).Rows(7).Spellcheck(false).
			Aria("label", "Code to paste: the frame and its script").Text(c.snippet()),
		app.Label().Class("check").Body(fixed, app.Text(" Hide the controls (a fixed scenario)")),
		app.Div().Class("row").Body(
			app.Button().Type("button").ID("embed-copy").Class("primary").AutoFocus(true).Text("Copy").OnClick(c.onEmbedCopy),
			app.A().ID("embed-preview").Href(appURL("/embed", c.embedQuery())).
				Target("_blank").Rel("noopener").Text("Open the embed ↗"),
			app.Button().Type("button").ID("embed-close").Class("close").Text("Close").OnClick(c.onEmbedClose),
		),
		app.P().ID("embed-status").Class("small").Role("status").Text(c.embed.status),
	)
}
