//go:build !js

package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// routeOtherNames routes, for the server, the other names static hosts
// serve the pages by (see Routes). The browser build has none of this: the
// patterns would link regexp into app.wasm, and web/guard.js renames the
// page before the app starts.
func routeOtherNames() {
	app.RouteWithRegexp(`^/+(index\.html)?$`, func() app.Composer { return newCalculator(false) })
	app.RouteWithRegexp(`^/+embed(\.html|/+(index\.html)?)?$`, func() app.Composer { return newCalculator(true) })
	app.RouteWithRegexp(`^/+compare(\.html|/+(index\.html)?)?$`, func() app.Composer { return newCompare(false) })
	app.RouteWithRegexp(`^/+embed/+compare(\.html|/+(index\.html)?)?$`, func() app.Composer { return newCompare(true) })
	app.RouteWithRegexp(`^/+plan(\.html|/+(index\.html)?)?$`, func() app.Composer { return newPlan(false) })
	app.RouteWithRegexp(`^/+embed/+plan(\.html|/+(index\.html)?)?$`, func() app.Composer { return newPlan(true) })
}
