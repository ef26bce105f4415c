package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/lang"
)

// render turns the state into markup: the full page, or the embed
// (renderEmbed). Every figure comes from c.res (a dataset row and its
// Estimate) through data's formatters; element ids are what the browser
// tests read.
func (c *Calculator) render(root app.HTMLMain) app.UI {
	if c.embedded {
		return c.renderEmbed(root)
	}
	return c.fullPage(root, c.tr("calc.skip"), c.builder(), c.lede(c.kind()),
		c.renderResult(false),
		c.renderControls(),
		c.renderAnnouncement(),
		c.share(false),
		c.renderCharts(),
		aboutFooterIn(c.lang, c.set, c.res),
	)
}

// builder is the Embed button and its dialog, for the answer there is.
func (c *Calculator) builder() app.UI {
	if c.res == nil {
		return app.Span().Hidden(true)
	}
	return &Builder{Query: c.q, Result: c.res, Footprint: c.foot.fp, Lang: c.lang}
}

// lede says what the page does, without a word of jargon, for the kind of
// workload it shows, in the page's language.
func (c *Calculator) lede(k *data.Kind) string {
	if k.Diffusion() {
		return c.tr("calc.lede.diffusion", "items", c.tr("items."+k.Item+"s"))
	}
	return c.tr("calc.lede.tokens")
}

// renderControls is the inputs, less those c.look.Hidden hides (the embed's
// hide parameter); the embed's have short labels, to fit narrow columns,
// and no footprint (its author's URL sets it).
func (c *Calculator) renderControls() app.UI {
	var back, foot app.UI
	if !c.embedded {
		back, foot = backButton(c.lang), c.foot.render(c.onFootprint, c.onFootprintToggle, true)
	}
	return c.slottedInputs(back, nil, c.volumeField, foot)
}

// question is what the figure answers, in words: "Energy for 1M output
// tokens of Qwen 3 14B (Text Conversation) on B200 or H100, with half of
// the tokens within 500 ms of the one before"; "Energy for 10k images of
// FLUX.1 Dev (Text to Image) on H100, with each image ready within 10 s".
// The workload's name is the dataset's in English, the catalogue's in
// another language.
func (c *Calculator) question(r *data.Result, wl *data.Workload) string {
	q, k, p := r.Query, r.Kind, c.printer()
	name := wl.Name
	if c.lang.Of().Tag != lang.EN {
		name = c.tr("workload." + q.Task)
	}
	return c.tr("calc.question", "volume", p.VolumeWords(k, q.Tokens), "model", r.Model.Name,
		"workload", name, "gpus", p.GPUChoice(r.Model.GPUs, q.GPU),
		"deadline", p.DeadlineWords(k, q.Percentile, q.DeadlineMS))
}

// renderResult is the answer. compact is the embed's: the figures that matter
// and the configuration in a few lines, without the full list. It is the
// target of a skip past the notices, so it takes focus from a script.
func (c *Calculator) renderResult(compact bool) app.UI {
	sec := app.Section().ID("result").Class("result card").TabIndex(-1).Aria("labelledby", "question")
	if c.err != nil || c.res == nil {
		msg := "no result"
		if c.err != nil {
			msg = c.err.Error()
		}
		return sec.Body(app.P().ID("question").Class("error").Text(c.tr("calc.failed", "error", msg)))
	}
	r, q, k := c.res, c.res.Query, c.res.Kind
	wl, _ := c.set.Workload(q.Task)
	p := c.printer()
	gpus := p.GPUChoice(r.Model.GPUs, q.GPU)

	body := c.renderPending(c.set)
	body = append(body, app.P().ID("question").Class("question").Text(c.question(r, wl)))
	if s := r.Selected; s != nil {
		e, head := r.Estimate, c.headlineWh()        // the total at the boundary (footprint_view.go)
		joules := c.lang.Figure(data.InJoules(head)) // "" where the headline is in joules already
		body = append(body,
			app.P().Class("energy").Body(
				app.Span().ID("energy").Title(joules).Text(c.printer().Energy(head)),
				app.Span().ID("joules").Class("joules").Text(joules),
			),
			c.renderRange(),
			c.renderOtherEnd(),
			app.P().ID("floor").Class("floor").Text(c.boundaryWords(c.tr("card.caveat"))),
		)
		if !compact {
			// The embed keeps its inputs on its first screen: these two
			// lines are the full page's.
			body = append(body, c.renderLever(), c.renderRuns(), editButton(c.lang, "task"))
		}
		switch {
		case compact:
			body = append(body, c.renderFootprint(true))
		case k.Diffusion():
			body = append(body,
				app.Dl().Class("figures").Body(
					figure("j-per-item", c.tr("figure.j-per-item", "item", c.tr("item."+k.Item)), p.Joules(s.Joules())),
					figure("wh-per-item", c.tr("figure.wh-per-item", "item", c.tr("item."+k.Item)), p.Number(s.Joules()/3600)),
				),
				c.renderFootprint(false),
				configDetailsIn(p, k, s, &e),
			)
		default:
			body = append(body,
				app.Dl().Class("figures").Body(
					// The dataset's own figures: GPU energy, whatever the boundary.
					figure("wh-per-mtok", c.tr("figure.wh-per-mtok"), p.Number(s.WhPerMillion())),
					figure("j-per-token", c.tr("figure.j-per-token"), p.Number(s.Joules())),
					figure("energy-per-request", c.tr("figure.per-request", "n", p.Number(float64(s.AvgOutputTokens))), p.Joules(e.EnergyPerRequest)),
				),
				c.renderFootprint(false),
				configDetailsIn(p, k, s, &e),
			)
		}
	} else {
		min := r.MinDeadlineMS()
		body = append(body,
			app.P().ID("infeasible").Class("infeasible").Text(c.tr("calc.infeasible", "model", r.Model.Name, "gpus", gpus,
				"deadline", p.DeadlineWords(k, q.Percentile, q.DeadlineMS), "min", p.Deadline(k, min), "hardware", r.Fastest.Hardware())),
			// An embed whose author fixed the deadline keeps it.
			app.If(!c.look.Hidden.Has(state.ParamDeadline), func() app.UI {
				return disabledUntilStart(app.Button().Type("button").ID("set-min-deadline").Class("primary").
					Text(setDeadlineWords(c.lang, k, min)).OnClick(c.onMinDeadline))
			}),
			c.renderOtherEnd(),
			app.If(!compact, func() app.UI { return editButton(c.lang, "task") }),
		)
	}
	if !compact { // the embed shows it after its inputs (renderServed)
		body = append(body, c.renderOther(false))
	}
	return sec.Body(body...)
}

