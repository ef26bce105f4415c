// Command floor is go-app's hello world, built and served as the calculator
// is: one text box (#deadline) and one line (#energy) that repeats what is
// typed into it. app/bench -floor builds it with wasm/slim into a site of its
// own, which shows the calculator's prerendered page until it mounts, and
// measures its loads beside the calculator's: what the fixed stack (Go's
// runtime in wasm, go-app, the site's start) takes before any of the
// calculator's own work, so that a target can be read against it.
//
// It must stay a hello world: wasm/slim's tests check that it links go-app
// and nothing of tokenjoule or go-echarts.
package main

import "github.com/maxence-charriere/go-app/v10/pkg/app"

type hello struct {
	app.Compo
	text    string
	mounted bool
}

// OnMount marks the page mounted as the calculator does (data-mounted on
// main), which app/bench waits for before its first change.
func (h *hello) OnMount(app.Context) { h.mounted = true }

func (h *hello) Render() app.UI {
	main := app.Main()
	if h.mounted {
		main = main.DataSet("mounted", true)
	}
	return main.Body(
		app.Input().ID("deadline").OnInput(func(ctx app.Context, e app.Event) {
			h.text = ctx.JSSrc().Get("value").String()
		}),
		app.P().ID("energy").Text(h.text),
	)
}

func main() {
	app.Route("/", func() app.Composer { return &hello{} })
	app.RunWhenOnBrowser()
}
