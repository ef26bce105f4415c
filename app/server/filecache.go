package server

import (
	"io"
	"io/fs"
	"sync"
	"time"
)

// A fileCache holds what was made of a file (its gzip copy, its ETag) for as
// long as the file keeps its path, size and modification time, which a
// rebuild or a redeployment changes, so that it is made once, not on every
// request.
type fileCache[V any] struct {
	mu sync.Mutex
	m  map[fileVersion]V
}

type fileVersion struct {
	path  string
	size  int64
	mtime time.Time
}

// maxCached bounds a cache: past it, a server that has served many builds
// starts afresh.
const maxCached = 4096

// get returns what derive makes of f, the file at path whose FileInfo is fi,
// made once per version of the file; f is read from its start and left
// there.
func (c *fileCache[V]) get(path string, f io.ReadSeeker, fi fs.FileInfo, derive func(io.Reader) (V, error)) (V, error) {
	key := fileVersion{path, fi.Size(), fi.ModTime()}
	c.mu.Lock()
	v, ok := c.m[key]
	c.mu.Unlock()
	if ok {
		return v, nil
	}
	v, err := derive(f)
	if _, serr := f.Seek(0, io.SeekStart); err == nil {
		err = serr
	}
	if err != nil {
		return v, err
	}
	c.mu.Lock()
	if c.m == nil || len(c.m) >= maxCached {
		c.m = map[fileVersion]V{}
	}
	c.m[key] = v
	c.mu.Unlock()
	return v, nil
}
