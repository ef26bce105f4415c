package main

import (
	"os"
	"os/exec"
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
	modfile, err := overlay(t.TempDir())
	if err != nil {
		t.Fatal(err)
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
	for _, p := range []string{"net/http", "crypto/tls", "crypto/x509", "mime/multipart"} {
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
