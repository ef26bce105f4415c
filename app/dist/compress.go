package dist

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
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
// the wasm and makes it about 12% smaller than level 9; at the best, the gzip
// copies are zopfli's where the zopfli command is installed (Zopfli), 6% smaller
// than compress/gzip's best: the wasm's gzip copy is what a host that does
// not compress sends (web/start.js), and the largest part of a first visit.
//
// When ctx is done it returns at once, with ctx's error, and writes nothing
// more: the compressions under way finish in memory, and their results are
// dropped, so that the caller may remove dir.
func Precompress(ctx context.Context, dir string, brotliLevel int) error {
	if brotliLevel == 0 {
		brotliLevel = brotli.BestCompression
	}
	gz := gzipBytes
	if path := Zopfli(); path != "" && brotliLevel == brotli.BestCompression {
		gz = func(name string, b []byte) ([]byte, error) { return zopfliBytes(ctx, path, name, b) }
	}
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && compressible[strings.ToLower(filepath.Ext(path))] {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		return err
	}
	// One job per file and encoding, on every core: brotli on the wasm alone
	// takes most of the time, and the rest fits beside it. The workers only
	// compress; this goroutine writes, so that nothing is written once it
	// has returned.
	type job struct {
		path, ext string
		compress  func(name string, b []byte) ([]byte, error)
	}
	type result struct {
		name string
		b    []byte // nil when the variant would not be smaller
		err  error
	}
	jobs := make(chan job)
	results := make(chan result, 2*len(files)) // never blocks a worker
	for range runtime.GOMAXPROCS(0) {
		go func() {
			for j := range jobs {
				b, err := compressFile(j.path, j.compress)
				results <- result{j.path + j.ext, b, err}
			}
		}()
	}
	br := func(_ string, b []byte) ([]byte, error) { return brotliBytes(b, brotliLevel) }
	// The largest files first, so that the slowest job does not start last.
	sort.Slice(files, func(i, j int) bool { return size(files[i]) > size(files[j]) })
	go func() {
		defer close(jobs)
		for _, f := range files {
			for _, j := range []job{{f, ".br", br}, {f, ".gz", gz}} {
				select {
				case jobs <- j:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	var first error
	for range 2 * len(files) {
		select {
		case r := <-results:
			switch {
			case ctx.Err() != nil:
				return ctx.Err()
			case r.err != nil:
				first = cmp.Or(first, r.err)
			case r.b != nil && first == nil:
				first = os.WriteFile(r.name, r.b, 0o644)
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return first
}

// compressFile returns path's content compressed, or nil if that would not
// be smaller.
func compressFile(path string, compress func(string, []byte) ([]byte, error)) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	c, err := compress(path, b)
	if err != nil || len(c) >= len(b) {
		return nil, err
	}
	return c, nil
}

func size(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}

func gzipBytes(_ string, b []byte) ([]byte, error) {
	var buf bytes.Buffer
	w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if _, err := w.Write(b); err != nil {
		return nil, err
	}
	err := w.Close()
	return buf.Bytes(), err
}

// Zopfli is the path of the zopfli command (Debian's zopfli package), or ""
// where it is not installed.
func Zopfli() string {
	path, err := exec.LookPath("zopfli")
	if err != nil {
		return ""
	}
	return path
}

// zopfliIterations is zopfli's --i: 5 makes the wasm's gzip copy 1,824,754
// bytes in 25 s, its default of 15 1,822,935 in 55 s, and 1 1,830,569 in
// 21 s; compress/gzip's best makes 1,932,071. With 5 it takes less time than
// brotli's best on the other core.
const zopfliIterations = 5

// zopfliBytes is the file name, whose content is b, gzipped by the zopfli
// command at path. Its output is decompressed and compared with b before it
// is used: a build never ships a copy that does not decode to its file.
func zopfliBytes(ctx context.Context, path, name string, b []byte) ([]byte, error) {
	file, err := filepath.Abs(name) // never read as an option
	if err != nil {
		return nil, err
	}
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, path, fmt.Sprintf("--i%d", zopfliIterations), "-c", file)
	cmd.Stderr = &stderr
	gz, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("gzip copy of %s: %s: %v %s", name, path, err, bytes.TrimSpace(stderr.Bytes()))
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err == nil {
		var got []byte
		if got, err = io.ReadAll(zr); err == nil && !bytes.Equal(got, b) {
			err = errors.New("it decompresses to other bytes than the file's")
		}
	}
	if err != nil {
		return nil, fmt.Errorf("gzip copy of %s: %s made a copy that does not decode to the file: %v", name, path, err)
	}
	return gz, nil
}

// brotliWindow is the brotli window, in bits: 24, the largest of the format
// (RFC 7932), which every browser decodes, rather than the encoder's default
// of 22 (4 MB). The wasm is larger than 4 MB, and the dataset it embeds,
// whose files repeat each other's keys and sources, then finds its matches
// across the whole file: the wasm's brotli copy is 27 KB smaller.
const brotliWindow = 24

// brotliWindowFor is the smallest brotli window, in bits, that holds n bytes,
// up to brotliWindow: a larger one finds no more matches in them, and the
// encoder's tables grow with it (an 18 KB page took 240 ms at quality 11 in a
// window of 24 bits, 30 ms in one of 16).
func brotliWindowFor(n int) int {
	w := 10 // the format's smallest
	for w < brotliWindow && 1<<w-16 < n {
		w++
	}
	return w
}

func brotliBytes(b []byte, level int) ([]byte, error) {
	var buf bytes.Buffer
	w := brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: level, LGWin: brotliWindowFor(len(b))})
	if _, err := w.Write(b); err != nil {
		return nil, err
	}
	err := w.Close()
	return buf.Bytes(), err
}
