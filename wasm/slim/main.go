// Command slim keeps go-app's server and its crypto out of the browser build, and has its
// engine render without waiting for a timer. go-app's
// package app holds both the browser engine and the HTTP handler that serves
// and prerenders it (http.go, and LocalDir in resource.go); in a wasm build
// the handler is dead code, but importing net/http links its package
// initialisers and what they reach: crypto/tls and the x509, elliptic-curve,
// RSA and ML-KEM code, about a fifth of app.wasm (measured with go-app
// v10.1.11: 9,198,653 -> 7,666,309 bytes, 1,663,054 -> 1,323,688 brotli).
//
// slim copies go-app, as the module cache holds the version go.mod pins
// (checked against go.sum), into a directory, edits those two files there to
// do without net/http (and engine.go, below), and writes beside it a go.mod (with go.sum) that
// replaces go-app by the copy, for the wasm build only; it prints that
// go.mod's path:
//
//	GOOS=js GOARCH=wasm go build -modfile "$(go run ./wasm/slim -dir .cache/wasm-slim)" ./wasm
//
// (`go build -overlay` would be simpler, but it refuses to replace files in
// the module cache.)
//
// It also keeps crypto out (cryptoStub, uuidEdits): go-app enciphers values
// with AES-GCM (Context.Encrypt, encrypted persisted state), which tokenjoule
// never asks for, and names a device and its broadcast channel with
// github.com/google/uuid, which links crypto/rand, md5, sha1 and
// database/sql/driver; ids from math/rand/v2 are as unique for those uses.
// Measured with go-app v10.1.11 on top of the above: 1,563,090 -> 1,497,212
// bytes brotli.
//
// It also makes the engine render as soon as the events it was handed are
// handled (engineEdits): go-app renders on a timer, a frame period (8.3 ms)
// after the first event, in a task of its own, so that a change typed just
// before the browser draws a frame missed it and waited for the next one.
// Rendered in the event's own task, a change is painted in the next frame.
//
// It fails, saying so, when go-app's files are not as expected (another
// version): check the edits below against it.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

const goapp = "github.com/maxence-charriere/go-app/v10/pkg/app"

// httpStub replaces http.go. wasm.go, which is only built for wasm, names
// *Handler in its GenerateStaticWebsite stub, so the type stays.
const httpStub = `package app

// Handler is go-app's HTTP handler, which serves and prerenders the app. It
// has no use in the browser: tokenjoule's wasm build replaces http.go with
// this file (see tokenjoule/wasm/slim) to keep net/http out of app.wasm.
type Handler struct{}
`

// cryptoStub replaces crypto.go: encrypt and decrypt refuse, saying why, and
// newID stands for uuid.NewString.
const cryptoStub = `package app

import (
	"fmt"
	"math/rand/v2"

	"github.com/maxence-charriere/go-app/v10/pkg/errors"
)

// tokenjoule's wasm build (tokenjoule/wasm/slim) leaves AES out of app.wasm:
// the calculator enciphers nothing.
var errNoCrypto = errors.New("encryption is left out of tokenjoule's browser build (see tokenjoule/wasm/slim)")

func encrypt(key string, v []byte) ([]byte, error) { return nil, errNoCrypto }

func decrypt(key string, v []byte) ([]byte, error) { return nil, errNoCrypto }

// newID is a random id in the form of a UUID (version 4), without crypto/rand.
func newID() string {
	a, b := rand.Uint64(), rand.Uint64()
	return fmt.Sprintf("%08x-%04x-4%03x-%04x-%012x", a>>32, a>>16&0xffff, a&0xfff, b>>48&0x3fff|0x8000, b&0xffffffffffff)
}
`

// uuidEdits have context.go and state.go take their ids from newID.
var uuidEdits = []struct{ old, new string }{
	{"\t\"github.com/google/uuid\"\n", ""},
	{"uuid.NewString()", "newID()"},
}

// resourceEdits remove LocalDir's use of net/http from resource.go: in the
// browser a local directory resolver has nothing to serve.
var resourceEdits = []struct{ old, new string }{
	{"import (\n\t\"net/http\"\n\t\"strings\"\n)", "import (\n\t\"strings\"\n)"},
	{"\t\tHandler:   http.FileServer(http.Dir(directory)),\n", ""},
	{"type localResourceResolver struct {\n\thttp.Handler\n", "type localResourceResolver struct {\n"},
}

