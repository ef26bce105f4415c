package server

import (
	"bytes"
	"fmt"
	"net/http"
	"strconv"
)

// go-app's app.js hands WebAssembly.instantiateStreaming a Response it builds
// in JavaScript around the download, to count its bytes for the loader. Such
// a Response has no URL, and chromium caches compiled wasm only for a
// response with one: every visit compiled the 9 MB module again. fetchWasm
// replaces that function: the module is compiled from the response
// web/start.js started to download as the head was parsed (the network's or
// the service worker's own, or the gzip copy decompressed where the host
// does not compress), if it is of the same URL, and the progress is read
// from a clone.
const (
	goappFetch = "async function fetchWithProgress(url, progess) {"
	fetchWasm  = `// tokenjoule (app/server/appjs.go): compile the response web/start.js
// started to download (a fetch of its own where that did not run, failed,
// or asked for another URL), which is the host's own where it can be: it
// has a URL, so that compilation streams and chromium caches the compiled
// code. The loader's progress is read from a clone of the download.
async function fetchWithProgress(url, progress) {
  const start = document.querySelector('script[src$="/web/start.js"]');
  if (start && !window.tokenjouleStarted) {
    await new Promise((ran) => {
      start.addEventListener("load", ran);
      start.addEventListener("error", ran);
    });
  }
  const early = window.tokenjouleWasm;
  window.tokenjouleWasm = undefined;
  const response = await (early && early.url === new URL(url, location.href).href ? early.response : Promise.reject()).catch(() => fetch(url));
  const total = parseInt(goappWasmContentLength, 10) || parseInt(response.headers.get("Content-Length"), 10);
  if (response.ok && response.body && total > 0) {
    const reader = response.clone().body.getReader();
    (async () => {
      let loaded = 0;
      let shown = -1;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          break;
        }
        loaded += value.byteLength;
        const p = Math.min(100, Math.round((loaded * 100) / total));
        if (p !== shown) {
          shown = p;
          progress(p);
        }
      }
    })().catch(() => {});
  }
  return response;
}
`
)

// AppJS returns go-app's app.js with fetchWasm in place of its
// fetchWithProgress, which is the end of the file. It fails if go-app's file
// does not have that function where expected (another go-app version).
func AppJS(js []byte) ([]byte, error) {
	i := bytes.Index(js, []byte(goappFetch))
	if i < 0 || bytes.Count(js, []byte("function fetchWithProgress")) != 1 || !bytes.HasSuffix(bytes.TrimSpace(js), []byte("return res;\n}")) {
		return nil, fmt.Errorf("app.js: go-app's fetchWithProgress is not the file's last function as in go-app v10.1.11: check app/server/appjs.go against this go-app version")
	}
	if bytes.Count(js, []byte(goappStart)) != 1 {
		return nil, fmt.Errorf("app.js: go-app's start is not as in go-app v10.1.11 (%q): check app/server/appjs.go against this go-app version", goappStart)
	}
	js = bytes.Replace(js, []byte(goappStart), []byte(start), 1)
	i = bytes.Index(js, []byte(goappFetch))
	return append(js[:i:i], fetchWasm...), nil
}

// go-app registers its service worker first thing, whose install downloads
// what the page does not need to start (ECharts, the other pages) while the
// page downloads the wasm: on a slow link they share it. start registers the
// worker once the wasm is compiled and running.
const (
	goappStart = "goappInitServiceWorker();\ngoappWatchForUpdate();\ngoappWatchForInstallable();\ngoappInitWebAssembly();\n"
	start      = `goappWatchForUpdate();
goappWatchForInstallable();
// tokenjoule (app/server/appjs.go): the worker once the wasm has downloaded,
// so that its precache does not share the link with the wasm.
goappInitWebAssembly().finally(goappInitServiceWorker);
`
)

// serveAppJS answers r with s.appJS, with the headers, ETag and 304 go-app
// sends for its own app.js.
func (s *Server) serveAppJS(w http.ResponseWriter, r *http.Request) {
	rec := &recorder{header: w.Header()}
	s.App.ServeHTTP(rec, r)
	if rec.code != 0 && rec.code != http.StatusOK {
		w.WriteHeader(rec.code)
		w.Write(rec.body.Bytes())
		return
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(s.appJS)))
	w.Write(s.appJS)
}

// recorder keeps a response's status and body; its headers are the real
// response's.
type recorder struct {
	header http.Header
	code   int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.header }

func (r *recorder) WriteHeader(code int) {
	if r.code == 0 {
		r.code = code
	}
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.code == 0 {
		r.code = http.StatusOK
	}
	return r.body.Write(b)
}
