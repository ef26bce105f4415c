package server

import (
	"bytes"
	"net/http"
	"regexp"
	"strconv"
	"strings"
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

// pageWriter holds back an HTML response to drop its hostless previews;
// anything else goes through as it is written.
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

// finish sends the page held back, without its hostless previews.
func (p *pageWriter) finish() {
	if p.page == nil {
		return
	}
	b := DropHostlessPreviews(p.page.Bytes())
	p.Header().Set("Content-Length", strconv.Itoa(len(b)))
	p.ResponseWriter.WriteHeader(p.code)
	p.ResponseWriter.Write(b)
}
