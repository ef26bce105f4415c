package charts

import (
	"encoding/json"
	"reflect"
	"testing"

	"tokenjoule/data"
)

// decodeObject reads what encoding/json reads into a map[string]any, the
// same, and refuses what it refuses.
func FuzzDecodeObject(f *testing.F) {
	for _, s := range []string{
		`{}`, ` {"a": [1, -2.5e-3, 0, true, false, null, "x"]} `, `{"a":{"b":{"c":[]}}}`,
		`{"s":"\u00e9\ud83d\ude00 \ud800 \udc00x \\ \/ \b\f\n\r\t \""}`, `{"a":1,"a":2}`,
		"{\"bad\xff\":1}", `{"n":01}`, `{"n":1.}`, `{"n":-}`, `{"n":1e400}`, `{"n":1E+2}`, `[1]`, `null`,
		`{"a":1,}`, `{"a" 1}`, `{"a":"\x"}`, `{"a":"\u12"}`, "{\"a\":\"\x01\"}", `{"a":tru}`, `{} {}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got, err := decodeObject(b)
		var want map[string]any
		jerr := json.Unmarshal(b, &want)
		if jerr != nil || want == nil { // null is no object
			if err == nil {
				t.Fatalf("decodeObject(%q) = %v; encoding/json refuses it (%v)", b, got, jerr)
			}
			return
		}
		if err != nil {
			t.Fatalf("decodeObject(%q): %v; encoding/json reads %v", b, err, want)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("decodeObject(%q) = %#v, want encoding/json's %#v", b, got, want)
		}
	})
}

// Every chart's option, as go-echarts writes it, reads the same.
func TestDecodeObjectOptions(t *testing.T) {
	n := 0
	for _, b := range sampleOptions(t) {
		var want map[string]any
		if err := json.Unmarshal(b, &want); err != nil {
			t.Fatal(err)
		}
		got, err := decodeObject(b)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("decodeObject of an option of %d bytes: %v, differs from encoding/json's", len(b), err)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no option to read")
	}
}

// sampleOptions are the charts' options for every model at two deadlines.
func sampleOptions(t *testing.T) [][]byte {
	set := load(t)
	var out [][]byte
	for _, q := range queries(set, false, 30, 200) {
		r, err := set.Select(q)
		if err != nil {
			continue
		}
		for _, build := range []func(*data.Result) ([]byte, error){EnergyLatency, EnergyConcurrency, PowerThroughput} {
			if b, err := build(r); err == nil {
				out = append(out, b)
			}
		}
	}
	return out
}
