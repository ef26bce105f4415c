package e2e

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"tokenjoule/app/dist"
)

// sentBodies counts, by path, the responses a host sent with a body (status
// 200), as opposed to a 304 that lets the browser use its HTTP cache.
type sentBodies struct {
	next http.Handler
	mu   sync.Mutex
	n    map[string]int
}

func (s *sentBodies) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	sw := &statusWriter{ResponseWriter: w, code: http.StatusOK}
	s.next.ServeHTTP(sw, r)
	if sw.code == http.StatusOK && r.Method == http.MethodGet {
		s.mu.Lock()
		s.n[r.URL.Path]++
		s.mu.Unlock()
	}
}

func (s *sentBodies) count(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.n[path]
}

type statusWriter struct {
	http.ResponseWriter
	code int
}

func (w *statusWriter) WriteHeader(code int) {
	w.code = code
	w.ResponseWriter.WriteHeader(code)
}

// TestFirstVisitDownloadsOnce checks that a first visit downloads the wasm
// and ECharts once: the service worker's precache must take the copies the
// page has just loaded (revalidated, not downloaded again), and what it
// stores must be the whole files. It also checks that the wasm is compiled
// from the response itself (which has a URL, so chromium can cache the
// compiled code), not from a Response made up in JavaScript.
func TestFirstVisitDownloadsOnce(t *testing.T) {
	bctx := browser(t)
	out, _ := builtDist(t, "", false)
	sent := &sentBodies{next: dist.FileServer(out, ""), n: map[string]int{}}
	h := startHost(t, sent)
	// Note the URL of the response the wasm is compiled from.
	probe := `(() => { const orig = WebAssembly.instantiateStreaming;
		WebAssembly.instantiateStreaming = async function (src, imports) { const r = await src;
			window.wasmURL = r.url; return orig.call(WebAssembly, r, imports) } })()`
	tb := newTab(t, bctx, h.origin, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: probe})
		return err
	}))
	tb.visit("/")
	tb.poll(`navigator.serviceWorker.getRegistration().then(r => !!(r && r.active && r.active.state === "activated"))`, 60*time.Second)

	if got := eval[string](tb, `window.wasmURL`); !strings.HasSuffix(got, "/web/app.wasm") {
		t.Errorf("the wasm was compiled from a response with URL %q, want the response of /web/app.wasm itself", got)
	}
	for _, name := range []string{"web/app.wasm", "web/echarts.min.js"} {
		if n := sent.count("/" + name); n != 1 {
			t.Errorf("/%s was sent %d times during the first visit, want once", name, n)
		}
		fi, err := os.Stat(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		js := `caches.keys().then(k => caches.open(k[0])).then(c => c.match("/` + name + `")).then(r => r ? r.arrayBuffer().then(b => b.byteLength) : -1)`
		if got := await[int64](tb, js); got != fi.Size() {
			t.Errorf("the offline copy of /%s holds %d bytes, want the file's %d", name, got, fi.Size())
		}
	}
}
