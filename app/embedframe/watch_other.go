//go:build !js

package embedframe

// WatchHeight does nothing outside the browser (a page prerendered).
func WatchHeight() (stop func()) { return func() {} }
