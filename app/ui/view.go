package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/state"
	"tokenjoule/data"
)

// Render turns the state into markup. Every figure comes from c.res (a
// dataset row and its Estimate) through data's formatters; element ids are
// what the browser tests read.
//
// Every element that comes and goes keeps its place among its siblings
// (slot): go-app matches children by position and patches in place an
// element that another of the same tag replaces, setting its attributes in
// no fixed order, so a range input made a text box would clamp the box's
// value.
func (c *Calculator) Render() app.UI {
	root := c.prestart(app.Main().Class("calc"))
	if c.mounted {
		root = root.DataSet("mounted", "true")
	}
	if c.loadErr != nil {
		return root.Body(app.P().Class("error").Text("The embedded dataset failed to load: " + c.loadErr.Error()))
	}
	return root.Body(
		app.Header().Class("top").Body(
			app.Div().Class("top-row").Body(
				app.H1().Text("tokenjoule"),
				disabledUntilStart(app.Button().Type("button").ID("embed-open").Class("embed-open").
					Aria("expanded", c.embed.open).Aria("controls", "embed-dialog").
					Text("Embed").OnClick(c.onEmbedOpen)),
			),
			app.P().Class("lede").Text("How much GPU energy does a large language model spend to generate a volume of tokens? "+
				"The most energy-efficient measured serving configuration that meets your latency deadline, from the ML.ENERGY Leaderboard."),
		),
		&UpdateBanner{},
		c.renderNoJS(),
		slot(c.embed.open, c.renderEmbedDialog),
		c.renderNotices(),
		app.Div().Class("layout").Body(
			c.renderControls(false),
			c.renderResult(false),
		),
		c.share(false),
		c.renderCharts(),
		c.renderFooter(),
	)
}

// slot is el when show is true, and otherwise an empty hidden span in its
// place, so that the elements after it keep their positions.
func slot(show bool, el func() app.UI) app.UI {
	if show {
		return el()
	}
	return app.Span().Hidden(true)
}

// disabledUntilStart disables a button in the prerendered page, which does
// not respond to it.
func disabledUntilStart(b app.HTMLButton) app.HTMLButton {
	if prerendering() {
		return b.Disabled(true)
	}
	return b
}

func (c *calc) renderNotices() app.UI {
	return slot(len(c.notices) > 0, c.renderNoticeList)
}

func (c *calc) renderNoticeList() app.UI {
	return app.Div().ID("notices").Class("notices").Role("alert").Body(
		app.Range(c.notices).Slice(func(i int) app.UI {
			n := c.notices[i]
			return app.P().Class("notice").DataSet("param", n.Param).Text(n.Message)
		}),
	)
}

// option is an <option>, selected only when it is: go-app prerenders a false
// boolean attribute as selected="false", which HTML reads as selected.
func option(value, label string, selected bool) app.UI {
	o := app.Option().Value(value).Text(label)
	if selected {
		o = o.Selected(true)
	}
	return o
}

func field(id, label string, control ...app.UI) app.UI {
	return app.Div().Class("field").Body(
		append([]app.UI{app.Label().For(id).Text(label)}, control...)...,
	)
}

// renderControls is the inputs, less those c.hidden hides (the embed's
// hide parameter), each in its own slot; an empty slot when every one is
// hidden. compact (the embed's) has short labels, to fit narrow columns.
// Prerendered, they are disabled: they work once the app runs.
func (c *calc) renderControls(compact bool) app.UI {
	return slot(!c.hidden.All(), func() app.UI { return c.renderInputs(compact) })
}

