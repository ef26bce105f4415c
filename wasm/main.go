// Command wasm is the calculator's browser entry, built with GOOS=js
// GOARCH=wasm into web/app.wasm. It holds the UI and the embedded dataset
// only: the server, CLI and importer live in other packages so that they stay
// out of the download.
package main

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/ui"
)

func main() {
	ui.Routes()
	app.RunWhenOnBrowser()
}
