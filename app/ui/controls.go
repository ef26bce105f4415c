package ui

import (
	"strings"
	"unicode"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/data"
)

// The inputs the calculator and the compare page share: each labelled in
// words first, with its term's explanation, and its message when what was
// typed is refused.

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

// invalid marks a text box whose text is refused, and points it to the
// message that says why.
func invalid(in app.HTMLInput, msgID, msg string) app.HTMLInput {
	if msg == "" {
		return in
	}
	return in.Aria("invalid", "true").Aria("describedby", msgID)
}

// inputError is the message under a refused text box.
func inputError(id, msg string) app.UI {
	return app.If(msg != "", func() app.UI {
		return app.P().ID(id).Class("input-error").Role("status").Text(msg)
	})
}

// deadlineField is the deadline's logarithmic slider and its box, which
// follow each other; text is what the box shows, errText why it is refused.
// The box is a text box (inputmode decimal brings a phone's number pad): a
// number input would hand the page "" for "fast", and the message would say
// that nothing was typed.
func deadlineField(ms float64, text, errText string, compact bool, onSlider, onText app.EventHandler) app.UI {
	words := "Longest wait between tokens (ITL deadline, ms)"
	if compact {
		words = "Wait between tokens (ms)"
	}
	return app.Div().Class("field wide").Body(
		app.Div().Class("label-row").Body(app.Label().For("deadline").Text(words), explain(termITL)),
		app.Div().Class("row").Body(
			app.Input().Type("range").ID("deadline-range").Class("grow").
				Aria("label", "Longest wait between tokens, on a logarithmic slider from 5 to 1000 ms").
				Aria("valuetext", data.FormatMS(ms)).
				Attr("step", "any").Value(msToSlider(ms)).OnInput(onSlider),
			invalid(app.Input().Type("text").ID("deadline").Class("num").Attr("inputmode", "decimal").
				AutoComplete(false).Spellcheck(false).Value(text).OnInput(onText), "deadline-error", errText),
		),
		inputError("deadline-error", errText),
	)
}

// percentileField chooses which share of tokens the deadline holds.
func percentileField(p data.Percentile, compact bool, onChange app.EventHandler) app.UI {
	var opts []app.UI
	for _, o := range data.Percentiles {
		opts = append(opts, option(string(o), percentileOption(o), o == p))
	}
	words := "Tokens that must meet the deadline (percentile)"
	if compact {
		words = "Tokens within it (percentile)"
	}
	return app.Div().Class("field").Body(
		app.Div().Class("label-row").Body(app.Label().For("percentile").Text(words), explain(termPercentile)),
		app.Select().ID("percentile").OnChange(onChange).Body(opts...),
	)
}

// tokensField is the volume's box and its presets.
func tokensField(text, errText string, onText app.EventHandler, onPreset func(float64) app.EventHandler) app.UI {
	return app.Div().Class("field wide").Body(
		labelled("tokens", termTokens, label(termTokens)),
		app.Div().Class("row").Body(
			invalid(app.Input().Type("text").ID("tokens").Class("grow").Attr("inputmode", "decimal").
				Placeholder("5M, 2.5B, 1e9").AutoComplete(false).Spellcheck(false).
				Value(text).OnInput(onText), "tokens-error", errText),
			app.Button().Type("button").Class("preset").ID("preset-1M").Aria("label", "1M: a million tokens").Text("1M").OnClick(onPreset(1e6)),
			app.Button().Type("button").Class("preset").ID("preset-1B").Aria("label", "1B: a billion tokens").Text("1B").OnClick(onPreset(1e9)),
			app.Button().Type("button").Class("preset").ID("preset-1T").Aria("label", "1T: a trillion tokens").Text("1T").OnClick(onPreset(1e12)),
		),
		inputError("tokens-error", errText),
	)
}

// deadlineError is the message for a deadline box whose text is refused:
// the parser's, which quotes the text and says what is accepted, led, when
// the text holds letters, by what is wrong with them.
func deadlineError(text string, err error) string {
	if strings.ContainsFunc(text, unicode.IsLetter) {
		return "Letters other than the units ms and s are not a number: " + err.Error()
	}
	return err.Error()
}

// On a phone the inputs come after the answer, a screen or more below it:
// a button under the answer brings them into view, with focus on the first,
// and one at the top of the inputs goes back. Where the inputs sit beside the
// answer (style.css), neither shows.
const (
	inputsID     = "inputs"
	editQuestion = "edit-question"
	backToAnswer = "back-to-answer"
)

// editButton is the button under the answer that brings the inputs into
// view; first is the id of the input it focuses.
func editButton(first string) app.UI {
	return disabledUntilStart(app.Button().Type("button").ID(editQuestion).Class("jump").
		Aria("controls", inputsID).Text("Change the question ↓").
		OnClick(func(ctx app.Context, e app.Event) { focusInView(inputsID, first) }))
}

// backButton is the button at the top of the inputs that goes back to the
// answer (#result, which takes focus from a script).
func backButton() app.UI {
	return disabledUntilStart(app.Button().Type("button").ID(backToAnswer).Class("jump").
		Text("Back to the answer ↑").
		OnClick(func(ctx app.Context, e app.Event) { focusInView("result", "result") }))
}
