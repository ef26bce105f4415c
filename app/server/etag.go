package server

import (
	"crypto/sha256"
	"encoding/base64"
	"io"
	"io/fs"
	"net/http"
	"sync"
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

// etags caches the ETag of each file by its path, size and modification
// time, which a rebuild or a redeployment changes, so that a file is hashed
// once, not on every request.
var etags = struct {
	sync.Mutex
	m map[etagKey]string
}{m: map[etagKey]string{}}

type etagKey struct {
	path  string
	size  int64
	mtime time.Time
}

// maxETags bounds the cache: past it, a server that has served many builds
// starts afresh.
const maxETags = 4096

func etagOf(path string, f io.ReadSeeker, fi fs.FileInfo) (string, error) {
	key := etagKey{path, fi.Size(), fi.ModTime()}
	etags.Lock()
	tag, ok := etags.m[key]
	etags.Unlock()
	if ok {
		return tag, nil
	}
	h := sha256.New()
	_, err := io.Copy(h, f)
	if _, serr := f.Seek(0, io.SeekStart); err == nil {
		err = serr
	}
	if err != nil {
		return "", err
	}
	tag = `"` + base64.RawURLEncoding.EncodeToString(h.Sum(nil)[:18]) + `"`
	etags.Lock()
	if len(etags.m) >= maxETags {
		clear(etags.m)
	}
	etags.m[key] = tag
	etags.Unlock()
	return tag, nil
}
