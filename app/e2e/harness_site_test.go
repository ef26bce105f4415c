package e2e

// The sites under test: the wasm and the static sites, built once per test
// binary in the background, and the servers and hosts that serve them.

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tokenjoule/app/dist"
	"tokenjoule/app/server"
)

// repoRoot is the module root, two levels up from this package.
const repoRoot = "../.."

var inCI = os.Getenv("CI") == "true"

// site serves the app from source, as `tokenjoule serve` does.
func site(t *testing.T) *httptest.Server {
	t.Helper()
	h, err := server.New(server.Options{Root: builtWeb(t)})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

var (
	webOnce sync.Once
	webDir  string
	webErr  error
)

// builtWeb builds the wasm, once per test binary, into a temporary web/ with
// the other files of the repository's web/, so that a test run never
// overwrites the developer's build, and beside it bin/sitebuild, which
// builds static sites (see builtDist). It returns the directory holding web/.
func builtWeb(t *testing.T) string {
	t.Helper()
	echarts := filepath.Join(repoRoot, "web", "echarts.min.js")
	if _, err := os.Stat(echarts); err != nil {
		need(t, "browser tests need %s: run `make echarts` (npm pack echarts@5.6.0, checked against web/echarts.sha256)", echarts)
	}
	webOnce.Do(func() {
		start := time.Now()
		webDir, webErr = buildWeb()
		t.Logf("built the wasm and sitebuild in %v", time.Since(start).Round(time.Millisecond))
	})
	if webErr != nil {
		t.Fatal(webErr)
	}
	return webDir
}

func buildWeb() (string, error) {
	dir, err := os.MkdirTemp("", "tokenjoule-e2e-")
	if err != nil {
		return "", err
	}
	web := filepath.Join(dir, "web")
	if err := os.Mkdir(web, 0o755); err != nil {
		return "", err
	}
	entries, err := os.ReadDir(filepath.Join(repoRoot, "web"))
	if err != nil {
		return "", err
	}
	for _, e := range entries {
		if e.IsDir() || e.Name() == "app.wasm" || e.Name() == "card.wasm" || strings.HasSuffix(e.Name(), ".sha256") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(repoRoot, "web", e.Name()))
		if err != nil {
			return "", err
		}
		if err := os.WriteFile(filepath.Join(web, e.Name()), b, 0o644); err != nil {
			return "", err
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "bin"), 0o755); err != nil {
		return "", err
	}
	// The two builds share the build cache and run side by side.
	var wasmErr, binErr error
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		// As `make wasm` builds it (wasm/slim).
		slimDir, err := os.MkdirTemp("", "tokenjoule-slim-")
		if err != nil {
			wasmErr = err
			return
		}
		defer os.RemoveAll(slimDir)
		slim := exec.Command("go", "run", "./wasm/slim", "-dir", slimDir, "-o", filepath.Join(web, "app.wasm"))
		slim.Dir = repoRoot
		if out, err := slim.CombinedOutput(); err != nil {
			wasmErr = fmt.Errorf("building the wasm (wasm/slim): %v\n%s", err, out)
			return
		}
		// And the card embeds' (wasm/card), as make wasm builds it.
		card := exec.Command("go", "run", "./wasm/slim", "-dir", slimDir, "-o", filepath.Join(web, "card.wasm"), "-pkg", "tokenjoule/wasm/card")
		card.Dir = repoRoot
		if out, err := card.CombinedOutput(); err != nil {
			wasmErr = fmt.Errorf("building the card's wasm (wasm/slim): %v\n%s", err, out)
		}
	}()
	go func() {
		defer wg.Done()
		binErr = goBuild("sitebuild", nil, "-o", filepath.Join(dir, "bin", "sitebuild"), "tokenjoule/app/e2e/internal/sitebuild")
	}()
	wg.Wait()
	if wasmErr != nil {
		return "", wasmErr
	}
	return dir, binErr
}

// goBuild runs go build with the arguments, in the module, and env added to
// the environment.
func goBuild(what string, env []string, args ...string) error {
	cmd := exec.Command("go", append([]string{"build"}, args...)...)
	cmd.Dir = repoRoot
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building %s: %v\n%s", what, err, out)
	}
	return nil
}

// host is a static host on a fixed loopback address that can be stopped and
// started again, so that the browser sees the same origin go offline.
type host struct {
	t      *testing.T
	addr   string
	origin string
	h      http.Handler
	srv    *http.Server
}

func startHost(t *testing.T, h http.Handler) *host {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &host{t: t, addr: ln.Addr().String(), h: h}
	s.origin = "http://" + s.addr
	s.serve(ln)
	t.Cleanup(s.stop)
	return s
}

func (s *host) serve(ln net.Listener) {
	s.srv = &http.Server{Handler: s.h}
	go s.srv.Serve(ln)
}

// stop closes the listener and every connection: the server is gone.
func (s *host) stop() { s.srv.Close() }

func (s *host) start() {
	s.t.Helper()
	ln, err := net.Listen("tcp", s.addr)
	if err != nil {
		s.t.Fatalf("restarting the host on %s: %v", s.addr, err)
	}
	s.serve(ln)
}

// builtSite is a static site built in the background, once per test binary.
type builtSite struct {
	done    chan struct{}
	dir     string
	version string
	err     error
	took    time.Duration
	logged  atomic.Bool
}

var (
	sitesMu sync.Mutex
	sites   = map[string]*builtSite{} // by base, and by base+" v2" for the next version
)

