package ui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/charts"
	"tokenjoule/app/charts/headline"
	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/footprint"
	"tokenjoule/data/lang"
	"tokenjoule/data/plan"
)

// render turns the plan into markup; the ids are what the browser tests
// read, and the controls' ids are the calculator's where they are the same
// input (task, model, gpu, deadline, deadline-range, percentile) and the
// headline is #energy, as there.
func (c *Plan) render(root app.HTMLMain) app.UI {
	if c.err != nil || c.p == nil {
		return failed(root, fmt.Sprintf("The plan failed: %v", c.err))
	}
	if c.embedded {
		switch c.look.Layout {
		case state.LayoutCard:
			return c.figurePage(root, figureCard(export.PlanCardOf(c.p, c.foot.fp.Factors), c.look, &c.set.Index, c.renderPending(c.set)), c.figureFooter())
		case state.LayoutChart:
			return c.figurePage(root, c.renderChartLayout(), c.figureFooter())
		}
		return c.embedPage(root, "tokenjoule: plan a deployment",
			c.renderResult(true),
			c.renderControls(),
			c.chartFigure(chartPlanEnergy, charts.TitlePlanEnergy, c.energyOpt, c.energyLabel, ""),
			embedAbout(c.p.Busy.Model.Source, plan.Caveat, c.set.Index.DataVersion, c.planURL(),
				"The full plan, with this question, in a new tab", "Full plan ↗"),
		)
	}
	top := app.Span().Class("top-links").Body(
		app.A().ID("open-calc").Class(answerPart).Href(c.calcURL()).Text("← The calculator"),
		app.A().ID("open-compare").Class(answerPart).Href(c.compareURL()).Text("Every model →"),
		&Builder{Query: c.q, Plan: c.p, Footprint: c.foot.fp},
	)
	return c.fullPage(root, "Skip to the plan's controls", top,
		"Plan a deployment: how many GPUs, and how much electricity a day, to serve your traffic "+
			"as fast as you ask, from the ML.ENERGY Leaderboard's measurements of every serving configuration.",
		c.renderResult(false),
		c.renderControls(),
		c.renderDownloads(),
		// Below the first screen: kept as prerendered while the page starts.
		later(app.Section().Class("charts plan-charts").Aria("label", "Charts"), func() []app.UI {
			return []app.UI{
				c.chartFigure(chartPlanEnergy, charts.TitlePlanEnergy, c.energyOpt, c.energyLabel,
					"Each step is the best plan from that deadline up: a shorter deadline rules out the busiest configurations and costs more energy. "+
						"The dashed line is the same tokens if every GPU were always busy (the calculator's figure); the gap is the capacity kept for the peak. "+
						"The red line is the deadline, the diamond the plan."),
				c.chartFigure(chartPlanGPUs, charts.TitlePlanGPUs, c.gpusOpt, c.gpusLabel,
					"The GPUs the best plan needs at each deadline, for the peak; the diamond is the plan at the deadline."),
			}
		}),
		c.renderFooter(),
	)
}

// The plan's chart ids.
const (
	chartPlanEnergy = "chart-plan-energy"
	chartPlanGPUs   = "chart-plan-gpus"
)

// planCharts are the plan's two charts, in state.PlanCharts' order.
var planCharts = []struct {
	id, title, brief string
	headline         func(*plan.Plan) string
}{
	{chartPlanEnergy, charts.TitlePlanEnergy, headline.BriefPlanEnergy, headline.PlanEnergy},
	{chartPlanGPUs, charts.TitlePlanGPUs, headline.BriefPlanGPUs, headline.PlanGPUs},
}

// renderChartLayout is the embed's chart layout: the chart the URL names,
// titled with what it shows for this plan, with a caption in a line.
func (c *Plan) renderChartLayout() app.UI {
	i := max(0, slices.Index(state.PlanCharts, c.look.Chart))
	spec := planCharts[i]
	option, label := []string{c.energyOpt, c.gpusOpt}[i], []string{c.energyLabel, c.gpusLabel}[i]
	return figureChart(spec.headline(c.p), export.PlanCardOf(c.p, c.foot.fp.Factors),
		&Chart{ID: spec.id, Option: option, Label: label}, spec.brief, c.renderPending(c.set))
}

