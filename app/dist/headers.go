package dist

import (
	"strings"

	"tokenjoule/app/server"
)

// CSP is the site's Content-Security-Policy (server.CSP).
var CSP = server.CSP

// Headers is the _headers file (Netlify, Cloudflare Pages) for a site under
// base ("/" or "/repo"): server.Headers, which `serve` and FileServer send.
func Headers(base string) string {
	base = strings.TrimSuffix(base, "/")
	var b strings.Builder
	path := ""
	for _, h := range server.Headers(base) {
		if h.Path != path {
			path = h.Path
			b.WriteString(base + path + "\n")
		}
		b.WriteString("  " + h.Name + ": " + h.Value + "\n")
	}
	return b.String()
}