func (c *calc) renderInputs(compact bool) app.UI {
	idx := c.set.Index
	var (
		work  *data.Workload
		entry *data.ModelEntry
	)
	if w, err := c.set.Workload(c.q.Task); err == nil {
		work = w
	}
	if e, err := c.set.Entry(c.q.Task, c.q.Model); err == nil {
		entry = e
	}
	var tasks, models, gpus []app.UI
	for _, w := range idx.Workloads {
		tasks = append(tasks, option(w.ID, w.Name, w.ID == c.q.Task))
	}
	if work != nil {
		for _, m := range work.Models {
			label := modelLabel(&m)
			if compact {
				label = m.Name
			}
			models = append(models, option(m.Slug, label, entry != nil && m.Slug == entry.Slug))
		}
	}
	if entry != nil {
		best := "Best of both"
		if len(entry.GPUs) == 1 {
			best = "Best available (" + entry.GPUs[0] + ")"
		}
		gpus = append(gpus, option(data.AnyGPU, best, c.q.GPU == data.AnyGPU))
		for _, g := range entry.GPUs {
			gpus = append(gpus, option(g, g, c.q.GPU == g))
		}
	}
	var pcts []app.UI
	for _, p := range data.Percentiles {
		label := string(p)
		if p == data.P50 {
			label = "median (p50)"
		}
		pcts = append(pcts, option(string(p), label, p == c.q.Percentile))
	}

	show := func(param string, f func() app.UI) app.UI { return slot(!c.hidden.Has(param), f) }
	return inputsCard(
		show(state.ParamTask, func() app.UI {
			return field("task", "Workload", app.Select().ID("task").OnChange(c.onTask).Body(tasks...))
		}),
		show(state.ParamModel, func() app.UI {
			return field("model", "Model", app.Select().ID("model").OnChange(c.onModel).Body(models...))
		}),
		show(state.ParamGPU, func() app.UI {
			return field("gpu", "GPU", app.Select().ID("gpu").OnChange(c.onGPU).Body(gpus...))
		}),
		show(state.ParamDeadline, func() app.UI {
			return app.Div().Class("field wide").Body(
				app.Label().For("deadline").Text("ITL deadline (ms)"),
				app.Div().Class("row").Body(
					app.Input().Type("range").ID("deadline-range").Class("grow").
						Aria("label", "ITL deadline, logarithmic slider from 5 to 1000 ms").
						Attr("step", "any").Value(msToSlider(c.q.DeadlineMS)).
						OnInput(c.onDeadlineSlider),
					app.Input().Type("number").ID("deadline").Class("num").
						Min(0).Max(60000).Attr("step", "any").Attr("inputmode", "decimal").
						Value(c.deadlineText).OnInput(c.onDeadlineText),
				),
				app.If(c.deadlineErr != "", func() app.UI {
					return app.P().ID("deadline-error").Class("input-error").Role("status").Text(c.deadlineErr)
				}),
			)
		}),
		show(state.ParamPercentile, func() app.UI {
			label := "Latency percentile the deadline applies to"
			if compact {
				label = "ITL percentile"
			}
			return field("percentile", label, app.Select().ID("percentile").OnChange(c.onPercentile).Body(pcts...))
		}),
		show(state.ParamTokens, func() app.UI {
			return app.Div().Class("field wide").Body(
				app.Label().For("tokens").Text("Output tokens"),
				app.Div().Class("row").Body(
					app.Input().Type("text").ID("tokens").Class("grow").Attr("inputmode", "decimal").
						Placeholder("5M, 2.5B, 1e9").AutoComplete(false).Spellcheck(false).
						Value(c.tokensText).OnInput(c.onTokens),
					app.Button().Type("button").Class("preset").ID("preset-1M").Text("1M").OnClick(c.onPreset(1e6)),
					app.Button().Type("button").Class("preset").ID("preset-1B").Text("1B").OnClick(c.onPreset(1e9)),
					app.Button().Type("button").Class("preset").ID("preset-1T").Text("1T").OnClick(c.onPreset(1e12)),
				),
				app.If(c.tokensErr != "", func() app.UI {
					return app.P().ID("tokens-error").Class("input-error").Role("status").Text(c.tokensErr)
				}),
			)
		}),
		c.renderFootprintInputs(compact),
	)
}

