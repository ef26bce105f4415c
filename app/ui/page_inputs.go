package ui

// The inputs every page has, and their handlers: the workload, the model,
// the GPU and the percentile (selects), the deadline (a slider and a box),
// the volume (a box and presets) and the footprint. Each applies its value
// to the page's query (page.apply), which answers it and writes the URL.

import (
	"unicode/utf8"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/lang"
)

// slider is the deadline slider's state between frames: the page answers
// at most one position a frame (see onDeadlineSlider).
type slider struct {
	pos     float64 // the latest position
	wait    bool    // a position was applied, and its frame not yet drawn
	pending bool    // pos waits for that frame
}

func value(ctx app.Context) string { return ctx.JSSrc().Get("value").String() }

// onTask changes the workload; one that generates something else (images
// rather than tokens) comes with its own deadline and volume
// (data.Query.WithTask), which their boxes then show.
func (p *page) onTask(ctx app.Context, e app.Event) {
	task := value(ctx)
	if _, err := p.set.Workload(task); err != nil {
		return // not one of the options: someone edited the DOM
	}
	other := data.TaskKind(task) != p.kind()
	p.apply(p.q.WithTask(task))
	if other {
		p.slider.pending = false // a position of the other kind's slider
		p.resetText()
	}
}

func (p *page) onModel(ctx app.Context, e app.Event) {
	q := p.q
	q.Model = value(ctx)
	p.apply(q)
}

func (p *page) onGPU(ctx app.Context, e app.Event) {
	q := p.q
	q.GPU = value(ctx)
	p.apply(q)
}

func (p *page) onPercentile(ctx app.Context, e app.Event) {
	pc, err := data.ParsePercentile(value(ctx))
	if err != nil {
		return
	}
	q := p.q
	q.Percentile = pc
	p.apply(q)
}

// resetText has the deadline's and the volume's boxes show the query's.
func (p *page) resetText() {
	k := p.kind()
	p.deadline = box{text: p.deadlineText(p.q.DeadlineMS)}
	p.volume = box{text: p.printer().VolumeBox(k.FormatVolume(p.q.Tokens))}
}

// deadlineText is the deadline ms as its box shows it, in the page's
// language: "0,5" s in French.
func (p *page) deadlineText(ms float64) string { return p.printer().Box(p.kind().DeadlineText(ms)) }

// deadlineField is the page's deadline slider and box (see deadlineField);
// an embed's has short labels, to fit narrow columns.
func (p *page) deadlineField() app.UI {
	return deadlineField(p.lang, p.kind(), p.q.DeadlineMS, p.deadline.text, p.deadline.err, p.embedded,
		p.onDeadlineSlider, p.onDeadlineKey, p.onDeadlineText)
}

// onDeadlineSlider applies the slider's position at once, unless one was
// applied since the last frame was drawn: then the latest waits for the
// next frame. A slider dragged fires more input events than the screen
// shows frames; the page answers at most one a frame.
func (p *page) onDeadlineSlider(ctx app.Context, e app.Event) {
	pos, ok := sliderInput(ctx, p.kind())
	if !ok {
		return
	}
	p.slider.pos = pos
	if p.slider.wait {
		p.slider.pending = true
		ctx.PreventUpdate() // nothing changes until the frame
		return
	}
	p.applySlider()
}

// applySlider applies the slider's latest position, and then any that came
// before the frame after the one that shows it.
func (p *page) applySlider() {
	k := p.kind()
	ms := k.SliderDeadline(p.slider.pos)
	p.setDeadline(ms, p.deadlineText(ms))
	p.slider.wait = true
	afterPaint(func() {
		p.ctx.Dispatch(func(ctx app.Context) {
			p.slider.wait = false
			if !p.slider.pending {
				ctx.PreventUpdate()
				return
			}
			p.applySlider()
		})
	})
}

// onDeadlineKey steps the slider's deadline with the arrow keys and Page
// Up and Page Down, from stop to stop (sliderKey).
func (p *page) onDeadlineKey(ctx app.Context, e app.Event) {
	if ms, ok := sliderKey(e, p.kind(), p.q.DeadlineMS); ok {
		p.setDeadlineMS(ms)
	}
}

