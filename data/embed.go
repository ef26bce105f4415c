//go:build !js

package data

import "embed"

// The dataset as the importer writes it, JSON files; the browser build
// embeds the same packed instead (embed_js.go).
//
//go:embed index.json lm-arena-chat gpqa sourcegraph-fim image-chat video-chat
var files embed.FS

// Load returns the dataset embedded in the binary.
func Load() (*Set, error) { return LoadFS(files) }
