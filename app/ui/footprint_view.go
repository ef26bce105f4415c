package ui

// What the footprint comes to, as the pages show it: the boundary ladder,
// carbon, water and cost, the budget's answer, everyday comparisons and the
// published per-prompt figures, each with its source on hand. Every figure
// is data/footprint's, formatted by it; the words mirror `tokenjoule calc`'s.

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/lang"
)

// headlineWh is the energy the headline shows: the total at the boundary,
// which on the dataset's own boundary is the GPU energy.
func (c *Calculator) headlineWh() float64 { return c.atBoundary(c.res.Estimate.EnergyWh) }

// boundaryWords says what the headline figure counts: gpuOnly, the page's
// words for the dataset's boundary, when the ladder stops at the GPU.
func (c *Calculator) boundaryWords(gpuOnly string) string {
	f := c.foot.fp.Factors
	if f.IsGPUOnly() {
		return gpuOnly
	}
	p := c.printer()
	return widenedWordsIn(p, f, p.T("fp.measured", "energy", p.Energy(c.res.Estimate.EnergyWh)))
}

// widenedWords says what a total at f's boundary, wider than the GPU,
// counts: gpu, the energy it widens, in words with its figure; the factor
// it is multiplied by and for what; and what is not counted, the rungs of
// skip aside (a plan counts idle capacity itself).
func widenedWords(f footprint.Factors, gpu string, skip ...*footprint.Param) string {
	adds, omits := f.Reach(skip...)
	if omits != "" {
		omits += ", as well as "
	}
	return fmt.Sprintf("Energy at the boundary “%s”: %s, times %s for %s (the ladder below gives each factor and its source). "+
		"Not counted: %sthe network and the hardware's manufacture.",
		f.BoundaryName(), gpu, data.FormatNumber(widening(f)), adds, omits)
}

// widenedWordsIn is widenedWords in p's language.
func widenedWordsIn(p data.Printer, f footprint.Factors, gpu string, skip ...*footprint.Param) string {
	if p.Lang == "" || p.Lang == lang.EN {
		return widenedWords(f, gpu, skip...)
	}
	adds, omits := f.ReachIn(p, skip...)
	vars := []string{"name", f.BoundaryNameIn(p), "gpu", gpu, "factor", p.Number(widening(f)), "adds", adds, "omits", omits}
	if omits != "" {
		return p.T("fp.widened.omits", vars...)
	}
	return p.T("fp.widened", vars...)
}

// widening is how many times the GPU energy the boundary's total is.
func widening(f footprint.Factors) float64 {
	e := f.Effective()
	return (1 + e.Host.Value + e.Idle.Value) * e.PUE.Value
}

// fpResult is the footprint of the selected configuration.
type fpResult struct {
	f      footprint.Factors
	b      footprint.Budget
	k      *data.Kind
	c      *data.Config
	ladder footprint.Ladder
	gpuReq float64          // GPU Wh for a request of the average output length (an image or video)
	spread footprint.Spread // the published spread of f's factors for c
	p      data.Printer     // the page's language
}

func (c *Calculator) footprint() fpResult {
	f, r := c.foot.fp.Factors, c.res
	return fpResult{f: f, b: c.foot.fp.Budget, k: r.Kind, c: r.Selected, ladder: f.Ladder(r.Estimate.EnergyWh),
		gpuReq: r.Estimate.EnergyPerRequest / 3600, spread: f.SpreadOf(r.Selected), p: c.printer()}
}

// request is what a request is, after "per": "request of 625 tokens", or
// for an image or video model "image", "video".
func (fr fpResult) request() string {
	if fr.k.Diffusion() {
		return fr.p.T("item." + fr.k.Item)
	}
	return fr.p.T("fp.request", "n", fr.p.Number(float64(fr.c.AvgOutputTokens)))
}

