package ui

// What the footprint comes to, as the pages show it: the boundary ladder,
// carbon, water and cost, the budget's answer, everyday comparisons and the
// published per-prompt figures, each with its source on hand. Every figure
// is data/footprint's, formatted by it; the words mirror `tokenjoule calc`'s.

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
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
	return widenedWords(f, "the measured GPU energy, "+data.FormatEnergy(c.res.Estimate.EnergyWh))
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
}

func (c *Calculator) footprint() fpResult {
	f, r := c.foot.fp.Factors, c.res
	return fpResult{f: f, b: c.foot.fp.Budget, k: r.Kind, c: r.Selected, ladder: f.Ladder(r.Estimate.EnergyWh),
		gpuReq: r.Estimate.EnergyPerRequest / 3600, spread: f.SpreadOf(r.Selected)}
}

// request is what a request is, after "per": "request of 625 tokens", or
// for an image or video model "image", "video".
func (fr fpResult) request() string {
	if fr.k.Diffusion() {
		return fr.k.Item
	}
	return "request of " + data.FormatNumber(float64(fr.c.AvgOutputTokens)) + " tokens"
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
		f := fr.f
		gpuOnly := f.IsGPUOnly()
		boundary := "Boundary: " + f.BoundaryName() + ". " + f.BoundaryAbout()
		if gpuOnly {
			boundary = "Boundary: GPU only, as measured. The host's CPU and memory, idle capacity and cooling are not counted: " +
				"a boundary under “Beyond the GPU” adds them."
		}
		return []app.UI{
			app.H2().ID("fp-title").Text("Beyond the GPU"),
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
	rungs := fr.f.Rungs(fr.ladder.GPUWh)
	items := make([]app.UI, len(rungs))
	for i, r := range rungs {
		what := "measured by the ML.ENERGY benchmark"
		if r.Param != nil {
			what = r.Param.Sourced(r.Factor)
		}
		items[i] = app.Li().DataSet("rung", r.Name).Body(
			app.Span().Class("fp-label").Text(r.Label),
			app.Span().Class("fp-wh").Text(data.FormatEnergy(r.Wh)),
			app.Span().Class("fp-applies").Text(r.Applies()),
			spanNote(fr.spread, r.Param),
			sourceNote(r.Source(), r.Label, what, false),
		)
	}
	perReq := fr.f.Ladder(fr.gpuReq).FacilityWh
	return app.Div().Class("fp-ladder-box").Body(
		app.Ol().ID("fp-ladder").Class("fp-ladder").Body(items...),
		app.P().ID("fp-total").Class("fp-total").Body(
			app.Span().Class("fp-label").Text("Total at this boundary"),
			app.Strong().ID("fp-total-wh").Class("fp-wh").Text(data.FormatEnergy(fr.ladder.FacilityWh)),
			app.Span().Class("small").Text(strings.TrimPrefix(fmt.Sprintf("%s; %s Wh per %s",
				data.InJoules(fr.ladder.FacilityWh), data.FormatNumber(perReq), fr.request()), "; ")),
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
	f, l := fr.f, fr.ladder
	carbon, hasCarbon := f.Carbon(l)
	water, hasWater := f.Water(l)
	cost, hasCost := f.Cost(l)
	of, ofIT := "of the energy at this boundary", "of the IT energy (all but cooling)"
	if f.IsGPUOnly() {
		of, ofIT = "of the GPU energy only: a floor", "of the GPU energy only: a floor"
	}
	return []total{
		{"fp-carbon", "Carbon", footprint.FormatCarbon(carbon), "at " + footprint.Grid.Sourced(f.Grid) + ", " + of,
			footprint.Carbon, footprint.Grid.SourceOf(f.Grid), hasCarbon},
		{"fp-water", "Water, on site", footprint.FormatWater(water), "at " + footprint.WUE.Sourced(f.WUE) + ", " + ofIT,
			footprint.Water, footprint.WUE.SourceOf(f.WUE), hasWater},
		{"fp-cost", "Cost", footprint.FormatMoney(cost, f.Currency),
			fmt.Sprintf("at %s %s per kWh, %s", data.FormatNumber(f.Price.Value), f.Currency, of), footprint.Money, footprint.YourFigure, hasCost},
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
				app.Dd().Class("small").Body(app.Text(t.at+" "), sourceNote(t.source, t.label, "", false)),
				rangeNote(t.id+"-range", fr.spread, t.m, fr.ladder.GPUWh, "", first, true),
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
			return app.P().ID("fp-cost-note").Class("small").Text("A price needs its currency for a cost: type its three-letter code, such as USD.")
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
		return p.Class("error").Text(fmt.Sprintf("No answer for the budget %s: %s.", fr.b.Describe(), reason))
	}
	at := "at this boundary"
	if fr.f.IsGPUOnly() {
		at = "on the GPU energy alone"
	}
	if fr.k.Diffusion() {
		return p.Body(
			app.Text(fr.b.Describe()+" pays for "),
			app.Strong().ID("fp-budget-tokens").Text(data.ReadableVolume(roundSig(fit.Tokens, 4))),
			app.Text(fmt.Sprintf(" %s, %s.", fr.k.Items, at)),
		)
	}
	return p.Body(
		app.Text(fr.b.Describe()+" pays for "),
		app.Strong().ID("fp-budget-tokens").Text(data.ReadableVolume(roundSig(fit.Tokens, 4))),
		app.Text(" output tokens, or "),
		app.Strong().ID("fp-budget-requests").Text(data.ReadableVolume(roundSig(fit.Requests, 4))),
		app.Text(fmt.Sprintf(" requests of %s tokens, %s.", data.FormatNumber(float64(fr.c.AvgOutputTokens)), at)),
	)
}

// renderComparisons puts the energy, carbon and water into everyday terms,
// each with its figure and source, under what it compares.
func (fr fpResult) renderComparisons() app.UI {
	carbon, hasCarbon := fr.f.Carbon(fr.ladder)
	water, hasWater := fr.f.Water(fr.ladder)
	energy := "The energy at this boundary"
	if fr.f.IsGPUOnly() {
		energy = "The GPU energy"
	}
	var groups []app.UI
	for _, g := range []struct {
		m      footprint.Measure
		lead   string
		amount float64
		ok     bool
	}{
		{footprint.Energy, energy, fr.ladder.FacilityWh, true},
		{footprint.Carbon, "The carbon emitted", carbon, hasCarbon},
		{footprint.Water, "The water consumed", water, hasWater},
	} {
		var items []app.UI
		for _, cmp := range footprint.Comparisons {
			if cmp.Measure != g.m {
				continue
			}
			n, words := cmp.Format(g.amount)
			items = append(items, app.Li().ID("fp-cmp-"+cmp.ID).Body(
				app.Strong().Class("fp-figure").Text(n),
				app.Text(" "+words+" "),
				sourceNote(cmp.Source(), words, cmp.Figure, false),
			))
		}
		groups = append(groups, slot(g.ok, func() app.UI {
			return app.Div().Class("fp-cmp-group").DataSet("measure", g.m.Name()).Body(
				app.H3().Text(g.lead+" is about as much as"),
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
	wh := func(v float64) string { return data.FormatNumber(v) + " Wh" }
	facility, at := fr.f.Ladder(fr.gpuReq).FacilityWh, "this request at this boundary"
	// Text after an element begins with a word: prerendered, go-app puts a
	// line break between them, read as a space (so "tokens ." is avoided).
	perReq := " of GPU energy per " + fr.request()
	req := []app.UI{app.Text("This calculation: "), app.Strong().ID("fp-request-gpu").Text(wh(fr.gpuReq)), app.Text(perReq + ".")}
	if !fr.f.IsGPUOnly() {
		req = []app.UI{req[0], req[1], app.Text(perReq + ", "), app.Strong().ID("fp-request-facility").Text(wh(facility)), app.Text(" at this boundary.")}
	}
	per := app.P().ID("fp-per-request").Body(req...)
	if fr.k.Diffusion() {
		// The published figures are a text prompt's: nothing to set an image beside.
		return app.Div().ID("fp-prompts").Class("fp-prompts").Body(app.H3().Text("Per "+fr.k.Item), per)
	}
	if fr.f.IsGPUOnly() {
		cloud := footprint.Factors{}.WithBoundary("cloud")
		facility = cloud.Ladder(fr.gpuReq).FacilityWh
		at = "this request at the boundary “" + cloud.BoundaryName() + "” (this page counts the GPU only)"
	}
	// The published figures are folded under a line that gives their range:
	// open, they fill a phone's screen between the answer and the inputs.
	lo, hi := footprint.PromptPoints[0].Wh, footprint.PromptPoints[0].Wh
	for _, p := range footprint.PromptPoints {
		lo, hi = min(lo, p.Wh), max(hi, p.Wh)
	}
	return app.Div().ID("fp-prompts").Class("fp-prompts").Body(
		app.H3().Text("Per request, beside published figures for one prompt"),
		per,
		app.Details().ID("fp-points").Class("fp-points").Body(
			app.Summary().Text(fmt.Sprintf("%d published figures for one prompt, from %s to %s, each on its own boundary",
				len(footprint.PromptPoints), wh(lo), wh(hi))),
			folded(func() app.UI {
				items := make([]app.UI, len(footprint.PromptPoints))
				for i, p := range footprint.PromptPoints {
					ours, words := facility, "for "+at
					if p.Boundary == "gpu" {
						ours, words = fr.gpuReq, "of GPU energy for this request"
					}
					figure := wh(p.Wh)
					if p.Approx {
						figure = "≈" + figure
					}
					items[i] = app.Li().DataSet("point", i).DataSet("boundary", p.Boundary).Body(
						app.Strong().Class("fp-point").Text(figure),
						app.Text(" "+p.What+". It counts "+p.Counts+": compare with "),
						app.Strong().Class("fp-ours").Text(wh(ours)),
						app.Text(" "+words+". "),
						sourceNote(p.Source(), figure, "", false),
					)
				}
				return app.Ul().Body(items...)
			}),
		),
	)
}

// sourceNote is a source on hand: a disclosure whose summary names it and
// whose body gives the figure, the publication and its link. It is a
// details element, so a keyboard (Enter, Space) and a tap open it. Links
// open a new tab, as in an iframe they must.
func sourceNote(s footprint.Source, of, figure string, compact bool) app.UI {
	summary := "source"
	if s.ID == footprint.YourFigure.ID {
		summary = "your figure"
	}
	var body []app.UI
	if figure != "" {
		body = append(body, app.Text(figure+". "))
	}
	title := s.Title
	if s.ID == footprint.YourFigure.ID {
		title = "This is " + s.Title + ": a number given in the inputs, with no publication behind it."
	}
	body = append(body, app.Text(title))
	if s.URL != "" {
		body = append(body, app.Text(" "), app.A().Href(s.URL).Target("_blank").Rel("noopener").Text(linkText(s.URL)))
	}
	return app.Details().Class("fp-source").Body(
		app.Summary().Aria("label", summary+" of "+of).Text(summary),
		folded(func() app.UI { return app.P().Body(body...) }),
	)
}

// linkText is a source's address as a link reads: its host and path.
func linkText(u string) string {
	u = strings.TrimPrefix(strings.TrimPrefix(u, "https://"), "http://")
	return u + " ↗"
}

// renderCompact is the embed's footprint: the boundary, the rungs on one
// line, the totals, the budget, and the factors' sources folded away.
func (fr fpResult) renderCompact() app.UI {
	f := fr.f
	head := "GPU only, as measured"
	if !f.IsGPUOnly() {
		head = fmt.Sprintf("At the boundary “%s”: GPU energy × %s", f.BoundaryName(), data.FormatNumber(widening(f)))
	}
	e := f.Effective()
	short := map[string]string{
		"gpu":      "GPU",
		"server":   "+ host " + data.FormatNumber(e.Host.Value*100) + "%",
		"fleet":    "+ idle " + data.FormatNumber(e.Idle.Value*100) + "%",
		"facility": "× PUE " + data.FormatNumber(e.PUE.Value),
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
			app.Span().Class("fp-wh").Text(data.FormatEnergy(r.Wh)),
		))
	}
	var totals []app.UI
	for _, t := range fr.totals() {
		if t.ok {
			cite(t.source)
		}
		totals = append(totals, slot(t.ok, func() app.UI {
			return app.Div().Title(t.at).Body(app.Dt().Text(t.label), app.Dd().ID(t.id).Text(t.value), rangeNote(t.id+"-range", fr.spread, t.m, fr.ladder.GPUWh, "", false, true))
		}))
	}
	var notes []app.UI
	for _, s := range sources {
		var link app.UI = app.Text("")
		if s.URL != "" {
			link = app.A().Href(s.URL).Target("_blank").Rel("noopener").Text(" " + linkText(s.URL))
		}
		notes = append(notes, app.Li().Body(app.Text(s.Title), link))
	}
	for _, t := range fr.totals() {
		if t.ok {
			notes = append(notes, app.Li().Text(t.label+": "+t.value+" "+t.at+"."))
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
			app.Summary().Text("Factors and sources"),
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
	adds, _ := f.Reach()
	return fmt.Sprintf("%s The table's “At the boundary” column is the GPU energy at “%s”: × %s, for %s (the same order).",
		gpuOnly, f.BoundaryName(), data.FormatNumber(widening(f)), adds)
}

// barsCaption says which energy the bars are.
func (c *Compare) barsCaption(s string) string {
	if c.foot.fp.Factors.IsGPUOnly() {
		return s
	}
	return s + " The bars are GPU energy as measured; the table gives the total at the boundary."
}

// roundSig is v to digits significant digits.
func roundSig(v float64, digits int) float64 {
	f, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', digits, 64), 64)
	return f
}