// renderOther is the best configuration on the model's other GPU at the
// same deadline, if it has one; compact (the embed's) is its figure alone.
func (c *Calculator) renderOther(compact bool) app.UI {
	r, q, k := c.res, c.res.Query, c.res.Kind
	o := r.Other
	if o == nil {
		return app.Div().Hidden(true)
	}
	oe := r.OtherEstimate
	p := c.printer()
	line := []app.UI{app.Text(c.tr("calc.other", "gpus", p.GPUChoice(r.Model.GPUs, o.GPU))),
		app.Strong().ID("other-energy").Text(p.Energy(oe.EnergyWh))}
	if r.Selected != nil {
		// One text node each, with the space between them of its own:
		// prerendered, go-app puts line breaks between elements and around
		// the text of any with more than one child.
		line = append(line, app.Text(" "), app.Span().ID("other-diff").Class("diff").Text("("+p.Change(oe.EnergyWh, r.Estimate.EnergyWh)+")"))
	}
	return app.Div().ID("other").Class("other").Body(
		app.P().Body(line...),
		app.If(!compact, func() app.UI {
			words := c.tr("calc.other.config", "hardware", o.Hardware(), "precision", o.Precision, "n", strconv.Itoa(o.MaxNumSeqs),
				"share", p.Share(q.Percentile), "itl", p.Lang.Figure(data.FormatITL(q.Percentile.ITL(o), q.DeadlineMS)+" ms"),
				"joules", p.Number(o.Joules())) + " "
			if k.Diffusion() {
				words = c.tr("calc.other.diffusion", "config", o.BriefIn(p), "latency", p.Lang.Figure(k.LatencyAgainst(o.Latency(q.Percentile), q.DeadlineMS)),
					"joules", p.Joules(o.Joules()), "item", c.tr("item."+k.Item)) + " "
			}
			return app.P().Class("small").Body(
				app.Text(words),
				app.Span().Class("row-id").Body(rowParts(o.RowID, ".")...),
			)
		}),
	)
}

// renderAnnouncement says the figure in a short sentence when it changes,
// for people who hear the page: a polite live region, so that the whole
// answer is not read again at each keystroke.
func (c *Calculator) renderAnnouncement() app.UI {
	return app.P().ID("announce").Class("sr-only").Role("status").Text(c.announcement())
}

// announcement is the sentence; prerendered, none: the page says nothing
// until the app has something new to say.
func (c *Calculator) announcement() string {
	r := c.res
	if r == nil || prerendering() {
		return ""
	}
	p := c.printer()
	if r.Selected == nil {
		return c.tr("calc.announce.none", "min", p.Deadline(r.Kind, r.MinDeadlineMS()))
	}
	return c.tr("calc.announce", "energy", p.Energy(r.Estimate.EnergyWh), "volume", p.VolumeWords(r.Kind, r.Query.Tokens), "model", r.Model.Name)
}

