package ui

// The clipboard and the text boxes people copy from, part of the bridge
// (see echarts.go).

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// copyText writes text to the clipboard with navigator.clipboard.writeText and
// calls done, from the browser's event loop, with "" once written or with the
// reason it was not: no clipboard API (a page served over plain HTTP from
// another host than localhost), or a refusal (permission, focus, a sandbox).
func copyText(text string, done func(reason string)) {
	if !app.IsClient {
		return
	}
	clip := app.Window().Get("navigator").Get("clipboard")
	if !clip.Truthy() {
		done("this page has no clipboard access")
		return
	}
	var ok, fail app.Func
	ok = app.FuncOf(func(app.Value, []app.Value) any {
		ok.Release()
		fail.Release()
		done("")
		return nil
	})
	fail = app.FuncOf(func(_ app.Value, args []app.Value) any {
		ok.Release()
		fail.Release()
		reason := "refused"
		if len(args) > 0 && args[0].Truthy() && args[0].Get("message").Truthy() {
			reason = args[0].Get("message").String()
		}
		done(reason)
		return nil
	})
	clip.Call("writeText", text).Call("then", ok, fail)
}

// selectText focuses the text box with the id and selects all its text, so
// that the reader has only to press the copy keys.
func selectText(id string) {
	if !app.IsClient {
		return
	}
	if el := app.Window().GetElementByID(id); el.Truthy() {
		el.Call("focus")
		el.Call("select")
	}
}

// clearBox empties the text box with the id. go-app cannot: it drops an
// empty value from an element's attributes instead of setting it, and
// removing the attribute leaves what the box shows.
func clearBox(id string) {
	if !app.IsClient {
		return
	}
	if el := app.Window().GetElementByID(id); el.Truthy() {
		el.Set("value", "")
	}
}
