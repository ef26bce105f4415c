package ui

// The footprint's inputs ("Beyond the GPU"): how far past the GPU the energy
// goes, what a kWh emits, consumes and costs, and a budget. Every page
// holds them in the URL (state.Footprint) and takes their edits
// (page.onFootprint); the figures are data/footprint's, shown by
// footprint_view.go.

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/footprint"
)

// fpInputs is the footprint as a page holds it: the state the URL carries,
// the text of each box as typed (which may be invalid while the state keeps
// the last good value), the boxes' errors, and whether its section is open.
type fpInputs struct {
	fp   state.Footprint
	text map[string]string // by the input's name
	errs map[string]string
	open bool
	// noIdle leaves out the idle share: the plan counts idle capacity
	// itself, and says so in its place.
	noIdle bool
	p      data.Printer // the page's language
}

// The inputs' names, which their handler reads to know what changed: a
// select of presets takes the parameter's name, its number box the name
// with "-value".
const (
	fpBoundary   = state.ParamBoundary
	fpHost       = state.ParamHost
	fpIdle       = state.ParamIdle
	fpPUE        = state.ParamPUE
	fpGrid       = state.ParamGrid
	fpWUE        = state.ParamWUE
	fpPrice      = state.ParamPrice
	fpCurrency   = state.ParamCurrency
	fpBudget     = state.ParamBudget
	valueSuffix  = "-value"
	customPreset = "custom" // the option that stands for a number of the reader's own
)

// load reads the footprint's parameters from the URL's values; the section
// opens when the URL sets any of them. An embed's (bare) shows only what its
// URL sets: no default carbon or water.
func (f *fpInputs) load(v url.Values, bare bool) []state.Notice {
	parse := state.ParseFootprint
	if bare {
		parse = state.ParseBareFootprint
	}
	fp, notices := parse(v)
	f.fp, f.open = fp, false
	for _, p := range state.FootprintParams {
		if _, ok := v[p]; ok {
			f.open = true
		}
	}
	f.reset()
	return notices
}

// reset writes every box from the state and clears their errors.
func (f *fpInputs) reset() {
	f.text, f.errs = map[string]string{}, map[string]string{}
	f.resetLadder()
	fs := f.fp.Factors
	for _, x := range []struct {
		name string
		v    footprint.Factor
	}{{fpGrid + valueSuffix, fs.Grid}, {fpWUE + valueSuffix, fs.WUE}, {fpPrice, fs.Price}} {
		if x.v.Set {
			f.text[x.name] = f.number(x.v.Value)
		}
	}
	f.text[fpCurrency] = fs.Currency
	f.text[fpBudget] = f.p.Box(budgetText(f.fp.Budget))
}

// resetLadder writes the host, idle and PUE boxes from the state: the
// values the boundary applies where the reader gave none.
func (f *fpInputs) resetLadder() {
	e := f.fp.Factors.Effective()
	f.text[fpHost] = f.number(e.Host.Value)
	f.text[fpIdle] = f.number(e.Idle.Value)
	f.text[fpPUE+valueSuffix] = f.number(e.PUE.Value)
	for _, n := range []string{fpHost, fpIdle, fpPUE + valueSuffix} {
		delete(f.errs, n)
	}
}

