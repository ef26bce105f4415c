package dist

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
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