// figureFooter is the figure layouts' footer, to the full plan.
func (c *Plan) figureFooter() app.UI {
	return figureFooter(lang.EN, c.p.Busy.Model.Source, c.set.Index.DataVersion, c.planURL())
}

// chartFigure is a chart with its title and, on the full page, its caption.
func (c *Plan) chartFigure(id, title, option, label, caption string) app.UI {
	return app.Figure().Class("chart card").Body(
		app.H2().Text(title),
		&Chart{ID: id, Option: option, Label: label},
		renderChartNoJS(),
		app.If(caption != "", func() app.UI { return app.FigCaption().Text(caption) }),
	)
}

// planQuestion is what the plan answers, in words.
func (c *Plan) planQuestion() string {
	r := c.p.Busy
	q := r.Query
	wl, _ := c.set.Workload(q.Task)
	return fmt.Sprintf("Plan for %s of %s (%s) on %s, with %s", c.t.Words(), r.Model.Name, wl.Name,
		data.GPUChoice(r.Model.GPUs, q.GPU), data.DeadlineWords(data.Tokens, q.Percentile, q.DeadlineMS))
}

// renderResult is the answer: the energy a day, the fleet, the price of
// the headroom, where the idle power comes from, the configuration.
// compact is the embed's. It is the target of a skip past the notices.
func (c *Plan) renderResult(compact bool) app.UI {
	p, q := c.p, c.p.Busy.Query
	body := c.renderPending(c.set)
	body = append(body, app.P().ID("question").Class("question").Text(c.planQuestion()))
	b := p.Best()
	if b == nil {
		r := p.Busy
		min := r.MinDeadlineMS()
		body = append(body,
			app.P().ID("infeasible").Class("infeasible").Text(fmt.Sprintf(
				"No measured configuration of %s on %s gets %s. The smallest deadline that one meets is %s (%s).",
				r.Model.Name, data.GPUChoice(r.Model.GPUs, q.GPU), data.DeadlineWords(data.Tokens, q.Percentile, q.DeadlineMS), data.FormatMS(min), r.Fastest.Hardware())),
			app.If(!c.look.Hidden.Has(state.ParamDeadline), func() app.UI {
				return disabledUntilStart(app.Button().Type("button").ID("set-min-deadline").Class("primary").
					Text(setDeadlineWords(c.lang, data.Tokens, min)).OnClick(c.onMinDeadline))
			}),
		)
		return app.Section().ID("result").Class("result card").TabIndex(-1).Aria("labelledby", "question").Body(body...)
	}
	// The headline is the total at the boundary, as the calculator's is;
	// past the GPU, the words under it give the GPUs' own figure.
	f := plan.Footprint(c.foot.fp.Factors)
	head := f.Ladder(b.WhPerDay).FacilityWh
	busy := " a day if every GPU were always busy"
	if !f.IsGPUOnly() {
		busy = " a day of GPU energy if every GPU were always busy"
	}
	body = append(body,
		app.P().Class("energy").Body(
			app.Span().ID("energy").Text(data.FormatEnergy(head)),
			app.Span().Class("per-day").Text("a day"),
			app.Span().ID("energy-year").Class("joules").Text(data.FormatEnergy(head*365)+" a year"),
		),
		rangeNote("energy-range", b.Spread(c.foot.fp.Factors), footprint.Energy, b.WhPerDay, " a day", true, false),
		slot(!f.IsGPUOnly(), func() app.UI {
			return app.P().ID("floor").Class("floor").Text(widenedWords(f,
				"the GPUs' energy, idle capacity included, "+data.FormatEnergy(b.WhPerDay)+" a day", footprint.Idle))
		}),
		app.P().ID("fleet").Class("fleet").Body(
			app.Strong().ID("gpus").Text(fmt.Sprintf("%s GPU%s", data.FormatInt(b.GPUs), plural(b.GPUs))),
			app.Text(": "),
			app.Span().ID("replicas").Text(fmt.Sprintf("%s replica%s of %s, batch size limit %d", data.FormatInt(b.Replicas), plural(b.Replicas), b.Config.Hardware(), b.Config.MaxNumSeqs)),
			app.Text(", "),
			app.Span().ID("utilisation").Text(fmt.Sprintf("%s busy on average, %s at the peak", plan.FormatPercent(b.Utilisation), plan.FormatPercent(b.PeakUtilisation(c.t)))),
			app.Text("."),
		),
		app.P().ID("headroom").Class("headroom").Body(
			app.Strong().ID("headroom-share").Text(data.FormatChange(b.WhPerDay, p.BusyWhPerDay())),
			app.Text(" for the capacity kept for the peak: "),
			app.Span().ID("busy").Text(data.FormatEnergy(p.BusyWhPerDay())),
			app.Text(fmt.Sprintf("%s, the calculator's figure for %s tokens.", busy, plan.FormatCount(c.t.Rate.TokensPerDay()))),
		),
		c.renderIdle(),
	)
	if compact {
		body = append(body, slot(c.foot.fp != (state.Footprint{}), func() app.UI { return c.renderFootprint(true) }),
			compactConfig(data.Tokens, b.Config, q))
	} else {
		e := b.Config.Estimate(c.t.Rate.TokensPerDay())
		body = append(body,
			app.Dl().Class("figures").Body(
				figure("power", "Average power of the GPUs", plan.FormatPower(b.PowerW)),
				figure("gpu-hours-day", "GPU-hours a day", data.FormatNumber(b.GPUHoursPerDay())),
				figure("rate-tps", "Average rate", plan.FormatRatePerSecond(c.t.Rate.TokensPerSecond())),
				figure("peak-tps", "Peak rate", plan.FormatRatePerSecond(c.t.Rate.TokensPerSecond()*c.t.Peak)),
			),
			slot(c.foot.fp != (state.Footprint{}), func() app.UI { return c.renderFootprint(false) }),
			configDetails(data.Tokens, b.Config, &e),
		)
	}
	return app.Section().ID("result").Class("result card").TabIndex(-1).Aria("labelledby", "question").Body(body...)
}

