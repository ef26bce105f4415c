package dist

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tokenjoule/app/server"
)

// secret is in every file of the project that no server may send.
const secret = "SECRET-do-not-serve"

// project is a project folder: a web/ of stand-ins for the files the page
// needs (pages are prerendered natively; nothing runs them), and beside it
// the files no server may send: go.mod, .git/config, and outside.txt beside
// the project.
func project(t *testing.T) string {
	t.Helper()
	root := filepath.Join(t.TempDir(), "project")
	for name, content := range map[string]string{
		"go.mod": "module " + secret, ".git/config": "[core] " + secret, "../outside.txt": secret,
		"web/app.wasm": "\x00asm stand-in", "web/card.wasm": "\x00asm card stand-in", "web/echarts.min.js": strings.Repeat("var echarts;\n", 200),
		"web/guard.js": "// guard", "web/start.js": "// start", "web/style.css": strings.Repeat("body{color:#222}\n", 100), "web/icon.svg": "<svg/>",
		"web/icon-192.png": "png", "web/icon-512.png": "png", "web/echarts.sha256": "sum",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range server.Catalogues() {
		if err := os.WriteFile(filepath.Join(root, "web", name), []byte("@tag\t…"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// built builds the project's site into root/dist, as `make dist` does.
func built(t *testing.T, root, base string) string {
	t.Helper()
	out := filepath.Join(root, "dist")
	if _, err := Build(Options{Root: root, Out: out, Base: base, Brotli: 1}); err != nil {
		t.Fatal(err)
	}
	return out
}

// rawGet sends target exactly as written, which net/http's client would
// clean or refuse, and returns the response and its body.
func rawGet(t *testing.T, addr, target string, header ...string) (*http.Response, string) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n", target, addr)
	for _, h := range header {
		fmt.Fprintf(c, "%s\r\n", h)
	}
	fmt.Fprint(c, "\r\n")
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("GET %s: %v", target, err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	return res, string(b)
}

// TestOnlyTheSiteIsServed: `serve` (server.New) serves
// only the files of web/, and FileServer only those of the site: no
// traversal in any spelling, no listing, no dotfile, no symbolic link out,
// and web/'s CORS header on nothing else.
func TestOnlyTheSiteIsServed(t *testing.T) {
	root := project(t)
	site := built(t, root, "")
	// Links out, made after the build (build would copy what they point to).
	os.Symlink(filepath.Join(root, "go.mod"), filepath.Join(root, "web", "escape"))
	os.Symlink(filepath.Join(root, "go.mod"), filepath.Join(site, "web", "escape"))
	os.Symlink(root, filepath.Join(site, "up"))
	os.WriteFile(filepath.Join(root, "web", ".hidden"), []byte(secret), 0o644)

	app, err := server.New(server.Options{Root: root})
	if err != nil {
		t.Fatal(err)
	}
	traversals := []string{
		"/web/../go.mod", "/web/../../go.mod", "/web/..%2fgo.mod", "/web/..%2F..%2Fgo.mod", "/web/..%2f.git%2fconfig",
		"/web/%2e%2e/go.mod", "/web/%2E%2E%2Fgo.mod", "/web/.%2e/%2e./go.mod", "/web%2f..%2fgo.mod",
		"/web/%252e%252e%252fgo.mod", "/web/%252e%252e/%252e%252e/go.mod", "/web/..%255cgo.mod",
		`/web/..\go.mod`, `/web\..\go.mod`, "/web/..%5cgo.mod", "/web/..%5C..%5Cgo.mod", `/web/%2e%2e\..%2fgo.mod`,
		"/web/..%2f..%2f..%2foutside.txt", "/%2e%2e/outside.txt", "/../outside.txt", "/../../outside.txt",
		"/web/escape", "/up/go.mod", "/web/.hidden", "/.git/config", "/go.mod", "/web/app.wasm%00",
		"/" + app.App.Version + "/web/../go.mod", "/web/app.wasm/../../go.mod", "/.tokenjoule-build",
	}
	listings := []string{"/web/", "/web", "/web/.", "/web/%2e", "/web//", "/embed/../web/"}
	for _, c := range []struct {
		name string
		h    http.Handler
		base string
	}{
		{"serve", app, ""},
		{"FileServer", FileServer(site, ""), ""},
		{"FileServer under a sub-path", FileServer(site, "/tokenjoule"), "/tokenjoule"},
	} {
		srv := httptest.NewServer(c.h)
		addr := strings.TrimPrefix(srv.URL, "http://")
		for _, target := range append(traversals, listings...) {
			target = c.base + target
			res, body := rawGet(t, addr, target)
			if strings.Contains(body, secret) || strings.Contains(body, "app.wasm") || res.StatusCode == http.StatusOK {
				t.Errorf("%s: GET %s: %d, %.80q", c.name, target, res.StatusCode, body)
			}
			if acao := res.Header.Get("Access-Control-Allow-Origin"); acao != "" {
				t.Errorf("%s: GET %s: %d with Access-Control-Allow-Origin %q", c.name, target, res.StatusCode, acao)
			}
		}
		for path, cors := range map[string]bool{"/web/style.css": true, "/web/app.wasm": true, "/": false, "/embed": false} {
			res, _ := rawGet(t, addr, c.base+path)
			if res.StatusCode != http.StatusOK || (res.Header.Get("Access-Control-Allow-Origin") == "*") != cors {
				t.Errorf("%s: GET %s: %d, Access-Control-Allow-Origin %q", c.name, c.base+path, res.StatusCode, res.Header.Get("Access-Control-Allow-Origin"))
			}
		}
		srv.Close()
	}
}

// TestFileWithSlash: a file's name followed by a slash
// is not the file, as on nginx, GitHub Pages or serve: FileServer answered
// /tj/index.html/ with the page, whose app then showed go-app's "Not Found".
// A folder with a slash is its index.
func TestFileWithSlash(t *testing.T) {
	root := project(t)
	site := built(t, root, "/tj/")
	srv := httptest.NewServer(FileServer(site, "/tj"))
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	for _, target := range []string{"/tj/index.html/", "/tj/embed.html/", "/tj/compare.html/", "/tj/embed/compare.html/",
		"/tj/embed/index.html/", "/tj/web/style.css/", "/tj/app.js/", "/tj/index.html//", "/tj/index.html/?task=gpqa", "/tj/embed/compare/index.html/"} {
		if res, body := rawGet(t, addr, target); res.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: %d, %.80q; want 404", target, res.StatusCode, body)
		}
	}
	for _, target := range []string{"/tj/", "/tj/index.html", "/tj/embed", "/tj/embed/", "/tj/embed.html", "/tj/compare/", "/tj/embed/compare/",
		"/tj/embed/compare.html", "/tj/web/style.css", "/tj//"} {
		if res, body := rawGet(t, addr, target); res.StatusCode != http.StatusOK {
			t.Errorf("GET %s: %d, %.80q; want the page", target, res.StatusCode, body)
		}
	}
}

// TestSameHeadersEverywhere: `serve`, FileServer and the
// _headers file send the same security headers, from server.Headers.
func TestSameHeadersEverywhere(t *testing.T) {
	root := project(t)
	site := built(t, root, "/repo/")
	app, err := server.New(server.Options{Root: root, Base: "/repo/"})
	if err != nil {
		t.Fatal(err)
	}
	want := server.Headers("/repo")
	file, err := os.ReadFile(filepath.Join(site, "_headers"))
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range want {
		if !strings.Contains(string(file), "/repo"+h.Path+"\n") || !strings.Contains(string(file), "  "+h.Name+": "+h.Value+"\n") {
			t.Errorf("_headers lacks %s on %s:\n%s", h.Name, h.Path, file)
		}
	}
	for _, c := range []struct {
		name string
		h    http.Handler
	}{{"serve", http.StripPrefix("/repo", app)}, {"FileServer", FileServer(site, "/repo")}} {
		srv := httptest.NewServer(c.h)
		for _, path := range []string{"/", "/embed", "/web/app.wasm", "/web/style.css", "/app.js", "/app-worker.js", "/manifest.webmanifest", "/nothing"} {
			res, _ := rawGet(t, strings.TrimPrefix(srv.URL, "http://"), "/repo"+path)
			for _, h := range want {
				on := h.Path == "/*" || h.Path == path || strings.HasSuffix(h.Path, "/*") && strings.HasPrefix(path, strings.TrimSuffix(h.Path, "*"))
				if res.StatusCode == http.StatusNotFound && h.Path != "/*" {
					on = false
				}
				if got := res.Header.Get(h.Name); on && got != h.Value || !on && h.Name != "Content-Type" && got != "" {
					t.Errorf("%s: %s (%d): %s %q, want %q", c.name, path, res.StatusCode, h.Name, got, map[bool]string{true: h.Value}[on])
				}
			}
		}
		srv.Close()
	}
}

// TestPreviewsNeedADomain: no page of a site built without
// a domain carries a link-preview tag with an empty host; with one, they
// carry full URLs.
func TestPreviewsNeedADomain(t *testing.T) {
	root := project(t)
	site := built(t, root, "/repo/")
	for _, page := range []string{"index.html", "embed.html", "embed/index.html", "compare.html", "embed/compare.html", "embed/compare/index.html"} {
		b, _ := os.ReadFile(filepath.Join(site, page))
		if strings.Contains(string(b), `"https://"`) || strings.Contains(string(b), `"https:///`) || !strings.Contains(string(b), "og:title") {
			t.Errorf("%s: hostless previews, or none at all:\n%.1500s", page, b)
		}
		// The wasm's download starts first thing (server.FixPage).
		if !strings.Contains(string(b), `<meta charset="UTF-8"><script id="tj-start" data-langs="en fr de es" data-coming="English…|Français…|Deutsch…|Español…" src="/repo/web/start.js"></script>`) ||
			strings.Count(string(b), "web/start.js") != 1 {
			t.Errorf("%s: start.js is not first in the head, once:\n%.1500s", page, b)
		}
	}
	out := filepath.Join(root, "with-domain")
	if _, err := Build(Options{Root: root, Out: out, Base: "/repo/", Domain: "example.github.io", Brotli: 1}); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(out, "embed.html"))
	for _, want := range []string{`"https://example.github.io/repo/embed"`, `"https://example.github.io/repo/web/icon-512.png"`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("embed.html lacks %s", want)
		}
	}
}

// TestBuildDeletesOnlyWhatItMade: build refuses the
// project, a folder holding it, anything inside web/, and a folder that is
// not empty and holds no marker; it replaces a site it made.
func TestBuildDeletesOnlyWhatItMade(t *testing.T) {
	root := project(t)
	mine := filepath.Join(root, "mine")
	os.MkdirAll(mine, 0o755)
	os.WriteFile(filepath.Join(mine, "precious.txt"), []byte("keep"), 0o644)
	for _, out := range []string{root, root + "/.", filepath.Dir(root), filepath.Join(root, "web"),
		filepath.Join(root, "web", "site"), filepath.Join(root, "web", "..", "web", "new"), mine} {
		before := tree(t, filepath.Dir(root))
		_, err := Build(Options{Root: root, Out: out, Brotli: 1})
		var refused *OutError
		if !errors.As(err, &refused) {
			t.Errorf("build -out %s: err = %v, want a refusal", out, err)
		}
		if after := tree(t, filepath.Dir(root)); after != before {
			t.Errorf("build -out %s changed files:\n%s\nwas\n%s", out, after, before)
		}
	}
	// A relative -out naming the project, from inside it.
	t.Chdir(filepath.Join(root, "web"))
	if _, err := Build(Options{Root: "..", Out: ".", Brotli: 1}); err == nil {
		t.Error("build -root .. -out . from web/ succeeded")
	}
	t.Chdir(root)
	if _, err := Build(Options{Root: ".", Out: ".", Brotli: 1}); err == nil {
		t.Error("build -out . succeeded")
	}

	// A new folder, then the same folder again: replaced, stale files gone.
	site := filepath.Join(root, "dist")
	if _, err := Build(Options{Root: root, Out: site, Brotli: 1}); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(site, "stale.html"), nil, 0o644)
	if _, err := Build(Options{Root: root, Out: site, Brotli: 1}); err != nil {
		t.Fatalf("rebuilding a site build made: %v", err)
	}
	if _, err := os.Stat(filepath.Join(site, "stale.html")); err == nil {
		t.Error("a rebuild kept a file of the earlier site")
	}
	// An empty folder someone made is fine.
	empty := t.TempDir()
	if _, err := Build(Options{Root: root, Out: empty, Brotli: 1}); err != nil {
		t.Errorf("build into an empty folder: %v", err)
	}
	if entries, _ := os.ReadDir(filepath.Dir(site)); len(entries) != 5 {
		t.Errorf("the project holds %d entries after the builds, want go.mod .git web mine dist", len(entries))
	}
}

// TestCheckSite: a site missing a file, or holding a cut one, is never
// reported built.
func TestCheckSite(t *testing.T) {
	root := project(t)
	site := built(t, root, "")
	if err := checkSite(site, root); err != nil {
		t.Fatalf("a whole site: %v", err)
	}
	for _, name := range []string{"web/app.wasm", "embed/index.html", "app-worker.js", "_headers"} {
		broken := filepath.Join(t.TempDir(), "site")
		os.CopyFS(broken, os.DirFS(site))
		os.Remove(filepath.Join(broken, name))
		if err := checkSite(broken, root); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("a site without %s: %v", name, err)
		}
		os.WriteFile(filepath.Join(broken, name), []byte("x"), 0o644)
		if err := checkSite(broken, root); name == "web/app.wasm" && err == nil {
			t.Errorf("a site with a cut %s passes", name)
		}
	}
}

