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
// It also keeps regexp, html/template and text/template out (about a tenth
// of app.wasm's code, and work at start: their package initialisers compile
// regular expressions): go-app's router compiles the patterns of
// RouteWithRegexp, which the browser build never registers (web/guard.js
// gives the app each page's own name, see app/ui/routes.go), so routeEdits
// make it refuse them; and a copy of go-echarts, whose HTML rendering the
// calculator never asks for (it hands ECharts the options itself), gets a
// render package that renders nothing (renderStub) and loses its last uses
// of regexp and html/template (jsStub, baseEdits).
//
// It also keeps log and math/rand out of go-echarts (geoEdits, idEdits): a
// warning for maps the calculator never draws, and chart ids from
// math/rand/v2, which go-app's ids use already (go1.26.8: 1,632,671 ->
// 1,611,995 bytes brotli).
//
// With -o, it then builds the browser entry itself, as every build of it
// should (make wasm, the browser tests, the benchmark): against the copies,
// for js/wasm, stripped (unless -symbols), with inlining left to the
// runtime and the small packages under it (see inlined), and its data in
// one segment, which compresses better than the linker's 100,000 (see
// joinData).
//
// It fails, saying so, when go-app's or go-echarts' files are not as
// expected (another version): check the edits below against it.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

const (
	goapp    = "github.com/maxence-charriere/go-app/v10/pkg/app"
	echarts  = "github.com/go-echarts/go-echarts/v2/charts"
	noRegexp = "tokenjoule's browser build (tokenjoule/wasm/slim) has no regular expressions"
)

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

// routeEdits make go-app's router do without regexp: RouteWithRegexp
// panics, saying why, and no route matches a pattern.
var routeEdits = []struct{ old, new string }{
	{"import (\n\t\"regexp\"\n\t\"sync\"\n)", "import (\n\t\"sync\"\n)"},
	{"\t\tregexp:       regexp.MustCompile(pattern),\n", ""},
	{"\tr.mu.Lock()\n\tdefer r.mu.Unlock()\n\n\tr.routesWithRegexp = append(", "\tpanic(\"RouteWithRegexp(\" + pattern + \"): " + noRegexp + "\")\n\tr.routesWithRegexp = append("},
	{"\tfor _, rwr := range r.routesWithRegexp {\n\t\tif rwr.regexp.MatchString(path) {\n\t\t\treturn true\n\t\t}\n\t}\n", ""},
	{"\tfor _, rwr := range r.routesWithRegexp {\n\t\tif rwr.regexp.MatchString(path) {\n\t\t\treturn rwr.newComponent(), true\n\t\t}\n\t}\n", ""},
	{"\tregexp       *regexp.Regexp\n", ""},
}

// renderStub replaces go-echarts' render package (every file of it): the
// same names, and a Renderer that renders nothing.
const renderStub = `// Package render is go-echarts' HTML rendering, left out of tokenjoule's
// browser build by tokenjoule/wasm/slim: the calculator hands ECharts the
// options itself, and rendering links html/template and regexp.
package render

import (
	"errors"
	"io"
)

const (
	ModChart                   = "chart"
	ModPage                    = "page"
	EchartsInstancePrefix      = "goecharts_"
	EchartsInstancePlaceholder = "%MY_ECHARTS%"
)

type ChartSnippet struct {
	Element string
	Script  string
	Option  string
}

type Renderer interface {
	Render(w io.Writer) error
	RenderContent() []byte
	RenderSnippet() ChartSnippet
}

var errNoRender = errors.New("go-echarts' HTML rendering is left out of tokenjoule's browser build (see tokenjoule/wasm/slim)")

type none struct{}

func (none) Render(io.Writer) error       { return errNoRender }
func (none) RenderContent() []byte        { panic(errNoRender) }
func (none) RenderSnippet() ChartSnippet { panic(errNoRender) }

func NewChartRender(c interface{}, before ...func()) Renderer { return none{} }

func NewPageRender(c interface{}, before ...func()) Renderer { return none{} }
`

// jsStub replaces go-echarts' opts/js.go: the same functions, with string
// functions in place of its two regular expressions.
const jsStub = `package opts

import (
	"strings"

	"github.com/go-echarts/go-echarts/v2/types"
)

// tokenjoule's browser build (tokenjoule/wasm/slim): the regular
// expressions \n|\t and (//.*)\n as string functions.

const funcMarker = "__f__"

var newlineTab = strings.NewReplacer("\n", "", "\t", "")

// stripComments removes each "//" up to the end of its line, the newline
// included, as (//.*)\n did; a comment on a last line without one stays.
func stripComments(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "//")
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '\n')
		if j < 0 {
			break
		}
		b.WriteString(s[:i])
		s = s[i+j+1:]
	}
	b.WriteString(s)
	return b.String()
}

type JSFunctions struct {
	Fns []types.FuncStr
}

func (f *JSFunctions) AddJSFuncs(fn ...string) {
	for i := 0; i < len(fn); i++ {
		f.Fns = append(f.Fns, types.FuncStr(newlineTab.Replace(fn[i])))
	}
}

func (f *JSFunctions) AddJSFuncStrs(fn ...types.FuncStr) {
	for i := 0; i < len(fn); i++ {
		f.Fns = append(f.Fns, types.FuncStr(newlineTab.Replace(string(fn[i]))))
	}
}

func FuncOpts(fn string) types.FuncStr {
	return types.FuncStr(replaceJsFuncs(fn))
}

func FuncStripCommentsOpts(fn string) string {
	return replaceJsFuncs(stripComments(fn))
}

func replaceJsFuncs(fn string) string {
	return funcMarker + newlineTab.Replace(fn) + funcMarker
}
`

