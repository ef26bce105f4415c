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
}

// load writes every box from t.
func (ti *trafficInputs) load(t plan.Traffic) {
	ti.text = map[string]string{
		state.ParamRate: data.FormatRate(t.Rate),
		state.ParamPeak: strconv.FormatFloat(t.Peak, 'f', -1, 64),
	}
	if t.IdleSet {
		ti.text[state.ParamIdleW] = strconv.FormatFloat(t.Idle, 'f', -1, 64)
	}
	ti.errs = map[string]string{}
}

// edit applies the edit of the box that fired ctx's event to t, and
// reports whether t changed; a refused value leaves t as it was and shows
// the parser's message under its box. An empty idle power box asks for
// each GPU's published figure.
func (ti *trafficInputs) edit(ctx app.Context, t *plan.Traffic) bool {
	name, value := input(ctx)
	if ti.text == nil {
		ti.load(*t)
	}
	ti.text[name] = value
	var err error
	switch name {
	case state.ParamRate:
		var r data.Rate
		if r, err = data.ParseRate(value); err == nil {
			t.Rate = r
		}
	case state.ParamPeak:
		if x, e := plan.Peak.Parse(value); e == nil {
			t.Peak = x.Value
		} else {
			err = e
		}
	case state.ParamIdleW:
		if strings.TrimSpace(value) == "" {
			t.Idle, t.IdleSet = 0, false
			break
		}
		if x, e := plan.IdleW.Parse(value); e == nil {
			t.Idle, t.IdleSet = x.Value, true
		} else {
			err = e
		}
	default:
		return false // not one of the boxes: someone edited the DOM
	}
	if err != nil {
		ti.errs[name] = err.Error()
		return false
	}
	delete(ti.errs, name)
	return true
}

// preset sets the rate to r, as its button does.
func (ti *trafficInputs) preset(r data.Rate, t *plan.Traffic) {
	if ti.text == nil {
		ti.load(*t)
	}
	t.Rate = r
	ti.text[state.ParamRate] = data.FormatRate(r)
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
		s := data.FormatRate(r)
		return app.Button().Type("button").Class("preset").ID("preset-rate-"+strings.ReplaceAll(s, "/", "-")).
			Aria("label", s+": "+words).Text(s).OnClick(preset(r))
	}
	var idleHint []string
	for _, pr := range plan.IdleW.Presets {
		idleHint = append(idleHint, tag.T("traffic.idle.preset", "gpu", pr.ID, "watts", data.PrinterOf(tag).Number(pr.Value)))
	}
	return app.Div().Class("field wide traffic").Body(
		app.Div().Class("field wide").Body(
			labelledIn(tag, "rate", termRate, tag.T("traffic.rate")),
			app.Div().Class("row").Body(
				box("rate", state.ParamRate, "1B/day, 12k/s").Class("grow"),
				button(data.Rate{Tokens: 1e9, Per: data.Day}, tag.T("traffic.preset.day")),
				button(data.Rate{Tokens: 1e4, Per: data.Second}, tag.T("traffic.preset.second")),
			),
			inputError("rate-error", ti.errs[state.ParamRate]),
		),
		app.Div().Class("row traffic-row").Body(
			app.Div().Class("field").Body(
				labelledIn(tag, "peak", termPeak, tag.T("traffic.peak")),
				box("peak", state.ParamPeak, "2").Class("num"),
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