// renderFootprint is the footprint under the headline; compact (the
// embed's) is the rungs and totals in a few lines, and nothing when the URL
// sets no footprint. It needs a selected configuration.
func (c *Calculator) renderFootprint(compact bool) app.UI {
	fr := c.footprint()
	if compact {
		return slot(!c.foot.fp.IsBase(), fr.renderCompact)
	}
	return later(app.Section().ID("fp").Class("footprint").Aria("labelledby", "fp-title"), func() []app.UI {
		f, p := fr.f, fr.p
		gpuOnly := f.IsGPUOnly()
		boundary := p.T("fp.boundary", "name", f.BoundaryNameIn(p), "about", f.BoundaryAboutIn(p))
		if gpuOnly {
			boundary = p.T("fp.boundary.gpu")
		}
		return []app.UI{
			app.H2().ID("fp-title").Text(p.T("fp.title")),
			app.P().ID("fp-boundary-words").Class("small").Text(boundary),
			slot(!gpuOnly, fr.renderLadder),
			fr.renderTotals(),
			slot(!fr.b.IsZero(), fr.renderBudget),
			fr.renderComparisons(),
			fr.renderPrompts(),
		}
	})
}

// renderLadder is the rungs, each with its energy, what it applies and its
// source, and the total.
func (fr fpResult) renderLadder() app.UI {
	p := fr.p
	rungs := fr.f.Rungs(fr.ladder.GPUWh)
	items := make([]app.UI, len(rungs))
	for i, r := range rungs {
		what := p.T("rung.measured.by")
		if r.Param != nil {
			what = r.Param.SourcedIn(p, r.Factor)
		}
		items[i] = app.Li().DataSet("rung", r.Name).Body(
			app.Span().Class("fp-label").Text(r.LabelIn(p)),
			app.Span().Class("fp-wh").Text(p.Energy(r.Wh)),
			app.Span().Class("fp-applies").Text(r.AppliesIn(p)),
			spanNoteIn(p, fr.spread, r.Param),
			sourceNoteIn(p, r.Source(), r.LabelIn(p), what, false),
		)
	}
	perReq := fr.f.Ladder(fr.gpuReq).FacilityWh
	per := p.T("fp.per", "wh", p.Number(perReq)+p.Lang.Of().Numbers.UnitSpace+"Wh", "request", fr.request())
	if j := p.Lang.Figure(data.InJoules(fr.ladder.FacilityWh)); j != "" {
		per = p.T("fp.per.both", "joules", j, "per", per)
	}
	return app.Div().Class("fp-ladder-box").Body(
		app.Ol().ID("fp-ladder").Class("fp-ladder").Body(items...),
		app.P().ID("fp-total").Class("fp-total").Body(
			app.Span().Class("fp-label").Text(p.T("fp.total")),
			app.Strong().ID("fp-total-wh").Class("fp-wh").Text(p.Energy(fr.ladder.FacilityWh)),
			app.Span().Class("small").Text(per),
		),
	)
}

// A total is carbon, water or cost, when its factor is set, and its range
// over the published spread, where it spreads (footprint.Spread.Beside).
type total struct {
	id, label, value, at string
	m                    footprint.Measure
	source               footprint.Source
	ok                   bool
}

// Each says what energy it counts: on the GPU-only boundary, that it is a
// floor. Their sources are named beside them.
func (fr fpResult) totals() []total {
	f, l, p := fr.f, fr.ladder, fr.p
	carbon, hasCarbon := f.Carbon(l)
	water, hasWater := f.Water(l)
	cost, hasCost := f.Cost(l)
	of, ofIT := p.T("fp.of"), p.T("fp.of.it")
	if f.IsGPUOnly() {
		of, ofIT = p.T("fp.of.gpu"), p.T("fp.of.gpu")
	}
	return []total{
		{"fp-carbon", p.T("fp.carbon"), footprint.Figure(p, footprint.FormatCarbon(carbon)), p.T("fp.at", "value", footprint.Grid.SourcedIn(p, f.Grid), "of", of),
			footprint.Carbon, footprint.Grid.SourceOf(f.Grid), hasCarbon},
		{"fp-water", p.T("fp.water"), footprint.Figure(p, footprint.FormatWater(water)), p.T("fp.at", "value", footprint.WUE.SourcedIn(p, f.WUE), "of", ofIT),
			footprint.Water, footprint.WUE.SourceOf(f.WUE), hasWater},
		{"fp-cost", p.T("fp.cost"), footprint.Figure(p, footprint.FormatMoney(cost, f.Currency)),
			p.T("fp.at.price", "price", p.Number(f.Price.Value), "currency", f.Currency, "of", of), footprint.Money, footprint.YourFigure, hasCost},
	}
}

