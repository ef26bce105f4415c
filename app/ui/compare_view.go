package ui

import (
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/charts"
	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/lang"
)

// The compare page's chart ids.
const (
	chartRanking = "chart-ranking"
	chartParams  = "chart-params"
)

// anyGPUOption is the GPU choice's option that puts each model on the GPU
// that spends less: "B200 or H100 (the better) for each".
func (c *Compare) anyGPUOption(gpus []string) string {
	if len(gpus) == 1 {
		return c.tr("compare.gpu.only", "gpu", gpus[0])
	}
	return c.tr("compare.gpu.better", "gpus", c.printer().GPUChoice(gpus, data.AnyGPU))
}

// titleRanking is the title of the bars in the page's language, by a volume
// or, in plan mode, planned.
func (c *Compare) titleRanking() string {
	if c.planning {
		return c.tr("compare.plan.bars.title")
	}
	return c.tr("compare.bars.title")
}

// render is the ranking, its table, the models that miss the deadline, the
// inputs and the downloads; on the full page also the scatter and the
// footer; the embed's card layout is renderCard.
func (c *Compare) render(root app.HTMLMain) app.UI {
	if c.err != nil || c.rk == nil {
		return failed(root, c.tr("compare.failed", "error", fmt.Sprint(c.err)))
	}
	titleParams := c.tr("chart.params.title." + c.kind().Item)
	share := &Share{Query: c.q, Ranking: c.rk, Compact: c.embedded, Footprint: c.foot.fp, Kept: keeping, Lang: c.lang, Asked: c.asked, Charts: []ShareChart{
		{ID: chartRanking, Title: c.titleRanking(), Option: c.bars},
		{ID: chartParams, Title: titleParams, Option: c.scatter},
	}}
	if c.planning {
		share.Planned = c.prk
	}
	if c.embedded && c.look.Layout == state.LayoutCard {
		return c.figurePage(root, c.renderCard(), figureFooter(c.lang, c.set.Index.Source, c.set.Index.DataVersion, c.fullURL()))
	}
	if c.embedded {
		return c.embedPage(root, c.tr("compare.embed.heading"),
			c.renderAnswer(),
			c.renderTable(),
			c.renderMissed(),
			c.renderControls(),
			share,
			c.renderEmbedAbout(),
		)
	}
	top := app.Div().Class("top-links").Body(
		app.A().ID("open-calc").Class(answerPart).Href(c.modelCalcURL()).Text(c.tr("nav.calc")),
		// The planner plans output tokens: no plan mode for images or videos.
		slot(!c.kind().Diffusion(), func() app.UI {
			return app.A().ID("open-mode").Class(answerPart).Href(c.modeURL()).Text(c.modeWords())
		}),
		c.builder(),
	)
	return c.fullPage(root, c.tr("compare.skip"), top, c.lede(),
		c.renderAnswer(),
		c.renderControls(),
		share,
		c.renderTable(),
		c.renderMissed(),
		later(app.Figure().Class("chart card scatter "+answerPart), func() []app.UI {
			return []app.UI{
				app.H2().Text(titleParams),
				&Chart{ID: chartParams, Option: c.scatter, Label: charts.DescribeEnergyParams(c.printer(), c.rk, c.q.Model)},
				renderChartNoJS(),
				app.FigCaption().Text(c.scatterCaption()),
			}
		}),
		// The calculator's footer: with no result, it names the dataset's
		// source and caveat, which every model shares.
		aboutFooterIn(c.lang, c.set, nil),
	)
}

// builder is the Embed button and its dialog, for the ranking by a volume
// or, in plan mode, planned.
func (c *Compare) builder() app.UI {
	b := &Builder{Query: c.q, Ranking: c.rk, Bars: c.bars, Footprint: c.foot.fp, Lang: c.lang}
	if c.planning {
		b.Planned = c.prk
	}
	return b
}

