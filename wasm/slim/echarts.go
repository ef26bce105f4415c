package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The edits of go-echarts (see the package doc).

const echarts = "github.com/go-echarts/go-echarts/v2/charts"

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