// jsOriginal is what opts/js.go must hold for jsStub to stand for it.
var jsOriginal = []string{"newlineTabPat = regexp.MustCompile(`\\n|\\t`)", "commentPat    = regexp.MustCompile(`(//.*)\\n`)",
	"func FuncOpts(fn string) types.FuncStr {", "func FuncStripCommentsOpts(fn string) string {", "func (f *JSFunctions) AddJSFuncs(fn ...string) {",
	"func (f *JSFunctions) AddJSFuncStrs(fn ...types.FuncStr) {", "return fmt.Sprintf(\"%s%s%s\", funcMarker, fn, funcMarker)"}

// baseEdits make charts/base.go's JSONNotEscaped, which templates use,
// return a string rather than an html/template.HTML.
var baseEdits = []struct{ old, new string }{
	{"\t\"html/template\"\n", ""},
	{"func (bc *BaseConfiguration) JSONNotEscaped() template.HTML {", "func (bc *BaseConfiguration) JSONNotEscaped() string {"},
	{"\treturn template.HTML(buff.String())\n", "\treturn buff.String()\n"},
}

// geoEdits drop charts/geo.go's one use of log, a warning for a map region
// without coordinates: the log package's initialiser and its time
// formatting then stay out of app.wasm.
var geoEdits = []struct{ old, new string }{
	{"\t\"log\"\n", ""},
	{"\t\tlog.Printf(\"goecharts: No coordinate is specified for %s\\n\", region)\n", "\t\t_ = region // tokenjoule (wasm/slim): no log in the browser build\n"},
}

// idEdits have util/id_gennerator.go draw chart ids from math/rand/v2,
// seeded by the runtime, instead of a seeded math/rand.
var idEdits = []struct{ old, new string }{
	{"import (\n\t\"math/rand\"\n\t\"time\"\n)", "import \"math/rand/v2\""},
	{"func init() {\n\trand.Seed(time.Now().UnixNano())\n}\n\n", ""},
	{"rand.Intn(10)", "rand.IntN(10)"},
	{"rand.Intn(26)", "rand.IntN(26)"},
}

// inlined are the packages the browser build inlines calls into: the
// runtime and the small standard packages that it and every other package
// lean on. The rest is built with -l: inlined copies of function bodies
// were 7% of app.wasm's brotli size (go1.26.8: 1,611,995 -> 1,498,733
// bytes; raw 8,827,110 -> 8,641,133). The price is paid in Go's own work,
// a small part of a change's time next to ECharts': app/bench, loads
// alternating with the build before, put the interactions and the start
// within their spread, and the chart options' Go benchmark under node moved
// within its noise.
var inlined = []string{"runtime/...", "internal/...", "sync/...", "syscall/...", "math/...", "unicode/...",
	"strconv", "bytes", "strings", "slices", "errors", "sort", "io"}

// buildArgs are go build's arguments for the browser entry (the package
// pkg) against modfile, into out.
func buildArgs(modfile, out, pkg string, symbols bool) []string {
	args := []string{"build", "-trimpath", "-modfile", modfile, "-o", out, "-gcflags=all=-l"}
	for _, p := range inlined {
		args = append(args, "-gcflags="+p+"=") // later patterns win: no -l
	}
	if !symbols {
		args = append(args, "-ldflags=-s -w")
	}
	return append(args, pkg)
}

// build builds the browser entry (pkg) into out with the go command, in the
// module of the working directory, then joins its data segments (joinData).
func build(modfile, out, pkg string, symbols bool) error {
	cmd := exec.Command("go", buildArgs(modfile, out, pkg, symbols)...)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("building the wasm: %v", err)
	}
	b, err := os.ReadFile(out)
	if err == nil {
		b, err = joinData(b, joinGap)
	}
	if err == nil {
		err = os.WriteFile(out+".tmp", b, 0o644)
	}
	if err == nil {
		err = os.Rename(out+".tmp", out)
	}
	if err != nil {
		return fmt.Errorf("joining the data segments of %s: %v", out, err)
	}
	return nil
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
			return "", fmt.Errorf("%s is not as wasm/slim expects (looking for %q): update wasm/slim", name, e.old)
		}
		s = strings.Replace(s, e.old, e.new, 1)
	}
	return s, nil
}