func (p *page) onDeadlineText(ctx app.Context, e app.Event) {
	p.slider.pending = false // what is typed is newer than a slider position waiting for its frame
	p.deadline.text = value(ctx)
	ms, err := data.ParseIn(p.deadline.text, p.printer().Read, p.kind().ParseDeadline)
	if err != nil {
		p.deadline.err = deadlineError(p.lang, p.kind(), p.deadline.text, err)
		return // keep the last good answer
	}
	p.setDeadline(ms, p.deadline.text)
}

// setDeadlineMS applies a deadline that a button or a key set, which its
// box then shows.
func (p *page) setDeadlineMS(ms float64) { p.setDeadline(ms, p.deadlineText(ms)) }

// setDeadline applies a good deadline; text is what its box shows, kept as
// typed when typed. A slider position waiting for its frame, older, is
// dropped.
func (p *page) setDeadline(ms float64, text string) {
	p.slider.pending = false
	p.deadline = box{text: text}
	q := p.q
	q.DeadlineMS = ms
	p.apply(q)
}

// percentileField chooses which share of tokens the deadline holds.
func (p *page) percentileField() app.UI {
	return percentileField(p.lang, p.q.Percentile, p.embedded, p.onPercentile)
}

// volumeField is the volume's box and its presets, in the unit of the
// query's kind.
func (p *page) volumeField() app.UI {
	return tokensField(p.lang, p.kind(), p.volume.text, p.volume.err, p.onVolume, p.onPreset)
}

func (p *page) onVolume(ctx app.Context, e app.Event) {
	p.volume.text = value(ctx)
	v, err := data.ParseIn(p.volume.text, p.printer().ReadVolume, p.kind().ParseVolume)
	if err != nil {
		p.volume.err = inputErrorIn(p.lang, err)
		return // keep the last good answer
	}
	p.setVolume(v, p.volume.text)
}

// onPreset sets the i-th preset volume of the query's kind.
func (p *page) onPreset(i int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		k := p.kind()
		p.setVolume(k.Presets[i], p.printer().VolumeBox(k.FormatVolume(k.Presets[i])))
	}
}

// setVolume applies a good volume; text is what its box shows.
func (p *page) setVolume(v float64, text string) {
	p.volume = box{text: text}
	q := p.q
	q.Tokens = v
	p.apply(q)
}

// onFootprint applies an edit of any footprint input, found by its name when
// the event fires (go-app keeps a node's first handler). The answer stays:
// what the page shows past the GPU follows the footprint.
func (p *page) onFootprint(ctx app.Context, e app.Event) {
	if p.foot.edit(ctx) {
		p.writeURL()
	}
}

func (p *page) onFootprintToggle(ctx app.Context, e app.Event) {
	p.foot.open = ctx.JSSrc().Get("open").Bool()
}

// footprintSet is the compare page's and the plan's "Beyond the GPU"
// section, without the budget (which one answer of the calculator's
// answers), disabled until the app runs, and not in their embeds (whose
// author's URL sets it).
func (p *page) footprintSet() app.UI {
	if p.embedded {
		return nil
	}
	return disabledUntilStart(app.FieldSet().Class("fp-set")).Body(p.foot.render(p.onFootprint, p.onFootprintToggle, false))
}

// slottedInputs is the inputs of the calculator and the plan, less those
// the embed's hide parameter hides, each in its own slot; an empty slot when
// every one is hidden. lead comes first, only (when not nil) is the kind of
// the workloads the task offers, volume is the volume's field and footprint
// the footprint's. Prerendered, they are disabled: they work once the app
// runs.
func (p *page) slottedInputs(lead app.UI, only *data.Kind, volume func() app.UI, footprint app.UI) app.UI {
	hidden := p.look.Hidden
	return slot(!hidden.All(), func() app.UI {
		show := func(param string, f func() app.UI) app.UI { return slot(!hidden.Has(param), f) }
		return inputsCard(append(append([]app.UI{lead}, modelFields(p.lang, p.set, p.q, hidden, p.embedded, only, p.onTask, p.onModel, p.onGPU)...),
			show(state.ParamDeadline, p.deadlineField),
			// An image or video workload has one latency per batch: no percentile.
			slot(!hidden.Has(state.ParamPercentile) && !p.kind().Diffusion(), p.percentileField),
			show(state.ParamTokens, volume),
			footprint,
		)...)
	})
}

