package data

import _ "embed"

// The browser build embeds the dataset packed (see Pack): no JSON, and no
// encoding/json at start. dataset.pack is committed beside the dataset and
// made from it by `go generate ./data` (make data runs it after an import);
// TestPackIsCurrent fails while it is not the current generation's.
//
//go:embed dataset.pack
var pack []byte

// Load returns the dataset embedded in the binary.
func Load() (*Set, error) { return LoadPacked(pack) }
