package main

import (
	"fmt"
	"net"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"tokenjoule/app/dist"
)

// link is the network between the browser and the host: a round-trip time
// paid before each response starts, and a bandwidth that all responses share,
// as on one real access link. A zero link is loopback.
//
// The throttle is here, in the server, and not in DevTools' network
// emulation, because that emulation does not slow the service worker's own
// fetches (its precache): only a throttle on the wire treats the page and the
// worker alike. It applies to both, so nothing is throttled twice.
type link struct {
	RTT  time.Duration
	Mbps float64

	mu   sync.Mutex
	free time.Time // when the link has sent everything queued so far
}

// send waits until n more bytes have gone over the link.
func (l *link) send(n int) {
	if l == nil || l.Mbps == 0 || n == 0 {
		return
	}
	d := time.Duration(float64(n) * 8 / (l.Mbps * 1e6) * float64(time.Second))
	l.mu.Lock()
	now := time.Now()
	if l.free.Before(now) {
		l.free = now
	}
	l.free = l.free.Add(d)
	until := l.free
	l.mu.Unlock()
	time.Sleep(time.Until(until))
}

func (l *link) String() string {
	if l == nil || l.Mbps == 0 {
		return "loopback"
	}
	return fmt.Sprintf("%g Mbit/s, %v round trip", l.Mbps, l.RTT)
}

// exchange is one request as the host saw it.
type exchange struct {
	Path   string
	Status int
	Bytes  int64 // on the wire: status line, headers and body
	Done   time.Time
}

// host serves a built site as dist.FileServer does, over a link, and logs the
// bytes of every response.
type host struct {
	origin string
	srv    *http.Server

	mu       sync.Mutex
	link     *link
	plain    bool // serve as a host that does not compress
	log      []exchange
	inFlight int
	last     time.Time // when the last response ended
}

func startHost(dir string) (*host, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	h := &host{origin: "http://" + ln.Addr().String()}
	files := dist.FileServer(dir, "")
	// A host that sends every file as it is, as python3 -m http.server
	// does: no compression, the .gz copies files of their own, / as
	// index.html, /embed redirected to /embed/.
	plain := http.FileServer(http.Dir(dir))
	h.srv = &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.mu.Lock()
		l := h.link
		h.inFlight++
		serve := files
		if h.plain {
			serve = plain
		}
		h.mu.Unlock()
		cw := &countingWriter{ResponseWriter: w, link: l, status: http.StatusOK}
		serve.ServeHTTP(cw, r)
		cw.start()
		h.mu.Lock()
		h.inFlight--
		h.last = time.Now()
		h.log = append(h.log, exchange{Path: r.URL.Path, Status: cw.status, Bytes: cw.bytes, Done: h.last})
		h.mu.Unlock()
	})}
	go h.srv.Serve(ln)
	return h, nil
}

func (h *host) close() { h.srv.Close() }

// setLink throttles the responses that start from now on; plain serves
// them as a host that does not compress.
func (h *host) setLink(l *link, plain bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.link, h.plain = l, plain
}

// take returns the exchanges logged since the last call and clears the log.
func (h *host) take() []exchange {
	h.mu.Lock()
	defer h.mu.Unlock()
	l := h.log
	h.log = nil
	return l
}

// quiet waits until no response has been in flight for d, or until timeout.
func (h *host) quiet(d, timeout time.Duration) {
	end := time.Now().Add(timeout)
	for time.Now().Before(end) {
		h.mu.Lock()
		idle := h.inFlight == 0 && time.Since(h.last) >= d
		h.mu.Unlock()
		if idle {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// countingWriter counts what goes on the wire and paces it over the link.
type countingWriter struct {
	http.ResponseWriter
	link    *link
	status  int
	started bool
	bytes   int64
}

func (w *countingWriter) start() {
	if w.started {
		return
	}
	w.started = true
	if w.link != nil {
		time.Sleep(w.link.RTT)
	}
	// "HTTP/1.1 200 OK\r\n", "Name: value\r\n" each, "\r\n"; plus the Date
	// header and the Content-Length Go adds when it can.
	n := len("HTTP/1.1 200 OK\r\n\r\n") + len("Date: Mon, 02 Jan 2006 15:04:05 GMT\r\n")
	for k, vs := range w.Header() {
		for _, v := range vs {
			n += len(k) + len(v) + 4
		}
	}
	w.bytes += int64(n)
	w.link.send(n)
}

func (w *countingWriter) WriteHeader(code int) {
	w.status = code
	w.start()
	w.ResponseWriter.WriteHeader(code)
}

// Write sends b in pieces, so that responses share the link as TCP
// connections roughly do.
func (w *countingWriter) Write(b []byte) (int, error) {
	w.start()
	const piece = 16 << 10
	written := 0
	for len(b) > 0 {
		p := b[:min(piece, len(b))]
		w.link.send(len(p))
		n, err := w.ResponseWriter.Write(p)
		written += n
		w.bytes += int64(n)
		if err != nil {
			return written, err
		}
		b = b[len(p):]
	}
	return written, nil
}

func (w *countingWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// fileBytes sums exchanges by path, in order of bytes.
type fileBytes struct {
	Path     string `json:"path"`
	Requests int    `json:"requests"`
	Bytes    int64  `json:"bytes"`
	// Page and Worker split Requests and Bytes between the page's own
	// requests (as DevTools saw them) and the service worker's (the rest).
	PageRequests   int   `json:"page_requests"`
	PageBytes      int64 `json:"page_bytes"`
	WorkerRequests int   `json:"worker_requests"`
	WorkerBytes    int64 `json:"worker_bytes"`
}

func byFile(log []exchange, page map[string]pageRequest) []fileBytes {
	m := map[string]*fileBytes{}
	for _, e := range log {
		f := m[e.Path]
		if f == nil {
			f = &fileBytes{Path: e.Path}
			m[e.Path] = f
		}
		f.Requests++
		f.Bytes += e.Bytes
	}
	var out []fileBytes
	for _, f := range m {
		p := page[f.Path]
		f.PageRequests = min(p.n, f.Requests)
		f.WorkerRequests = f.Requests - f.PageRequests
		// The host's count, split by the page's share in requests: the bytes
		// DevTools reports for a request differ from the host's by a few
		// header bytes.
		f.PageBytes = min(p.bytes, f.Bytes)
		if f.WorkerRequests == 0 {
			f.PageBytes = f.Bytes
		}
		f.WorkerBytes = f.Bytes - f.PageBytes
		out = append(out, *f)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Bytes != out[j].Bytes {
			return out[i].Bytes > out[j].Bytes
		}
		return strings.Compare(out[i].Path, out[j].Path) < 0
	})
	return out
}
