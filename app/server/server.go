// Package server serves the browser calculator: go-app's handler, which
// prerenders the page for each request, plus the static files under web/,
// with the headers a deployed site sends. It is kept out of the wasm binary,
// whose entry is package wasm.
package server

import (
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/ui"
	"tokenjoule/data"
	"tokenjoule/data/lang"
)

// Pages are the site's pages besides the calculator at its root, each a
// route of package ui: the static site holds one prerendered file for each
// (and for its name with a slash), and the offline copy holds them all.
var Pages = []string{"/embed", "/compare", "/embed/compare", "/plan", "/embed/plan"}

// Files the page needs from web/, besides the go-app runtime it generates:
// the catalogues of the languages but English too (Catalogues).
var required = append([]string{"app.wasm", "card.wasm", "echarts.min.js", "guard.js", "start.js", "style.css", "icon.svg", "icon-192.png", "icon-512.png"}, Catalogues()...)

// Catalogues are the files of web/ that hold the words of a language
// other than English, which the wasm does not (data/lang): the offline copy
// keeps those of the reader's languages (worker.js).
func Catalogues() []string {
	var names []string
	for _, t := range lang.Tags()[1:] {
		names = append(names, lang.FileName(t))
	}
	return names
}

var routes sync.Once

//go:embed worker.js
var workerJS string

// Options say where the site's files are and where it is served.
type Options struct {
	// Root is the directory holding web/ (app.wasm, echarts.min.js, style.css, icons).
	Root string
	// Base is the URL path the site lives under, such as "/tokenjoule/" for a
	// GitHub Pages project site; empty or "/" for the root of a host.
	Base string
	// Domain is the host name the site is published on, for the absolute
	// URLs of link previews (og:url, og:image); empty when unknown, and then
	// the pages carry no such tag.
	Domain string
}

// MaxHeaderBytes is the most a request's header, URL included, may hold for
// `serve`: net/http's default, stated so that tests check pages for URLs
// of that length.
const MaxHeaderBytes = 1 << 20

// Server serves the calculator: the files of web/ itself, everything else
// through go-app's handler (pages, go-app's scripts, the manifest, the
// service worker), with the site's headers on every response.
type Server struct {
	// App is go-app's handler, which `build` turns into a static site. It
	// serves no file from disk: Server does, from web/ only.
	App *app.Handler

	web    webFiles
	base   string
	domain string
	appJS  []byte // go-app's app.js as AppJS rewrites it
}

// New returns the calculator's server for the files in o.Root/web. It fails,
// naming the file and how to make it, when a built file is missing, rather
// than serving a page that never starts.
func New(o Options) (*Server, error) {
	base, err := CleanBase(o.Base)
	if err != nil {
		return nil, err
	}
	domain, err := CleanDomain(o.Domain)
	if err != nil {
		return nil, err
	}
	web := filepath.Join(o.Root, "web")
	sum := sha256.New()
	for _, name := range required {
		f, err := os.Open(filepath.Join(web, name))
		if err != nil {
			return nil, fmt.Errorf("serving %s: %w (run `make wasm echarts` to build web/app.wasm and fetch web/echarts.min.js)", web, err)
		}
		_, err = io.Copy(sum, f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("serving %s: reading %s: %w", web, name, err)
		}
	}
	// The worker and the base path shape what is cached, so they name the cache too.
	sum.Write([]byte(workerJS))
	sum.Write([]byte(base))
	wasm, err := os.Stat(filepath.Join(web, "app.wasm"))
	if err != nil {
		return nil, err
	}
	routes.Do(ui.Routes)
	res := resolver{base: base}
	h := &app.Handler{
		Name:        "tokenjoule",
		ShortName:   "tokenjoule",
		Title:       lang.EN.T("page.title"),
		Description: "How much GPU energy a large language model spends to generate a volume of tokens, from the ML.ENERGY Leaderboard v3 measurements.",
		Lang:        "en",
		Domain:      domain,
		Image:       "/web/icon-512.png",
		// Local icons: go-app's default icon lives on another host, which the
		// page must never contact and without which the offline cache fails.
		Icon: app.Icon{Default: "/web/icon-192.png", Large: "/web/icon-512.png", SVG: "/web/icon.svg",
			Maskable: "/web/icon-512.png"}, // go-app lists the maskable icon as 512×512
		// Relative to the manifest, so that an installed app starts at the
		// site's root with its slash, inside the service worker's scope.
		StartURL:        "./",
		BackgroundColor: "#ffffff",
		ThemeColor:      "#2f6f4f",
		LoadingLabel:    "Loading the calculator… {progress}%",
		Styles:          []string{"/web/style.css"},
		// guard.js runs while the head is parsed, so before go-app's
		// deferred app.js starts the engine, which it keeps alive where
		// storage is forbidden, as in a sandboxed iframe. ECharts is not
		// here: the chart bridge (app/ui/echarts.go) loads it once the app
		// runs, when a chart comes near the screen or the page is idle.
		Scripts: []string{"/web/guard.js"},
		// Precached besides the pages, scripts, styles and icons go-app lists itself.
		CacheableResources:    slices.Concat(Pages, []string{"/web/icon.svg", "/web/echarts.min.js", "/web/start.js"}, webPaths(Catalogues())),
		ServiceWorkerTemplate: workerJS,
		// The version names the offline cache: a digest of what is served, so
		// that it changes with every build and only then.
		Version:           hex.EncodeToString(sum.Sum(nil))[:16],
		WasmContentLength: strconv.FormatInt(wasm.Size(), 10),
		// A resolver only, not an http.Handler: go-app would then serve
		// /web/… from disk unchecked, and fetch /robots.txt from whatever
		// host the request's Host header names.
		Resources: res,
		// web/start.js starts the wasm's one download as soon as it has
		// arrived (FixPage moves its tag first in the head), and app.js
		// takes that response (AppJS): not a <link rel=preload>, which
		// WebKit never hands to fetch(), so that it downloaded the wasm
		// twice.
		RawHeaders: []string{startScript(res)},
	}
	s := &Server{App: h, web: webFiles{dir: web, base: base}, base: base, domain: domain}
	// app.js as the static site has it (AppJS); fail now rather than on the
	// first request when go-app's file is not the one AppJS knows.
	rec := &recorder{header: http.Header{}}
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/app.js", nil))
	if s.appJS, err = AppJS(rec.body.Bytes()); err != nil {
		return nil, err
	}
	return s, nil
}

