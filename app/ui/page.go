package ui

import (
	"net/url"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/catalogue"
	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/lang"
)

// page is what the calculator, the compare page and the plan share, full
// or embedded: the go-app component's lifecycle, the state read from the
// URL and written back to it, the inputs every page has (page_inputs.go)
// and the frame of its markup. Each page embeds a page, made by its
// constructor (newCalculator, newCompare, newPlan: the routes' one way to
// make a page or its embed), and supplies what is its own through
// pageState.
type page struct {
	app.Compo
	prerender // what the prerendered page answers (see prestart.go)

	own      pageState // the page that embeds this one
	embedded bool      // the version for iframes, under /embed, which also reads its layout
	class    string    // what the main element's class adds to the page's: "compare", "plan"
	// rawFootprint keeps, when the refused values leave the address bar
	// (forgetRefused), the footprint's parameters as the link wrote them:
	// the calculator's way.
	rawFootprint bool

	set     *data.Set
	loadErr error
	q       data.Query
	notices []state.Notice
	look    state.Embed // the embed's layout, chart, theme and hidden controls; the zero value on a full page
	// asked is the language the URL asks for ("" for none), kept in the
	// URL and the links; lang the one the page speaks (state.Language),
	// English when prerendering.
	asked, lang lang.Tag

	// The free-form boxes, as typed (refused text stays while the query
	// keeps the last good value), and the deadline's slider.
	deadline, volume box
	slider           slider
	foot             fpInputs // the footprint's inputs (footprint.go)

	ctx        app.Context // the component's context, from OnMount
	mounted    bool
	stopHeight func()
}

// pageState is what each page has of its own.
type pageState interface {
	// read takes the page's state from its URL's values: the query, the
	// footprint (fpInputs.load) and its own parameters. It returns a
	// notice for each value it refused.
	read(v url.Values) []state.Notice
	// readLook reads the embed's own parameters (layout, chart, theme,
	// hide), for the layouts the page offers.
	readLook(v url.Values) (state.Embed, []state.Notice)
	// valid is a query from an input made valid for the page.
	valid(q data.Query) data.Query
	// compute answers the page's state.
	compute()
	// query is the page's state as its URL writes it, but for the
	// footprint's parameters.
	query() string
	// render is the page's markup in root, its main element, once the
	// dataset is loaded.
	render(root app.HTMLMain) app.UI
}

// box is a free-form text box: its text as typed, and why it is refused.
type box struct{ text, err string }

// OnInit answers the page's URL in the browser; when prerendering, the
// default query (OnNav then reads the request's): go-app renders the
// component before it navigates to it.
func (p *page) OnInit() {
	p.set, p.loadErr = dataset()
	if p.loadErr != nil {
		return
	}
	u := p.urlAtInit()
	if u == nil {
		u = &url.URL{}
	}
	p.fromURL(u)
	startTurn() // the answer's markup in a turn of its own
}

// OnNav reads the state from the URL, also when prerendering (where the
// server's request URL is used), with a notice for any part of the query
// that is not understood, unless OnInit read this very URL; then takes the
// refused values out of the address bar. A page a link opened opens at its
// top (arrived).
func (p *page) OnNav(ctx app.Context) {
	arrived(ctx.Page().URL())
	if p.loadErr != nil {
		return
	}
	if u := ctx.Page().URL(); !p.readAtInit(u) {
		p.fromURL(u)
	} else {
		ctx.PreventUpdate()
	}
	refused := p.own.query()
	if !p.rawFootprint {
		refused = p.foot.fp.AppendTo(refused)
	}
	refused = state.WithLang(refused, p.asked)
	forgetRefused(ctx, refused, p.notices)
	if !p.lang.Loaded() {
		p.fetchLanguage(ctx)
	}
}

// fetchLanguage downloads the catalogue of the page's language, which the
// page did not begin to download with it (web/start.js chose another), and
// renders the page in it; meanwhile the page speaks English.
func (p *page) fetchLanguage(ctx app.Context) {
	t := p.lang
	ctx.Async(func() {
		if err := catalogue.Fetch(t); err != nil {
			app.Log(err)
			return
		}
		ctx.Dispatch(func(ctx app.Context) {
			markLang(p.lang)
			p.foot.p = p.printer()
		})
	})
}

