package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// The start in the browser, cut into tasks between which the browser paints
// and takes input, none of them long: (1) the Go runtime's start, the
// routes and the dataset's index; (2) the page's first render, mounted in
// place of the prerendered page, without the contents of the disclosures
// (<details>) that are closed, which take no room on the screen; (3) the
// page with them, marked mounted.

// starting is true from Start until the page's first render has been
// mounted and the browser has had a turn.
var starting bool

// Start runs the app in the browser.
func Start() {
	starting = true
	Routes()
	dataset()
	yieldToBrowser()
	app.RunWhenOnBrowser()
}

// folded is f's UI, the contents of a closed disclosure, except while the
// page starts: nil then, until unfold.
func folded(f func() app.UI) app.UI {
	if starting {
		return nil
	}
	return f()
}

// unfold renders the page of ctx anew with the disclosures' contents, once
// the browser has had a turn after the first render, and then calls
// mounted; at once where the page did not start the app.
func unfold(ctx app.Context, mounted func()) {
	if !starting {
		mounted()
		return
	}
	afterTask(func() {
		starting = false
		ctx.Dispatch(func(app.Context) { mounted() })
	})
}
