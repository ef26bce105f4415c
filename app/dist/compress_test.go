package dist

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
)

func TestPrecompress(t *testing.T) {
	dir := t.TempDir()
	page := []byte(strings.Repeat("<p>energy per token</p>\n", 200))
	os.MkdirAll(filepath.Join(dir, "web"), 0o755)
	os.WriteFile(filepath.Join(dir, "index.html"), page, 0o644)
	os.WriteFile(filepath.Join(dir, "web", "tiny.js"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(dir, "web", "icon.png"), page, 0o644)
	if err := Precompress(context.Background(), dir, 0); err != nil {
		t.Fatal(err)
	}
	gz, err := os.ReadFile(filepath.Join(dir, "index.html.gz"))
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := io.ReadAll(zr); !bytes.Equal(got, page) {
		t.Error("index.html.gz does not decompress to index.html")
	}
	br, err := os.ReadFile(filepath.Join(dir, "index.html.br"))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := io.ReadAll(brotli.NewReader(bytes.NewReader(br))); !bytes.Equal(got, page) {
		t.Error("index.html.br does not decompress to index.html")
	}
	for _, name := range []string{"web/tiny.js.gz", "web/tiny.js.br", "web/icon.png.gz"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s was written: not smaller, or not compressible", name)
		}
	}
}

// TestBrotliWindowHoldsTheFile: the window a file is compressed in holds it
// whole (a repeat as far back as the file's first half is found), up to the
// format's largest, and is no larger than that needs.
func TestBrotliWindowHoldsTheFile(t *testing.T) {
	for _, n := range []int{0, 1, 1008, 1009, 65520, 65521, 140_000, 16<<20 - 16, 16 << 20, 40 << 20} {
		w := brotliWindowFor(n)
		switch {
		case w < 10 || w > 24:
			t.Errorf("%d bytes: window of %d bits, outside brotli's 10 to 24", n, w)
		case w < 24 && 1<<w-16 < n:
			t.Errorf("%d bytes: a window of %d bits holds %d", n, w, 1<<w-16)
		case w > 10 && 1<<(w-1)-16 >= n:
			t.Errorf("%d bytes: a window of %d bits, where %d would hold them", n, w, w-1)
		}
	}
	// 70,000 random bytes twice: the copy is found only in a window of over
	// 70,000 bytes (17 bits or more), and costs almost nothing then.
	half := make([]byte, 70_000)
	r := rand.New(rand.NewPCG(3, 4))
	for i := range half {
		half[i] = byte(r.Uint32())
	}
	br, err := brotliBytes(append(half, half...), 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(br) > len(half)+len(half)/10 {
		t.Errorf("140,000 bytes whose second half repeats the first compress to %d bytes: the window misses the repeat", len(br))
	}
	if got, _ := io.ReadAll(brotli.NewReader(bytes.NewReader(br))); !bytes.Equal(got, append(half, half...)) {
		t.Error("the copy does not decompress to the file")
	}
}