// fromURL replaces the whole state with the URL u's, as opening it does.
func (p *page) fromURL(u *url.URL) {
	p.rendered = u.RawQuery
	v, malformed := state.ParseQuery(u.RawQuery)
	asked, ln := state.ParseLang(v, browserLanguages())
	p.asked, p.lang = asked, lang.EN
	if !prerendering() {
		p.lang = state.Language(asked, browserLanguages())
		markLang(p.lang)
	}
	p.foot.p = p.printer()
	notices := append(append(malformed, ln...), p.own.read(v)...)
	if p.embedded {
		var en []state.Notice
		p.look, en = p.own.readLook(v)
		notices = append(notices, en...)
	}
	p.notices = notices
	p.resetText()
	p.own.compute()
}

// OnMount runs in the browser only: once the page is whole (see unfold), it
// marks it as live for people (the slim loader goes) and for tests, which
// wait for data-mounted. An embed tells its parent window its height.
func (p *page) OnMount(ctx app.Context) {
	p.ctx = ctx
	unfold(ctx, func() {
		p.mounted = true
		markMounted()
	})
	if p.embedded {
		p.stopHeight = watchHeight()
	}
}

func (p *page) OnDismount() {
	if p.stopHeight != nil {
		p.stopHeight()
	}
}

// apply takes a new query from an input, answers it and, a moment later,
// writes the state to the URL without a history entry (writeURL).
func (p *page) apply(q data.Query) {
	p.q = p.own.valid(q)
	p.own.compute()
	p.writeURL()
}

// changed answers the state anew once an input of the page's own (the
// traffic's) has changed it, and writes it to the URL.
func (p *page) changed() { p.apply(p.q) }

// writeURL writes the page's state to its URL without a history entry
// (replaceQuery), so that typing does not flood the back button. An embed
// keeps its hidden controls in its URL, so that a reload keeps them.
func (p *page) writeURL() {
	replaceQuery(state.WithLang(p.foot.fp.AppendTo(p.own.query()), p.asked))
}

// kind is what the query's workload generates.
func (p *page) kind() *data.Kind { return data.TaskKind(p.q.Task) }

// Render is the page's main element, its class the page's (or its embed
// layout's), holding the page's own markup or why there is none.
func (p *page) Render() app.UI {
	class := "calc"
	if p.embedded {
		class = embedClass(p.look)
	}
	if p.class != "" {
		class += " " + p.class
	}
	if p.mounted {
		// A render of the mounted page answers a change: the parts that
		// later kept follow it, with the rest, in the same render.
		keeping = false
	}
	root := p.mainElement(class, p.mounted)
	if p.loadErr != nil {
		return loadFailed(root, p.loadErr)
	}
	return p.own.render(root)
}

// fullPage is a full page's markup: the skip link (skip its words), the
// header with the page's links and Embed button (top) and what the page
// does (lede), the notices, the answer beside the inputs, then the rest.
// The answer comes first: on a phone it is on the first screen, and people
// who hear the page hear it first.
func (p *page) fullPage(root app.HTMLMain, skip string, top app.UI, lede string, answer, inputs app.UI, rest ...app.UI) app.UI {
	return root.Body(append([]app.UI{
		skipLink(skip),
		app.Header().Class("top").Body(
			app.Div().Class("top-row").Body(
				app.H1().Text("tokenjoule"),
				top,
			),
			app.P().Class("lede").Text(lede),
		),
		&UpdateBanner{Lang: p.lang},
		p.renderNoJS(),
		&Notices{List: p.notices, Lang: p.lang},
		app.Div().Class("layout").Body(answer, inputs),
	}, rest...)...)
}

// embedPage is an interactive embed's markup: a heading, for people who
// navigate the page by headings (a frame has no title of its own to show),
// the notices, then body.
func (p *page) embedPage(root app.HTMLMain, heading string, body ...app.UI) app.UI {
	return root.Body(append([]app.UI{
		app.H1().Class("sr-only").Text(heading),
		p.renderNoJS(),
		&Notices{List: p.notices, Lang: p.lang},
	}, body...)...)
}

// figurePage is a figure layout's markup (the card, a chart): the notices,
// the figure, its footer.
func (p *page) figurePage(root app.HTMLMain, figure, footer app.UI) app.UI {
	return root.Body(p.renderNoJS(), &Notices{List: p.notices, Lang: p.lang}, figure, footer)
}

// slot is el when show is true, and otherwise an empty hidden span in its
// place, so that the elements after it keep their positions: every element
// of a page that comes and goes keeps its place among its siblings. go-app
// matches children by position and patches in place an element that another
// of the same tag replaces, setting its attributes in no fixed order, so a
// range input made a text box would clamp the box's value.
func slot(show bool, el func() app.UI) app.UI {
	if show {
		return el()
	}
	return app.Span().Hidden(true)
}
