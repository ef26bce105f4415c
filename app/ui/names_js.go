package ui

// routeOtherNames routes nothing in the browser, where web/guard.js gives
// the page its own name before the app starts (see Routes).
func routeOtherNames() {}
