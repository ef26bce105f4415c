// Package embedframe is an embed's one message to the page that frames it,
// its height: the full app's embeds (app/ui) and the card embeds' small
// wasm (wasm/card) both send it.
package embedframe

// HeightMessage is the type of the one message an embed sends its parent
// window: {type: "tokenjoule:height", height: <content height in CSS px,
// an integer>}, sent with target origin "*" (the height is no secret, and
// the embed cannot know who frames it) when the embed is shown and whenever
// its height changes. The README's script resizes the iframe with it.
const HeightMessage = "tokenjoule:height"