// renderIdle says what idle power the plan counts and where it comes from;
// where it knows none, that idle power is not counted.
func (c *Plan) renderIdle() app.UI {
	b := c.p.Best()
	// A div, not a paragraph: a paragraph cannot hold the source's
	// disclosure, which the browser's parser would move out of it.
	p := app.Div().ID("idle-words").Class("small")
	switch {
	case c.t.IdleSet:
		return p.Text(fmt.Sprintf("Idle power: %s W per GPU, your figure.", data.FormatNumber(c.t.Idle)))
	case !b.IdleKnown:
		return p.Class("small error").Text(fmt.Sprintf("Idle power is not counted: no published measurement for %s, so 0 W. Type one under “Idle power of a GPU”.", b.Config.GPU))
	}
	pr, _ := plan.IdleW.Preset(b.Config.GPU)
	body := []app.UI{app.Text(fmt.Sprintf("Idle power: %s W per %s GPU, %s (%s). ", data.FormatNumber(pr.Value), b.Config.GPU,
		pr.Basis, pr.Year)), sourceNote(pr.Source(), "the idle power", "", false)}
	if u := c.p.UnknownIdle(); len(u) > 0 {
		body = append(body, app.Text(fmt.Sprintf(" Not counted for %s: no published measurement.", strings.Join(u, ", "))))
	}
	return p.Body(body...)
}

