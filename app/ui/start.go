package ui

import (
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/catalogue"
)

// The start in the browser, cut into tasks between which the browser paints
// and takes input, none of them long: app.js instantiates the wasm in a task
// of its own (app/server/appjs.go), then (1) the Go runtime's start, the
// routes and the dataset's index; (2) the page's first render, in turns
// (startTurn), which go-app's engine adopts as the prerendered page
// (wasm/slim/goapp/adopt.go), marked mounted, the parts below the first
// screen left as prerendered until the page is idle (later, ready); or, where the page offers no
// adoption, which it mounts in place of the prerendered page without the
// contents of the disclosures (<details>) that are closed, which take no
// room on the screen, and (3) the page with them, marked mounted. Then what
// a reader did with the inputs before is done again (answerEarly).

// adopted is true from Start until the first page is mounted where go-app
// adopts the prerendered page (adopts).
var adopted bool

// starting is true from Start until the page's first render has been
// mounted and the browser has had a turn.
var starting bool

// Start runs the app in the browser.
func Start() {
	// Where go-app adopts the prerendered page (wasm/slim), the first
	// render is the whole page, which is already there: nothing is folded.
	adopted = adopts()
	starting, keeping = !adopted, adopted && answersLink()
	Routes()
	dataset()
	// The words of the page's language, downloaded beside the wasm; where
	// that failed (offline, never cached), the page speaks English.
	if err := catalogue.First(); err != nil {
		app.Log(err)
	}
	yieldToBrowser()
	mounting, turnStart = true, time.Now()
	app.RunWhenOnBrowser()
}

// adopts tells whether go-app's engine will adopt the prerendered page as
// the first page's DOM rather than build it (wasm/slim/goapp/adopt.go):
// where the page offers it (goappHydrate, in app/server/appjs.go) and has a
// prerendered main element.
func adopts() bool {
	root := app.Window().Get("document").Get("body").Get("firstElementChild")
	return app.Window().Get("goappHydrate").Type() == app.TypeFunction && root.Truthy() &&
		root.Get("classList").Call("contains", "prerendered").Bool()
}

// keeping is true from Start, where go-app adopts the prerendered page,
// until the page is idle after it is mounted (ready), or renders a change
// before that (page.Render): the parts of the page below its first screen
// render without their contents (later) meanwhile.
var keeping bool

// bodied is a go-app element that takes a body and data attributes.
type bodied[T any] interface {
	Body(...app.UI) T
	DataSet(string, any) T
}

// later is el with the body that body makes, except while the page adopts
// the prerendered one (keeping): then el alone, marked data-kept, whose
// prerendered children go-app's engine keeps as they are and adopts once
// the page renders el with its body (wasm/slim/goapp/adopt.go, keptAttr).
// The parts below the first screen use it, so that the first render, which
// the reader waits for, is the first screen's: the rest, already on the
// page, is bound once the page is idle (ready), or with the first change.
func later[T bodied[T]](el T, body func() []app.UI) T {
	if keeping {
		return el.DataSet("kept", true)
	}
	return el.Body(body()...)
}

// ready renders the parts that later kept once the page is idle, unless a
// change has rendered them before.
func ready(ctx app.Context) {
	if !keeping {
		return
	}
	whenIdle(func() {
		ctx.Dispatch(func(app.Context) { keeping = false })
	})
}

// answersLink tells whether the prerendered page answers the link's own
// question, which web/guard.js tells by leaving html without tj-pending:
// only then may the parts below the first screen stay as prerendered.
func answersLink() bool {
	return !app.Window().Get("document").Get("documentElement").Get("classList").Call("contains", "tj-pending").Bool()
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
// mounted; at once where the page did not start the app, or adopted the
// prerendered page. Once that page is in the document, what a reader did
// with its inputs before the app ran is done again (answerEarly).
func unfold(ctx app.Context, mounted func()) {
	mounting = false
	if !starting {
		mounted()
		if adopted {
			// The adopted page is the page: it is marked mounted in place
			// (mainElement renders the same mark from now on), not rendered
			// again for it.
			adopted = false
			app.Window().Get("document").Get("body").Get("firstElementChild").Call("setAttribute", "data-mounted", "true")
			ctx.PreventUpdate()
		}
		if keeping && earlyNoted() {
			// The reader's inputs may be in the parts kept as prerendered:
			// the page is rendered whole (page.Render), then they are done.
			ctx.Dispatch(func(ctx app.Context) { ctx.Defer(answerEarly) })
			return
		}
		ctx.Defer(answerEarly)
		ready(ctx)
		return
	}
	afterTask(func() {
		starting = false
		ctx.Dispatch(func(ctx app.Context) {
			mounted()
			ctx.Defer(answerEarly)
		})
	})
}

// earlyNoted tells whether web/guard.js noted what a reader did with the
// inputs before the app ran.
func earlyNoted() bool {
	early := app.Window().Get("tokenjouleEarly")
	return early.Type() == app.TypeFunction && early.Get("noted").Type() == app.TypeFunction &&
		early.Get("noted").Invoke().Int() > 0
}

// answerEarly has web/guard.js do again, through the page's handlers, what
// a reader did with the inputs before the app ran.
func answerEarly(app.Context) {
	if again := app.Window().Get("tokenjouleEarly"); again.Type() == app.TypeFunction {
		again.Invoke()
	}
}

// mounting is true from Start until the page's first render is in the
// document (its OnMount): go-app builds it apart from the document, which
// shows the prerendered page meanwhile, so that the browser may take a turn
// in the middle without showing anything half built; or adopts the
// prerendered page, each element's attributes after its children (the
// root's, which tell the page's style what the prerender answers, last),
// while web/guard.js keeps what a reader does from its handlers until it
// is mounted.
var mounting bool

// turnStart is when the first render's current turn began.
var turnStart time.Time

// turnSlice is how long the first render runs before it hands the browser a
// turn at the next startTurn. A task of over 50 ms delays input; the markup
// between two calls can take as long again on a slow machine.
const turnSlice = 30 * time.Millisecond

// startTurn hands the browser a turn once the first render has run for
// turnSlice. The pages call it once their state is read, and the components
// as they are mounted (OnInit): go-app mounts a page's tree in one call,
// some 180 ms of the main thread for the calculator on make bench's desktop
// profile (go run ./app/bench -profile says where a load's time goes).
func startTurn() {
	if !mounting || time.Since(turnStart) < turnSlice {
		return
	}
	yieldToBrowser()
	turnStart = time.Now()
}