// renderTotals is carbon, water and cost, each in its slot only when its
// factor is set, and what a price lacks without its currency.
func (fr fpResult) renderTotals() app.UI {
	ts := fr.totals()
	shown := false
	// The headline's range says what a range is; without one, the first here does.
	explained := fr.spread.Beside(footprint.Energy, fr.ladder.GPUWh, "") != ""
	rows := make([]app.UI, len(ts))
	for i, t := range ts {
		shown = shown || t.ok
		first := !explained && t.ok && fr.spread.Beside(t.m, fr.ladder.GPUWh, "") != ""
		explained = explained || first
		rows[i] = slot(t.ok, func() app.UI {
			return app.Div().ID(t.id+"-row").Body(
				app.Dt().Text(t.label),
				app.Dd().ID(t.id).Class("fp-figure").Text(t.value),
				app.Dd().Class("small").Body(app.Text(t.at+" "), sourceNoteIn(fr.p, t.source, t.label, "", false)),
				rangeNoteIn(fr.p, t.id+"-range", fr.spread, t.m, fr.ladder.GPUWh, "", first, true),
			)
		})
	}
	f := fr.f
	noCurrency := f.Price.Set && f.Currency == ""
	dl := app.Dl().ID("fp-totals").Class("fp-totals")
	if !shown {
		dl = dl.Hidden(true) // only when true: go-app prerenders hidden="false"
	}
	return app.Div().Class("fp-totals-box").Body(
		dl.Body(rows...),
		slot(noCurrency, func() app.UI {
			return app.P().ID("fp-cost-note").Class("small").Text(fr.p.T("fp.nocurrency"))
		}),
	)
}

// renderBudget is what fits in the budget, or what the budget needs.
func (fr fpResult) renderBudget() app.UI {
	p := app.P().ID("fp-budget-result").Class("fp-budget")
	fit, err := fr.f.Fit(fr.b, fr.c)
	if err != nil {
		reason := err.Error()
		if bad := (*data.InputError)(nil); errors.As(err, &bad) && bad.Reason != "" {
			reason = bad.Reason
		}
		return p.Class("error").Text(fr.p.T("fp.budget.none", "budget", fr.b.DescribeIn(fr.p), "reason", reason))
	}
	at := fr.p.T("fp.budget.at")
	if fr.f.IsGPUOnly() {
		at = fr.p.T("fp.budget.gpu")
	}
	tokens := app.Strong().ID("fp-budget-tokens").Text(fr.p.Volume(roundSig(fit.Tokens, 4)))
	if fr.k.Diffusion() {
		return p.Body(sentence(fr.p.Lang, "fp.budget.items", map[string]app.UI{"n": tokens},
			"budget", fr.b.DescribeIn(fr.p), "items", fr.p.T("items."+fr.k.Items), "at", at)...)
	}
	return p.Body(sentence(fr.p.Lang, "fp.budget.tokens", map[string]app.UI{"n": tokens,
		"requests": app.Strong().ID("fp-budget-requests").Text(fr.p.Volume(roundSig(fit.Requests, 4)))},
		"budget", fr.b.DescribeIn(fr.p), "tokens", fr.p.Number(float64(fr.c.AvgOutputTokens)), "at", at)...)
}

// renderComparisons puts the energy, carbon and water into everyday terms,
// each with its figure and source, under what it compares.
func (fr fpResult) renderComparisons() app.UI {
	carbon, hasCarbon := fr.f.Carbon(fr.ladder)
	water, hasWater := fr.f.Water(fr.ladder)
	p := fr.p
	energy := p.T("fp.cmp.energy")
	if fr.f.IsGPUOnly() {
		energy = p.T("fp.cmp.gpu")
	}
	var groups []app.UI
	for _, g := range []struct {
		m      footprint.Measure
		lead   string
		amount float64
		ok     bool
	}{
		{footprint.Energy, energy, fr.ladder.FacilityWh, true},
		{footprint.Carbon, p.T("fp.cmp.carbon"), carbon, hasCarbon},
		{footprint.Water, p.T("fp.cmp.water"), water, hasWater},
	} {
		var items []app.UI
		for _, cmp := range footprint.Comparisons {
			if cmp.Measure != g.m {
				continue
			}
			n, words := cmp.FormatIn(p, g.amount)
			items = append(items, app.Li().ID("fp-cmp-"+cmp.ID).Body(
				app.Strong().Class("fp-figure").Text(n),
				app.Text(" "+words+" "),
				sourceNoteIn(p, cmp.Source(), words, p.T("cmp.figure."+cmp.ID), false),
			))
		}
		groups = append(groups, slot(g.ok, func() app.UI {
			return app.Div().Class("fp-cmp-group").DataSet("measure", g.m.Name()).Body(
				app.H3().Text(p.T("fp.cmp.lead", "what", g.lead)),
				app.Ul().Body(items...),
			)
		}))
	}
	return app.Div().ID("fp-compare").Class("fp-compare").Body(groups...)
}