// renderFootprint is a day of the plan past the GPU: the boundary's host
// and PUE on the plan's energy (whose idle capacity is its own), and carbon,
// water and cost a day and a year where set.
func (c *Plan) renderFootprint(compact bool) app.UI {
	f := plan.Footprint(c.foot.fp.Factors)
	b := c.p.Best()
	l := f.Ladder(b.WhPerDay)
	var rungs []app.UI
	if !f.IsGPUOnly() {
		for _, r := range f.Rungs(l.GPUWh) {
			label, src, applies := r.Label, r.Source(), r.Applies()
			switch r.Name {
			case "gpu":
				label, applies = "GPUs, busy and idle", "as planned, from the measurements"
			case "fleet":
				continue // the plan's idle capacity is in the GPUs' energy
			}
			rungs = append(rungs, app.Li().DataSet("rung", r.Name).Body(
				app.Span().Class("fp-label").Text(label),
				app.Span().Class("fp-wh").Text(data.FormatEnergy(r.Wh)),
				app.Span().Class("fp-applies").Text(applies),
				spanNote(b.Spread(c.foot.fp.Factors), r.Param),
				app.If(!compact, func() app.UI { return sourceNote(src, label, "", false) }),
			))
		}
	}
	var totals []app.UI
	spread := b.Spread(c.foot.fp.Factors)
	// The headline's range says what a range is; without one, the first here does.
	explained := spread.Beside(footprint.Energy, b.WhPerDay, "") != ""
	add := func(id, label string, m footprint.Measure, v float64, ok bool, format func(float64) string, at string, src *footprint.Source) {
		if !ok {
			return
		}
		first := !explained && spread.Beside(m, b.WhPerDay, "") != ""
		explained = explained || first
		totals = append(totals, app.Div().ID(id+"-row").Body(
			app.Dt().Text(label),
			app.Dd().ID(id).Class("fp-figure").Text(format(v)+" a day"),
			app.Dd().ID(id+"-year").Class("small").Text(format(v*365)+" a year"),
			app.If(!compact && src != nil, func() app.UI {
				return app.Dd().Class("small").Body(app.Text(at+" "), sourceNote(*src, label, "", false))
			}),
			rangeNote(id+"-range", spread, m, b.WhPerDay, " a day", first, true),
		))
	}
	if !f.IsGPUOnly() {
		add("fp-total", "At this boundary", footprint.Energy, l.FacilityWh, true, data.FormatEnergy, "", nil)
	}
	g, hasG := f.Carbon(l)
	gs, ws := footprint.Grid.SourceOf(f.Grid), footprint.WUE.SourceOf(f.WUE)
	add("fp-carbon", "Carbon", footprint.Carbon, g, hasG, footprint.FormatCarbon, "at "+footprint.Grid.Describe(f.Grid), &gs)
	w, hasW := f.Water(l)
	add("fp-water", "Water, on site", footprint.Water, w, hasW, footprint.FormatWater, "at "+footprint.WUE.Describe(f.WUE)+", of the IT energy", &ws)
	m, hasM := f.Cost(l)
	add("fp-cost", "Cost", footprint.Money, m, hasM, func(v float64) string { return footprint.FormatMoney(v, f.Currency) },
		fmt.Sprintf("at %s %s per kWh (your figure)", data.FormatNumber(f.Price.Value), f.Currency), &footprint.YourFigure)
	words := "Boundary: GPU only, as measured and planned."
	if !f.IsGPUOnly() {
		words = fmt.Sprintf("Boundary: %s, on the plan's energy, whose idle capacity is the plan's own, not a share of GPU energy.", f.BoundaryName())
	}
	ladder := app.Ol().ID("fp-ladder").Class("fp-ladder").Body(rungs...)
	if len(rungs) == 0 {
		ladder = ladder.Hidden(true) // only when true: go-app prerenders hidden="false"
	}
	return app.Section().ID("fp").Class("footprint").Aria("label", "Beyond the GPU, a day").Body(
		app.If(!compact, func() app.UI { return app.H2().Text("Beyond the GPU, a day") }),
		app.P().ID("fp-boundary-words").Class("small").Text(words),
		ladder,
		app.Dl().ID("fp-totals").Class("fp-totals").Body(totals...),
	)
}

