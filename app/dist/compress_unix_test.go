//go:build unix

package dist

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sample is a page of figures, as the site's files are: text that repeats
// its words, not its numbers.
func sample() []byte {
	r := rand.New(rand.NewPCG(1, 2))
	var b bytes.Buffer
	for i := range 300 {
		fmt.Fprintf(&b, "<tr><td>model-%d</td><td>%.4f J/token</td><td>%d GPUs</td></tr>\n", r.IntN(40), r.Float64()*3, 1<<r.IntN(4))
		if i%50 == 0 {
			b.WriteString("<p>GPU energy only, measured with Zeus under vLLM.</p>\n")
		}
	}
	return b.Bytes()
}

func gunzip(t *testing.T, name string) []byte {
	t.Helper()
	gz, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return b
}

// TestPrecompressZopfli: at the best quality, the gzip copies are zopfli's,
// smaller than compress/gzip's best, and decode to their files. CI installs
// zopfli; elsewhere the test skips where it is missing.
func TestPrecompressZopfli(t *testing.T) {
	if Zopfli() == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("CI must have zopfli (apt-get install zopfli): the shipped gzip copies are its")
		}
		t.Skip("skipping: zopfli is not installed (apt-get install zopfli)")
	}
	page := sample()
	std, _ := gzipBytes("", page)
	// 0 and 11 both name the best (app/bench builds with 11).
	for _, level := range []int{0, 11} {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "index.html"), page, 0o644)
		if err := Precompress(context.Background(), dir, level); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(gunzip(t, filepath.Join(dir, "index.html.gz")), page) {
			t.Fatal("index.html.gz does not decompress to index.html")
		}
		fi, _ := os.Stat(filepath.Join(dir, "index.html.gz"))
		if fi.Size() >= int64(len(std)) {
			t.Errorf("brotli quality %d: index.html.gz is %d bytes, compress/gzip's best %d: not zopfli's", level, fi.Size(), len(std))
		}
	}
}

// fakeZopfli puts a zopfli command running script first on PATH.
func fakeZopfli(t *testing.T, script string) {
	bin := t.TempDir()
	if err := os.WriteFile(filepath.Join(bin, "zopfli"), []byte("#!/bin/sh\n"+script+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// TestPrecompressZopfliFails: a zopfli that fails, or writes a copy that does
// not decode to the file, fails the build with an error naming the file; the
// copy is not written.
func TestPrecompressZopfliFails(t *testing.T) {
	for _, c := range []struct{ name, script, want string }{
		{"exits 1", `echo "zopfli: out of memory" >&2; exit 1`, "out of memory"},
		{"not gzip", `echo "not gzip at all"`, "does not decode"},
		{"other bytes", `printf 'x' | gzip -c`, "other bytes"},
		{"cut short", `gzip -c "$3" | head -c 100`, "does not decode"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fakeZopfli(t, c.script)
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "index.html"), sample(), 0o644)
			err := Precompress(context.Background(), dir, 0)
			if err == nil || !strings.Contains(err.Error(), "index.html") || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got error %v, want one naming index.html and saying %q", err, c.want)
			}
			if _, err := os.Stat(filepath.Join(dir, "index.html.gz")); err == nil {
				t.Error("index.html.gz was written")
			}
		})
	}
}

// TestPrecompressFastSkipsZopfli: the tests' quick builds (a lower brotli
// quality) keep compress/gzip, which takes milliseconds where zopfli takes
// 25 s on the wasm.
func TestPrecompressFastSkipsZopfli(t *testing.T) {
	fakeZopfli(t, `echo "not gzip at all"`)
	dir := t.TempDir()
	page := sample()
	os.WriteFile(filepath.Join(dir, "index.html"), page, 0o644)
	if err := Precompress(context.Background(), dir, 1); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(gunzip(t, filepath.Join(dir, "index.html.gz")), page) {
		t.Fatal("index.html.gz does not decompress to index.html")
	}
}
