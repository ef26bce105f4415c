package picture

import (
	"strings"
	"testing"
)

// mono measures every character as half the font's size, the size read
// from the font as Block.Font writes it.
func mono(font, text string) float64 {
	var size float64
	for _, f := range strings.Fields(font) {
		if px, ok := strings.CutSuffix(f, "px"); ok {
			for _, c := range px {
				size = size*10 + float64(c-'0')
			}
		}
	}
	return float64(len([]rune(text))) * size / 2
}

func TestLayout(t *testing.T) {
	// 20 px text is 10 px a character: 10 characters fit in 100 px.
	blocks := []Block{
		{Text: "How much energy do tokens take?", Size: 20, Bold: true, Color: "#111"},
		{Text: "", Size: 20}, // nothing: no line, no gap
		{Text: "https://example.org/a/very/long/link", Size: 20, Gap: 8}, // cut where it must
	}
	lines, height := Layout(blocks, 140, 20, mono)
	var got []string
	for _, l := range lines {
		got = append(got, l.Text)
		if w := mono(l.Font, l.Text); w > 100 {
			t.Errorf("line %q is %v px wide in 100", l.Text, w)
		}
		if l.X != 20 {
			t.Errorf("line %q at x %v, want the padding", l.Text, l.X)
		}
	}
	want := []string{"How much", "energy do", "tokens", "take?", "https://ex", "ample.org/", "a/very/lon", "g/link"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("lines %q, want %q", got, want)
	}
	// Each line 26 px under the one before; the gap before the link; the
	// padding at both ends.
	if lines[1].Y-lines[0].Y != 26 || lines[4].Y-lines[3].Y != 26+8 || height != 20+8*26+8+20 {
		t.Errorf("y %v, %v, %v, %v; height %v", lines[0].Y, lines[1].Y, lines[3].Y, lines[4].Y, height)
	}
	if !strings.HasPrefix(lines[0].Font, "700 20px ") || !strings.HasPrefix(lines[4].Font, "400 20px ") || lines[0].Color != "#111" {
		t.Errorf("fonts %q, %q, colour %q", lines[0].Font, lines[4].Font, lines[0].Color)
	}
	// Every word is kept, in order.
	if strings.Join(got[:4], " ") != blocks[0].Text || strings.Join(got[4:], "") != blocks[2].Text {
		t.Errorf("the text changed: %q", got)
	}
	// A room narrower than a character still moves on, a character a line.
	lines, _ = Layout([]Block{{Text: "ab", Size: 20}}, 10, 0, mono)
	if len(lines) != 2 || lines[0].Text != "a" || lines[1].Text != "b" {
		t.Errorf("in no room: %+v", lines)
	}
}
