package ui

import (
	"fmt"
	"slices"
	"strconv"
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
		return failed(root, c.tr("plan.failed", "error", fmt.Sprint(c.err)))
	}
	if c.embedded {
		switch c.look.Layout {
		case state.LayoutCard:
			return c.figurePage(root, figureCard(export.PlanCardIn(c.printer(), c.p, c.foot.fp.Factors), c.look, &c.set.Index, c.renderPending(c.set)), c.figureFooter())
		case state.LayoutChart:
			return c.figurePage(root, c.renderChartLayout(), c.figureFooter())
		}
		return c.embedPage(root, c.tr("plan.embed.heading"),
			c.renderResult(true),
			c.renderControls(),
			c.chartFigure(chartPlanEnergy, c.tr("chart.plan.energy.title"), c.energyOpt, c.energyLabel, ""),
			embedAbout(c.lang, c.p.Busy.Model.Source, c.tr("plan.caveat"), c.set.Index.DataVersion, c.planURL(),
				c.tr("plan.full.title"), c.tr("plan.full")),
		)
	}
	top := app.Span().Class("top-links").Body(
		app.A().ID("open-calc").Class(answerPart).Href(c.calcURL()).Text(c.tr("nav.calc")),
		app.A().ID("open-compare").Class(answerPart).Href(c.compareURL()).Text(c.tr("plan.open.compare")),
		&Builder{Query: c.q, Plan: c.p, Footprint: c.foot.fp, Lang: c.lang},
	)
	return c.fullPage(root, c.tr("plan.skip"), top, c.tr("plan.lede"),
		c.renderResult(false),
		c.renderControls(),
		c.renderDownloads(),
		// Below the first screen: kept as prerendered while the page starts.
		later(app.Section().Class("charts plan-charts").Aria("label", c.tr("plan.charts")), func() []app.UI {
			return []app.UI{
				c.chartFigure(chartPlanEnergy, c.tr("chart.plan.energy.title"), c.energyOpt, c.energyLabel, c.tr("plan.energy.caption")),
				c.chartFigure(chartPlanGPUs, c.tr("chart.plan.gpus.title"), c.gpusOpt, c.gpusLabel, c.tr("plan.gpus.caption")),
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
	return figureChart(headline.PlanOfIn[i](c.printer(), c.p), export.PlanCardIn(c.printer(), c.p, c.foot.fp.Factors),
		&Chart{ID: spec.id, Option: option, Label: label}, headline.PlanBriefsIn(c.printer())[i], c.renderPending(c.set))
}

// figureFooter is the figure layouts' footer, to the full plan.
func (c *Plan) figureFooter() app.UI {
	return figureFooter(c.lang, c.p.Busy.Model.Source, c.set.Index.DataVersion, c.planURL())
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
	r, p := c.p.Busy, c.printer()
	q := r.Query
	wl, _ := c.set.Workload(q.Task)
	return c.tr("plan.question", "traffic", c.t.WordsIn(p), "model", r.Model.Name, "workload", c.workloadWords(wl),
		"gpus", p.GPUChoice(r.Model.GPUs, q.GPU), "deadline", p.DeadlineWords(data.Tokens, q.Percentile, q.DeadlineMS))
}

// renderResult is the answer: the energy a day, the fleet, the price of
// the headroom, where the idle power comes from, the configuration.
// compact is the embed's. It is the target of a skip past the notices.
func (c *Plan) renderResult(compact bool) app.UI {
	p, q, pr := c.p, c.p.Busy.Query, c.printer()
	body := c.renderPending(c.set)
	body = append(body, app.P().ID("question").Class("question").Text(c.planQuestion()))
	b := p.Best()
	if b == nil {
		r := p.Busy
		min := r.MinDeadlineMS()
		body = append(body,
			app.P().ID("infeasible").Class("infeasible").Text(c.tr("calc.infeasible", "model", r.Model.Name,
				"gpus", pr.GPUChoice(r.Model.GPUs, q.GPU), "deadline", pr.DeadlineWords(data.Tokens, q.Percentile, q.DeadlineMS),
				"min", pr.MS(min), "hardware", r.Fastest.Hardware())),
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
	busy := "plan.busy"
	if !f.IsGPUOnly() {
		busy = "plan.busy.gpu"
	}
	body = append(body,
		app.P().Class("energy").Body(
			app.Span().ID("energy").Text(pr.Energy(head)),
			app.Span().Class("per-day").Text(c.tr("plan.a-day")),
			app.Span().ID("energy-year").Class("joules").Text(c.tr("plan.year", "energy", pr.Energy(head*365))),
		),
		rangeNoteIn(c.printer(), "energy-range", b.Spread(c.foot.fp.Factors), footprint.Energy, b.WhPerDay, " "+c.tr("plan.a-day"), true, false),
		slot(!f.IsGPUOnly(), func() app.UI {
			return app.P().ID("floor").Class("floor").Text(widenedWordsIn(pr, f,
				c.tr("plan.fp.gpus", "energy", pr.Energy(b.WhPerDay)), footprint.Idle))
		}),
		app.P().ID("fleet").Class("fleet").Body(
			app.Strong().ID("gpus").Text(gpuCount(pr, b.GPUs)),
			app.Text(c.tr("plan.colon")),
			app.Span().ID("replicas").Text(c.tr("plan.replica"+plural(b.Replicas), "n", pr.Int(b.Replicas),
				"hardware", b.Config.Hardware(), "limit", strconv.Itoa(b.Config.MaxNumSeqs))),
			app.Text(", "),
			app.Span().ID("utilisation").Text(c.tr("plan.utilisation", "average", plan.PercentIn(pr, b.Utilisation),
				"peak", plan.PercentIn(pr, b.PeakUtilisation(c.t)))),
			app.Text("."),
		),
		app.P().ID("headroom").Class("headroom").Body(
			app.Strong().ID("headroom-share").Text(pr.Change(b.WhPerDay, p.BusyWhPerDay())),
			app.Text(" "+c.tr("plan.headroom")+" "),
			app.Span().ID("busy").Text(pr.Energy(p.BusyWhPerDay())),
			app.Text(" "+c.tr(busy, "tokens", plan.CountIn(pr, c.t.Rate.TokensPerDay()))),
		),
		c.renderIdle(),
	)
	if compact {
		body = append(body, slot(c.foot.fp != (state.Footprint{}), func() app.UI { return c.renderFootprint(true) }),
			compactConfig(c.printer(), data.Tokens, b.Config, q))
	} else {
		e := b.Config.Estimate(c.t.Rate.TokensPerDay())
		body = append(body,
			app.Dl().Class("figures").Body(
				figure("power", c.tr("plan.power"), plan.PowerIn(pr, b.PowerW)),
				figure("gpu-hours-day", c.tr("plan.gpu-hours"), pr.Number(b.GPUHoursPerDay())),
				figure("rate-tps", c.tr("plan.rate"), plan.RatePerSecondIn(pr, c.t.Rate.TokensPerSecond())),
				figure("peak-tps", c.tr("plan.peak"), plan.RatePerSecondIn(pr, c.t.Rate.TokensPerSecond()*c.t.Peak)),
			),
			slot(c.foot.fp != (state.Footprint{}), func() app.UI { return c.renderFootprint(false) }),
			configDetailsIn(c.printer(), data.Tokens, b.Config, &e),
		)
	}
	return app.Section().ID("result").Class("result card").TabIndex(-1).Aria("labelledby", "question").Body(body...)
}

// renderIdle says what idle power the plan counts and where it comes from;
// where it knows none, that idle power is not counted.
func (c *Plan) renderIdle() app.UI {
	b, p := c.p.Best(), c.printer()
	// A div, not a paragraph: a paragraph cannot hold the source's
	// disclosure, which the browser's parser would move out of it.
	el := app.Div().ID("idle-words").Class("small")
	switch {
	case c.t.IdleSet:
		return el.Text(c.tr("plan.idle.yours", "watts", p.Number(c.t.Idle)))
	case !b.IdleKnown:
		return el.Class("small error").Text(c.tr("plan.idle.none", "gpu", b.Config.GPU, "field", c.tr("traffic.idle")))
	}
	pr, _ := plan.IdleW.Preset(b.Config.GPU)
	basis := pr.Basis
	if basis == lang.EN.T("plan.idle.basis") { // the presets' basis, sourced in English
		basis = c.tr("plan.idle.basis")
	}
	body := []app.UI{app.Text(c.tr("plan.idle.preset", "watts", p.Number(pr.Value), "gpu", b.Config.GPU,
		"basis", basis, "year", pr.Year) + " "), sourceNoteIn(c.printer(), pr.Source(), c.tr("plan.idle.of"), "", false)}
	if u := c.p.UnknownIdle(); len(u) > 0 {
		body = append(body, app.Text(" "+c.tr("plan.idle.unknown", "gpus", strings.Join(u, ", "))))
	}
	return el.Body(body...)
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
			label, src, applies := r.LabelIn(c.printer()), r.Source(), r.AppliesIn(c.printer())
			switch r.Name {
			case "gpu":
				label, applies = c.tr("plan.fp.gpu"), c.tr("plan.fp.gpu.applies")
			case "fleet":
				continue // the plan's idle capacity is in the GPUs' energy
			}
			rungs = append(rungs, app.Li().DataSet("rung", r.Name).Body(
				app.Span().Class("fp-label").Text(label),
				app.Span().Class("fp-wh").Text(c.printer().Energy(r.Wh)),
				app.Span().Class("fp-applies").Text(applies),
				spanNoteIn(c.printer(), b.Spread(c.foot.fp.Factors), r.Param),
				app.If(!compact, func() app.UI { return sourceNoteIn(c.printer(), src, label, "", false) }),
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
			app.Dd().ID(id).Class("fp-figure").Text(c.tr("plan.day", "amount", figureIn(c.lang, format(v)))),
			app.Dd().ID(id+"-year").Class("small").Text(c.tr("plan.year", "energy", figureIn(c.lang, format(v*365)))),
			app.If(!compact && src != nil, func() app.UI {
				return app.Dd().Class("small").Body(app.Text(at+" "), sourceNoteIn(c.printer(), *src, label, "", false))
			}),
			rangeNoteIn(c.printer(), id+"-range", spread, m, b.WhPerDay, " "+c.tr("plan.a-day"), first, true),
		))
	}
	if !f.IsGPUOnly() {
		add("fp-total", c.tr("plan.fp.total"), footprint.Energy, l.FacilityWh, true, data.FormatEnergy, "", nil)
	}
	g, hasG := f.Carbon(l)
	gs, ws := footprint.Grid.SourceOf(f.Grid), footprint.WUE.SourceOf(f.WUE)
	add("fp-carbon", c.tr("plan.fp.carbon"), footprint.Carbon, g, hasG, footprint.FormatCarbon, c.tr("plan.fp.at", "what", footprint.Grid.DescribeIn(c.printer(), f.Grid)), &gs)
	w, hasW := f.Water(l)
	add("fp-water", c.tr("plan.fp.water"), footprint.Water, w, hasW, footprint.FormatWater, c.tr("plan.fp.at.it", "what", footprint.WUE.DescribeIn(c.printer(), f.WUE)), &ws)
	m, hasM := f.Cost(l)
	add("fp-cost", c.tr("plan.fp.cost"), footprint.Money, m, hasM, func(v float64) string { return footprint.FormatMoney(v, f.Currency) },
		c.tr("plan.fp.price", "price", c.printer().Number(f.Price.Value), "currency", f.Currency), &footprint.YourFigure)
	words := c.tr("plan.fp.boundary.gpu")
	if !f.IsGPUOnly() {
		words = c.tr("plan.fp.boundary", "boundary", f.BoundaryNameIn(c.printer()))
	}
	ladder := app.Ol().ID("fp-ladder").Class("fp-ladder").Body(rungs...)
	if len(rungs) == 0 {
		ladder = ladder.Hidden(true) // only when true: go-app prerenders hidden="false"
	}
	return app.Section().ID("fp").Class("footprint").Aria("label", c.tr("plan.fp.title")).Body(
		app.If(!compact, func() app.UI { return app.H2().Text(c.tr("plan.fp.title")) }),
		app.P().ID("fp-boundary-words").Class("small").Text(words),
		ladder,
		app.Dl().ID("fp-totals").Class("fp-totals").Body(totals...),
	)
}

// renderControls is the inputs, less those c.look.Hidden hides, with the
// traffic in place of the volume.
func (c *Plan) renderControls() app.UI {
	return c.slottedInputs(nil, data.Tokens, func() app.UI { return c.traffic.render(c.lang, &c.t, c.changed) }, c.footprintSet())
}

// renderDownloads offers the plan as JSON and every configuration planned
// as CSV, the bytes of tokenjoule plan -json and -csv.
func (c *Plan) renderDownloads() app.UI {
	button := func(id, label, title string, h app.EventHandler) app.UI {
		return disabledUntilStart(app.Button().Type("button").ID(id).Class("small-button").Title(title).Aria("label", title).Text(label).OnClick(h))
	}
	return app.Section().ID("share").Class("share card").Aria("label", c.tr("plan.share")).Body(
		app.Div().Class("share-row").Body(
			app.Span().Class("share-label").Text(c.tr("plan.share.label")),
			app.Span().Class("share-buttons").Body(
				button("download-plan-json", "JSON", c.tr("plan.share.json"), c.onDownload("json")),
				button("download-plan-csv", "CSV", c.tr("plan.share.csv"), c.onDownload("csv")),
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
			b, err = export.PlanJSONIn(c.printer(), c.p, c.foot.fp.Factors)
		}
		if err == nil {
			err = saveFile(name, mime, b)
		}
		if err != nil {
			c.status, c.failed = c.tr("plan.share.failed", "file", name, "error", fmt.Sprint(err)), true
			return
		}
		c.status, c.failed = c.tr("plan.share.saved", "file", name), false
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
		title, _ := sourceWords(c.printer(), s)
		idle = append(idle, app.Text(c.tr("plan.idle.source", "gpu", pr.ID, "watts", c.printer().Number(pr.Value), "title", title)+" "),
			app.A().Href(s.URL).Target("_blank").Rel("noopener").Text(linkText(s.URL)))
	}
	return app.Footer().ID("about").Class("about card").Body(
		app.P().ID("caveat").Class("caveat").Body(app.Strong().Text(c.tr("plan.floor")+" "), app.Text(c.tr("plan.caveat"))),
		app.P().ID("model-words").Text(c.tr("plan.model")),
		app.P().ID("dataset").Body(
			app.Text(c.tr("plan.data")+" "), app.A().Href(src.URL).Text(src.Name),
			app.Text(" "+datasetVersionIn(c.lang, src, c.set.Index.DataVersion)+" "+c.tr("plan.licence", "licence", src.Licence)),
		),
		app.P().ID("cite").Body(app.Text(c.tr("footer.cite")+" "), app.A().Href(src.CiteURL).Text(src.Cite), app.Text(".")),
		app.P().ID("idle-sources").Class("small").Body(append([]app.UI{app.Text(c.tr("plan.idle.sources") + " ")}, append(idle, app.Text("."))...)...),
	)
}

// figureIn is a figure package footprint wrote the English way, its unit
// one word or more ("10.72 kg CO2e"), in t's format: "10,72 kg CO2e".
func figureIn(t lang.Tag, s string) string {
	n, unit, ok := strings.Cut(s, " ")
	if t == lang.EN || !ok || n == "" || n[len(n)-1] < '0' || n[len(n)-1] > '9' {
		return t.Figure(s)
	}
	return t.Number(n) + t.Of().Numbers.UnitSpace + unit
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
