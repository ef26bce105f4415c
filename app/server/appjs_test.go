package server

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// handler returns the calculator's server over a web/ of stand-in files.
func handler(t *testing.T) *Server {
	t.Helper()
	root := t.TempDir()
	os.Mkdir(filepath.Join(root, "web"), 0o755)
	for _, name := range required {
		os.WriteFile(filepath.Join(root, "web", name), []byte("stand-in "+name), 0o644)
	}
	h, err := New(Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func body(t *testing.T, h http.Handler, path string) string {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: %d", path, rec.Code)
	}
	b, _ := io.ReadAll(rec.Body)
	return string(b)
}

func TestAppJS(t *testing.T) {
	s0 := handler(t)
	orig := body(t, s0.App, "/app.js")
	js, err := AppJS([]byte(orig))
	if err != nil {
		t.Fatal(err)
	}
	s := string(js)
	// go-app's call compiles what its fetchWithProgress returns; it now calls
	// instantiateWasm, with the wasm's URL as go-app wrote it, which
	// instantiates the module web/start.js's worker compiled, or compiles
	// the fetched response itself, not a copy.
	before, after, ok := strings.Cut(orig, goappInstantiate)
	url, after, ok2 := strings.Cut(after, goappInstantiateEnd)
	if !ok || !ok2 || url == "" {
		t.Fatalf("go-app's app.js has no call %q…%q", goappInstantiate, goappInstantiateEnd)
	}
	call := `const wasm = await instantiateWasm("` + url + `", showProgress, go.importObject, instantiateStreaming);`
	if strings.Count(s, "instantiateWasm(") != 2 || !strings.Contains(s, call) || strings.Contains(s, "fetchWithProgress") {
		t.Errorf("go-app's call is not replaced by %s", call)
	}
	fn := s[strings.Index(s, "async function instantiateWasm"):]
	if strings.Contains(fn, "new Response(") || !strings.Contains(fn, "instantiateStreaming(response, importObject)") ||
		!strings.Contains(fn, "WebAssembly.instantiate(module, importObject)") {
		t.Errorf("instantiateWasm does not compile the response itself, or does not take the worker's module:\n%s", fn)
	}
	// The rest of go-app's file is kept as it was, but for the start: the
	// service worker is registered once the wasm runs.
	rest, _, _ := strings.Cut(after, goappFetch)
	if want := strings.Replace(before, goappStart, fmt.Sprintf(start, `"/app-worker.js"`), 1) + call + rest; !strings.HasPrefix(s, want) {
		t.Error("AppJS changed more than fetchWithProgress, the call of instantiateStreaming and the start")
	}
	if strings.Contains(s, "\ngoappInitServiceWorker();") || !strings.Contains(s, "goappInitWebAssembly().finally(tokenjouleWorker));") {
		t.Error("the service worker is not registered once the wasm runs")
	}
	// Neither starts on a card that the card's wasm showed: the card's
	// worker does, at go-app's worker's URL, unless a worker is there.
	if !strings.Contains(s, "Promise.resolve(window.tokenjouleCard).then((shown) => shown ? tokenjouleCardWorker() : goappInitWebAssembly()") {
		t.Error("the calculator starts on a card the card's wasm showed")
	}
	if !strings.Contains(s, `register("/app-worker.js" + "?card")`) {
		t.Error("a card the card's wasm showed registers no worker of its own at go-app's worker's URL")
	}
	if _, err := AppJS([]byte(strings.Replace(orig, "return res;", "return res2;", 1))); err == nil {
		t.Error("an app.js of another shape was rewritten without an error")
	}

	// The live server serves the rewritten file, and the rest unchanged.
	if got := body(t, s0, "/app.js"); got != s {
		t.Error("the live server's app.js is not the rewritten one")
	}
	if got, want := body(t, s0, "/app-worker.js"), body(t, s0.App, "/app-worker.js"); got != want {
		t.Error("the live server changed app-worker.js")
	}
}
