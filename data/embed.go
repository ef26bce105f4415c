//go:build !js

package data

import "embed"

// The dataset folder holds generations of the dataset and a pointer to the
// current one (see Current); the importer adds a generation and then
// replaces the pointer, so that a build embeds one whole dataset whenever it
// runs. Its work in progress, in folders named .import-*, is not embedded.
// The browser build embeds the current generation packed instead
// (embed_js.go), from dataset.pack, which packgen writes:
//
//go:generate go run ./internal/packgen
//go:embed dataset
var files embed.FS

// Load returns the dataset embedded in the binary.
func Load() (*Set, error) { return loadCurrent(files, "dataset/") }
