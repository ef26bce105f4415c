// Package picture lays out paragraphs of text as a picture: each wrapped to
// the picture's width by a measure of the text in its font, one line under
// another. It is plain Go; the browser measures and draws (app/ui's bridge),
// so that the layout is tested natively.
package picture

import (
	"strconv"
	"strings"
)

// A Block is a paragraph of the picture.
type Block struct {
	Text  string
	Size  float64 // font size, CSS pixels
	Bold  bool
	Color string  // CSS colour
	Gap   float64 // space above it, CSS pixels
}

// A Line is one line of text at its place: X, Y its top left, in CSS pixels.
type Line struct {
	Text, Font, Color string
	X, Y              float64
}

// Font is the CSS font a block is drawn in.
func (b Block) Font() string {
	weight := "400"
	if b.Bold {
		weight = "700"
	}
	return weight + " " + strconv.FormatFloat(b.Size, 'f', -1, 64) + `px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif`
}

// leading is the height of a line of a block, as a multiple of its size.
const leading = 1.3

// Layout wraps each block to width less pad on both sides, between words
// (a word longer than a line, such as a URL, is cut where it must), and
// stacks them from pad down. It returns the lines and the picture's height,
// pad included below. measure is a text's width in a font, in CSS pixels.
func Layout(blocks []Block, width, pad float64, measure func(font, text string) float64) (lines []Line, height float64) {
	room := width - 2*pad
	y := pad
	for i, b := range blocks {
		if b.Text == "" {
			continue
		}
		if i > 0 {
			y += b.Gap
		}
		font := b.Font()
		for _, text := range wrap(b.Text, room, func(s string) float64 { return measure(font, s) }) {
			lines = append(lines, Line{Text: text, Font: font, Color: b.Color, X: pad, Y: y})
			y += b.Size * leading
		}
	}
	return lines, y + pad
}

// wrap breaks text into lines no wider than room: between words, and
// inside a word only where the word alone is wider.
func wrap(text string, room float64, width func(string) float64) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if width(try) <= room {
			line = try
			continue
		}
		if line != "" {
			lines = append(lines, line)
		}
		line = word
		for width(line) > room {
			cut := fit(line, room, width)
			lines = append(lines, line[:cut])
			line = line[cut:]
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// fit is how many bytes of s, cut between characters, fit in room: at
// least one character, so that the wrapping always moves on.
func fit(s string, room float64, width func(string) float64) int {
	best := 0
	for i := range s {
		if i > 0 && width(s[:i]) > room {
			break
		}
		best = i
	}
	if best == 0 {
		for i := range s {
			if i > 0 {
				return i
			}
		}
		return len(s)
	}
	return best
}
