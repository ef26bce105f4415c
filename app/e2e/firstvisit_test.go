package e2e

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"tokenjoule/app/dist"
	"tokenjoule/data"
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
// off the page's thread (web/start.js's worker), from the response itself
// (which has a URL, so chromium can cache the compiled code), not from a
// Response made up in JavaScript.
func TestFirstVisitDownloadsOnce(t *testing.T) {
	bctx := browser(t)
	out, _ := builtDist(t, "", false)
	sent := &sentBodies{next: dist.FileServer(out, ""), n: map[string]int{}}
	h := startHost(t, sent)
	tb := newTab(t, bctx, h.origin)
	tb.visit("/")
	tb.poll(swActivated, 60*time.Second)

	got := compiledFrom(tb)
	if !got.Worker || !strings.HasSuffix(got.URL, "/web/app.wasm") || got.Decompressed != "" {
		t.Errorf("the wasm was compiled from %+v, want in a worker from the response of /web/app.wasm itself", got)
	}
	if f := got.Fetched; len(f) != 2 || !(0 < f[0] && f[0] <= f[1]) {
		t.Errorf("the worker's download of the wasm is marked %v, want its start and end in ms since the page's navigation", f)
	}
	for _, name := range []string{"web/app.wasm", "web/echarts.min.js"} {
		if n := sent.count("/" + name); n != 1 {
			t.Errorf("/%s was sent %d times during the first visit, want once", name, n)
		}
		// A host that compresses is used as it is: the gzip copies are for
		// hosts that do not (TestFirstVisitUncompressedHost).
		if n := sent.count("/" + name + ".gz"); n != 0 {
			t.Errorf("/%s.gz was sent %d times from a host that compresses, want never", name, n)
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

// compiled is where the page's wasm was compiled from, as web/start.js marks
// it on the page's timeline when its worker compiled it (compiledJS): all
// zero where the page compiled it itself.
type compiled struct {
	URL, Decompressed string
	Requests          int // the worker's requests for the wasm
	Worker            bool
	// Fetched is when the worker asked for the wasm and had it all, in ms
	// on the page's timeline (for app/bench, which the page's Resource
	// Timing cannot tell: the request is the worker's).
	Fetched []float64
}

const compiledJS = `(performance.getEntriesByName("tokenjoule-wasm-compiled")[0] || {detail: {}}).detail`

func compiledFrom(tb *tab) compiled {
	tb.t.Helper()
	return eval[compiled](tb, compiledJS)
}

// wire counts, by path, the bytes of the bodies a host wrote, whatever the
// status, and the responses with a body.
type wire struct {
	next http.Handler
	mu   sync.Mutex
	sent map[string]int64
	n    map[string]int
}

func newWire(next http.Handler) *wire {
	return &wire{next: next, sent: map[string]int64{}, n: map[string]int{}}
}

// swActivated is true once the page's service worker is active, its offline
// copy installed.
const swActivated = `navigator.serviceWorker.getRegistration().then(r => !!(r && r.active && r.active.state === "activated"))`

func (c *wire) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	cw := &countingWriter{ResponseWriter: w, code: http.StatusOK}
	c.next.ServeHTTP(cw, r)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sent[r.URL.Path] += cw.n
	if cw.code == http.StatusOK && r.Method == http.MethodGet {
		c.n[r.URL.Path]++
	}
}

// take returns what was counted since the last call, and starts again.
func (c *wire) take() (sent map[string]int64, n map[string]int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	sent, n = c.sent, c.n
	c.sent, c.n = map[string]int64{}, map[string]int{}
	return sent, n
}

type countingWriter struct {
	http.ResponseWriter
	code int
	n    int64
}

func (w *countingWriter) WriteHeader(code int) {
	w.code = code
	w.ResponseWriter.WriteHeader(code)
}

func (w *countingWriter) Write(b []byte) (int, error) {
	n, err := w.ResponseWriter.Write(b)
	w.n += int64(n)
	return n, err
}

// TestFirstVisitUncompressedHost serves the static site as a plain file
// server does (python3 -m http.server, S3 without metadata): every file as
// it is, the .gz copies as files of their own, never with a
// Content-Encoding. The page must download the gzip copies of the wasm and
// of ECharts instead of the files, decompressed in the page; the service
// worker must store the decompressed files; and the next visit must
// download none of it again.
func TestFirstVisitUncompressedHost(t *testing.T) {
	set, bctx := browserTest(t)
	out, _ := builtDist(t, "", false)
	w := newWire(http.FileServer(http.Dir(out)))
	h := startHost(t, w)
	tb := newTab(t, bctx, h.origin)
	tb.visit("/")
	tb.expect(set, data.DefaultQuery())
	tb.poll(swActivated, 60*time.Second)
	tb.poll(`!!window.echarts`, 30*time.Second) // loaded once the page is idle
	if got := compiledFrom(tb); !got.Worker || got.Decompressed != "gzip" {
		t.Errorf("the wasm was compiled from %+v, want in a worker from the gzip copy, decompressed there", got)
	}
	sent, n := w.take()
	var total int64
	for _, b := range sent {
		total += b
	}
	t.Logf("first visit: %d bytes of bodies from the host", total)
	for _, name := range []string{"/web/app.wasm", "/web/echarts.min.js"} {
		// The page knows from guard.js, which came uncompressed, that the
		// host does not compress: it never asks for the files themselves.
		if got := sent[name]; got != 0 {
			t.Errorf("the host sent %d bytes of %s, want none: its gzip copy instead", got, name)
		}
		// The page's download; the worker's is revalidated.
		if got := n[name+".gz"]; got != 1 {
			t.Errorf("%s.gz was sent %d times, want once", name, got)
		}
		if got, want := sent[name+".gz"], fileSize(t, filepath.Join(out, name+".gz")); got != want {
			t.Errorf("the host sent %d bytes of %s.gz, want the file's %d", got, name, want)
		}
	}
	for _, name := range []string{"web/app.wasm", "web/echarts.min.js"} {
		js := `caches.keys().then(k => caches.open(k[0])).then(c => c.match("/` + name + `")).then(r => r ? r.arrayBuffer().then(b => b.byteLength) : -1)`
		if got, want := await[int64](tb, js), fileSize(t, filepath.Join(out, name)); got != want {
			t.Errorf("the offline copy of /%s holds %d bytes, want the file's %d", name, got, want)
		}
	}

	// The pages too, which the worker takes as their gzip copies.
	js := `caches.keys().then(k => caches.open(k[0])).then(c => c.match("/compare")).then(r => r ? r.text().then(t => t.includes('id="ranking-table"')) : false)`
	if !await[bool](tb, js) {
		t.Error("the offline copy of /compare is not the compare page")
	}

	// The next visit is the worker's: the wasm comes from its cache, as it
	// is, and nothing large is downloaded.
	tb.visit("/")
	tb.expect(set, data.DefaultQuery())
	if got := compiledFrom(tb); !got.Worker || !strings.HasSuffix(got.URL, "/web/app.wasm") {
		t.Errorf("on the next visit the wasm was compiled from %+v, want the worker's copy of /web/app.wasm", got)
	}
	sent, _ = w.take()
	for path, b := range sent {
		if strings.HasPrefix(path, "/web/") && b > 0 {
			t.Errorf("the next visit downloaded %d bytes of %s", b, path)
		}
	}
}

func fileSize(t *testing.T, name string) int64 {
	t.Helper()
	fi, err := os.Stat(name)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

// TestFirstVisitWasmUncompressed serves everything compressed but the wasm
// (a host that compresses scripts and pages, not application/wasm): the
// page cannot tell from its scripts, so it asks for the wasm, and must stop
// that download once its headers show it uncompressed, and take the gzip
// copy instead.
func TestFirstVisitWasmUncompressed(t *testing.T) {
	set, bctx := browserTest(t)
	out, _ := builtDist(t, "", false)
	compressing, plain := dist.FileServer(out, ""), http.FileServer(http.Dir(out))
	w := newWire(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/web/app.wasm":
			// At about 3 MB/s, as over a network rather than loopback,
			// which moves the whole file before the page's first task ends
			// (faster, a page slowed by the other tests' load can hear of
			// the headers only once most of the file has come).
			plain.ServeHTTP(&slowWriter{w}, r)
		case strings.Contains(r.URL.Path, ".wasm"):
			plain.ServeHTTP(w, r)
		default:
			compressing.ServeHTTP(w, r)
		}
	}))
	h := startHost(t, w)
	tb := newTab(t, bctx, h.origin)
	tb.visit("/")
	tb.expect(set, data.DefaultQuery())
	tb.poll(swActivated, 60*time.Second)
	sent, _ := w.take()
	raw := fileSize(t, filepath.Join(out, "web", "app.wasm"))
	// What the host wrote before the page stopped it: what arrived until the
	// page heard of the headers, and what the sockets between them buffer.
	if got := sent["/web/app.wasm"]; got >= raw/2 {
		t.Errorf("the host sent %d bytes of /web/app.wasm (%d in all), want the download stopped early", got, raw)
	}
	if got, want := sent["/web/app.wasm.gz"], fileSize(t, filepath.Join(out, "web", "app.wasm.gz")); got != want {
		t.Errorf("the host sent %d bytes of /web/app.wasm.gz, want the file's %d", got, want)
	}
	js := `caches.keys().then(k => caches.open(k[0])).then(c => c.match("/web/app.wasm")).then(r => r ? r.arrayBuffer().then(b => b.byteLength) : -1)`
	if got := await[int64](tb, js); got != raw {
		t.Errorf("the offline copy of /web/app.wasm holds %d bytes, want the file's %d", got, raw)
	}
}

// slowWriter writes at about 10 MB/s: 32 KB every 3 ms.
type slowWriter struct{ http.ResponseWriter }

func (w *slowWriter) Write(b []byte) (int, error) {
	n := 0
	for len(b) > 0 {
		k := min(len(b), 32<<10)
		m, err := w.ResponseWriter.Write(b[:k])
		n += m
		if err != nil {
			return n, err
		}
		b = b[k:]
		time.Sleep(10 * time.Millisecond)
	}
	return n, nil
}
