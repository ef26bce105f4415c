package ui

// The traffic's inputs, which the plan page and the compare page's plan
// mode share: the average rate and its presets, the peak, the idle power of
// a GPU. The state is a plan.Traffic; the boxes keep what was typed.

import (
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/lang"
	"tokenjoule/data/plan"
)

// trafficInputs is the text of the traffic's boxes, as typed, and why what
// they hold is refused, by the box's name (its parameter).
type trafficInputs struct {
	text, errs map[string]string
	p          data.Printer // the page's language, which the boxes show and read
}

// load writes every box from t, in p's language.
func (ti *trafficInputs) load(t plan.Traffic, p data.Printer) {
	ti.p = p
	ti.text = map[string]string{
		state.ParamRate: p.RateBox(data.FormatRate(t.Rate)),
		state.ParamPeak: p.Box(strconv.FormatFloat(t.Peak, 'f', -1, 64)),
	}
	if t.IdleSet {
		ti.text[state.ParamIdleW] = p.Box(strconv.FormatFloat(t.Idle, 'f', -1, 64))
	}
	ti.errs = map[string]string{}
}

// edit applies the edit of the box that fired ctx's event to t, and
// reports whether t changed; a refused value leaves t as it was and shows
// the parser's message under its box. An empty idle power box asks for
// each GPU's published figure.
func (ti *trafficInputs) edit(ctx app.Context, t *plan.Traffic) bool {
	name, value := input(ctx)
	return ti.set(t, name, value)
}

// set applies value, typed in the box name, to t, as edit does.
func (ti *trafficInputs) set(t *plan.Traffic, name, value string) bool {
	if ti.text == nil {
		ti.load(*t, ti.p)
	}
	ti.text[name] = value
	var err error
	switch name {
	case state.ParamRate:
		var r data.Rate
		if r, err = data.ParseIn(value, ti.p.ReadRate, data.ParseRate); err == nil {
			t.Rate = r
		}
	case state.ParamPeak:
		if x, e := data.ParseIn(value, ti.p.Read, plan.Peak.Parse); e == nil {
			t.Peak = x.Value
		} else {
			err = e
		}
	case state.ParamIdleW:
		if strings.TrimSpace(value) == "" {
			t.Idle, t.IdleSet = 0, false
			break
		}
		if x, e := data.ParseIn(value, ti.p.Read, plan.IdleW.Parse); e == nil {
			t.Idle, t.IdleSet = x.Value, true
		} else {
			err = e
		}
	default:
		return false // not one of the boxes: someone edited the DOM
	}
	if err != nil {
		ti.errs[name] = inputErrorIn(ti.p.Lang, err)
		return false
	}
	delete(ti.errs, name)
	return true
}

// preset sets the rate to r, as its button does.
func (ti *trafficInputs) preset(r data.Rate, t *plan.Traffic) {
	if ti.text == nil {
		ti.load(*t, ti.p)
	}
	t.Rate = r
	ti.text[state.ParamRate] = ti.p.RateBox(data.FormatRate(r))
	delete(ti.errs, state.ParamRate)
}

// render is the traffic's inputs, which edit t and then call changed.
// One handler serves every box, which it finds by its name when the event
// fires (go-app keeps a node's first handler).
func (ti *trafficInputs) render(tag lang.Tag, t *plan.Traffic, changed func()) app.UI {
	h := func(ctx app.Context, e app.Event) {
		if ti.edit(ctx, t) {
			changed()
		}
	}
	preset := func(r data.Rate) app.EventHandler {
		return func(ctx app.Context, e app.Event) {
			ti.preset(r, t)
			changed()
		}
	}
	box := func(id, name, placeholder string) app.HTMLInput {
		return invalid(app.Input().Type("text").ID(id).Name(name).Attr("inputmode", "decimal").AutoComplete(false).Spellcheck(false).
			Placeholder(placeholder).Value(ti.text[name]).OnInput(h), id+"-error", ti.errs[name])
	}
	button := func(r data.Rate, words string) app.UI {
		s, shown := data.FormatRate(r), ti.p.RateBox(data.FormatRate(r))
		return app.Button().Type("button").Class("preset").ID("preset-rate-"+strings.ReplaceAll(s, "/", "-")).
			Aria("label", shown+": "+words).Text(shown).OnClick(preset(r))
	}
	var idleHint []string
	for _, pr := range plan.IdleW.Presets {
		idleHint = append(idleHint, tag.T("traffic.idle.preset", "gpu", pr.ID, "watts", data.PrinterOf(tag).Number(pr.Value)))
	}
	return app.Div().Class("field wide traffic").Body(
		app.Div().Class("field wide").Body(
			labelledIn(tag, "rate", termRate, tag.T("traffic.rate")),
			app.Div().Class("row").Body(
				box("rate", state.ParamRate, ratePlaceholder(ti.p)).Class("grow"),
				button(data.Rate{Tokens: 1e9, Per: data.Day}, tag.T("traffic.preset.day")),
				button(data.Rate{Tokens: 1e4, Per: data.Second}, tag.T("traffic.preset.second")),
			),
			inputError("rate-error", ti.errs[state.ParamRate]),
		),
		app.Div().Class("row traffic-row").Body(
			app.Div().Class("field").Body(
				labelledIn(tag, "peak", termPeak, tag.T("traffic.peak")),
				box("peak", state.ParamPeak, ti.p.Box("2")).Class("num"),
				inputError("peak-error", ti.errs[state.ParamPeak]),
			),
			app.Div().Class("field grow").Body(
				labelledIn(tag, "idle-w", termIdle, tag.T("traffic.idle")+" (W)"),
				box("idle-w", state.ParamIdleW, tag.T("traffic.idle.placeholder")).Class("num").Aria("describedby", strings.TrimSpace("idle-w-hint "+errID(ti.errs[state.ParamIdleW], "idle-w-error"))),
				app.P().ID("idle-w-hint").Class("hint").Text(tag.T("traffic.idle.hint", "presets", strings.Join(idleHint, ", "))),
				inputError("idle-w-error", ti.errs[state.ParamIdleW]),
			),
		),
	)
}

// errID is id when there is an error message, else "".
func errID(msg, id string) string {
	if msg == "" {
		return ""
	}
	return id
}

// ratePlaceholder is the rate box's examples in p's language: "1B/day,
// 12k/s"; a semicolon list where a decimal comma may be in an example.
func ratePlaceholder(p data.Printer) string {
	day, second := p.RateBox("1B/day"), p.RateBox("12k/s")
	if p.Lang == lang.EN || p.Lang == "" {
		return day + ", " + second
	}
	return p.T("list.semi", "list", day, "next", second)
}
