// Command wasm is the calculator's browser entry, built for GOOS=js
// GOARCH=wasm into web/app.wasm by wasm/slim (make wasm). It holds the UI and
// the embedded dataset only: the server, CLI and importer live in other
// packages so that they stay out of the download.
package main

import (
	"runtime/debug"

	"tokenjoule/app/ui"
)

func main() {
	// A change of input renders the page anew, which allocates. At Go's
	// default (a collection each time the heap doubles) a collection, which
	// runs on the page's one thread, lands in some changes and makes them 3
	// to 10 times slower. Collecting at five times the live heap makes that
	// rarer, for twice the memory: a fifth off make bench's deadline p95.
	debug.SetGCPercent(400)
	ui.Start()
}