// modelFields are the task, model and GPU fields of q, each in its slot,
// empty where hidden hides it: the calculator's and the plan's first inputs.
// compact is the embed's; only, when not nil, the kind of the workloads the
// task offers (the plan's: tokens).
func modelFields(t lang.Tag, set *data.Set, q data.Query, hidden state.Hidden, compact bool, only *data.Kind, onTask, onModel, onGPU app.EventHandler) []app.UI {
	var (
		work  *data.Workload
		entry *data.ModelEntry
	)
	if w, err := set.Workload(q.Task); err == nil {
		work = w
	}
	if e, err := set.Entry(q.Task, q.Model); err == nil {
		entry = e
	}
	tasks := taskOptions(t, set, q.Task, only)
	var models, gpus []app.UI
	if work != nil {
		// The dataset's names, as the headline and every figure say them;
		// what tells models apart is said under the selector.
		for _, m := range work.Models {
			models = append(models, option(m.Slug, m.Name, entry != nil && m.Slug == entry.Slug))
		}
	}
	hint, whole := "", ""
	if entry != nil {
		hint = modelHint(t, data.TaskKind(q.Task), entry, compact)
		if utf8.RuneCountInString(entry.Name) > phoneName {
			whole = entry.Name + ": "
		}
		gpus = append(gpus, option(data.AnyGPU, gpuOption(t, entry.GPUs), q.GPU == data.AnyGPU))
		for _, g := range entry.GPUs {
			gpus = append(gpus, option(g, g, q.GPU == g))
		}
	}
	show := func(param string, f func() app.UI) app.UI { return slot(!hidden.Has(param), f) }
	return []app.UI{
		show(state.ParamTask, func() app.UI {
			return field("task", t.T("field.task"), app.Select().ID("task").OnChange(onTask).Body(tasks...))
		}),
		show(state.ParamModel, func() app.UI {
			return app.Div().Class("field wide").Body(
				app.Label().For("model").Text(t.T("field.model")),
				app.Select().ID("model").Aria("describedby", "model-hint").OnChange(onModel).Body(models...),
				app.P().ID("model-hint").Class("hint").Body(app.Span().Class("phone-only").Text(whole), app.Text(hint)),
			)
		}),
		show(state.ParamGPU, func() app.UI {
			return app.Div().Class("field wide").Body(
				app.Div().Class("label-row").Body(app.Label().For("gpu").Text("GPU"), explainIn(t, termGPUs)),
				app.Select().ID("gpu").OnChange(onGPU).Body(gpus...),
			)
		}),
	}
}

// phoneName is the longest model name, in characters, that the model's
// select shows whole on a 360-px phone (measured in chromium: "Qwen 3 VL
// 235B A22B Instruct FP8", 32, fits; "Llama 4 Maverick 17B 128E Instruct
// FP8", 38, loses its last characters). There the hint under the select
// begins with a longer name, whole.
const phoneName = 34

// taskOptions are the task selector's options, only the workloads of kind
// only unless it is nil.
func taskOptions(t lang.Tag, set *data.Set, task string, only *data.Kind) []app.UI {
	var tasks []app.UI
	for _, w := range set.Index.Workloads {
		if only == nil || w.Kind() == only {
			name := w.Name // the dataset's, in English
			if t.Of().Tag != lang.EN {
				name = t.T("workload." + w.ID)
			}
			tasks = append(tasks, option(w.ID, name, w.ID == task))
		}
	}
	return tasks
}
