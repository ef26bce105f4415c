package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestOverlay builds the dependency list of the browser entry against the
// slimmed go-app and go-echarts: net/http, crypto/tls, regexp, the
// templates, log and math/rand must be gone, and go-app's engine,
// go-echarts' charts and the calculator still there.
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
	b, err := os.ReadFile(engines[0])
	if err != nil || !strings.Contains(string(b), "dispatch()\n\t\t\tif len(e.dispatches) == 0 {\n") {
		t.Errorf("the copy's engine.go lacks the render after the dispatches (%v)", err)
	}
	// The first page adopts the prerendered one (adopt.go, in the package).
	if !strings.Contains(string(b), "e.nodes.adoptRoot(e.baseContext(), e.body, v)") {
		t.Error("the copy's engine.go does not adopt the prerendered page")
	}
	// An update adopts the kept prerendered children (adopt.go, keptAttr).
	if b, err := os.ReadFile(filepath.Join(filepath.Dir(engines[0]), "node.go")); err != nil || !strings.Contains(string(b), "m.adoptKept(ctx, v, new)") {
		t.Errorf("the copy's node.go does not adopt kept children (%v)", err)
	}
	if b, err := os.ReadFile(filepath.Join(filepath.Dir(engines[0]), "adopt.go")); err != nil || !strings.HasPrefix(string(b), "// wasm/slim copies this file into its copy of go-app") {
		t.Errorf("the copy of go-app has no adopt.go of its build, or one with its build constraint (%v)", err)
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
	for _, p := range []string{"net/http", "crypto/tls", "crypto/x509", "mime/multipart", "crypto/aes", "crypto/rand", "github.com/google/uuid",
		"regexp", "html/template", "text/template", "github.com/go-echarts/go-echarts/v2/templates", "log", "math/rand"} {
		if deps[p] {
			t.Errorf("the wasm still links %s", p)
		}
	}
	for _, p := range []string{goapp, echarts, "tokenjoule/app/ui", "tokenjoule/data"} {
		if !deps[p] {
			t.Errorf("the wasm no longer links %s", p)
		}
	}
	// The browser build's dataset is the pack (and the card's, which only
	// the card's wasm links: TestCardLinks), not the JSON files.
	cmd = exec.Command("go", "list", "-modfile", modfile, "-f", "{{.EmbedFiles}}", "tokenjoule/data")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := cmd.CombinedOutput(); err != nil || strings.TrimSpace(string(out)) != "[card.pack dataset.pack]" {
		t.Errorf("the browser build's data package embeds %s (%v), want the packs alone", out, err)
	}
	// The floor (app/bench -floor) is go-app alone: a hello world against
	// which the calculator's loads are read.
	cmd = exec.Command("go", "list", "-modfile", modfile, "-deps", "tokenjoule/wasm/floor")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err = cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list of the floor: %v\n%s", err, out)
	}
	floor := strings.Fields(string(out))
	if !slices.Contains(floor, goapp) {
		t.Errorf("the floor does not link go-app")
	}
	for _, p := range floor {
		if p != "tokenjoule/wasm/floor" && (strings.HasPrefix(p, "tokenjoule/") || strings.HasPrefix(p, "github.com/go-echarts/")) {
			t.Errorf("the floor links %s: it must stay go-app's hello world", p)
		}
	}
	// The calculator's own go.mod and go.sum are not touched.
	if out, err := exec.Command("git", "status", "--porcelain", "--", "../../go.mod", "../../go.sum").Output(); err == nil && len(out) > 0 {
		t.Errorf("go.mod or go.sum changed:\n%s", out)
	}
}

// TestJSStub: the copy of go-echarts' opts/js.go without regexp does what
// its regular expressions did. It runs a test of its own in a module that
// stands for go-echarts: opts/js.go and the one type it needs.
func TestJSStub(t *testing.T) {
	if testing.Short() {
		t.Skip("asks the go command")
	}
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":         "module github.com/go-echarts/go-echarts/v2\n\ngo 1.22\n",
		"types/types.go": "package types\n\ntype FuncStr string\n",
		"opts/js.go":     jsStub,
		"opts/js_test.go": `package opts

import (
	"regexp"
	"testing"
)

func TestAsRegexp(t *testing.T) {
	nl, comment := regexp.MustCompile("\\n|\\t"), regexp.MustCompile("(//.*)\\n")
	for _, s := range []string{"", "a\tb\nc", "x // one\ny // two\n", "a // b // c\nd", "// last", "f(x) {\n\treturn x // y\n}\n// z", "a\n\n//\n"} {
		if got, want := newlineTab.Replace(s), nl.ReplaceAllString(s, ""); got != want {
			t.Errorf("newlines and tabs out of %q: %q, want %q", s, got, want)
		}
		if got, want := stripComments(s), comment.ReplaceAllString(s, ""); got != want {
			t.Errorf("comments out of %q: %q, want %q", s, got, want)
		}
	}
}
`,
	}
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "test", "./opts")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("%v\n%s", err, out)
	}
}

// TestNoJSONDecoder links the browser entry and reads what the linker
// kept: nothing of encoding/json's decoder (go-app's calls go to
// decodeJSON, the charts read their options with decodeObject), which
// json.Unmarshal anywhere in the build would bring back.
func TestNoJSONDecoder(t *testing.T) {
	if testing.Short() {
		t.Skip("links the browser entry")
	}
	dir := t.TempDir()
	modfile, err := overlay(dir)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "build", "-trimpath", "-modfile", modfile, "-ldflags=-dumpdep", "-o", filepath.Join(dir, "app.wasm"), "tokenjoule/wasm")
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("linking the browser entry: %v\n%.2000s", err, out)
	}
	kept := string(out)
	if !strings.Contains(kept, "-> encoding/json.Marshal") {
		t.Fatalf("the linker's list of what it kept names no encoding/json.Marshal: not the list this test reads (%.500s)", out)
	}
	for _, sym := range []string{"encoding/json.(*decodeState)", "encoding/json.Unmarshal"} {
		if i := strings.Index(kept, "-> "+sym); i >= 0 {
			line := kept[strings.LastIndexByte(kept[:i], '\n')+1:]
			line, _, _ = strings.Cut(line, "\n")
			t.Errorf("the wasm links %s: %s", sym, line)
		}
	}
}