func figure(id, label, value string) app.UI {
	return app.Div().Body(app.Dt().Text(label), app.Dd().ID(id).Text(value))
}

// explainedIn is a figure whose label is a glossary term, with its
// explanation; value is the dd's content.
// In t's language.
func explainedIn(t lang.Tag, id, key string, value ...app.UI) app.UI {
	return app.Div().Body(
		app.Dt().Body(app.Text(labelIn(t, key)+" "), explainIn(t, key)),
		app.Dd().ID(id).Body(value...),
	)
}

// rowParts is a dataset row id as markup that breaks a line only after a
// "/", never inside a model's name or a number: one element per part, which
// style.css lays out as wrapping flex items, each kept whole (flex items
// also drop the blanks go-app prerenders between elements). Its text is the
// id itself, and then end, such as a sentence's full stop, if any.
func rowParts(id string, end ...string) []app.UI {
	parts := strings.SplitAfter(id, "/")
	parts[len(parts)-1] += strings.Join(end, "")
	body := make([]app.UI, len(parts))
	for i, p := range parts {
		body[i] = app.Span().Class("nb").Text(p)
	}
	return body
}

// configDetailsIn is the selected configuration: a summary line that says
// what matters, which opens to every figure of the dataset row. It is kept
// as prerendered while the page starts (later): the browser opens it alone.
// In p's language.
func configDetailsIn(p data.Printer, k *data.Kind, s *data.Config, e *data.Estimate) app.UI {
	return later(app.Details().ID("cfg-details").Class("cfg-details"), func() []app.UI {
		list := configList(p, "cfg", s, e)
		what := p.T("cfg.what", "hardware", s.Hardware(), "precision", s.Precision, "n", strconv.Itoa(s.MaxNumSeqs))
		if k.Diffusion() {
			list = diffusionConfig(p, k, s, e, false)
			what = p.T("cfg.what.diffusion", "hardware", s.Hardware(), "count", countIn(p, s.BatchSize, k.Item),
				"latency", p.Lang.Figure(k.Latency(s.Latency(data.P50))))
		}
		return []app.UI{
			app.Summary().ID("cfg-summary").Body(
				app.Strong().Text(p.T("cfg.selected")+" "),
				app.Text(what),
				app.Span().Class("more").Text(" · "+p.T("cfg.all", "n", strconv.Itoa(len(list.figures)))),
			),
			folded(func() app.UI { return list.ui }),
		}
	})
}

// figureList is a configuration's figures, as markup and as many as there are.
type figureList struct {
	ui      app.UI
	figures []app.UI
}

// diffusionConfig is an image or video model's configuration, every
// figure of its dataset row (the embed's, compact, a few).
func diffusionConfig(p data.Printer, k *data.Kind, s *data.Config, e *data.Estimate, compact bool) figureList {
	type item struct {
		id, term, label, value string
		compact                bool // in the embed's list too
	}
	items := []item{
		{"cfg-gpu", termGPUs, "", s.Hardware(), true},
		{"cfg-parallel", termSplit, "", s.Split(), true},
		{"cfg-precision", termPrecision, "", s.Precision, false},
		{"cfg-batch-size", termBatchSize, "", strconv.Itoa(s.BatchSize), true},
		{"cfg-resolution", "", p.T("cfg.resolution"), s.Resolution(), false},
		{"cfg-frames", "", p.T("cfg.frames"), p.T("cfg.frames.value", "frames", strconv.Itoa(s.Frames), "fps", strconv.Itoa(s.FPS),
			"seconds", p.Number(float64(s.Frames)/float64(s.FPS))), false},
		{"cfg-steps", termSteps, "", strconv.Itoa(s.Steps), false},
		{"cfg-latency", "", p.T("cfg.latency"), p.Lang.Figure(k.Latency(s.Latency(data.P50))), true},
		{"cfg-throughput", "", p.T("cfg.throughput." + k.Items), p.Number(s.Throughput()), false},
		{"j-per-item", "", p.T("figure.j-per-item", "item", p.T("item."+k.Item)), p.Joules(s.Joules()), compact},
		{"cfg-power", "", p.T("cfg.power"), p.Lang.Figure(data.FormatNumber(float64(s.PowerWatts)) + " W"), true},
		{"cfg-gpu-hours", termGPUHours, "", p.Number(e.GPUHours), false},
	}
	var figures []app.UI
	for _, it := range items {
		switch {
		case compact && !it.compact, it.id == "cfg-frames" && s.Frames == 0, it.id == "j-per-item" && !compact:
		case it.term != "":
			figures = append(figures, explainedIn(p.Lang, it.id, it.term, app.Text(it.value)))
		default:
			figures = append(figures, figure(it.id, it.label, it.value))
		}
	}
	figures = append(figures, explainedIn(p.Lang, "cfg-row", termRow, rowParts(s.RowID)...))
	class := "config"
	if compact {
		class = "config compact"
	}
	return figureList{app.Dl().ID("cfg").Class(class).Body(figures...), figures}
}