// renderPrompts sets the energy per request beside the published figures
// for one chatbot prompt, each compared at its own boundary: the GPU for an
// accelerators-only figure, the whole facility for the others (at a
// GPU-only page, the typical cloud boundary's, said so).
func (fr fpResult) renderPrompts() app.UI {
	p := fr.p
	wh := func(v float64) string { return footprint.Figure(p, data.FormatNumber(v)+" Wh") }
	facility, at := fr.f.Ladder(fr.gpuReq).FacilityWh, p.T("fp.point.at")
	// Text after an element begins with a word: prerendered, go-app puts a
	// line break between them, read as a space (so "tokens ." is avoided).
	gpu := app.Strong().ID("fp-request-gpu").Text(wh(fr.gpuReq))
	req := sentence(p.Lang, "fp.request.gpu", map[string]app.UI{"gpu": gpu}, "request", fr.request())
	if !fr.f.IsGPUOnly() {
		req = sentence(p.Lang, "fp.request.both", map[string]app.UI{"gpu": gpu,
			"facility": app.Strong().ID("fp-request-facility").Text(wh(facility))}, "request", fr.request())
	}
	per := app.P().ID("fp-per-request").Body(req...)
	if fr.k.Diffusion() {
		// The published figures are a text prompt's: nothing to set an image beside.
		return app.Div().ID("fp-prompts").Class("fp-prompts").Body(app.H3().Text(p.T("fp.per.item", "item", p.T("item."+fr.k.Item))), per)
	}
	if fr.f.IsGPUOnly() {
		cloud := footprint.Factors{}.WithBoundary("cloud")
		facility = cloud.Ladder(fr.gpuReq).FacilityWh
		at = p.T("fp.point.cloud", "name", cloud.BoundaryNameIn(p))
	}
	// The published figures are folded under a line that gives their range:
	// open, they fill a phone's screen between the answer and the inputs.
	lo, hi := footprint.PromptPoints[0].Wh, footprint.PromptPoints[0].Wh
	for _, pt := range footprint.PromptPoints {
		lo, hi = min(lo, pt.Wh), max(hi, pt.Wh)
	}
	return app.Div().ID("fp-prompts").Class("fp-prompts").Body(
		app.H3().Text(p.T("fp.prompts")),
		per,
		app.Details().ID("fp-points").Class("fp-points").Body(
			app.Summary().Text(p.T("fp.points", "n", strconv.Itoa(len(footprint.PromptPoints)), "low", wh(lo), "high", wh(hi))),
			folded(func() app.UI {
				items := make([]app.UI, len(footprint.PromptPoints))
				for i, pt := range footprint.PromptPoints {
					ours, words := facility, at
					if pt.Boundary == "gpu" {
						ours, words = fr.gpuReq, p.T("fp.point.gpu")
					}
					figure := wh(pt.Wh)
					if pt.Approx {
						figure = "≈" + figure
					}
					what, counts := pt.What, pt.Counts
					if p.Lang != "" && p.Lang != lang.EN {
						what, counts = p.T("prompt."+strconv.Itoa(i)), p.T("prompt."+strconv.Itoa(i)+".counts")
					}
					body := sentence(p.Lang, "fp.point", map[string]app.UI{
						"figure": app.Strong().Class("fp-point").Text(figure),
						"ours":   app.Strong().Class("fp-ours").Text(wh(ours)),
					}, "what", what, "counts", counts, "words", words)
					items[i] = app.Li().DataSet("point", i).DataSet("boundary", pt.Boundary).Body(
						append(body, app.Text(" "), sourceNoteIn(p, pt.Source(), figure, "", false))...,
					)
				}
				return app.Ul().Body(items...)
			}),
		),
	)
}

