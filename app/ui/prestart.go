package ui

// What the page shows before the app runs. The server (tokenjoule serve)
// prerenders each page for the request's query; a static site holds one page
// per path, prerendered for no query, which a static host serves for every
// query. So the prerendered figures answer the link only where the query is
// the one they were rendered for. The page says so:
//
//   - with JavaScript, web/guard.js compares the link's query with the one
//     main[data-query] was rendered for; where they differ it hides the
//     figures (html.tj-pending), shows the link's own parameters in #pending
//     and says it is calculating, until the app answers;
//   - without JavaScript, or where the app cannot start (html without the
//     class js), the notice .nojs says that the calculator needs it, and
//     which question the figures answer: the default example when rendered
//     for no query, the link's otherwise.
//
// The inputs work before the app runs: web/guard.js notes what a reader
// does with them, which the app does again once it runs (answerEarly); with
// JavaScript off, they are disabled (disabledUntilStart). Each page (the
// calculator, the compare page and their embeds) embeds a prerender and puts
// these parts in its markup.

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"unicode/utf16"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/footprint"
)

// prerendering is true when the page is rendered as HTML for the browser to
// show before the app runs.
func prerendering() bool { return app.IsServer }

// prerender is the query a page's prerendered figures answer: the raw query
// of the URL its OnNav read, which is "" on a static site.
type prerender struct {
	rendered string

	atInit  string // the raw query OnInit read, in the browser
	readURL bool   // OnInit read the URL, and no OnNav has come since
}

// urlAtInit is, in the browser, the page's URL, which OnInit then reads
// (see readAtInit); nil when prerendering.
func (p *prerender) urlAtInit() *url.URL {
	u := pageURL()
	if u != nil {
		p.atInit, p.readURL = u.RawQuery, true
	}
	return u
}

// readAtInit tells, once, whether OnInit read u already: the first OnNav
// then has nothing to read, and nothing to render anew.
func (p *prerender) readAtInit(u *url.URL) bool {
	read := p.readURL && u.RawQuery == p.atInit
	p.readURL = false
	return read
}

// prestart marks the prerendered main element with a digest of the query
// its figures answer (queryDigest), which web/guard.js computes for the
// link's query: the query itself may be a megabyte long, and a page must not
// repeat it.
func (p *prerender) prestart(root app.HTMLMain) app.HTMLMain {
	if !prerendering() {
		return root
	}
	return root.Class("prerendered").DataSet("query", queryDigest(p.rendered))
}

// mainElement is a page's main element: class, marked prerendered (prestart),
// and marked data-mounted once the app has mounted it, which the browser
// tests and outside tools wait for.
func (p *prerender) mainElement(class string, mounted bool) app.HTMLMain {
	root := p.prestart(app.Main().Class(class))
	if mounted {
		root = root.DataSet("mounted", "true")
	}
	return root
}

// prerenderOnlyKey marks (data-prerender-only) an element of the
// prerendered page that the app does not render: go-app, which adopts the
// prerendered page as the app's (see Start), drops it.
const prerenderOnlyKey = "prerender-only"

// prerenderOnly is p marked as only prerendered.
func prerenderOnly(p app.HTMLP) app.HTMLP { return p.DataSet(prerenderOnlyKey, true) }

// failed is a page that could not answer: root holding the reason alone.
func failed(root app.HTMLMain, reason string) app.UI {
	return root.Body(app.P().Class("error").Text(reason))
}

// loadFailed says that the embedded dataset did not load.
func loadFailed(root app.HTMLMain, err error) app.UI {
	return failed(root, "The embedded dataset failed to load: "+err.Error())
}

// queryDigest is the 32-bit FNV-1a hash of a raw query string, in hex, as
// web/guard.js's digest computes it from location.search. It hashes UTF-16
// code units, which JavaScript's strings are made of; a query is ASCII (a
// browser percent-encodes the rest), where they are the bytes. Two queries
// that collide would only show figures prerendered for another question
// until the app answers the link's (a second or so): no attacker gains by it.
func queryDigest(q string) string {
	h := uint32(2166136261)
	for _, u := range utf16.Encode([]rune(q)) {
		h = (h ^ uint32(u)) * 16777619
	}
	return fmt.Sprintf("%08x", h)
}