// renderControls is the inputs, less those c.look.Hidden hides, with the
// traffic in place of the volume.
func (c *Plan) renderControls() app.UI {
	return c.slottedInputs(nil, data.Tokens, func() app.UI { return c.traffic.render(&c.t, c.changed) }, c.footprintSet())
}

// renderDownloads offers the plan as JSON and every configuration planned
// as CSV, the bytes of tokenjoule plan -json and -csv.
func (c *Plan) renderDownloads() app.UI {
	button := func(id, label, title string, h app.EventHandler) app.UI {
		return disabledUntilStart(app.Button().Type("button").ID(id).Class("small-button").Title(title).Aria("label", title).Text(label).OnClick(h))
	}
	return app.Section().ID("share").Class("share card").Aria("label", "Take it away").Body(
		app.Div().Class("share-row").Body(
			app.Span().Class("share-label").Text("Plan"),
			app.Span().Class("share-buttons").Body(
				button("download-plan-json", "JSON", "Download the plan as JSON", c.onDownload("json")),
				button("download-plan-csv", "CSV", "Download every configuration that meets the deadline, planned, as CSV", c.onDownload("csv")),
			),
		),
		app.P().ID("share-status").Class(statusClass(c.failed)).Role("status").Text(c.status),
	)
}

func (c *Plan) onDownload(ext string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		name := export.PlanFilename(c.p, ext)
		var b []byte
		var err error
		mime := "application/json"
		if ext == "csv" {
			b, mime = export.PlanCSV(c.p, c.foot.fp.Factors), "text/csv"
		} else {
			b, err = export.PlanJSON(c.p, c.foot.fp.Factors)
		}
		if err == nil {
			err = saveFile(name, mime, b)
		}
		if err != nil {
			c.status, c.failed = fmt.Sprintf("Could not make %s: %v.", name, err), true
			return
		}
		c.status, c.failed = "Saved "+name+".", false
	}
}

// renderFooter is the plan's caveat in place of the dataset's (which says
// that idle time is not counted), the data, the citation, and the idle
// power's sources.
func (c *Plan) renderFooter() app.UI {
	src := c.p.Busy.Model.Source
	var idle []app.UI
	for i, pr := range plan.IdleW.Presets {
		if i > 0 {
			idle = append(idle, app.Text("; "))
		}
		s := pr.Source()
		idle = append(idle, app.Text(fmt.Sprintf("%s, %s W: %s ", pr.ID, data.FormatNumber(pr.Value), s.Title)),
			app.A().Href(s.URL).Target("_blank").Rel("noopener").Text(linkText(s.URL)))
	}
	return app.Footer().ID("about").Class("about card").Body(
		app.P().ID("caveat").Class("caveat").Body(app.Strong().Text("A floor, not a total. "), app.Text(plan.Caveat)),
		app.P().ID("model-words").Text("The model: replicas = the peak rate over a replica's measured throughput, rounded up; "+
			"each replica draws its GPUs' idle power plus its load's share of the difference to its measured busy power; "+
			"the plan is the configuration that meets the deadline with the least energy a day. One configuration serves the whole fleet."),
		app.P().ID("dataset").Body(
			app.Text("Data: "), app.A().Href(src.URL).Text(src.Name),
			app.Text(" "+datasetVersion(src, c.set.Index.DataVersion)+" Licence: "+src.Licence+"."),
		),
		app.P().ID("cite").Body(app.Text("Cite: "), app.A().Href(src.CiteURL).Text(src.Cite), app.Text(".")),
		app.P().ID("idle-sources").Class("small").Body(append([]app.UI{app.Text("Idle power of a GPU holding a model: ")}, append(idle, app.Text("."))...)...),
	)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
