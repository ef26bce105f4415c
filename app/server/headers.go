package server

import (
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strings"

	"tokenjoule/app/cardhtml"
)

// CSP allows the site's own origin and nothing else, plus the compilation of
// WebAssembly; any origin may frame the embed. default-src covers the
// manifest: WebKit knows no manifest-src, and logged an error for it on
// every page. The one inline style allowed, by its hash, is the pinned
// card's, which the Embed dialog measures in a frame of its own document.
var CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' " + styleHash(cardhtml.Style) + "; img-src 'self' data:; " +
	"connect-src 'self'; worker-src 'self'; base-uri 'self'; form-action 'self'; frame-ancestors *"

// styleHash is a CSP source that allows the inline stylesheet css.
func styleHash(css string) string {
	sum := sha256.Sum256([]byte(css))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// Header is a response header of the site and the paths it goes on. Path is
// relative to the site's root and written as a _headers file writes it: "/*"
// for every path, "/web/*" for the files of web/, else one path.
type Header struct{ Path, Name, Value string }

// Headers lists the headers of a site under base ("" or "/repo"), in the
// order a _headers file lists them. `serve`, the static file server and the
// _headers file of `build` all send these, so that a developer sees what a
// deployed site does.
//
// URLs are not fingerprinted, so every file is revalidated (no-cache); the
// service worker is what makes repeat visits instant and offline. web/'s
// files allow CORS because an iframe sandboxed without allow-same-origin
// fetches app.wasm from an opaque origin; nothing else does. That fetch must
// also see whether the host compressed the wasm (see web/start.js), which
// CORS hides unless exposed. With a base,
// app-worker.js may also control "/repo" itself, not only "/repo/…" (see
// web/guard.js).
func Headers(base string) []Header {
	h := []Header{
		{"/*", "Content-Security-Policy", CSP},
		{"/*", "X-Content-Type-Options", "nosniff"},
		{"/*", "Referrer-Policy", "no-referrer"},
		{"/*", "Cache-Control", "no-cache"},
		{"/web/*", "Access-Control-Allow-Origin", "*"},
		{"/web/*", "Access-Control-Expose-Headers", "Content-Encoding"},
		{"/web/app.wasm", "Content-Type", "application/wasm"},
		{"/web/card.wasm", "Content-Type", "application/wasm"},
	}
	for _, name := range Catalogues() {
		h = append(h, Header{"/web/" + name, "Content-Type", "text/plain; charset=utf-8"})
	}
	if base != "" {
		h = append(h, Header{"/app-worker.js", "Service-Worker-Allowed", base})
	}
	return h
}

// SetHeaders sets the headers of Headers(base) that go on rel, the path of
// what is served relative to the site's root ("/web/app.wasm"). Callers
// pass the path of the file they serve, never an unchecked request path:
// "/web/../index.html" must not get web/'s CORS header.
func SetHeaders(h http.Header, rel, base string) {
	for _, x := range Headers(base) {
		if prefix, ok := strings.CutSuffix(x.Path, "*"); ok && strings.HasPrefix(rel, prefix) || x.Path == rel {
			h.Set(x.Name, x.Value)
		}
	}
}