// renderNoJS is the notice shown when JavaScript is off or the app cannot
// start, prerendered only.
func (p *prerender) renderNoJS() app.UI {
	if !prerendering() {
		return nil
	}
	msg := "This calculator needs JavaScript, which is off or blocked here. The figures below are its default example: they do not answer a link that asks something else."
	if p.rendered != "" {
		msg = "This calculator needs JavaScript, which is off or blocked here. The figures below answer this link's question, but the inputs cannot change them."
	}
	return prerenderOnly(app.P().ID("nojs").Class("notice nojs").Role("note").Text(msg))
}

// renderPending is, prerendered only, what the result (#result) shows in
// place of the figures when they do not answer the link (web/guard.js fills
// in the link's question), and, without JavaScript, the label of the
// default example.
func (p *prerender) renderPending(set *data.Set) []app.UI {
	if !prerendering() {
		return nil
	}
	return []app.UI{
		app.Div().ID("pending").Class("pending").Role("status").DataSet("names", nameTable(set)).DataSet(prerenderOnlyKey, true).Body(
			app.P().ID("pending-question").Class("question"), // filled by web/guard.js
			app.P().Class("calculating").Text("Calculating…"),
		),
		p.renderExample("example"),
	}
}

// nameTable is what web/guard.js needs to say a link's question in the
// page's words, before the app runs: the names of the workloads, the models
// and the footprint's presets, by parameter and lower-case id, as JSON,
// query-escaped as main[data-query] is (go-app quotes attributes the Go way).
func nameTable(set *data.Set) string {
	names := map[string]map[string]string{state.ParamTask: {}, state.ParamModel: {}}
	for _, w := range set.Index.Workloads {
		names[state.ParamTask][strings.ToLower(w.ID)] = w.Name
		for _, m := range w.Models {
			names[state.ParamModel][strings.ToLower(m.Slug)] = m.Name
		}
	}
	names[state.ParamBoundary] = map[string]string{}
	for _, b := range footprint.Boundaries {
		names[state.ParamBoundary][b.ID] = b.Label
	}
	for _, p := range []*footprint.Param{footprint.PUE, footprint.Grid, footprint.WUE} {
		names[p.Name] = map[string]string{}
		for _, pr := range p.Presets {
			names[p.Name][strings.ToLower(pr.ID)] = pr.Label
		}
	}
	b, _ := json.Marshal(names) // strings only: it cannot fail
	return url.QueryEscape(string(b))
}

// renderExample labels, without JavaScript, figures prerendered for no
// query as the default example; id tells the labels of a page apart.
func (p *prerender) renderExample(id string) app.UI {
	if !prerendering() || p.rendered != "" {
		return nil
	}
	return prerenderOnly(app.P().ID(id).Class("example nojs").Text("Default example"))
}

// answerPart is the class of what shows the prerendered answer outside
// #result, or leads to it (a link that carries its state): while the figures
// do not answer the link, it is hidden (web/style.css).
const answerPart = "answer-part"

// inputsCard is the card of a page's inputs. Prerendered, it is disabled
// where the app cannot run (disabledUntilStart), and says that the app is
// starting where it can.
func inputsCard(inputs ...app.UI) app.UI {
	set := disabledUntilStart(app.FieldSet().ID(inputsID).Class("controls card").Aria("label", "Inputs"))
	if !prerendering() {
		return set.Body(inputs...)
	}
	return set.Body(append([]app.UI{
		prerenderOnly(app.P().Class("starting withjs").Text("Starting the calculator…")),
	}, inputs...)...)
}

// disabler is an element that can be disabled: a button, a fieldset.
type disabler[E any] interface {
	Disabled(bool) E
	DataSet(string, any) E
}

// disabledUntilStart disables e in the prerendered page, marked
// data-nojs-disabled: where JavaScript is off it does nothing. Where the app
// is to run, web/guard.js enables it as the page is parsed, and what it is
// given before the app runs is done once it runs.
func disabledUntilStart[E disabler[E]](e E) E {
	if !prerendering() {
		return e
	}
	// Only when true: go-app prerenders disabled="false".
	return e.Disabled(true).DataSet("nojs-disabled", true)
}

// renderChartNoJS replaces a chart's empty box when JavaScript is off or
// the app cannot start.
func renderChartNoJS() app.UI {
	if !prerendering() {
		return nil
	}
	return prerenderOnly(app.P().Class("chart-nojs nojs").Text("The chart needs JavaScript, which is off or blocked here."))
}