func configList(p data.Printer, prefix string, s *data.Config, e *data.Estimate) figureList {
	f := func(id, label, value string) app.UI { return figure(prefix+"-"+id, label, value) }
	x := func(id, key, value string) app.UI { return explainedIn(p.Lang, prefix+"-"+id, key, app.Text(value)) }
	ms := func(v data.Float) string { return p.Lang.Figure(data.FormatNumber(float64(v)) + " ms") }
	wait := func(pc data.Percentile) string { return p.T("cfg.itl." + string(pc)) }
	figures := []app.UI{
		x("gpu", termGPUs, s.Hardware()),
		x("parallel", termParallel, fmt.Sprintf("TP %d · DP %d · EP %d", s.TensorParallel, s.DataParallel, s.ExpertParallel)),
		x("precision", termPrecision, s.Precision),
		x("max-num-seqs", termBatchLimit, strconv.Itoa(s.MaxNumSeqs)),
		x("batch", termBatch, p.Number(float64(s.AvgRunningBatch))),
		f("itl-p50", wait(data.P50), ms(s.MedianITL)),
		f("itl-p90", wait(data.P90), ms(s.P90ITL)),
		f("itl-p95", wait(data.P95), ms(s.P95ITL)),
		f("itl-p99", wait(data.P99), ms(s.P99ITL)),
		f("tps", p.T("cfg.tps"), p.Number(s.Throughput())),
		f("power", p.T("cfg.power"), p.Lang.Figure(data.FormatNumber(float64(s.PowerWatts))+" W")),
		f("out-tokens", p.T("cfg.out-tokens"), p.Number(float64(s.AvgOutputTokens))),
		x("gpu-hours", termGPUHours, p.Number(e.GPUHours)),
		explainedIn(p.Lang, prefix+"-row", termRow, rowParts(s.RowID)...),
	}
	return figureList{app.Dl().ID(prefix).Class("config").Body(figures...), figures}
}

func (c *Calculator) renderCharts() app.UI {
	return later(app.Section().Class("charts").Aria("label", "Charts"), func() []app.UI {
		return []app.UI{app.Range(chartSpecs).Slice(func(i int) app.UI {
			s, k := chartSpecs[i], c.kind()
			caption, term := chartCaption(c.lang, i, k), s.term[byKind(k)]
			return app.Figure().Class("chart card").Body(
				app.H2().Text(chartTitle(c.lang, i, k)),
				c.chart(i),
				renderChartNoJS(),
				app.FigCaption().Body(app.Text(caption+" "), app.If(term != "", func() app.UI { return explainIn(c.lang, term) })),
			)
		})}
	})
}

// aboutFooterIn is the calculator's footer: the caveat, the data and the
// citation of r's model or, with no result (the compare page's), the
// dataset's, which every model shares.
// In t's language. The dataset's caveat is the catalogue's where it is the
// one the catalogue translates; any other is shown in the dataset's English,
// marked as such.
func aboutFooterIn(t lang.Tag, set *data.Set, r *data.Result) app.UI {
	src := set.Index.Source
	caveat := set.Index.Caveat
	if r != nil {
		src, caveat = r.Model.Source, r.Model.Caveat
	}
	var said app.UI = app.Text(caveat)
	switch {
	case t == lang.EN || t == "":
	case caveat == lang.EN.T("footer.caveat"):
		said = app.Text(t.T("footer.caveat"))
	default:
		said = app.Span().Attr("lang", "en").Text(caveat)
	}
	// The licence as the dataset states it, in its own English; in an
	// English page one text, which the prerender does not break before its
	// full stop.
	licence := app.Span().Text(t.T("footer.licence.of", "licence", src.Licence))
	if t != lang.EN && t != "" {
		licence = app.Span().Body(sentence(t, "footer.licence.of", map[string]app.UI{"licence": app.Span().Attr("lang", "en").Text(src.Licence)})...)
	}
	return app.Footer().ID("about").Class("about card").Body(
		app.P().ID("caveat").Class("caveat").Body(app.Strong().Text(t.T("footer.floor")+" "), said),
		app.P().ID("dataset").Body(
			app.Text(t.T("footer.data")+" "), app.A().Href(src.URL).Text(src.Name),
			app.Text(" "+datasetVersionIn(t, src, set.Index.DataVersion)+" "),
			licence,
		),
		app.P().ID("cite").Body(app.Text(t.T("footer.cite")+" "), app.A().Href(src.CiteURL).Text(src.Cite)),
	)
}
