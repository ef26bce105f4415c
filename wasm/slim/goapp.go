package main

import (
	_ "embed"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// The edits of go-app (see the package doc).

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

// decodeStub is added as decode.go: decodeJSON stands for encoding/json's
// Unmarshal (decodeEdits) and refuses, saying why.
const decodeStub = `package app

import "github.com/maxence-charriere/go-app/v10/pkg/errors"

// tokenjoule's wasm build (tokenjoule/wasm/slim) leaves encoding/json's
// decoder out of app.wasm: the calculator reads no JSON through go-app
// (no stored or broadcast state, no push notification, no internal URLs).
var errNoDecode = errors.New("JSON decoding is left out of tokenjoule's browser build (see tokenjoule/wasm/slim)")

func decodeJSON(b []byte, v any) error { return errNoDecode }
`

// decodeEdits have go-app's every json.Unmarshal call decodeJSON, by file:
// with app/charts' own reader of options (decodeObject), nothing in the
// browser build then links encoding/json's decoder, 2% of app.wasm's
// brotli. go-app only decodes what tokenjoule never gives it: stored,
// broadcast or enciphered state, a push subscription and
// GOAPP_INTERNAL_URLS, which the calculator leaves unset (an internal URL
// is then none, as when the variable cannot be decoded).
var decodeEdits = map[string][]struct{ old, new string }{
	"context.go": {{"if err := json.Unmarshal(b, v); err != nil {", "if err := decodeJSON(b, v); err != nil {"}},
	"engine.go": {
		{"\t\"encoding/json\"\n", ""},
		{"json.Unmarshal([]byte(Getenv(\"GOAPP_INTERNAL_URLS\")), &e.internalURLs)", "decodeJSON([]byte(Getenv(\"GOAPP_INTERNAL_URLS\")), &e.internalURLs)"},
	},
	"notification.go": {{"err := json.Unmarshal([]byte(jsSub), &sub)", "err := decodeJSON([]byte(jsSub), &sub)"}},
	"state.go": {
		{"return json.Unmarshal(value.Value, receiver)", "return decodeJSON(value.Value, receiver)"},
		{"if err := json.Unmarshal(value, o.receiver); err != nil {", "if err := decodeJSON(value, o.receiver); err != nil {"},
	},
	"storage.go": {
		{"\treturn json.Unmarshal(d, v)\n", "\treturn decodeJSON(d, v)\n"},
		{"\treturn json.Unmarshal([]byte(item.String()), v)\n", "\treturn decodeJSON([]byte(item.String()), v)\n"},
	},
}

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

// adoptFile is pkg/app/adopt.go, added to the copy: the first page adopts
// the prerendered DOM instead of building its own (see the file).
//
//go:embed goapp/adopt.go
var adoptFile string

// loadEdit has engine.go's Load mount the first page by adoption, where the
// page offers it (adoptRoot), before its stock update of the body.
var loadEdit = struct{ old, new string }{
	"\tbody, err := e.nodes.Update(e.baseContext(), e.body, Body().privateBody(v))\n",
	"\tif adopting {\n" +
		"\t\t// tokenjoule (wasm/slim): the prerendered page adopted (adopt.go).\n" +
		"\t\tif adopted, err := e.nodes.adoptRoot(e.baseContext(), e.body, v); adopted {\n" +
		"\t\t\treturn err\n" +
		"\t\t}\n" +
		"\t}\n" +
		"\tbody, err := e.nodes.Update(e.baseContext(), e.body, Body().privateBody(v))\n",
}

// keptEdit has node.go's updateHTML adopt the kept prerendered children of
// an element the first page rendered without them (adopt.go, keptAttr)
// when the page first gives it children, rather than build them.
var keptEdit = struct{ old, new string }{
	"\tchildren := v.body()\n\tnewChildren := new.body()\n",
	"\t// tokenjoule (wasm/slim): kept prerendered children adopted (adopt.go).\n" +
		"\tif adopted, ok, err := m.adoptKept(ctx, v, new); ok {\n" +
		"\t\treturn adopted, err\n" +
		"\t}\n" +
		"\tchildren := v.body()\n\tnewChildren := new.body()\n",
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

// slimGoApp edits the copy of go-app in dir (src is where it came from, for
// the messages).
func slimGoApp(src, dir string) error {
	app := filepath.Join(dir, "pkg", "app")
	adopt, ok := strings.CutPrefix(adoptFile, "//go:build ignore\n\n")
	if !ok {
		return fmt.Errorf("wasm/slim/goapp/adopt.go does not begin with its build constraint")
	}
	files := map[string]string{"http.go": httpStub, "crypto.go": cryptoStub, "adopt.go": adopt, "decode.go": decodeStub}
	byFile := map[string][]struct{ old, new string }{"resource.go": resourceEdits, "engine.go": append(engineEdits, loadEdit),
		"context.go": uuidEdits, "state.go": uuidEdits, "route.go": routeEdits,
		"node.go": {keptEdit}}
	for name, edits := range decodeEdits {
		byFile[name] = append(slices.Clip(byFile[name]), edits...)
	}
	for name, edits := range byFile {
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
	for name := range decodeEdits {
		if strings.Contains(files[name], "json.Unmarshal(") {
			return fmt.Errorf("%s/%s still calls json.Unmarshal after the edits: update wasm/slim", src, name)
		}
	}
	if strings.Contains(files["route.go"], `"regexp"`) {
		return fmt.Errorf("%s/route.go still uses regexp after the edits: update wasm/slim", src)
	}
	return writeFiles(app, files)
}
