package data

import _ "embed"

// The browser build embeds the dataset packed (see Pack), which its build
// writes from the JSON files (wasm/slim writes dataset.pack before every
// build of app.wasm): no JSON, and no encoding/json at start.
//
//go:embed dataset.pack
var pack []byte

// Load returns the dataset embedded in the binary.
func Load() (*Set, error) { return LoadPacked(pack) }
