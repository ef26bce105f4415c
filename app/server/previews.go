package server

import (
	"bytes"
	"html"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"tokenjoule/data/lang"
)

// hostless matches a link-preview tag (og:url, og:image, twitter:image, a
// canonical link) whose URL has an empty host, as go-app writes them when it
// knows no domain: content="https://" or content="https:///web/icon-512.png".
var hostless = regexp.MustCompile(`[ \t]*<(?:meta|link)\b[^>]*\b(?:content|href)="https?://(?:/[^"]*)?"[^>]*>\n?`)

// DropHostlessPreviews removes from a page the link-preview tags whose URL
// has no host: a preview without a valid URL is worse than none. With
// Options.Domain set, go-app writes full URLs and nothing is removed.
func DropHostlessPreviews(page []byte) []byte {
	return hostless.ReplaceAll(page, nil)
}

// FixPage is a page as go-app writes it, fixed: without hostless previews
// (DropHostlessPreviews), its attribute values quoted as HTML quotes them
// (EscapeAttributes), and with the script that starts the wasm's download
// (startScript) first in its head, right after the charset, where it is
// asked for before the stylesheets and scripts: go-app writes raw headers
// last, and a browser talking HTTP/1.1 to a host opens six connections,
// which the head's other files took first.
func FixPage(page []byte) []byte {
	return EscapeAttributes(startFirst(DropHostlessPreviews(page)))
}

// startFirst moves startScript's tag right after the charset.
func startFirst(page []byte) []byte {
	i := bytes.Index(page, []byte(startScriptOpen))
	c := bytes.Index(page, []byte(charsetTag))
	if i < 0 || c < 0 || c > i {
		return page
	}
	n := bytes.Index(page[i:], []byte("</script>"))
	if n < 0 {
		return page
	}
	tag := page[i : i+n+len("</script>")]
	at := c + len(charsetTag)
	out := make([]byte, 0, len(page))
	out = append(out, page[:at]...)
	out = append(out, tag...)
	out = append(out, page[at:i]...)
	return append(out, page[i+len(tag):]...)
}

// charsetTag is go-app's first tag in the head.
const charsetTag = `<meta charset="UTF-8">`

// startScriptOpen begins startScript's tag.
const startScriptOpen = `<script id="tj-start" `

// startScript is the tag of web/start.js, a blocking script: first in the
// head, no stylesheet precedes it, so it runs as soon as it has arrived,
// while the stylesheets it leaves the parser waiting for download. (An async
// script ran once the page's first layout was done, some 160 ms later on the
// slow profile.) It names the languages the site speaks, whose words it
// downloads (data-langs), and what the English page shows until the app
// speaks the reader's (data-coming: "Français…").
func startScript(res resolver) string {
	var tags, coming []string
	for _, t := range lang.Tags() {
		tags, coming = append(tags, string(t)), append(coming, t.T("coming"))
	}
	return startScriptOpen + `data-langs="` + strings.Join(tags, " ") + `" data-coming="` + html.EscapeString(strings.Join(coming, "|")) +
		`" src="` + res.Resolve("/web/start.js") + `"></script>`
}

// pageWriter holds back an HTML response to fix it (FixPage); anything
// else goes through as it is written.
type pageWriter struct {
	http.ResponseWriter
	page    *bytes.Buffer // the HTML held back; nil for other responses
	code    int
	written bool
}

func (p *pageWriter) WriteHeader(code int) {
	if p.written {
		return
	}
	p.written = true
	if strings.HasPrefix(p.Header().Get("Content-Type"), "text/html") {
		p.page, p.code = new(bytes.Buffer), code
		return
	}
	p.ResponseWriter.WriteHeader(code)
}

func (p *pageWriter) Write(b []byte) (int, error) {
	if !p.written {
		p.WriteHeader(http.StatusOK)
	}
	if p.page != nil {
		return p.page.Write(b)
	}
	return p.ResponseWriter.Write(b)
}

// finish sends the page held back, fixed.
func (p *pageWriter) finish() {
	if p.page == nil {
		return
	}
	b := FixPage(p.page.Bytes())
	p.Header().Set("Content-Length", strconv.Itoa(len(b)))
	p.ResponseWriter.WriteHeader(p.code)
	p.ResponseWriter.Write(b)
}