// renderControls is the inputs: the calculator's, less the model, which
// this page ranks, and with the workload's GPUs.
func (c *Compare) renderControls() app.UI {
	if c.look.Hidden.All() {
		return nil
	}
	q := c.q
	var only *data.Kind
	if c.planning {
		only = data.Tokens // the planner plans tokens
	}
	tasks, gpus := taskOptions(c.lang, c.set, q.Task, only), []app.UI(nil)
	wgpus := c.rk.Workload.GPUs()
	gpus = append(gpus, option(data.AnyGPU, c.anyGPUOption(wgpus), q.GPU == data.AnyGPU))
	for _, g := range wgpus {
		gpus = append(gpus, option(g, g, q.GPU == g))
	}
	show := func(param string, f func() app.UI) app.UI { return app.If(!c.look.Hidden.Has(param), f) }
	var back app.UI
	if !c.embedded {
		back = backButton(c.lang)
	}
	return inputsCard(
		back,
		show(state.ParamTask, func() app.UI {
			return field("task", c.tr("field.task"), app.Select().ID("task").OnChange(c.onTask).Body(tasks...))
		}),
		show(state.ParamGPU, func() app.UI {
			return app.Div().Class("field").Body(
				app.Div().Class("label-row").Body(app.Label().For("gpu").Text("GPU"), explainIn(c.lang, termGPUs)),
				app.Select().ID("gpu").OnChange(c.onGPU).Body(gpus...),
			)
		}),
		show(state.ParamDeadline, c.deadlineField),
		// An image or video workload has one latency per batch: no percentile.
		app.If(!c.look.Hidden.Has(state.ParamPercentile) && !c.kind().Diffusion(), c.percentileField),
		show(state.ParamTokens, func() app.UI {
			if c.planning {
				return c.tin.render(c.lang, &c.traffic, c.changed)
			}
			return c.volumeField()
		}),
		c.footprintSet(),
	)
}

// renderAnswer is the question, the answer in words, and the bars.
func (c *Compare) renderAnswer() app.UI {
	if c.planning {
		return c.renderPlanAnswer()
	}
	q, k, p := c.q, c.kind(), c.printer()
	ranked, _, _ := c.groups()
	measured, models := c.rk.MeasuredIn(p)
	question := c.tr("compare.question", "volume", p.VolumeWords(k, q.Tokens), "workload", c.workloadWords(c.rk.Workload),
		"gpus", c.gpuWords(), "deadline", p.DeadlineWords(k, q.Percentile, q.DeadlineMS))
	var answer []app.UI
	if len(ranked) == 0 {
		answer = append(answer, app.Text(c.tr("compare.none", "n", p.Int(measured), "models", models)))
	} else {
		first, last := ranked[0], ranked[len(ranked)-1]
		e0 := first.Result.Estimate.EnergyWh
		// Text after an element begins with a word or a dash: prerendered,
		// go-app puts a line break between them, read as a space.
		answer = append(answer,
			app.Strong().ID("meets-count").Text(c.tr("compare.count", "n", p.Int(len(ranked)), "total", p.Int(measured))),
			app.Text(" "+c.tr("compare.meet", "models", models)+" "),
			app.Strong().ID("least").Text(first.Entry.Name+", "+p.Energy(e0)),
		)
		if len(ranked) > 1 {
			answer = append(answer, app.Text(" "+c.tr("compare.most", "model", last.Entry.Name,
				"energy", p.Energy(last.Result.Estimate.EnergyWh), "ratio", p.Ratio(last.Result.Estimate.EnergyWh/e0))))
		}
	}
	rows := barRows(len(ranked))
	// Only the answer in words is announced when it changes, not the chart.
	body := append(c.renderPending(c.set),
		app.P().ID("question").Class("question").Text(question),
		app.P().ID("answer").Class("answer").Role("status").Body(answer...),
		app.P().ID("floor").Class("floor").Text(c.floorWords(c.tr("card.caveat"))),
		app.If(!c.embedded && !c.look.Hidden.All(), func() app.UI { return editButton(c.lang, "task") }),
		app.Figure().Class("chart bars "+rows).Body(
			app.H2().Text(c.titleRanking()),
			&Chart{ID: chartRanking, Option: c.bars, Label: charts.DescribeRanking(c.printer(), c.rk)},
			renderChartNoJS(),
			app.FigCaption().Text(c.barsCaption(c.tr("compare.bars.caption"))),
		),
	)
	return app.Section().ID("result").Class("result card").TabIndex(-1).Aria("labelledby", "question").Body(body...)
}

// barRows is the class that sizes the bars' chart for n bars.
func barRows(n int) string {
	switch {
	case n <= 6:
		return "rows-s"
	case n <= 12:
		return "rows-m"
	}
	return "rows-l"
}

// lede says what the page does, for the kind of workload it ranks.
func (c *Compare) lede() string {
	if k := c.kind(); k.Diffusion() {
		return c.tr("compare.lede.diffusion", "items", c.tr("items."+k.Item+"s"))
	}
	return c.tr("compare.lede.tokens")
}