// modelLabel shows what tells models apart: size, sparsity and precision.
func modelLabel(m *data.ModelEntry) string {
	return fmt.Sprintf("%s — %sB total, %sB active, %s", m.Name,
		data.FormatNumber(float64(m.Params)), data.FormatNumber(float64(m.ActiveParams)), m.Precision)
}

func gpuName(c *data.Config) string { return fmt.Sprintf("%s × %d", c.GPU, c.NumGPUs) }

// renderResult is the answer. compact is the embed's: the figures that matter
// and the configuration in a few lines, without the full list.
func (c *calc) renderResult(compact bool) app.UI {
	sec := app.Section().ID("result").Class("result card").Aria("live", "polite")
	if c.err != nil || c.res == nil {
		msg := "no result"
		if c.err != nil {
			msg = c.err.Error()
		}
		return sec.Body(app.P().Class("error").Text("The calculation failed: " + msg))
	}
	r, q := c.res, c.res.Query
	wl, _ := c.set.Workload(q.Task)
	gpu := q.GPU
	if gpu == data.AnyGPU {
		gpu = "best of " + strings.Join(r.Model.GPUs, " and ")
	}
	question := fmt.Sprintf("%s output tokens of %s on %s, %s, %s ITL ≤ %s ms",
		data.FormatTokens(q.Tokens), r.Model.Name, wl.Name, gpu, q.Percentile, formatMS(q.DeadlineMS))

	body := c.renderPending()
	body = append(body, app.P().ID("question").Class("question").Text(question))
	if s := r.Selected; s != nil {
		e, head := r.Estimate, c.headlineWh() // the total at the boundary (footprint_view.go)
		joules := data.FormatJoules(head * 3600)
		body = append(body,
			app.P().Class("energy").Body(
				app.Span().ID("energy").Title(joules).Text(data.FormatEnergy(head)),
				app.Span().ID("joules").Class("joules").Text(joules),
			),
		)
		if compact {
			body = append(body, c.renderFootprint(true), compactConfig(s, q.Percentile))
		} else {
			body = append(body, app.P().ID("floor").Class("floor").Text(c.boundaryWords(
				"GPU energy only, a floor: host, network, cooling and idle time are not counted.")),
				app.Dl().Class("figures").Body(
					figure("wh-per-mtok", "Wh per million tokens", data.FormatNumber(float64(s.WhPerMillionTokens))),
					figure("j-per-token", "Joules per token", data.FormatNumber(float64(s.JoulesPerToken))),
					figure("energy-per-request", fmt.Sprintf("Energy per request (%s tokens)", data.FormatNumber(float64(s.AvgOutputTokens))), data.FormatJoules(e.EnergyPerRequest)),
				),
				c.renderFootprint(false),
				app.H2().Text("Selected configuration"),
				configList("cfg", s, &e),
			)
		}
	} else {
		min := r.MinDeadlineMS()
		body = append(body,
			app.P().ID("infeasible").Class("infeasible").Text(fmt.Sprintf(
				"No measured configuration of %s on %s meets a %s inter-token latency of %s ms. The smallest deadline that one meets is %s ms (%s).",
				r.Model.Name, gpu, q.Percentile, formatMS(q.DeadlineMS), formatMS(min), gpuName(r.Fastest))),
			// An embed whose author fixed the deadline keeps it.
			app.If(!c.hidden.Has(state.ParamDeadline), func() app.UI {
				return disabledUntilStart(app.Button().Type("button").ID("set-min-deadline").Class("primary").
					Text(fmt.Sprintf("Set the deadline to %s ms", formatMS(min))).OnClick(c.onMinDeadline))
			}),
		)
	}
	if o := r.Other; o != nil {
		oe := r.OtherEstimate
		line := []app.UI{app.Text(fmt.Sprintf("Best on %s at the same deadline: ", o.GPU)),
			app.Strong().ID("other-energy").Text(data.FormatEnergy(oe.EnergyWh))}
		if r.Selected != nil {
			// The parentheses come from CSS: markup text around the span would
			// be prerendered with line breaks, which read as "( +53.1% )".
			line = append(line, app.Span().ID("other-diff").Class("diff").Text(percentChange(oe.EnergyWh, r.Estimate.EnergyWh)))
		}
		body = append(body, app.Div().ID("other").Class("other").Body(
			app.P().Body(line...),
			app.If(!compact, func() app.UI {
				return app.P().Class("small").Text(fmt.Sprintf("%s, TP %d, DP %d, EP %d, %s, max_num_seqs %d, %s ITL %s ms, %s J/token · %s",
					gpuName(o), o.TensorParallel, o.DataParallel, o.ExpertParallel, o.Precision, o.MaxNumSeqs,
					q.Percentile, data.FormatNumber(q.Percentile.ITL(o)), data.FormatNumber(float64(o.JoulesPerToken)), o.RowID))
			}),
		))
	}
	return sec.Body(body...)
}