// engineEdits make engine.go's loop render once the queue of dispatched
// functions (event handlers, OnMount, OnNav…) is empty, instead of when its
// frame timer fires. The timer stays, idle, for the loop's other uses.
var engineEdits = []struct{ old, new string }{
	{"\t\t\tdispatch()\n\n\t\tcase <-frames.C:\n",
		"\t\t\tdispatch()\n" +
			"\t\t\tif len(e.dispatches) == 0 {\n" +
			"\t\t\t\t// tokenjoule (wasm/slim): render now, in the task that handled the events.\n" +
			"\t\t\t\te.processFrame()\n" +
			"\t\t\t\tframes.Reset(iddleFrameDuration)\n" +
			"\t\t\t\tcurrentFrameDuration = iddleFrameDuration\n" +
			"\t\t\t}\n\n" +
			"\t\tcase <-frames.C:\n"},
}

// edit applies edits to the file name in dir, each of whose old texts must
// occur exactly once.
func edit(dir, name string, edits []struct{ old, new string }) (string, error) {
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		return "", err
	}
	s := string(b)
	for _, e := range edits {
		if strings.Count(s, e.old) != 1 {
			return "", fmt.Errorf("%s is not as in go-app v10.1.11 (looking for %q): update wasm/slim", name, e.old)
		}
		s = strings.Replace(s, e.old, e.new, 1)
	}
	return s, nil
}

func main() {
	dir := flag.String("dir", ".cache/wasm-slim", "`dir`ectory to write the overlay into")
	flag.Parse()
	path, err := overlay(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "slim:", err)
		os.Exit(1)
	}
	fmt.Println(path)
}

func overlay(dir string) (string, error) {
	out, err := exec.Command("go", "list", "-f", "{{.Module.Dir}}\t{{.Module.Path}}\t{{.Module.Version}}", goapp).Output()
	if err != nil {
		return "", fmt.Errorf("finding %s: %v", goapp, err)
	}
	f := strings.Split(strings.TrimSpace(string(out)), "\t")
	if len(f) != 3 {
		return "", fmt.Errorf("finding %s: go list said %q", goapp, out)
	}
	src, module, version := f[0], f[1], f[2]
	if dir, err = filepath.Abs(dir); err != nil {
		return "", err
	}
	copyDir := filepath.Join(dir, "go-app@"+version)
	if err := os.RemoveAll(copyDir); err != nil {
		return "", err
	}
	if err := copyTree(src, copyDir); err != nil {
		return "", err
	}
	app := filepath.Join(copyDir, "pkg", "app")
	resource, err := edit(app, "resource.go", resourceEdits)
	if err != nil {
		return "", fmt.Errorf("%s/%v", src, err)
	}
	engine, err := edit(app, "engine.go", engineEdits)
	if err != nil {
		return "", fmt.Errorf("%s/%v", src, err)
	}
	context, err := edit(app, "context.go", uuidEdits)
	if err != nil {
		return "", fmt.Errorf("%s/%v", src, err)
	}
	state, err := edit(app, "state.go", uuidEdits)
	if err != nil {
		return "", fmt.Errorf("%s/%v", src, err)
	}
	if _, err := os.Stat(filepath.Join(app, "crypto.go")); err != nil {
		return "", fmt.Errorf("%s has no pkg/app/crypto.go: update wasm/slim", src)
	}
	if strings.Contains(resource, "http.") {
		return "", fmt.Errorf("%s/resource.go still uses net/http after the edits: update wasm/slim", src)
	}
	if _, err := os.Stat(filepath.Join(app, "http.go")); err != nil {
		return "", fmt.Errorf("%s has no pkg/app/http.go: update wasm/slim", src)
	}
	for name, content := range map[string]string{"http.go": httpStub, "resource.go": resource, "engine.go": engine,
		"crypto.go": cryptoStub, "context.go": context, "state.go": state} {
		if err := os.WriteFile(filepath.Join(app, name), []byte(content), 0o644); err != nil {
			return "", err
		}
	}

	// go.mod and go.sum of this module, with go-app replaced by the copy.
	out, err = exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", err
	}
	gomod := strings.TrimSpace(string(out))
	mod, err := os.ReadFile(gomod)
	if err != nil {
		return "", err
	}
	sum, err := os.ReadFile(strings.TrimSuffix(gomod, ".mod") + ".sum")
	if err != nil {
		return "", err
	}
	mod = append(mod, fmt.Sprintf("\nreplace %s %s => %s\n", module, version, copyDir)...)
	path := filepath.Join(dir, "go.mod")
	if err := os.WriteFile(path, mod, 0o644); err != nil {
		return "", err
	}
	return path, os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644)
}

// copyTree copies the regular files under src to dst, writable (the module
// cache is read-only).
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
}
