package ui

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/data"
	"tokenjoule/data/lang"
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
// follow each other, in the unit of k (ms between tokens, s for an image or
// a video); text is what the box shows, errText why it is refused. The
// slider stops at round deadlines (data.Kind.SliderStops): onSlider reads a
// drag with sliderInput, onKey the keys with sliderKey.
// The box is a text box (inputmode decimal brings a phone's number pad): a
// number input would hand the page "" for "fast", and the message would say
// that nothing was typed.
func deadlineField(t lang.Tag, k *data.Kind, ms float64, text, errText string, compact bool, onSlider, onKey, onText app.EventHandler) app.UI {
	words, term, slider := t.T("field.deadline"), termITL, t.T("field.deadline.slider")
	if compact {
		words = t.T("field.deadline.compact")
	}
	if k.Diffusion() {
		a := t.T("a." + k.Item)
		words, term, slider = t.T("field.wait", "an_item", a), termGenTime, t.T("field.wait.slider", "an_item", a)
		if compact {
			words = t.T("field.wait.compact", "an_item", a)
		}
	}
	return app.Div().Class("field wide").Body(
		app.Div().Class("label-row").Body(app.Label().For("deadline").Text(words), explainIn(t, term)),
		app.Div().Class("row").Body(
			app.Input().Type("range").ID("deadline-range").Class("grow").
				Aria("label", t.T("field.slider", "slider", slider, "min", t.Number(k.DeadlineText(k.DeadlineMinMS)), "max", data.PrinterOf(t).Deadline(k, k.DeadlineMaxMS))).
				Aria("valuetext", data.PrinterOf(t).Deadline(k, ms)).
				Attr("step", "any").Value(sliderValue(k, ms)).OnInput(onSlider).OnKeyDown(onKey),
			invalid(app.Input().Type("text").ID("deadline").Class("num").Attr("inputmode", "decimal").
				AutoComplete(false).Spellcheck(false).Value(text).OnInput(onText), "deadline-error", errText),
		),
		inputError("deadline-error", errText),
	)
}

// sliderValue is the slider's position for the deadline ms, as its value
// attribute holds it: to a tenth, finer than a pixel of its track.
func sliderValue(k *data.Kind, ms float64) string {
	return strconv.FormatFloat(k.SliderPosition(ms), 'f', 1, 64)
}

// sliderInput reads the slider's position from its input event (a drag, a
// touch, Home or End) and moves its thumb to the stop nearest to it, as a
// slider with steps would: the position returned is that stop's. The stops
// are not evenly spaced to the pixel, so the range input's own step cannot
// place them (its step is "any").
func sliderInput(ctx app.Context, k *data.Kind) (pos float64, ok bool) {
	pos, err := strconv.ParseFloat(value(ctx), 64)
	if err != nil {
		return 0, false
	}
	at := sliderValue(k, k.SliderDeadline(pos))
	placeThumb(ctx.JSSrc(), at)
	pos, _ = strconv.ParseFloat(at, 64)
	return pos, true
}

// sliderKey reads a key pressed on the slider: an arrow key steps the
// deadline ms to the next stop up or down, Page Up and Page Down to the next
// of the 1-2-5 stops (data.Kind.StepDeadline), in place of the browser's
// step of a hundredth of the track, which lands on no round number. It
// tells whether the key was one of those; others (Tab, Home, End, and any
// with Alt, Ctrl or Meta, such as Alt+Left for the browser's Back) are left
// to the browser.
func sliderKey(e app.Event, k *data.Kind, ms float64) (float64, bool) {
	for _, m := range []string{"altKey", "ctrlKey", "metaKey"} {
		if e.Get(m).Bool() {
			return 0, false
		}
	}
	var down, big bool
	switch e.Get("key").String() {
	case "ArrowUp", "ArrowRight":
	case "ArrowDown", "ArrowLeft":
		down = true
	case "PageUp":
		big = true
	case "PageDown":
		down, big = true, true
	default:
		return 0, false
	}
	e.PreventDefault()
	return k.StepDeadline(ms, down, big), true
}

// setDeadlineWords is the text of a button that sets the deadline to ms:
// "Set the deadline to 1500 ms", "Set the deadline to 71.764 s", the
// number as its box shows it.
func setDeadlineWords(t lang.Tag, k *data.Kind, ms float64) string {
	return t.T("button.setdeadline", "deadline", t.Number(k.DeadlineText(ms))+t.Of().Numbers.UnitSpace+k.DeadlineUnit())
}

// percentileField chooses which share of tokens the deadline holds.
func percentileField(t lang.Tag, p data.Percentile, compact bool, onChange app.EventHandler) app.UI {
	var opts []app.UI
	for _, o := range data.Percentiles {
		opts = append(opts, option(string(o), t.T("option."+string(o)), o == p))
	}
	words := t.T("field.percentile")
	if compact {
		words = t.T("field.percentile.compact")
	}
	return app.Div().Class("field").Body(
		app.Div().Class("label-row").Body(app.Label().For("percentile").Text(words), explainIn(t, termPercentile)),
		app.Select().ID("percentile").OnChange(onChange).Body(opts...),
	)
}

