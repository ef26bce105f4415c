package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// appURL is the href of one of the site's own pages ("/" or "/embed") with a
// query string, kept under the site's sub-path when it is hosted under one.
// Every link of the UI to its own pages goes through it.
//
// It works around a go-app v10 bug: Href("/x") is prerendered as "/repo/x"
// (the server's resolver adds the prefix) but becomes "/x" once the wasm
// mounts (the browser's resolver only prefixes /web/ files), leaving the
// sub-path; a relative href breaks the prerendered page the other way. So
// when prerendering go-app adds the prefix itself, and in the browser it is
// added here.
func appURL(path, query string) string {
	if !app.IsServer {
		path = rootPrefix() + path
	}
	if query != "" {
		path += "?" + query
	}
	return path
}

// rootPrefix is the site's sub-path without a trailing slash: "" at the root
// of a host, "/repo" under https://host/repo/. go-app's app.js publishes it
// in the browser as GOAPP_ROOT_PREFIX ("/" at the root).
func rootPrefix() string { return strings.TrimRight(app.Getenv("GOAPP_ROOT_PREFIX"), "/") }
