package dist

import (
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// FileServer serves a built site from dir under base ("" or "/repo") the way a
// plain static host does (nginx with try_files $uri $uri.html $uri/ and
// gzip_static; GitHub Pages): a file by its name, a page by its name without
// .html, a directory by a redirect to its name with a slash and then its
// index.html, and a .br or .gz copy when the client accepts it.
func FileServer(dir, base string) http.Handler {
	base = strings.TrimSuffix(base, "/")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		rel, ok := strings.CutPrefix(r.URL.Path, base)
		if !ok || rel != "" && rel[0] != '/' {
			http.NotFound(w, r)
			return
		}
		SetHeaders(w, r.URL.Path, base)
		name := filepath.Join(dir, filepath.FromSlash(path.Clean("/"+rel)))
		if isFile(name) {
			serveFile(w, r, name)
			return
		}
		if strings.HasSuffix(rel, "/") {
			name = filepath.Join(name, "index.html")
		} else if isFile(name + ".html") {
			name += ".html"
		} else if fi, err := os.Stat(name); err == nil && fi.IsDir() {
			u := *r.URL
			u.Path += "/"
			http.Redirect(w, r, u.String(), http.StatusMovedPermanently)
			return
		}
		serveFile(w, r, name)
	})
}

func isFile(name string) bool {
	fi, err := os.Stat(name)
	return err == nil && !fi.IsDir()
}

// serveFile serves name, or its precompressed copy with the original's type.
func serveFile(w http.ResponseWriter, r *http.Request, name string) {
	if !isFile(name) {
		http.NotFound(w, r)
		return
	}
	ctype := mime.TypeByExtension(filepath.Ext(name))
	switch filepath.Ext(name) {
	case ".wasm":
		ctype = "application/wasm"
	case ".webmanifest":
		ctype = "application/manifest+json"
	case "":
		ctype = "application/octet-stream"
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Add("Vary", "Accept-Encoding")
	accept := r.Header.Get("Accept-Encoding")
	for _, enc := range []struct{ token, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
		if !strings.Contains(accept, enc.token) {
			continue
		}
		if f, err := os.Open(name + enc.ext); err == nil {
			defer f.Close()
			fi, _ := f.Stat()
			w.Header().Set("Content-Encoding", enc.token)
			http.ServeContent(w, r, name, fi.ModTime(), f)
			return
		}
	}
	f, err := os.Open(name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	fi, _ := f.Stat()
	http.ServeContent(w, r, name, fi.ModTime(), f)
}
