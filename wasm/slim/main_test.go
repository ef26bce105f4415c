package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestOverlay builds the dependency list of the browser entry against the
// slimmed go-app: net/http and crypto/tls must be gone, and go-app's engine
// and the calculator still there.
func TestOverlay(t *testing.T) {
	if testing.Short() {
		t.Skip("copies go-app and asks the go command")
	}
	dir := t.TempDir()
	modfile, err := overlay(dir)
	if err != nil {
		t.Fatal(err)
	}
	// The engine renders once the events are handled.
	engines, _ := filepath.Glob(filepath.Join(dir, "go-app@*", "pkg", "app", "engine.go"))
	if len(engines) != 1 {
		t.Fatalf("the copy of go-app has engine.go files %v, want one", engines)
	}
	if b, err := os.ReadFile(engines[0]); err != nil || !strings.Contains(string(b), "dispatch()\n\t\t\tif len(e.dispatches) == 0 {\n") {
		t.Errorf("the copy's engine.go lacks the render after the dispatches (%v)", err)
	}
	cmd := exec.Command("go", "list", "-modfile", modfile, "-deps", "tokenjoule/wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list against the slimmed go-app: %v\n%s", err, out)
	}
	deps := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		deps[p] = true
	}
	for _, p := range []string{"net/http", "crypto/tls", "crypto/x509", "mime/multipart", "crypto/aes", "crypto/rand", "github.com/google/uuid"} {
		if deps[p] {
			t.Errorf("the wasm still links %s", p)
		}
	}
	for _, p := range []string{goapp, "tokenjoule/app/ui", "tokenjoule/data"} {
		if !deps[p] {
			t.Errorf("the wasm no longer links %s", p)
		}
	}
	// The calculator's own go.mod and go.sum are not touched.
	if out, err := exec.Command("git", "status", "--porcelain", "--", "../../go.mod", "../../go.sum").Output(); err == nil && len(out) > 0 {
		t.Errorf("go.mod or go.sum changed:\n%s", out)
	}
}
