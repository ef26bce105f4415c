package charts

import (
	"maps"
	"math"
	"strings"
	"unicode/utf8"
)

// Image is what a chart needs to stand alone as a picture posted anywhere:
// its title, the question it answers, and the lines that must travel with
// it (the caveat, the source and citation), plus a link back.
type Image struct {
	Title, Subtitle string
	Footer          []string // paragraphs, wrapped at the width
	Link            string   // the permalink, on a line of its own; may be empty
	Width           int      // CSS pixels; the height follows from the text
}

// Text sizes and spacing of the picture, in CSS pixels.
const (
	imagePad      = 16
	imagePlot     = 420 // the height of the chart itself, as on the page
	titleSize     = 18
	subtitleSize  = 13
	footerSize    = 12
	footerLeading = 16
	// charWidth is a generous average advance of a sans-serif character per
	// pixel of font size, to foresee how many lines a text wraps into.
	charWidth = 0.58
)

// ForImage returns option, a chart's option JSON as the page draws it, laid
// out as a picture: a white background, the title and question above the
// plot, the footer and the link below it, wrapped to the width; no tooltip.
// It also returns the picture's height, which grows with the text.
func ForImage(option []byte, img Image) (out []byte, height int, err error) {
	text := float64(img.Width - 2*imagePad)
	lines := func(s string, size float64) int {
		return max(1, int(math.Ceil(float64(utf8.RuneCountInString(s))*charWidth*size/text)))
	}
	head := imagePad + titleSize + 6 + 8 + lines(img.Subtitle, subtitleSize)*(subtitleSize+5)
	linkLines := 0
	if img.Link != "" {
		linkLines = lines(img.Link, footerSize)
	}
	footLines := linkLines
	for _, p := range img.Footer {
		footLines += lines(p, footerSize)
	}
	foot := footLines*footerLeading + imagePad
	out, err = edit(option, func(o map[string]any) {
		// The picture has its own width: the layout for it is the page's
		// rule for that width, set over the base as ECharts sets it.
		if base, ok := o["baseOption"].(map[string]any); ok {
			media := list(o["media"])
			clear(o)
			maps.Copy(o, base)
			for _, rule := range media {
				q, _ := rule["query"].(map[string]any)
				lo, _ := q["minWidth"].(float64)
				hi, _ := q["maxWidth"].(float64)
				if opt, ok := rule["option"].(map[string]any); ok && float64(img.Width) >= lo && (hi == 0 || float64(img.Width) <= hi) {
					merge(o, opt)
				}
			}
		}
		// Panels are laid out for a chart of their height.
		plot := imagePlot
		if len(list(o["grid"])) > 1 {
			plot = PanelsHeight
		}
		height = head + plot + foot
		o["backgroundColor"] = "#ffffff"
		delete(o, "tooltip")
		wrap := func(size int, color, overflow string) map[string]any {
			return map[string]any{"fontSize": size, "lineHeight": footerLeading, "color": color,
				"width": text, "overflow": overflow, "fontWeight": "normal"}
		}
		titles := []any{map[string]any{
			"text": img.Title, "subtext": img.Subtitle, "left": imagePad, "top": imagePad - 4, "itemGap": 4,
			"textStyle": map[string]any{"fontSize": titleSize, "lineHeight": titleSize + 6, "color": "#1d1f1e",
				"width": text, "overflow": "truncate"},
			"subtextStyle": map[string]any{"fontSize": subtitleSize, "lineHeight": subtitleSize + 5, "color": "#444444",
				"width": text, "overflow": "break"},
		}}
		bottom := imagePad - 4
		if img.Link != "" {
			titles = append(titles, map[string]any{"text": img.Link, "left": imagePad, "bottom": bottom,
				"textStyle": wrap(footerSize, "#2f6f4f", "breakAll")})
			bottom += linkLines * footerLeading
		}
		if len(img.Footer) > 0 {
			titles = append(titles, map[string]any{"text": strings.Join(img.Footer, "\n"), "left": imagePad, "bottom": bottom,
				"textStyle": wrap(footerSize, "#444444", "break")})
		}
		o["title"] = titles
		// The plot and its legend move down below the title and up above the footer.
		for _, l := range list(o["legend"]) {
			l["top"] = head
			l["type"] = "plain" // every entry shown: nobody scrolls a picture
		}
		for _, g := range list(o["grid"]) {
			g["top"] = head + shift(g["top"])
			if g["height"] == nil {
				g["bottom"] = foot + shift(g["bottom"])
			}
			// A grid whose y labels lie outside it keeps their room.
			g["left"] = imagePad + shift(g["left"]) - gridLeft
			g["right"] = max(2*imagePad, shift(g["right"])) // room for the last x label
		}
	})
	return out, height, err
}

// shift reads a grid offset go-echarts wrote as a string of pixels ("56").
func shift(v any) int {
	var n int
	switch v := v.(type) {
	case string:
		for _, r := range v {
			if r < '0' || r > '9' {
				break
			}
			n = n*10 + int(r-'0')
		}
	case float64:
		n = int(v)
	}
	return n
}

// merge sets what src gives over dst, as ECharts merges a media rule into
// an option: objects key by key, lists of objects item by item; anything
// else src gives replaces dst's.
func merge(dst, src map[string]any) {
	for k, v := range src {
		switch v := v.(type) {
		case map[string]any:
			if d, ok := dst[k].(map[string]any); ok {
				merge(d, v)
				continue
			}
		case []any:
			if d, ok := dst[k].([]any); ok && len(d) == len(v) && len(list(v)) == len(v) && len(list(d)) == len(d) {
				for i := range v {
					merge(d[i].(map[string]any), v[i].(map[string]any))
				}
				continue
			}
		}
		dst[k] = v
	}
}