func main() {
	dir := flag.String("dir", ".cache/wasm-slim", "`dir`ectory to write the overlay into")
	out := flag.String("o", "", "build the browser entry into `file` (otherwise print the go.mod to build it with)")
	symbols := flag.Bool("symbols", false, "with -o, keep the function names (for profiles and sizes by package)")
	pkg := flag.String("pkg", "tokenjoule/wasm", "with -o, the `package` to build: the browser entry, or tokenjoule/wasm/floor (app/bench -floor)")
	flag.Parse()
	path, err := overlay(*dir)
	if err == nil && *out != "" {
		err = build(path, *out, *pkg, *symbols)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "slim:", err)
		os.Exit(1)
	}
	if *out == "" {
		fmt.Println(path)
	}
}

// overlay writes into dir the copies of go-app and go-echarts, edited, and
// returns the go.mod that builds against them.
func overlay(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	var replaces []string
	for _, m := range []struct {
		name, pkg string
		slim      func(src, copyDir string) error
	}{{"go-app", goapp, slimGoApp}, {"go-echarts", echarts, slimECharts}} {
		src, module, version, err := moduleOf(m.pkg)
		if err != nil {
			return "", err
		}
		copyDir := filepath.Join(dir, m.name+"@"+version)
		if err := os.RemoveAll(copyDir); err != nil {
			return "", err
		}
		if err := copyTree(src, copyDir); err != nil {
			return "", err
		}
		if err := m.slim(src, copyDir); err != nil {
			return "", err
		}
		replaces = append(replaces, fmt.Sprintf("replace %s %s => %s\n", module, version, copyDir))
	}

	// go.mod and go.sum of this module, with the modules replaced by the copies.
	out, err := exec.Command("go", "env", "GOMOD").Output()
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
	mod = append(mod, "\n"+strings.Join(replaces, "")...)
	path := filepath.Join(dir, "go.mod")
	if err := os.WriteFile(path, mod, 0o644); err != nil {
		return "", err
	}
	return path, os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644)
}

// moduleOf finds the module of pkg as the build uses it: its directory in
// the module cache, its path and its version.
func moduleOf(pkg string) (dir, module, version string, err error) {
	out, err := exec.Command("go", "list", "-f", "{{.Module.Dir}}\t{{.Module.Path}}\t{{.Module.Version}}", pkg).Output()
	if err != nil {
		return "", "", "", fmt.Errorf("finding %s: %v", pkg, err)
	}
	f := strings.Split(strings.TrimSpace(string(out)), "\t")
	if len(f) != 3 {
		return "", "", "", fmt.Errorf("finding %s: go list said %q", pkg, out)
	}
	return f[0], f[1], f[2], nil
}

// slimGoApp edits the copy of go-app in dir (src is where it came from, for
// the messages).
func slimGoApp(src, dir string) error {
	app := filepath.Join(dir, "pkg", "app")
	files := map[string]string{"http.go": httpStub, "crypto.go": cryptoStub}
	for name, edits := range map[string][]struct{ old, new string }{"resource.go": resourceEdits, "engine.go": engineEdits,
		"context.go": uuidEdits, "state.go": uuidEdits, "route.go": routeEdits} {
		s, err := edit(app, name, edits)
		if err != nil {
			return fmt.Errorf("%s/%v", src, err)
		}
		files[name] = s
	}
	for _, name := range []string{"crypto.go", "http.go"} {
		if _, err := os.Stat(filepath.Join(app, name)); err != nil {
			return fmt.Errorf("%s has no pkg/app/%s: update wasm/slim", src, name)
		}
	}
	if strings.Contains(files["resource.go"], "http.") {
		return fmt.Errorf("%s/resource.go still uses net/http after the edits: update wasm/slim", src)
	}
	if strings.Contains(files["route.go"], `"regexp"`) {
		return fmt.Errorf("%s/route.go still uses regexp after the edits: update wasm/slim", src)
	}
	return writeFiles(app, files)
}

// slimECharts edits the copy of go-echarts in dir.
func slimECharts(src, dir string) error {
	render := filepath.Join(dir, "render")
	entries, err := os.ReadDir(render)
	if err != nil {
		return fmt.Errorf("%s has no render package: update wasm/slim", src)
	}
	for _, e := range entries {
		if err := os.Remove(filepath.Join(render, e.Name())); err != nil {
			return err
		}
	}
	js, err := os.ReadFile(filepath.Join(dir, "opts", "js.go"))
	if err != nil {
		return err
	}
	for _, want := range jsOriginal {
		if !strings.Contains(string(js), want) {
			return fmt.Errorf("%s/opts/js.go is not as in go-echarts v2.6.7 (looking for %q): update wasm/slim", src, want)
		}
	}
	files := map[string]string{"render/render.go": renderStub, "opts/js.go": jsStub}
	for name, edits := range map[string][]struct{ old, new string }{"charts/base.go": baseEdits, "charts/geo.go": geoEdits,
		"util/id_gennerator.go": idEdits} {
		s, err := edit(dir, name, edits)
		if err != nil {
			return fmt.Errorf("%s/%v", src, err)
		}
		files[name] = s
	}
	return writeFiles(dir, files)
}

func writeFiles(dir string, files map[string]string) error {
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			return err
		}
	}
	return nil
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