// tokensField is the volume's box and its presets, in k's unit (output
// tokens, images or videos); the box keeps the id tokens whatever it counts.
// onPreset(i) sets the i-th of k's presets, looked up when clicked: go-app
// keeps a button's first handler, and the button at i may have been made
// for another kind's.
func tokensField(t lang.Tag, k *data.Kind, text, errText string, onText app.EventHandler, onPreset func(int) app.EventHandler) app.UI {
	term, examples := termTokens, []string{"5M", "2.5B", "1e9"}
	if k.Diffusion() {
		term, examples = volumeTerms[k], []string{"100", "10k", "1M"}
	}
	pr := data.PrinterOf(t)
	for i, x := range examples {
		examples[i] = pr.VolumeBox(x)
	}
	// A decimal comma in one example would blur a list joined by commas:
	// other languages join them as a semicolon list.
	placeholder := strings.Join(examples, ", ")
	if t != lang.EN && t != "" {
		placeholder = examples[0]
		for _, x := range examples[1:] {
			placeholder = pr.T("list.semi", "list", placeholder, "next", x)
		}
	}
	row := []app.UI{invalid(app.Input().Type("text").ID("tokens").Class("grow").Attr("inputmode", "decimal").
		Placeholder(placeholder).AutoComplete(false).Spellcheck(false).
		Value(text).OnInput(onText), "tokens-error", errText)}
	for i, v := range k.Presets {
		name := k.FormatVolume(v)
		shown := pr.VolumeBox(name) // as the box then shows it
		spoken := name + ": " + presetWords(v) + " " + strings.TrimPrefix(k.Items, "output ")
		if t != lang.EN && t != "" {
			spoken = shown + ": " + pr.VolumeWords(k, v)
		}
		row = append(row, app.Button().Type("button").Class("preset").ID("preset-"+name).
			Aria("label", spoken).Text(shown).OnClick(onPreset(i)))
	}
	return app.Div().Class("field wide").Body(
		labelledIn(t, "tokens", term, labelIn(t, term)),
		app.Div().Class("row").Body(row...),
		inputError("tokens-error", errText),
	)
}

// presetWords says a preset's round number: "a million".
func presetWords(v float64) string {
	for _, w := range []struct {
		v    float64
		word string
	}{{1e12, "a trillion"}, {1e9, "a billion"}, {1e6, "a million"}, {1e3, "a thousand"}, {1e2, "a hundred"}} {
		if v == w.v {
			return w.word
		}
		if v > w.v && v/w.v == float64(int(v/w.v)) && v/w.v < 1000 {
			return data.FormatNumber(v/w.v) + " " + strings.TrimPrefix(w.word, "a ")
		}
	}
	return data.FormatNumber(v)
}

// deadlineError is the message for a deadline box whose text is refused:
// the parser's, which quotes the text and says what is accepted, led, when
// the text holds letters, by what is wrong with them.
func deadlineError(t lang.Tag, k *data.Kind, text string, err error) string {
	if strings.ContainsFunc(text, unicode.IsLetter) {
		units := t.T("input.units.tokens")
		if k.Diffusion() {
			units = t.T("input.units.diffusion")
		}
		return t.T("input.letters", "units", units, "error", inputErrorIn(t, err))
	}
	return inputErrorIn(t, err)
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

// skipLink is a full page's first focusable element, shown only while
// focused: it takes the keyboard past the answer's disclosures (a source
// for each comparison, the configuration) to the first input, which takes
// focus, as the Change the question button does. Before the app runs it is
// a plain link to the inputs.
func skipLink(words string) app.UI {
	return app.A().ID("skip").Class("skip-link").Href("#" + inputsID).Text(words).OnClick(onSkip)
}

// onSkip keeps go-app's handler on the window from following the link (a
// history entry, and every page's OnNav for a fragment) and moves the focus
// itself: the browser's own jump to a fragment would only scroll.
func onSkip(ctx app.Context, e app.Event) {
	e.PreventDefault()
	e.StopImmediatePropagation()
	focusInView(inputsID, "task")
}

// editButton is the button under the answer that brings the inputs into
// view; first is the id of the input it focuses.
func editButton(t lang.Tag, first string) app.UI {
	return disabledUntilStart(app.Button().Type("button").ID(editQuestion).Class("jump").
		Aria("controls", inputsID).Text(t.T("button.edit")).
		OnClick(func(ctx app.Context, e app.Event) { focusInView(inputsID, first) }))
}

// backButton is the button at the top of the inputs that goes back to the
// answer (#result, which takes focus from a script).
func backButton(t lang.Tag) app.UI {
	return disabledUntilStart(app.Button().Type("button").ID(backToAnswer).Class("jump").
		Text(t.T("button.back")).
		OnClick(func(ctx app.Context, e app.Event) { focusInView("result", "result") }))
}
