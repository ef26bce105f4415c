// Package server serves the browser calculator: go-app's handler, which
// prerenders the page for each request, plus the static files under web/.
// It is kept out of the wasm binary, whose entry is package wasm.
package server

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/ui"
)

// Files the page needs from web/, besides the go-app runtime it generates.
var required = []string{"app.wasm", "echarts.min.js", "style.css", "icon.svg", "icon-192.png", "icon-512.png"}

var routes sync.Once

// New returns the calculator's handler for the web/ directory inside root.
// It fails, naming the file and how to make it, when a built file is missing,
// rather than serving a page that never starts.
func New(root string) (http.Handler, error) {
	web := filepath.Join(root, "web")
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
	wasm, err := os.Stat(filepath.Join(web, "app.wasm"))
	if err != nil {
		return nil, err
	}
	routes.Do(ui.Routes)
	return &app.Handler{
		Name:        "tokenjoule",
		ShortName:   "tokenjoule",
		Title:       "tokenjoule: the GPU energy of LLM tokens",
		Description: "How much GPU energy a large language model spends to generate a volume of tokens, from the ML.ENERGY Leaderboard v3 measurements.",
		Lang:        "en",
		// Local icons: go-app's default icon lives on another host, which the
		// page must never contact and without which the offline cache fails.
		Icon:            app.Icon{Default: "/web/icon-192.png", Large: "/web/icon-512.png", SVG: "/web/icon.svg"},
		BackgroundColor: "#ffffff",
		ThemeColor:      "#2f6f4f",
		LoadingLabel:    "Loading the calculator… {progress}%",
		Styles:          []string{"/web/style.css"},
		// Deferred, so it neither blocks the prerendered page nor runs before
		// the document is parsed; the chart bridge waits for it if need be.
		Scripts: []string{"/web/echarts.min.js defer"},
		// The version names go-app's offline cache: a digest of what is served,
		// so that it changes with every build and only then.
		Version:           hex.EncodeToString(sum.Sum(nil))[:16],
		WasmContentLength: strconv.FormatInt(wasm.Size(), 10),
		Resources:         staticDir{http.FileServer(http.Dir(root))},
	}, nil
}

// staticDir serves /web/… from a directory and resolves resource paths to
// root-relative URLs. (app.LocalDir would put its directory into the URLs.)
type staticDir struct{ http.Handler }

func (staticDir) Resolve(location string) string {
	if location == "" || location == "/" {
		return "/"
	}
	if strings.HasPrefix(location, "http://") || strings.HasPrefix(location, "https://") {
		return location
	}
	if l := strings.Trim(location, "/"); l == "web" || strings.HasPrefix(l, "web/") {
		return "/" + l
	}
	return location
}
