package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/data/lang"
)

// UpdateBanner offers a reload once the service worker has installed a new
// deployment. The page keeps working on the old version until then, so the
// reload is the visitor's choice, not a surprise.
type UpdateBanner struct {
	app.Compo
	Lang      lang.Tag // the page's language
	available bool
}

// OnMount catches an update that arrived before the wasm started; the
// page is rendered again only for one.
func (b *UpdateBanner) OnMount(ctx app.Context) {
	if b.available = ctx.AppUpdateAvailable(); !b.available {
		ctx.PreventUpdate()
	}
}

// OnAppUpdate is called by go-app when the new version is ready.
func (b *UpdateBanner) OnAppUpdate(ctx app.Context) { b.available = ctx.AppUpdateAvailable() }

// Render shows nothing until there is an update.
func (b *UpdateBanner) Render() app.UI {
	if !b.available {
		return app.Span().Hidden(true)
	}
	return app.Div().ID("update").Class("notice update").Attr("role", "status").Body(
		app.Text(b.Lang.T("update.available")+" "),
		app.Button().ID("update-reload").Type("button").Text(b.Lang.T("update.reload")).
			OnClick(func(ctx app.Context, e app.Event) { ctx.Reload() }),
	)
}
