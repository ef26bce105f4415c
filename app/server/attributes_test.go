package server

import (
	"html"
	"strconv"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// A value go-app writes with Go's quoting comes out in HTML's, whatever it
// holds; the rest of the page is left as it was.
func TestEscapeAttributes(t *testing.T) {
	hostile := `Q8" autofocus tabindex=0 onfocus=alert(document.domain) x="`
	for _, tc := range []struct{ in, want string }{
		{app.HTMLString(app.Div().Title(hostile).Text("a < b")),
			`<div title="Q8&#34; autofocus tabindex=0 onfocus=alert(document.domain) x=&#34;">a &lt; b</div>`},
		{app.HTMLString(app.A().Href("/compare?a=1&b=<2>")), `<a href="/compare?a=1&amp;b=&lt;2&gt;"></a>`},
		{app.HTMLString(app.Span().Title(`back\slash, 'quote', tab	é`)), `<span title="back\slash, &#39;quote&#39;, tab	é"></span>`},
		{`<!doctype html><!-- a "comment" --><p>`, `<!doctype html><!-- a "comment" --><p>`},
		{`<script src="/x.js">if (a<b && c>"d") {}</script><style>a>b{}</style>`, `<script src="/x.js">if (a<b && c>"d") {}</script><style>a>b{}</style>`},
		{`<input disabled value="1"><br/>x`, `<input disabled value="1"><br/>x`},
		{`<p title="unterminated`, `<p title="unterminated`},
		{`a < b <`, `a < b <`},
		// go-app writes "true" as the name alone, which aria-* reads as "".
		{`<tr class="current" aria-current data-kept></tr>`, `<tr class="current" aria-current="true" data-kept></tr>`},
		{`<span aria-hidden>x</span><b aria-label="a b">`, `<span aria-hidden="true">x</span><b aria-label="a b">`},
	} {
		if got := string(EscapeAttributes([]byte(tc.in))); got != tc.want {
			t.Errorf("EscapeAttributes(%q)\n= %q\nwant %q", tc.in, got, tc.want)
		}
	}
}

// FixPage escapes: no value that go-app quoted can end early.
func TestFixPageEscapesAttributes(t *testing.T) {
	page := "<!doctype html>\n<html><head>" + charsetTag + "</head><body>" +
		app.HTMLString(app.Td().Title(`Q8" onfocus=alert(1) x="`)) + "</body></html>"
	got := string(FixPage([]byte(page)))
	if strings.Contains(got, `" onfocus`) || !strings.Contains(got, `title="Q8&#34; onfocus=alert(1) x=&#34;"`) {
		t.Errorf("FixPage left the title unescaped:\n%s", got)
	}
}

// FuzzEscapeAttributes: any title go-app writes reads back whole, and no
// page makes EscapeAttributes panic.
func FuzzEscapeAttributes(f *testing.F) {
	f.Add(`Q8" autofocus onfocus=alert(1) x="`)
	f.Add(`<script>"\u2028\\`)
	f.Fuzz(func(t *testing.T, s string) {
		EscapeAttributes([]byte(s))
		in := app.HTMLString(app.Div().Title(s))
		lit, ok := strings.CutPrefix(in, `<div title=`)
		if !ok {
			return // no title written
		}
		v, err := strconv.Unquote(strings.TrimSuffix(lit, "></div>"))
		if err != nil {
			t.Fatalf("go-app wrote %q, not a Go string", in)
		}
		want := `<div title="` + html.EscapeString(v) + `"></div>`
		if got := string(EscapeAttributes([]byte(in))); got != want {
			t.Errorf("title %q: %q, want %q", s, got, want)
		}
	})
}
