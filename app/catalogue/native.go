//go:build !js

package catalogue

import "tokenjoule/data/lang"

// First loads the catalogue the page began to download with it, if any.
func First() error { return nil }

// Fetch loads t's catalogue unless it is at hand.
func Fetch(t lang.Tag) error { return nil }
