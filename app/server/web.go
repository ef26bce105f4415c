package server

import (
	"mime"
	"net/http"
	"os"
	"path"
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
	http.ServeContent(w, r, name, fi.ModTime(), f)
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