// ServeHTTP serves web/'s files, go-app's proxied files from web/ (which
// go-app would fetch over HTTP from the request's Host), app.js as AppJS
// rewrites it, and the rest through go-app, with the site's headers. Paths
// are relative to the site's root: a server under a sub-path strips it first
// (http.StripPrefix).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if name, ok := webName(r); ok {
		s.web.serve(w, r, name)
		return
	}
	switch r.URL.Path {
	case "/robots.txt", "/sitemap.xml", "/ads.txt":
		s.web.serve(w, r, r.URL.Path[1:])
		return
	case "/app.js":
		SetHeaders(w.Header(), r.URL.Path, s.base)
		s.serveAppJS(w, r)
		return
	}
	SetHeaders(w.Header(), r.URL.Path, s.base)
	p := &pageWriter{ResponseWriter: w}
	s.App.ServeHTTP(p, r)
	p.finish()
}

// CleanBase turns "", "/", "repo", "/repo/" into "" or "/repo". Each
// segment holds only the characters a URL path leaves as they are (letters,
// digits, - . _ ~), so that the base reads the same in a page's attributes,
// its scripts, the headers and the manifest: "/t&amp;j/" would be "/t&j/" in
// one and not in another.
func CleanBase(b string) (string, error) {
	b = strings.Trim(b, "/")
	if b == "" {
		return "", nil
	}
	for _, seg := range strings.Split(b, "/") {
		plain := seg != "" && seg != "." && seg != ".."
		for _, c := range []byte(seg) {
			plain = plain && ('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0)
		}
		if !plain {
			return "", fmt.Errorf("base path %s is not accepted: use a plain URL path of letters, digits and - . _ ~, such as /tokenjoule/",
				data.Quote("/"+b+"/"))
		}
	}
	return "/" + b, nil
}

// CleanDomain checks a host name for link previews ("example.github.io",
// "example.org:8443"), and takes one pasted as a URL ("https://example.org/")
// as its host. "" stays "" (no previews).
func CleanDomain(d string) (string, error) {
	h := strings.TrimSuffix(strings.TrimPrefix(d, "https://"), "/")
	if d != "" && !validHost(h) {
		return "", fmt.Errorf("domain %s is not accepted: use the host name the site is published on, "+
			"with a port from 1 to 65535 if it needs one, such as example.github.io or example.org:8443", data.Quote(d))
	}
	return h, nil
}

// validHost tells whether h is a DNS host name (RFC 1123: dot-separated
// labels of 1 to 63 letters, digits and inner hyphens, 253 characters in
// all), optionally followed by a colon and a port from 1 to 65535 written
// without leading zeros.
func validHost(h string) bool {
	name, port, hasPort := strings.Cut(h, ":")
	if hasPort {
		n, err := strconv.Atoi(port)
		if err != nil || port[0] < '1' || port[0] > '9' || n > 65535 {
			return false
		}
	}
	if name == "" || len(name) > 253 {
		return false
	}
	for label := range strings.SplitSeq(name, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, c := range []byte(label) {
			if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-') {
				return false
			}
		}
	}
	return true
}

// resolver resolves resource paths to root-relative URLs under the site's
// base. (app.LocalDir would put its directory into the URLs.)
type resolver struct {
	base string // "" or "/repo"
}

func (d resolver) Resolve(location string) string {
	if location == "" || location == "/" {
		// "/repo", not "/repo/": go-app strips this prefix from the path to route.
		if d.base == "" {
			return "/"
		}
		return d.base
	}
	if strings.HasPrefix(location, "http://") || strings.HasPrefix(location, "https://") {
		return location
	}
	if l := strings.Trim(location, "/"); l == "web" || strings.HasPrefix(l, "web/") {
		return d.base + "/" + l
	}
	if strings.HasPrefix(location, "/") {
		return d.base + location
	}
	return location
}

// webPaths are the paths of web/'s files by their names.
func webPaths(names []string) []string {
	paths := make([]string, len(names))
	for i, n := range names {
		paths[i] = "/web/" + n
	}
	return paths
}
