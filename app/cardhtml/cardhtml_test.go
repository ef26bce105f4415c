package cardhtml

import (
	"html"
	"regexp"
	"strings"
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/export"
)

// A card's texts are escaped, in the document and again in the snippet's
// srcdoc, so that a model's name cannot end the markup; the snippet's frame
// runs no script.
func TestSnippetEscapes(t *testing.T) {
	c := Card{Card: export.Card{Title: `Qwen "3" <script>alert(1)</script> & co's`, Context: "c", Figure: "1 kWh", Label: "of GPU energy",
		Caveat: "floor", Source: data.Source{Name: "S", URL: "https://example.org/?a=1&b=2"}}, Link: "https://example.org/?x=<y>"}
	page := Page(c, "")
	if strings.Contains(page, "<script") {
		t.Errorf("the page holds a script: %s", page)
	}
	if !strings.Contains(page, `<h1 id="question" class="figure-title">Qwen &quot;3&quot; &lt;script&gt;alert(1)&lt;/script&gt; &amp; co&#39;s</h1>`) {
		t.Errorf("the title is not escaped: %s", page)
	}
	s := Snippet(page, c.Title, 410, 720)
	m := regexp.MustCompile(`^<iframe srcdoc="([^"]*)" title="([^"]*)" sandbox="([^"]*)" height="410" style="width:100%;max-width:720px;border:0"></iframe>$`).FindStringSubmatch(s)
	if m == nil {
		t.Fatalf("snippet %s", s)
	}
	if got := html.UnescapeString(m[1]); got != page {
		t.Errorf("the srcdoc reads back as\n%s\nwant\n%s", got, page)
	}
	if strings.Contains(m[3], "allow-scripts") || strings.Contains(m[3], "allow-same-origin") {
		t.Errorf("sandbox %q allows scripts or the embedder's origin", m[3])
	}
}

// Escape leaves no character that ends a text or a double- or single-quoted
// attribute, and reads back as the text, for every byte and a model name's
// characters.
func TestEscape(t *testing.T) {
	texts := []string{"", "plain", "Qwen3 &amp; co", "a<b>c\"d'e&f", "&&<<>>''\"\"", "é–ü — ×"}
	for c := range 256 {
		texts = append(texts, "x"+string([]byte{byte(c)})+"y")
	}
	for _, s := range texts {
		e := Escape(s)
		if strings.ContainsAny(e, `<>"'`) || html.UnescapeString(e) != s {
			t.Errorf("Escape(%q) = %q, which reads back as %q", s, e, html.UnescapeString(e))
		}
	}
}

// The theme sets the html element's class; the reader's setting sets none.
func TestTheme(t *testing.T) {
	for theme, want := range map[string]string{"": `<html lang="en">`, "light": `<html lang="en" class="light">`,
		"dark": `<html lang="en" class="dark">`, "x": `<html lang="en">`} {
		if got := Page(Card{}, theme); !strings.Contains(got, want) {
			t.Errorf("theme %q: %.80s, want %s", theme, got, want)
		}
	}
}
