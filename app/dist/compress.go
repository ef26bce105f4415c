package dist

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/andybalholm/brotli"
)

// compressible lists the extensions worth precompressing; images and fonts in
// other formats are compressed already.
var compressible = map[string]bool{
	".html": true, ".js": true, ".css": true, ".wasm": true, ".json": true,
	".webmanifest": true, ".svg": true, ".txt": true, ".map": true,
}

// Precompress writes name.gz and name.br beside every compressible file under
// dir, at the highest levels, for hosts that serve precompressed files
// (nginx gzip_static and brotli_static, S3 with Content-Encoding, Netlify).
// A variant that would not be smaller is not written: hosts then serve the
// original. brotliLevel 0 means the best (11), which takes most of a minute on
// the wasm and makes it about 12% smaller than level 9.
func Precompress(dir string, brotliLevel int) error {
	if brotliLevel == 0 {
		brotliLevel = brotli.BestCompression
	}
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !compressible[strings.ToLower(filepath.Ext(path))] {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, enc := range []struct {
			ext      string
			compress func([]byte) ([]byte, error)
		}{{".gz", gzipBytes}, {".br", func(b []byte) ([]byte, error) { return brotliBytes(b, brotliLevel) }}} {
			c, err := enc.compress(b)
			if err != nil {
				return err
			}
			if len(c) >= len(b) {
				continue
			}
			if err := os.WriteFile(path+enc.ext, c, 0o644); err != nil {
				return err
			}
		}
		return nil
	})
}

func gzipBytes(b []byte) ([]byte, error) {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if _, err := w.Write(b); err != nil {
		return nil, err
	}
	err := w.Close()
	return buf.Bytes(), err
}

func brotliBytes(b []byte, level int) ([]byte, error) {
	var buf bytes.Buffer
	w := brotli.NewWriterLevel(&buf, level)
	if _, err := w.Write(b); err != nil {
		return nil, err
	}
	err := w.Close()
	return buf.Bytes(), err
}
