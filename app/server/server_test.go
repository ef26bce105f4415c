package server

import (
	"compress/gzip"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"tokenjoule/app/state"
	"tokenjoule/data"
)

// project is a project folder whose web/ holds stand-ins for the files the
// page needs (the page is prerendered natively; nothing runs them).
func project(t testing.TB) string {
	t.Helper()
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, "web"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range required {
		if err := os.WriteFile(filepath.Join(root, "web", name), []byte("stand-in for "+name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// serve starts `serve`'s handler for o on a loopback port, with serve's
// header limit.
func serve(t *testing.T, o Options) *httptest.Server {
	t.Helper()
	s, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewUnstartedServer(s)
	srv.Config.MaxHeaderBytes = MaxHeaderBytes
	srv.Start()
	t.Cleanup(srv.Close)
	return srv
}

func get(t *testing.T, url string) (*http.Response, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(b)
}

// TestMalformedQueryNotice: the prerendered page names
// the pairs of its URL it did not understand, as the README promises, and
// still reads the good ones.
func TestMalformedQueryNotice(t *testing.T) {
	srv := serve(t, Options{Root: project(t)})
	for u, named := range map[string]string{
		"/?task=gpqa;tokens=5M":               `"task=gpqa;tokens=5M"`,
		"/?task=gpqa%zz&tokens=5M":            `"task=gpqa%zz"`,
		"/embed?task=gpqa;tokens=5M&hide=p":   `"task=gpqa;tokens=5M"`,
		"/embed?hide=task&model=%E2%80%AE%zz": `"model=%E2%80%AE%zz"`,
		"/compare?task=gpqa;tokens=5M":        `"task=gpqa;tokens=5M"`,
		"/embed/compare?p=p95&gpu=%zz":        `"gpu=%zz"`,
	} {
		res, body := get(t, srv.URL+u)
		_, notices, _ := strings.Cut(html.UnescapeString(body), `id="notices"`)
		notices, _, _ = strings.Cut(notices, "</div>")
		if res.StatusCode != 200 || !strings.Contains(notices, named) || !strings.Contains(notices, "not understood") {
			t.Errorf("%s: %d, the notices %q do not name %s", u, res.StatusCode, notices, named)
		}
	}
	// The good pair of the second link is read: 5M tokens, not the default 1M.
	if _, body := get(t, srv.URL+"/?task=gpqa%zz&tokens=5M"); !strings.Contains(body, `value="5M"`) {
		t.Error("the well-formed tokens=5M beside a malformed pair was not read")
	}
}

// TestLongURLs: a page for any URL up to the server's header limit is
// small (an /embed?hide= with 16,000 unknown names made 515 MB of HTML);
// the time taken is logged, not asserted.
func TestLongURLs(t *testing.T) {
	srv := serve(t, Options{Root: project(t)})
	room := MaxHeaderBytes - 1000 // the request line's and headers' other bytes
	fill := func(unit string) string { return strings.Repeat(unit, room/len(unit)) }
	// A one-notice page of each kind, the size a long URL's page must stay near.
	plain := map[string]int{}
	for _, page := range []string{"/", "/embed"} {
		start := time.Now()
		_, body := get(t, srv.URL+page+"?hide=nope&tokens=x")
		plain[page] = len(body)
		t.Logf("a one-notice %s: %d bytes in %v", page, len(body), time.Since(start))
	}
	for _, u := range []string{
		"/embed?hide=" + fill("nope,"),
		"/embed?hide=" + fill("%3Cb%3E%22,"),
		"/?tokens=" + fill("x"),
		"/embed?task=" + fill("t")[:room/6] + "&model=" + fill("m")[:room/6] + "&gpu=" + fill("g")[:room/6] +
			"&deadline=" + fill("d")[:room/6] + "&p=" + fill("p")[:room/6] + "&tokens=" + fill("k")[:room/7],
		"/?" + fill("a;b&"),
		"/embed?" + fill("%zz&"),
		"/embed?" + fill("hide=nope&"),
	} {
		start := time.Now()
		res, body := get(t, srv.URL+u)
		took := time.Since(start)
		page, _, _ := strings.Cut(u, "?")
		if res.StatusCode != 200 || len(body) > 1<<20 || len(body) > plain[page]+4000 {
			t.Errorf("%.40s… (%d bytes): %d, a page of %d bytes", u, len(u), res.StatusCode, len(body))
		}
		t.Logf("%.40s… (%d bytes): a page of %d bytes in %v", u, len(u), len(body), took)
	}
}

// TestLongValues: every parameter of every page, given a
// 100 KB value, makes a page about the size of one given short bad values,
// which quotes at most 40 characters of it; and so does one of 1 KB, which
// main[data-query] repeated. /?pue= with 60,000 characters made a 100 KB page,
// its notice quoting them all. The parameters go in three links per page,
// each under the header limit.
func TestLongValues(t *testing.T) {
	srv := serve(t, Options{Root: project(t)})
	link := func(page string, params []string, value string) string {
		pairs := make([]string, len(params))
		for i, p := range params {
			pairs[i] = p + "=" + value
		}
		return page + "?" + strings.Join(pairs, "&")
	}
	groups := [][]string{slices.Concat(state.Params, state.TrafficParams), state.EmbedParams, state.FootprintParams}
	for _, page := range append([]string{"/"}, Pages...) {
		for _, params := range groups {
			for _, c := range []struct {
				params []string
				size   int
			}{{params, 100 << 10}, {params[len(params)-1:], 1 << 10}} {
				_, plain := get(t, srv.URL+link(page, c.params, "x"))
				u := link(page, c.params, strings.Repeat("x", c.size))
				start := time.Now()
				res, body := get(t, srv.URL+u)
				took := time.Since(start)
				quoted := 0 // the longest run of the values' characters
				for _, run := range strings.FieldsFunc(body, func(r rune) bool { return r != 'x' }) {
					quoted = max(quoted, len(run))
				}
				if res.StatusCode != 200 || len(body) > len(plain)+2000 || quoted > 40 {
					t.Errorf("%s with %v of %d KB: %d, a page of %d bytes (%d with short values) quoting %d characters",
						page, c.params, c.size>>10, res.StatusCode, len(body), len(plain), quoted)
				}
				t.Logf("%s with %d parameters of %d KB: a page of %d bytes in %v", page, len(c.params), c.size>>10, len(body), took)
			}
		}
	}
}

// TestPreviews: no link-preview tag with an empty host; with
// a domain, full URLs, under the base path.
func TestPreviews(t *testing.T) {
	root := project(t)
	_, body := get(t, serve(t, Options{Root: root}).URL+"/embed")
	if strings.Contains(body, `"https://"`) || strings.Contains(body, `"https:///`) || strings.Contains(body, "og:url") {
		t.Errorf("a page without a domain has hostless previews:\n%s", body[:min(len(body), 1500)])
	}
	if !strings.Contains(body, `og:title`) {
		t.Error("the previews that need no host are gone too")
	}
	for _, c := range []struct{ base, path, url, image string }{
		{"", "/", `content="https://example.org"`, `content="https://example.org/web/icon-512.png"`},
		{"/repo/", "/embed", `content="https://example.org/repo/embed"`, `content="https://example.org/repo/web/icon-512.png"`},
	} {
		srv := serve(t, Options{Root: root, Base: c.base, Domain: "https://example.org/"})
		_, body := get(t, srv.URL+c.path)
		for _, want := range []string{c.url, c.image} {
			if !strings.Contains(body, want) {
				t.Errorf("base %q, %s: the page lacks %s", c.base, c.path, want)
			}
		}
	}
	for _, bad := range []string{"example.org/path", "exa mple.org", `x"><script>`, "https://", "."} {
		if _, err := New(Options{Root: root, Domain: bad}); err == nil {
			t.Errorf("domain %q accepted", bad)
		}
	}
}

// TestCleanDomain: a domain is a host name, with a port
// from 1 to 65535 if it has one; x.org:99999, x.org:, x..org and -x.org were
// accepted.
func TestCleanDomain(t *testing.T) {
	for in, want := range map[string]string{
		"": "", "example.github.io": "example.github.io", "https://example.org/": "example.org", "localhost": "localhost",
		"x.org:1": "x.org:1", "x.org:8443": "x.org:8443", "x.org:65535": "x.org:65535", "EXAMPLE.org": "EXAMPLE.org",
		"a-b.c-d.org": "a-b.c-d.org", "127.0.0.1:8000": "127.0.0.1:8000", strings.Repeat("a", 63) + ".org": strings.Repeat("a", 63) + ".org",
	} {
		if got, err := CleanDomain(in); got != want || err != nil {
			t.Errorf("CleanDomain(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{
		"x.org:99999", "x.org:", "x..org", "-x.org", "x-.org", "x.org:0", "x.org:65536", "x.org:+80", "x.org:080", "x.org:8a",
		"x.org:80:80", ".x.org", "x.org.", ":80", "x_y.org", "https://x.org/p", "http://x.org", "[::1]:80",
		"x." + strings.Repeat("a", 64) + ".org", strings.Repeat("abcdefghi.", 26) + "org", "ex\u00e4mple.org",
	} {
		got, err := CleanDomain(bad)
		if err == nil {
			t.Errorf("CleanDomain(%q) = %q, accepted", bad, got)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, data.Quote(bad)) || !strings.Contains(msg, "65535") {
			t.Errorf("CleanDomain(%q): %q does not name the value and what is accepted", bad, msg)
		}
	}
}

// FuzzCleanDomain: whatever it is given, CleanDomain accepts only a host
// name that a URL keeps as its host, and names what it refuses.
func FuzzCleanDomain(f *testing.F) {
	for _, s := range []string{"", "example.github.io", "https://example.org/", "x.org:8443", "x.org:99999", "x..org", "-x.org", "x.org:"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h, err := CleanDomain(s)
		if err != nil {
			if !strings.Contains(err.Error(), "not accepted") || len(err.Error()) > 600 {
				t.Fatalf("CleanDomain(%q): %v", s, err)
			}
			return
		}
		if s == "" {
			return
		}
		u, perr := url.Parse("https://" + h + "/")
		if perr != nil || u.Host != h || u.Path != "/" || u.Hostname() == "" || strings.Contains(h, "..") {
			t.Fatalf("CleanDomain(%q) = %q, which is no URL's host (%v)", s, h, perr)
		}
		if p := u.Port(); p != "" {
			if n, _ := strconv.Atoi(p); n < 1 || n > 65535 {
				t.Fatalf("CleanDomain(%q) = %q: port out of range", s, h)
			}
		}
	})
}

// TestProxiedFilesStayLocal: go-app answers /robots.txt, /sitemap.xml and
// /ads.txt by fetching web/'s copy over HTTP from the request's Host, and
// caches what it gets. serve answers them from web/ itself.
func TestProxiedFilesStayLocal(t *testing.T) {
	asked := make(chan string, 10)
	elsewhere := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked <- r.URL.Path
		io.WriteString(w, "poisoned")
	}))
	defer elsewhere.Close()
	root := project(t)
	os.WriteFile(filepath.Join(root, "web", "robots.txt"), []byte("User-agent: *\n"), 0o644)
	srv := serve(t, Options{Root: root})
	for path, want := range map[string]string{"/robots.txt": "User-agent: *\n", "/sitemap.xml": "404 page not found\n"} {
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		req.Host = strings.TrimPrefix(elsewhere.URL, "http://")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if string(b) != want {
			t.Errorf("%s with another Host: %q, want %q", path, b, want)
		}
	}
	select {
	case p := <-asked:
		t.Errorf("serve fetched %s from the host a request named", p)
	default:
	}
}

// BenchmarkLongURL prerenders the embed for a URL at the server's header
// limit, all of it unknown hide names.
func BenchmarkLongURL(b *testing.B) {
	s, err := New(Options{Root: project(b)})
	if err != nil {
		b.Fatal(err)
	}
	u := "/embed?hide=" + strings.Repeat("nope,", (MaxHeaderBytes-1000)/5)
	size := 0
	for b.Loop() {
		w := httptest.NewRecorder()
		s.ServeHTTP(w, httptest.NewRequest("GET", u, nil))
		size = w.Body.Len()
	}
	b.ReportMetric(float64(size), "page-bytes")
}

// TestWebCompressed: serve sends web/'s files gzipped to a client that
// accepts gzip, as a host that compresses does (web/start.js then takes the
// wasm as it comes), and as they are to one that does not; a changed file is
// compressed anew.
func TestWebCompressed(t *testing.T) {
	root := project(t)
	wasm := filepath.Join(root, "web", "app.wasm")
	srv := serve(t, Options{Root: root})
	for i, content := range []string{strings.Repeat("wasm ", 1000), strings.Repeat("new wasm ", 2000)} {
		if err := os.WriteFile(wasm, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(wasm, time.Time{}, time.Now().Add(time.Duration(i)*time.Hour)); err != nil {
			t.Fatal(err)
		}
		for _, accept := range []string{"gzip, deflate, br", ""} {
			req, _ := http.NewRequest("GET", srv.URL+"/web/app.wasm", nil)
			req.Header.Set("Accept-Encoding", accept)
			res, err := http.DefaultTransport.RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			body := res.Body
			if enc := res.Header.Get("Content-Encoding"); (enc == "gzip") != (accept != "") {
				t.Errorf("Accept-Encoding %q: Content-Encoding %q", accept, enc)
			} else if enc == "gzip" {
				if body, err = gzip.NewReader(res.Body); err != nil {
					t.Fatal(err)
				}
			}
			b, err := io.ReadAll(body)
			res.Body.Close()
			if err != nil || string(b) != content {
				t.Errorf("Accept-Encoding %q: got %d bytes (%v), want the file's %d", accept, len(b), err, len(content))
			}
			if ct := res.Header.Get("Content-Type"); ct != "application/wasm" {
				t.Errorf("Accept-Encoding %q: Content-Type %q", accept, ct)
			}
		}
	}
}

// TestStartFirst: every page serve sends asks for web/start.js first
// thing in its head, once (FixPage), also with a domain, and tells it the
// languages whose words it may download.
func TestStartFirst(t *testing.T) {
	for _, o := range []Options{{}, {Base: "/repo/", Domain: "example.org"}} {
		o.Root = project(t)
		srv := serve(t, o)
		base := strings.TrimSuffix(o.Base, "/")
		for _, path := range []string{"/", "/embed", "/compare", "/embed/compare"} {
			_, body := get(t, srv.URL+path)
			want := `<meta charset="UTF-8"><script id="tj-start" data-langs="en fr de es" data-coming="English…|Français…|Deutsch…|Español…" src="` + base + `/web/start.js"></script>`
			if !strings.Contains(body, want) || strings.Count(body, "web/start.js") != 1 {
				t.Errorf("base %q, %s: start.js is not first in the head, once:\n%.1200s", o.Base, path, body)
			}
		}
	}
}

// A base path is a plain URL path: what a host's root or a repository's
// name needs, and nothing a page, a header or the manifest would read
// otherwise.
func TestCleanBase(t *testing.T) {
	for in, want := range map[string]string{"": "", "/": "", "repo": "/repo", "/repo/": "/repo", "/a/b.c/": "/a/b.c", "/My_Repo-2~x/": "/My_Repo-2~x"} {
		if got, err := CleanBase(in); got != want || err != nil {
			t.Errorf("CleanBase(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"/t&amp;j/", "/a;b/", `/a"b/`, "/a'b/", "/a<b/", "/a b/", "/a?b/", "/a#b/", "/a%20b/", "/../", "/a//b/", "/é/", `/a\b/`, "/a=b/"} {
		if got, err := CleanBase(in); err == nil || !strings.Contains(err.Error(), "not accepted") {
			t.Errorf("CleanBase(%q) = %q, %v; want it refused", in, got, err)
		}
	}
}
