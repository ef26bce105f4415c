package dist

import (
	"net/http"
	"strings"
)

// CSP allows the site's own origin and nothing else, plus the compilation of
// WebAssembly; any origin may frame the embed.
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; worker-src 'self'; manifest-src 'self'; base-uri 'self'; form-action 'self'; frame-ancestors *"

// SetHeaders sets on w the headers every response of the site carries; path is
// the request's path. URLs are not fingerprinted, so every file is revalidated
// (no-cache); the service worker is what makes repeat visits instant and
// offline. web/ files allow CORS because an iframe sandboxed without
// allow-same-origin fetches app.wasm from an opaque origin.
//
// base is the site's path ("" or "/repo"): app-worker.js may then control
// "/repo" itself, not only "/repo/…" (see web/guard.js).
func SetHeaders(w http.ResponseWriter, path, base string) {
	h := w.Header()
	h.Set("Content-Security-Policy", CSP)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cache-Control", "no-cache")
	if strings.Contains(path, "/web/") {
		h.Set("Access-Control-Allow-Origin", "*")
	}
	if base != "" && path == base+"/app-worker.js" {
		h.Set("Service-Worker-Allowed", base)
	}
}

// Headers is the _headers file (Netlify, Cloudflare Pages) for a site under
// base ("/" or "/repo"): the same headers SetHeaders sets.
func Headers(base string) string {
	base = strings.TrimSuffix(base, "/")
	return base + "/*\n" +
		"  Content-Security-Policy: " + CSP + "\n" +
		"  X-Content-Type-Options: nosniff\n" +
		"  Referrer-Policy: no-referrer\n" +
		"  Cache-Control: no-cache\n" +
		base + "/web/*\n" +
		"  Access-Control-Allow-Origin: *\n" +
		base + "/web/app.wasm\n" +
		"  Content-Type: application/wasm\n" +
		swAllowed(base)
}

func swAllowed(base string) string {
	if base == "" {
		return ""
	}
	return base + "/app-worker.js\n  Service-Worker-Allowed: " + base + "\n"
}