// numberText is a factor's value as its box shows it: the shortest decimal
// that reads back exactly.
func numberText(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// number is numberText in the page's language: "0,43".
func (f *fpInputs) number(v float64) string { return f.p.Box(numberText(v)) }

// budgetText is a budget as its box shows it, and as ParseBudget reads it
// back: "1 t CO2e", "2 m3", "10 USD".
func budgetText(b footprint.Budget) string {
	if b.Measure() == footprint.Carbon {
		return b.String() + " CO2e"
	}
	return b.String()
}

// set applies what the input named name now holds. It reports whether the
// state changed; a value that is refused leaves the state as it was and
// shows the parser's message under its box.
func (f *fpInputs) set(name, value string) bool {
	if f.text == nil {
		f.reset()
	}
	fs := &f.fp.Factors
	// keep applies a box's text, kept as typed: apply sets the state from
	// it, or from nothing for a blank box, or returns the parser's error.
	keep := func(apply func(blank bool) error) bool {
		f.text[name] = value
		if err := apply(strings.TrimSpace(value) == ""); err != nil {
			f.errs[name] = inputErrorIn(f.p.Lang, err)
			return false
		}
		delete(f.errs, name)
		return true
	}
	// A factor's box: blank, the boundary's value or no figure.
	box := func(p *footprint.Param, dst *footprint.Factor) bool {
		return keep(func(blank bool) (err error) {
			x := footprint.Factor{}
			if !blank {
				x, err = data.ParseIn(value, f.p.Read, p.Parse)
			}
			if err == nil {
				*dst = x
			}
			return err
		})
	}
	// A select of presets: "" is none, customPreset the number in its box.
	preset := func(p *footprint.Param, dst *footprint.Factor) bool {
		switch value {
		case customPreset:
			return false
		case "":
			*dst = footprint.Factor{}
		default:
			pr, ok := p.Preset(value)
			if !ok {
				return false // not one of the options: someone edited the DOM
			}
			*dst = pr.Factor()
		}
		delete(f.errs, p.Name+valueSuffix)
		f.text[p.Name+valueSuffix] = ""
		if dst.Set {
			f.text[p.Name+valueSuffix] = f.number(dst.Value)
		}
		return true
	}
	switch name {
	case fpBoundary:
		b, err := footprint.ParseBoundary(value)
		if err != nil {
			return false
		}
		*fs = fs.WithBoundary(b)
		f.resetLadder()
		return true
	case fpHost:
		return box(footprint.Host, &fs.Host)
	case fpIdle:
		return box(footprint.Idle, &fs.Idle)
	case fpPUE:
		return preset(footprint.PUE, &fs.PUE)
	case fpPUE + valueSuffix:
		return box(footprint.PUE, &fs.PUE)
	case fpGrid:
		return preset(footprint.Grid, &fs.Grid)
	case fpGrid + valueSuffix:
		return box(footprint.Grid, &fs.Grid)
	case fpWUE:
		return preset(footprint.WUE, &fs.WUE)
	case fpWUE + valueSuffix:
		return box(footprint.WUE, &fs.WUE)
	case fpPrice:
		return box(footprint.Price, &fs.Price)
	case fpCurrency:
		return keep(func(blank bool) (err error) {
			cur := ""
			if !blank {
				cur, err = footprint.ParseCurrency(value)
			}
			if err == nil {
				fs.Currency = cur
			}
			return err
		})
	case fpBudget:
		return keep(func(blank bool) (err error) {
			b := footprint.Budget{}
			if !blank {
				b, err = data.ParseIn(value, f.p.Read, footprint.ParseBudget)
			}
			if err == nil {
				f.fp.Budget = b
			}
			return err
		})
	}
	return false
}

// edit applies an edit of the input that fired ctx's event, and empties
// the boxes that the state leaves empty (go-app does not; see clearBox).
func (f *fpInputs) edit(ctx app.Context) bool {
	changed := f.set(input(ctx))
	for name, text := range f.text {
		if text == "" {
			clearBox("fp-" + name)
		}
	}
	return changed
}

// input is what an input's handler needs: the element's name and value.
func input(ctx app.Context) (name, value string) {
	return ctx.JSSrc().Get("name").String(), ctx.JSSrc().Get("value").String()
}

// render is the section of inputs; h handles every one of them.
func (f *fpInputs) render(h, toggle app.EventHandler, budget bool) app.UI {
	fs, p := f.fp.Factors, f.p
	e := fs.Effective()
	var bounds []app.UI
	for _, b := range footprint.Boundaries {
		bounds = append(bounds, option(b.ID, b.LabelIn(p), b.ID == fs.BoundaryInfo().ID))
	}
	d := app.Details().ID("fp-inputs").Class("fp-inputs field wide").OnToggle(toggle)
	if f.open {
		d = d.Open(true) // only when true: go-app prerenders open="false"
	}
	summary := app.Summary().Text(p.T("fp.inputs"))
	if starting && !f.open {
		return d.Body(summary) // the rest once the page has started (see folded)
	}
	return d.Body(
		summary,
		app.P().Class("small").Text(p.T("fp.inputs.about")),
		f.field("fp-boundary", p.T("fp.boundary.label"), app.Select().ID("fp-boundary").Name(fpBoundary).OnChange(h).Body(bounds...)),
		f.box("fp-host", fpHost, p.T("fp.host.label"), f.number(e.Host.Value), h),
		slot(!f.noIdle, func() app.UI {
			return f.box("fp-idle", fpIdle, p.T("fp.idle.label"), f.number(e.Idle.Value), h)
		}),
		f.presets("fp-pue", footprint.PUE, p.T("fp.pue.label"), e.PUE, false, h),
		f.presets("fp-grid", footprint.Grid, p.T("fp.grid.label"), fs.Grid, true, h),
		f.presets("fp-wue", footprint.WUE, p.T("fp.wue.label"), fs.WUE, true, h),
		app.Div().Class("field").Body(
			app.Label().For("fp-price").Text(p.T("fp.price.label")),
			app.Div().Class("row").Body(
				f.textInput("fp-price", fpPrice, p.Box("0.12"), "", h).Class("grow").Attr("inputmode", "decimal"),
				f.textInput("fp-cur", fpCurrency, "USD", p.T("fp.currency.label"), h).Class("cur").MaxLength(3),
			),
			f.error("fp-price", fpPrice),
			f.error("fp-cur", fpCurrency),
		),
		app.If(budget, func() app.UI {
			return f.field("fp-budget", p.T("fp.budget.label"),
				f.textInput("fp-budget", fpBudget, "1 t CO2e, 500 kWh, 2 m3, 10 USD", "", h),
				f.error("fp-budget", fpBudget))
		}),
	)
}

func (f *fpInputs) field(id, label string, control ...app.UI) app.UI {
	return app.Div().Class("field").Body(append([]app.UI{app.Label().For(id).Text(label)}, control...)...)
}

// textInput is a free-form box whose text is kept as typed.
func (f *fpInputs) textInput(id, name, placeholder, label string, h app.EventHandler) app.HTMLInput {
	in := app.Input().Type("text").ID(id).Name(name).Placeholder(placeholder).AutoComplete(false).Spellcheck(false).
		Value(f.text[name]).OnInput(h)
	if label != "" {
		in = in.Aria("label", label)
	}
	if f.errs[name] != "" {
		in = in.Aria("invalid", "true").Aria("describedby", id+"-error")
	}
	return in
}

// error is the message under a box whose text is refused, in a stable slot.
func (f *fpInputs) error(id, name string) app.UI {
	msg := f.errs[name]
	p := app.P().ID(id + "-error").Class("input-error").Role("status").Text(msg)
	if msg == "" {
		p = p.Hidden(true) // only when true: go-app prerenders hidden="false", which HTML reads as hidden
	}
	return p
}

// box is a number box for a factor that the boundary presets: empty, it
// shows the boundary's value.
func (f *fpInputs) box(id, name, label, boundary string, h app.EventHandler) app.UI {
	return f.field(id, label,
		f.textInput(id, name, boundary, "", h).Class("num").Attr("inputmode", "decimal"),
		f.error(id, name))
}

// presets is a select of a factor's presets, each with its value (label
// gives the unit), beside a box for a number of the reader's own; under it,
// what the chosen one is: its value, year and basis. Options stay short, so
// that the chosen one reads whole in a phone's select. optional factors
// (grid, WUE) may be none: no figure.
func (f *fpInputs) presets(id string, p *footprint.Param, label string, x footprint.Factor, optional bool, h app.EventHandler) app.UI {
	var opts []app.UI
	pp := f.p
	if optional {
		opts = append(opts, option("", pp.T("fp.none."+p.Name), !x.Set))
	}
	for _, pr := range p.Presets {
		opts = append(opts, option(pr.ID, pp.T("fp.option", "label", pr.LabelIn(pp, p), "value", pp.Number(pr.Value)), x.Set && strings.EqualFold(x.Preset, pr.ID)))
	}
	// Last and always there, hidden unless chosen, so that the presets keep
	// their places.
	var custom app.HTMLOption
	if x.Set && x.Preset == "" {
		custom = app.Option().Value(customPreset).Text(pp.T("fp.custom", "value", pp.Number(x.Value))).Selected(true)
	} else {
		custom = app.Option().Value(customPreset).Text(pp.T("fp.custom.box")).Hidden(true).Disabled(true)
	}
	opts = append(opts, custom)
	own := pp.T("fp.own")
	if p.Unit != "" {
		own += " (" + p.Unit + ")"
	}
	about := app.P().ID(id + "-about").Class("hint").Text(p.DescribeIn(pp, x))
	if !x.Set {
		about = about.Hidden(true) // only when true: go-app prerenders hidden="false"
	}
	return app.Div().Class("field").Body(
		app.Label().For(id).Text(label),
		app.Select().ID(id).Name(p.Name).Aria("describedby", id+"-about").OnChange(h).Body(opts...),
		about,
		app.Div().Class("row fp-own").Body(
			app.Label().For(id+valueSuffix).Class("small").Text(own),
			f.textInput(id+valueSuffix, p.Name+valueSuffix, "", "", h).Class("num").Attr("inputmode", "decimal"),
		),
		f.error(id+valueSuffix, p.Name+valueSuffix),
	)
}

// footprintFields are the scenario's footprint fields for the scenario
// download, as calc -json prints them with the same flags: the budget's
// answer only when its factors answer it.
func footprintFields(r *data.Result, fp state.Footprint) []export.Field {
	var fit *footprint.Fit
	if !fp.Budget.IsZero() && r.Selected != nil {
		if x, err := fp.Factors.Fit(fp.Budget, r.Selected); err == nil {
			fit = &x
		}
	}
	return export.Footprint(r, fp.Factors, fp.Budget, fit)
}
