package server

import (
	"crypto/sha256"
	"encoding/base64"
	"io"
	"io/fs"
	"net/http"
	"time"
)

// ServeContent serves f, the file at path, with a strong ETag made of its
// content's hash and no Last-Modified, so that a revalidation asks whether
// the bytes changed, not whether they are newer: a site rolled back to an
// older build has older modification times, and If-Modified-Since would
// keep the newer build in every returning visitor's cache and service
// worker. fi is f's.
func ServeContent(w http.ResponseWriter, r *http.Request, path string, f io.ReadSeeker, fi fs.FileInfo) {
	if tag, err := etagOf(path, f, fi); err == nil {
		w.Header().Set("ETag", tag)
	}
	http.ServeContent(w, r, fi.Name(), time.Time{}, f)
}

// etags are the files' ETags, each made once.
var etags fileCache[string]

func etagOf(path string, f io.ReadSeeker, fi fs.FileInfo) (string, error) {
	return etags.get(path, f, fi, func(r io.Reader) (string, error) {
		h := sha256.New()
		if _, err := io.Copy(h, r); err != nil {
			return "", err
		}
		return `"` + base64.RawURLEncoding.EncodeToString(h.Sum(nil)[:18]) + `"`, nil
	})
}