// tree lists the files under dir with their sizes.
func tree(t *testing.T, dir string) string {
	var b strings.Builder
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, _ := d.Info()
		fmt.Fprintf(&b, "%s %d\n", p, info.Size())
		return nil
	})
	return b.String()
}

// TestAcceptEncoding: q=0 refuses a coding.
func TestAcceptEncoding(t *testing.T) {
	root := project(t)
	srv := httptest.NewServer(FileServer(built(t, root, ""), ""))
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	for accept, want := range map[string]string{
		"br;q=0": "", "br;q=0, gzip": "gzip", "br; q=0.0, gzip;q=0.5": "gzip", "gzip;q=0, br;q=0": "",
		"br": "br", "gzip, br;q=0.1": "br", "*": "br", "*;q=0": "", "*, br;q=0": "gzip", "BR;Q=0, GZIP": "gzip",
		"identity": "", "": "", "br;q=nonsense, gzip": "gzip",
	} {
		res, _ := rawGet(t, addr, "/web/echarts.min.js", "Accept-Encoding: "+accept)
		if got := res.Header.Get("Content-Encoding"); got != want {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q, want %q", accept, got, want)
		}
	}
}

// A file's ETag is its content's: a rollback to an older build, whose files
// are older, is sent anew to a client that holds the newer one, which
// If-Modified-Since would answer 304; the same bytes, whatever their time,
// are not. The copies a client is sent by its Accept-Encoding each have
// their own.
func TestETagFollowsContent(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "style.css")
	write := func(content string, mtime time.Time) {
		t.Helper()
		if err := os.WriteFile(file, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(file, mtime, mtime); err != nil {
			t.Fatal(err)
		}
	}
	srv := httptest.NewServer(FileServer(dir, ""))
	defer srv.Close()
	get := func(header, value string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest("GET", srv.URL+"/style.css", nil)
		if header != "" {
			req.Header.Set(header, value)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res
	}
	now := time.Now()
	write("b { color: blue }", now) // B, deployed
	b := get("", "")
	tagB := b.Header.Get("ETag")
	if !strings.HasPrefix(tagB, `"`) || b.Header.Get("Last-Modified") != "" {
		t.Fatalf("ETag %q, Last-Modified %q: want a strong ETag and no Last-Modified", tagB, b.Header.Get("Last-Modified"))
	}
	if res := get("If-None-Match", tagB); res.StatusCode != http.StatusNotModified {
		t.Errorf("the same file revalidated: %d, want 304", res.StatusCode)
	}
	write("a { color: red }", now.Add(-time.Hour)) // A again, older
	for _, h := range [][2]string{{"If-None-Match", tagB}, {"If-Modified-Since", now.UTC().Format(http.TimeFormat)}} {
		if res := get(h[0], h[1]); res.StatusCode != http.StatusOK || res.Header.Get("ETag") == tagB {
			t.Errorf("rolled back, %s %s: %d with ETag %q; want 200 with another", h[0], h[1], res.StatusCode, res.Header.Get("ETag"))
		}
	}
	write("b { color: blue }", now.Add(-2*time.Hour)) // B's bytes at another time
	if res := get("If-None-Match", tagB); res.StatusCode != http.StatusNotModified {
		t.Errorf("the same bytes at another time: %d, want 304", res.StatusCode)
	}
	os.WriteFile(file+".gz", []byte("not really gzip"), 0o644)
	if res := get("Accept-Encoding", "gzip"); res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("ETag") == tagB {
		t.Errorf("the gzip copy: Content-Encoding %q, ETag %q; want its own", res.Header.Get("Content-Encoding"), res.Header.Get("ETag"))
	}
}
