package server

import (
	"bytes"
	"compress/gzip"
	"io"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// webFiles serves the files of one directory (web/) by their plain names,
// and nothing else: no subdirectory, no listing, no dotfile, no name that
// needs decoding (so no encoded, double-encoded or backslash form of ".."
// reaches the file system), and, through os.Root, no symbolic link that
// leads out of the directory. Every request it refuses is a 404 that says
// nothing about what exists.
type webFiles struct {
	dir  string
	base string // the site's path, for the headers
}

// serve answers a request for web/<name>.
func (wf webFiles) serve(w http.ResponseWriter, r *http.Request, name string) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		SetHeaders(w.Header(), "/", wf.base)
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	f, err := wf.open(name)
	if err != nil {
		SetHeaders(w.Header(), "/", wf.base)
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		SetHeaders(w.Header(), "/", wf.base)
		http.NotFound(w, r)
		return
	}
	SetHeaders(w.Header(), "/web/"+name, wf.base)
	if w.Header().Get("Content-Type") == "" {
		ctype := mime.TypeByExtension(path.Ext(name))
		if ctype == "" {
			ctype = "application/octet-stream"
		}
		w.Header().Set("Content-Type", ctype)
	}
	if compressible[path.Ext(name)] {
		w.Header().Add("Vary", "Accept-Encoding")
		if Accepts(r.Header.Get("Accept-Encoding"), "gzip") {
			if gz, err := gzipped(wf.dir, name, f, fi); err == nil {
				w.Header().Set("Content-Encoding", "gzip")
				ServeContent(w, r, filepath.Join(wf.dir, name)+" gzip", bytes.NewReader(gz), fi)
				return
			}
		}
	}
	ServeContent(w, r, filepath.Join(wf.dir, name), f, fi)
}

// compressible lists the extensions of web/'s files that compress.
var compressible = map[string]bool{".wasm": true, ".js": true, ".css": true, ".svg": true, ".json": true, ".txt": true}

// gzipCopies are web/'s files gzipped, each made once.
var gzipCopies fileCache[[]byte]

// gzipped is the file f, name in dir, gzipped: like a host that compresses,
// the server sends the wasm a fifth of its size, and the page takes it as
// it comes (web/start.js fetches a gzip copy where a host sends none). The
// fastest level: this is for development and tests; `build` writes the
// smallest copies for the hosts that serve them.
func gzipped(dir, name string, f *os.File, fi os.FileInfo) ([]byte, error) {
	return gzipCopies.get(filepath.Join(dir, name), f, fi, func(r io.Reader) ([]byte, error) {
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.BestSpeed)
		if _, err := io.Copy(zw, r); err != nil {
			return nil, err
		}
		err := zw.Close()
		return b.Bytes(), err
	})
}

func (wf webFiles) open(name string) (*os.File, error) {
	if !plainName(name) {
		return nil, os.ErrNotExist
	}
	root, err := os.OpenRoot(wf.dir)
	if err != nil {
		return nil, err
	}
	defer root.Close() // the file stays open
	return root.Open(name)
}

// plainName tells whether name is a file name of letters, digits, '.', '-'
// and '_', not starting with '.': every file web/ holds, and nothing that
// could mean another directory on any system.
func plainName(name string) bool {
	if name == "" || len(name) > 255 || name[0] == '.' {
		return false
	}
	for _, c := range []byte(name) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// webName is the file a request path names under /web/, if it names one
// without any decoding: the raw path must be the decoded one.
func webName(r *http.Request) (name string, isWeb bool) {
	p := r.URL.Path
	if p != "/web" && !strings.HasPrefix(p, "/web/") && !strings.HasPrefix(r.URL.RawPath, "/web") {
		return "", false
	}
	if r.URL.RawPath != "" && r.URL.RawPath != p {
		return "", true // encoded: refused
	}
	return strings.TrimPrefix(p, "/web/"), true
}

// Accepts tells whether an Accept-Encoding header accepts coding: named, or
// through "*", with a q-value above 0 (RFC 9110, 12.5.3). "br;q=0" refuses br.
func Accepts(header, coding string) bool {
	star := false
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.TrimSpace(name)
		q := 1.0
		for p := range strings.SplitSeq(params, ";") {
			if k, v, ok := strings.Cut(p, "="); ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				var err error
				if q, err = strconv.ParseFloat(strings.TrimSpace(v), 64); err != nil {
					q = 0
				}
			}
		}
		switch {
		case strings.EqualFold(name, coding):
			return q > 0
		case name == "*":
			star = q > 0
		}
	}
	return star
}
