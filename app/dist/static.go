package dist

import (
	"mime"
	"net/http"
	"os"
	"path"
	"strings"

	"tokenjoule/app/server"
)

// FileServer serves a built site from dir under base ("" or "/repo") the way a
// plain static host does (nginx with try_files $uri $uri.html $uri/ and
// gzip_static; GitHub Pages): a file by its name, a page by its name without
// .html, a directory by a redirect to its name with a slash and then its
// index.html, and a .br or .gz copy when the client accepts it. A file's name
// followed by a slash is a 404.
//
// It serves nothing outside dir: a path with a ".." segment, a backslash or a
// NUL, or a segment starting with "." (dotfiles, the build's marker) is a
// 404, and files are opened through os.Root, which refuses a symbolic link
// that leads out. dir is opened for each request, so that a rebuild, which
// replaces it, is served at once.
func FileServer(dir, base string) http.Handler {
	base = strings.TrimSuffix(base, "/")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		notFound := func() {
			server.SetHeaders(w.Header(), "/", base)
			http.NotFound(w, r)
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			server.SetHeaders(w.Header(), "/", base)
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		rel, ok := strings.CutPrefix(r.URL.Path, base)
		if !ok || rel != "" && rel[0] != '/' || !safePath(rel) {
			notFound()
			return
		}
		root, err := os.OpenRoot(dir)
		if err != nil {
			notFound()
			return
		}
		defer root.Close()
		// Relative to dir, slash-separated, "" for dir itself; doubled slashes
		// merged, as nginx and GitHub Pages merge them (/repo//).
		name := strings.TrimPrefix(path.Clean("/"+rel), "/")
		slash := strings.HasSuffix(rel, "/")
		switch {
		case name != "" && !slash && isFile(root, name):
			// A file's name with a slash is no file: /index.html/ is a 404,
			// as on nginx and GitHub Pages (index.html/index.html is none).
		case rel == "" || slash:
			if rel == "" {
				// The site's own path without its slash, as a host redirects a folder.
				redirect(w, r, base)
				return
			}
			name = path.Join(name, "index.html")
		case isFile(root, name+".html"):
			name += ".html"
		case isDir(root, name):
			redirect(w, r, base)
			return
		}
		serveFile(w, r, root, name, base)
	})
}

// safePath tells whether rel, a decoded URL path, names something inside the
// site as written: no ".." or dot-led segment, no backslash, no NUL.
func safePath(rel string) bool {
	if strings.ContainsAny(rel, "\\\x00") {
		return false
	}
	for seg := range strings.SplitSeq(rel, "/") {
		if strings.HasPrefix(seg, ".") {
			return false
		}
	}
	return true
}

func redirect(w http.ResponseWriter, r *http.Request, base string) {
	server.SetHeaders(w.Header(), "/", base)
	u := *r.URL
	u.Path += "/"
	http.Redirect(w, r, u.String(), http.StatusMovedPermanently)
}

func isFile(root *os.Root, name string) bool {
	fi, err := root.Stat(name)
	return err == nil && fi.Mode().IsRegular()
}

func isDir(root *os.Root, name string) bool {
	fi, err := root.Stat(name)
	return err == nil && fi.IsDir()
}

// serveFile serves name, or its precompressed copy with the original's type,
// with the site's headers for name.
func serveFile(w http.ResponseWriter, r *http.Request, root *os.Root, name, base string) {
	if !isFile(root, name) {
		server.SetHeaders(w.Header(), "/", base)
		http.NotFound(w, r)
		return
	}
	server.SetHeaders(w.Header(), "/"+name, base)
	ctype := mime.TypeByExtension(path.Ext(name))
	switch path.Ext(name) {
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
		if !server.Accepts(accept, enc.token) {
			continue
		}
		if f, err := root.Open(name + enc.ext); err == nil {
			defer f.Close()
			if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
				w.Header().Set("Content-Encoding", enc.token)
				server.ServeContent(w, r, path.Join(root.Name(), name+enc.ext), f, fi)
				return
			}
		}
	}
	f, err := root.Open(name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		http.NotFound(w, r)
		return
	}
	server.ServeContent(w, r, path.Join(root.Name(), name), f, fi)
}