// renderMissed lists the models that miss the deadline, each with the
// smallest deadline it meets and a button that sets it, and names those not
// measured on the GPU.
func (c *Compare) renderMissed() app.UI {
	_, missed, unmeasured := c.groups()
	q, k, p := c.q, c.kind(), c.printer()
	items := make([]app.UI, len(missed))
	for i, r := range missed {
		min, f := r.Result.MinDeadlineMS(), r.Result.Fastest
		a := app.A().Href(c.calcURL(r.Entry.Slug)).Text(r.Entry.Name)
		if c.embedded {
			a = a.Target("_blank").Rel("noopener")
		}
		items[i] = app.Li().ID("missed-"+r.Entry.Slug).DataSet("model", r.Entry.Slug).Body(
			a,
			app.Span().Class("small").Text(" "+c.tr("compare.missed.best", "size", r.Entry.SizeIn(p),
				"deadline", p.DeadlineWords(k, q.Percentile, min), "config", f.BatchWordsIn(p, true))+" "),
			app.If(!c.look.Hidden.Has(state.ParamDeadline), func() app.UI {
				return disabledUntilStart(app.Button().Type("button").ID("min-deadline-" + r.Entry.Slug).Class("small-button").
					Text(setDeadlineWords(c.lang, k, min)).OnClick(c.onMinDeadline(i)))
			}),
		)
	}
	var names []string
	for _, r := range unmeasured {
		names = append(names, c.tr("compare.unmeasured.model", "model", r.Entry.Name, "gpus", p.GPUChoice(r.Entry.GPUs, data.AnyGPU)))
	}
	return app.Section().ID("missed").Class("missed card "+answerPart).Aria("label", c.tr("compare.missed.label")).
		Hidden(len(missed) == 0 && len(unmeasured) == 0).Body(
		app.If(len(missed) > 0, func() app.UI {
			return app.Div().Body(
				app.H2().Text(c.tr("compare.missed.title", "deadline", p.Deadline(k, q.DeadlineMS))),
				app.Ul().ID("missed-list").Body(items...),
			)
		}),
		app.If(len(unmeasured) > 0, func() app.UI {
			return app.P().ID("unmeasured").Text(c.tr("compare.unmeasured", "gpu", q.GPU, "models", strings.Join(names, ", ")))
		}),
	)
}

func (c *Compare) scatterCaption() string {
	s := c.tr("compare.params.caption")
	e, err := c.set.Entry(c.q.Task, c.q.Model)
	if err != nil {
		return s
	}
	for _, r := range c.rk.Models {
		if r.Entry.Slug == e.Slug && r.Status() == data.Meets {
			return s + " " + c.tr("compare.params.diamond", "model", e.Name)
		}
	}
	return s + " " + c.tr("compare.params.missed", "model", e.Name)
}

// fullURL is the full compare page with this state.
func (c *Compare) fullURL() string {
	full := state.String(c.q)
	if c.planning {
		full += "&" + state.TrafficString(c.traffic)
	}
	return c.link("/compare", c.foot.fp.Page().AppendTo(full))
}

// renderEmbedAbout is the embed's caveat, source and citation in one line,
// and the way to the full compare page.
func (c *Compare) renderEmbedAbout() app.UI {
	caveat := c.set.Index.Caveat
	if c.lang != lang.EN { // the dataset's is in English
		caveat = c.tr("card.caveat")
	}
	return embedAbout(c.lang, c.set.Index.Source, caveat, c.set.Index.DataVersion, c.fullURL(),
		c.tr("compare.full.title"), c.tr("compare.full"))
}

// renderCard is the compare embed's card layout: export.CompareCard's title
// and answer, the bars of the models that meet the deadline, the caveat; in
// plan mode, export.PlanCompareCard's, and the bars of the energy a day.
func (c *Compare) renderCard() app.UI {
	card := export.CompareCardIn(c.printer(), c.rk, &c.set.Index)
	label := charts.DescribeRanking(c.printer(), c.rk)
	if c.planning {
		card, label = export.PlanCompareCardIn(c.printer(), c.prk, &c.set.Index), charts.DescribePlanRanking(c.printer(), c.prk)
	}
	ranked, _, _ := c.groups()
	body := append(c.renderPending(c.set),
		app.H1().ID("question").Class("figure-title").Text(card.Title),
		app.P().ID("figure-context").Class("figure-context").Text(card.Context),
		app.P().ID("answer").Class("figure-answer").Text(card.Answer),
		updated(c.look, &c.set.Index, card.Wh, card.Lang),
		app.Figure().Class("chart bars "+barRows(len(ranked))).Body(
			&Chart{ID: chartRanking, Option: c.bars, Label: label},
			renderChartNoJS(),
		),
		app.P().ID("floor").Class("figure-caveat").Text(card.Caveat),
	)
	return app.Section().ID("result").Class("result figure").Aria("labelledby", "question").Body(body...)
}
