package ui

import (
	"fmt"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/state"
	"tokenjoule/data/lang"
)

// Notices says which values of the URL were refused and what is shown
// instead, one notice per parameter, each of which the reader can dismiss
// (or all at once). A page hands it the notices of the URL it read; a
// notice dismissed stays dismissed until the page reads a URL again.
type Notices struct {
	app.Compo

	List []state.Notice

	Lang      lang.Tag        // the page's language, for the buttons' words
	dismissed map[string]bool // by message
}

// shown are the notices not dismissed.
func (n *Notices) shown() []state.Notice {
	var out []state.Notice
	for _, x := range n.List {
		if !n.dismissed[x.Message] {
			out = append(out, x)
		}
	}
	return out
}

// OnInit hands the browser a turn if the page's first render has run long.
func (n *Notices) OnInit() { startTurn() }

func (n *Notices) Render() app.UI {
	shown := n.shown()
	if len(shown) == 0 {
		return app.Div().Hidden(true)
	}
	items := make([]app.UI, len(shown))
	for i, x := range shown {
		about := n.Lang.T("notice.url")
		if x.Param != "" {
			about = x.Param
		}
		items[i] = app.Div().Class("notice-item").Body(
			app.P().Class("notice").DataSet("param", x.Param).Text(x.In(n.Lang)),
			disabledUntilStart(app.Button().Type("button").ID(fmt.Sprintf("dismiss-%d", i)).Class("notice-dismiss small-button").
				Aria("label", n.Lang.T("notice.dismiss.about", "about", about)).Text(n.Lang.T("notice.dismiss")).OnClick(n.onDismiss(i))),
		)
	}
	if len(shown) > 1 {
		items = append(items, disabledUntilStart(app.Button().Type("button").ID("dismiss-notices").Class("small-button").
			Text(n.Lang.T("notice.dismiss.all")).OnClick(n.onDismissAll)))
	}
	return app.Div().ID("notices").Class("notices").Role("alert").Body(items...)
}

// onDismiss hides the i-th notice shown, looked up when clicked (go-app
// keeps a node's first handler), and leaves focus on the next one's button,
// or, with none left, moves it to the page's answer. go-app updates the
// notices in place, by position: the button at i stays and dismisses the
// next notice, and the last one goes. Focus moves now, before the update,
// for a deferred function would not run once its button is gone.
func (n *Notices) onDismiss(i int) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		shown := n.shown()
		if i >= len(shown) {
			return
		}
		n.dismiss(shown[i])
		switch left := len(shown) - 1; {
		case left == 0:
			focus("result")
		case i == left:
			focus(fmt.Sprintf("dismiss-%d", i-1))
		}
	}
}

func (n *Notices) onDismissAll(ctx app.Context, e app.Event) {
	for _, x := range n.List {
		n.dismiss(x)
	}
	focus("result")
}

func (n *Notices) dismiss(x state.Notice) {
	if n.dismissed == nil {
		n.dismissed = map[string]bool{}
	}
	n.dismissed[x.Message] = true
}

// forgetRefused takes the refused values out of the page's URL once their
// notices are shown, so that a link copied from the address bar no longer
// carries them (the notices say what they were). The query becomes query,
// the state as the page writes it, followed by the parameters of the URL
// the page does not read (a footprint's, a host's), less those refused.
func forgetRefused(ctx app.Context, query string, notices []state.Notice) {
	if len(notices) == 0 || prerendering() {
		return
	}
	u := *ctx.Page().URL()
	u.RawQuery = state.KeepOthers(query, u.RawQuery, notices)
	ctx.Page().ReplaceURL(&u)
}