// prepareSites starts building, in the background, the static sites for the
// bases and the next version of each (the same site with a changed
// stylesheet, for the update tests). Building takes seconds per site:
// started early, it overlaps with browser work.
func prepareSites(t *testing.T, bases ...string) {
	t.Helper()
	root := builtWeb(t)
	sitesMu.Lock()
	defer sitesMu.Unlock()
	for _, base := range bases {
		for _, next := range []bool{false, true} {
			key := base
			if next {
				key += " v2"
			}
			if sites[key] != nil {
				continue
			}
			s := &builtSite{done: make(chan struct{})}
			sites[key] = s
			go func() {
				defer close(s.done)
				start := time.Now()
				s.dir, s.version, s.err = buildSite(root, base, next)
				s.took = time.Since(start)
			}()
		}
	}
}

// buildSite builds the site for base from root with bin/sitebuild, which
// runs without the race detector; next changes the stylesheet first.
func buildSite(root, base string, next bool) (dir, version string, err error) {
	if next {
		if root, err = os.MkdirTemp("", "tokenjoule-web-v2-"); err != nil {
			return "", "", err
		}
		defer os.RemoveAll(root)
		if err := copyTree(filepath.Join(webDir, "web"), filepath.Join(root, "web")); err != nil {
			return "", "", err
		}
		css := filepath.Join(root, "web", "style.css")
		b, err := os.ReadFile(css)
		if err != nil {
			return "", "", err
		}
		if err := os.WriteFile(css, append(b, "\n/* v2 */\n"...), 0o644); err != nil {
			return "", "", err
		}
	}
	if dir, err = os.MkdirTemp("", "tokenjoule-dist-"); err != nil {
		return "", "", err
	}
	out, err := exec.Command(filepath.Join(webDir, "bin", "sitebuild"), "-root", root, "-out", dir, "-base", base).Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			err = fmt.Errorf("%w: %s", err, ee.Stderr)
		}
		return dir, "", fmt.Errorf("building the static site for %q: %w", base, err)
	}
	return dir, strings.TrimSpace(string(out)), nil
}

// builtDist returns a copy, which the test may change, of the static site
// built for base (the next version's with next), and its version.
func builtDist(t *testing.T, base string, next bool) (dir, version string) {
	t.Helper()
	prepareSites(t, base)
	key := base
	if next {
		key += " v2"
	}
	sitesMu.Lock()
	s := sites[key]
	sitesMu.Unlock()
	<-s.done
	if s.err != nil {
		t.Fatal(s.err)
	}
	if !s.logged.Swap(true) {
		t.Logf("the site for %q was built in %v", key, s.took.Round(time.Millisecond))
	}
	return copyDir(t, s.dir), s.version
}

// copyDir copies a directory, so a test can change files in it.
func copyDir(t *testing.T, root string) string {
	t.Helper()
	dst := t.TempDir()
	if err := copyTree(root, dst); err != nil {
		t.Fatal(err)
	}
	return dst
}

func copyTree(root, dst string) error {
	return filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(dst, filepath.Dir(rel)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
}

// cspSite serves the app as site does, with the site's CSP (dist.CSP) on every response;
// with a base such as "/repo/", under that sub-path, as a static host
// serving a sub-path site does.
func cspSite(t *testing.T, base string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(cspHandler(t, base))
	t.Cleanup(srv.Close)
	return srv
}

func cspHandler(t *testing.T, base string) http.Handler {
	t.Helper()
	h, err := server.New(server.Options{Root: builtWeb(t), Base: base})
	if err != nil {
		t.Fatal(err)
	}
	var app http.Handler = h
	b := strings.TrimRight(base, "/")
	if b != "" {
		app = http.StripPrefix(b, h)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Security-Policy", dist.CSP)
		if b != "" && r.URL.Path == b {
			// Static hosts redirect a folder's name to its slash form.
			http.Redirect(w, r, b+"/", http.StatusMovedPermanently)
			return
		}
		app.ServeHTTP(w, r)
	})
}

// gate holds every request for the wasm until it is opened, so that a test
// sees the page as it is before the app starts.
type gate struct {
	http.Handler
	open chan struct{}
	once sync.Once
}

func newGate(t *testing.T, h http.Handler) *gate {
	g := &gate{Handler: h, open: make(chan struct{})}
	t.Cleanup(g.release)
	return g
}

func (g *gate) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasSuffix(r.URL.Path, "/app.wasm") {
		select {
		case <-g.open:
		case <-r.Context().Done():
			return
		}
	}
	g.Handler.ServeHTTP(w, r)
}

func (g *gate) release() { g.once.Do(func() { close(g.open) }) }

// staticHost is a static host, whose pages are prerendered for no query,
// with the wasm held back until the test opens the gate.
func staticHost(t *testing.T) (*host, *gate) {
	t.Helper()
	out, _ := builtDist(t, "", false)
	g := newGate(t, dist.FileServer(out, ""))
	return startHost(t, g), g
}

// serveHost is tokenjoule serve, which prerenders the request's query, on
// an origin of its own (no service worker answers from its cache), with the
// wasm held back until the test opens the gate.
func serveHost(t *testing.T) (*host, *gate) {
	t.Helper()
	g := newGate(t, cspHandler(t, ""))
	return startHost(t, g), g
}

// prerendered is the markup text the server prerenders for path.
func prerendered(t *testing.T, origin, path string) string {
	t.Helper()
	res, err := http.Get(origin + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %v", path, res.StatusCode, err)
	}
	return markupText(string(b))
}