// percentChange is how much more (or less) a costs than b, signed.
func percentChange(a, b float64) string { return fmt.Sprintf("%+.1f%%", (a/b-1)*100) }

func figure(id, label, value string) app.UI {
	return app.Div().Body(app.Dt().Text(label), app.Dd().ID(id).Text(value))
}

func configList(prefix string, s *data.Config, e *data.Estimate) app.UI {
	f := func(id, label, value string) app.UI { return figure(prefix+"-"+id, label, value) }
	ms := func(v data.Float) string { return data.FormatNumber(float64(v)) + " ms" }
	return app.Dl().ID(prefix).Class("config").Body(
		f("gpu", "GPU", gpuName(s)),
		f("parallel", "Parallelism", fmt.Sprintf("TP %d · DP %d · EP %d", s.TensorParallel, s.DataParallel, s.ExpertParallel)),
		f("precision", "Precision", s.Precision),
		f("max-num-seqs", "max_num_seqs", strconv.Itoa(s.MaxNumSeqs)),
		f("batch", "Average running batch", data.FormatNumber(float64(s.AvgRunningBatch))),
		f("itl-p50", "Median ITL", ms(s.MedianITL)),
		f("itl-p90", "p90 ITL", ms(s.P90ITL)),
		f("itl-p95", "p95 ITL", ms(s.P95ITL)),
		f("itl-p99", "p99 ITL", ms(s.P99ITL)),
		f("tps", "Tokens per second", data.FormatNumber(float64(s.TokensPerSecond))),
		f("power", "GPU power", data.FormatNumber(float64(s.PowerWatts))+" W"),
		f("out-tokens", "Average output tokens", data.FormatNumber(float64(s.AvgOutputTokens))),
		f("gpu-hours", "GPU-hours for the volume", data.FormatNumber(e.GPUHours)),
		f("row", "Dataset row", s.RowID),
	)
}

func (c *calc) renderCharts() app.UI {
	return app.Section().Class("charts").Aria("label", "Charts").Body(
		app.Range(chartSpecs).Slice(func(i int) app.UI {
			s := chartSpecs[i]
			return app.Figure().Class("chart card").Body(
				app.H2().Text(s.title),
				c.chart(i),
				renderChartNoJS(),
				app.FigCaption().Text(s.caption),
			)
		}),
	)
}

func (c *calc) renderFooter() app.UI {
	src := c.set.Index.Source
	caveat := c.set.Index.Caveat
	if c.res != nil {
		src, caveat = c.res.Model.Source, c.res.Model.Caveat
	}
	return app.Footer().ID("about").Class("about card").Body(
		app.P().ID("caveat").Class("caveat").Body(app.Strong().Text("A floor, not a total. "), app.Text(caveat)),
		app.P().ID("dataset").Body(
			app.Text("Data: "), app.A().Href(src.URL).Text(src.Name), app.Text(" "+src.Version+"; dataset "+c.set.Index.DataVersion+". Licence: "+src.Licence+"."),
		),
		app.P().ID("cite").Body(app.Text("Cite: "), app.A().Href(src.CiteURL).Text(src.Cite), app.Text(".")),
	)
}