// renderCompact is the embed's footprint: the boundary, the rungs on one
// line, the totals, the budget, and the factors' sources folded away.
func (fr fpResult) renderCompact() app.UI {
	f, p := fr.f, fr.p
	head := p.T("fp.compact.gpu")
	if !f.IsGPUOnly() {
		head = p.T("fp.compact", "name", f.BoundaryNameIn(p), "factor", p.Number(widening(f)))
	}
	e := f.Effective()
	pct := func(v float64) string { return p.Lang.Percent(data.FormatNumber(v*100) + "%") }
	short := map[string]string{
		"gpu":      "GPU",
		"server":   "+ " + p.T("short.host", "pct", pct(e.Host.Value)),
		"fleet":    "+ " + p.T("short.idle", "pct", pct(e.Idle.Value)),
		"facility": "× PUE " + p.Number(e.PUE.Value),
	}
	var rungs []app.UI
	var sources []footprint.Source
	cite := func(s footprint.Source) {
		for _, t := range sources {
			if t.ID == s.ID {
				return
			}
		}
		sources = append(sources, s)
	}
	for _, r := range f.Rungs(fr.ladder.GPUWh) {
		cite(r.Source())
		rungs = append(rungs, app.Li().DataSet("rung", r.Name).Body(
			app.Span().Class("fp-label").Text(short[r.Name]),
			app.Span().Class("fp-wh").Text(p.Energy(r.Wh)),
		))
	}
	var totals []app.UI
	for _, t := range fr.totals() {
		if t.ok {
			cite(t.source)
		}
		totals = append(totals, slot(t.ok, func() app.UI {
			return app.Div().Title(t.at).Body(app.Dt().Text(t.label), app.Dd().ID(t.id).Text(t.value), rangeNoteIn(fr.p, t.id+"-range", fr.spread, t.m, fr.ladder.GPUWh, "", false, true))
		}))
	}
	var notes []app.UI
	for _, s := range sources {
		var link app.UI = app.Text("")
		if s.URL != "" {
			link = app.A().Href(s.URL).Target("_blank").Rel("noopener").Text(" " + linkText(s.URL))
		}
		notes = append(notes, app.Li().Body(sourceTitleIn(p, s), link))
	}
	for _, t := range fr.totals() {
		if t.ok {
			notes = append(notes, app.Li().Text(t.label+p.T("plan.colon")+t.value+" "+t.at+"."))
		}
	}
	ladder := app.Ol().ID("fp-ladder").Class("fp-ladder compact").Body(rungs...)
	if f.IsGPUOnly() {
		ladder = ladder.Hidden(true) // only when true: go-app prerenders hidden="false"
	}
	return app.Div().ID("fp").Class("footprint compact").Body(
		app.P().ID("fp-boundary-words").Class("small").Text(head),
		ladder,
		app.Dl().ID("fp-totals").Class("config compact").Body(totals...),
		slot(!fr.b.IsZero(), fr.renderBudget),
		app.Details().Class("fp-sources").Body(
			app.Summary().Text(p.T("fp.sources")),
			app.Ul().Body(notes...),
		),
	)
}

// floorWords is the compare page's line under its answer: gpuOnly, and
// where the factors reach past the GPU, what the columns after it add.
func (c *Compare) floorWords(gpuOnly string) string {
	f := c.foot.fp.Factors
	if f.IsGPUOnly() {
		return gpuOnly
	}
	p := c.printer()
	adds, _ := f.ReachIn(p)
	return gpuOnly + " " + p.T("compare.floor.fp", "column", p.T("col.facility"), "name", f.BoundaryNameIn(p),
		"factor", p.Number(widening(f)), "adds", adds)
}

// barsCaption says which energy the bars are.
func (c *Compare) barsCaption(s string) string {
	if c.foot.fp.Factors.IsGPUOnly() {
		return s
	}
	return s + " " + c.tr("compare.bars.fp")
}

// roundSig is v to digits significant digits.
func roundSig(v float64, digits int) float64 {
	f, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', digits, 64), 64)
	return f
}
