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

// The card embeds' wasm (wasm/card) embeds the dataset packed for it alone
// (CardPack), made and checked with dataset.pack; a program that does not
// call LoadCard does not link it.
//
//go:embed card.pack
var cardPack []byte

// LoadCard returns the dataset as the card embeds' wasm reads it: every
// figure a card shows, without the rows' rounded figures that only the
// charts and the downloads read (see CardPack).
func LoadCard() (*Set, error) { return LoadPacked(cardPack) }
