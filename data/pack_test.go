package data

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strconv"
	"testing"
)

// TestPackRoundTrip packs the embedded dataset and reads it back: the index
// and every model must be what the JSON files hold, field for field.
func TestPackRoundTrip(t *testing.T) {
	set, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	b, err := Pack(set)
	if err != nil {
		t.Fatal(err)
	}
	got, err := LoadPacked(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Index, set.Index) {
		t.Error("the packed index differs from index.json")
	}
	n, size := 0, 0
	for _, name := range set.Files() {
		key := name[:len(name)-len(".json")]
		want, err := set.Model(taskSlug(key))
		if err != nil {
			t.Fatal(err)
		}
		m, err := got.Model(taskSlug(key))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(m, want) {
			t.Errorf("%s: the packed model differs from its JSON file", key)
		}
		n++
		size += len(want.Configurations)
	}
	// Each workload's measured values, bit for bit.
	for _, w := range set.Index.Workloads {
		want, err1 := set.src.measured(w.ID)
		got, err2 := got.src.measured(w.ID)
		if err1 != nil || err2 != nil || want == nil || got == nil {
			t.Fatalf("%s: measured values %v, %v; packed %v, %v", w.ID, want != nil, err1, got != nil, err2)
		}
		if !slices.Equal(got.Columns, want.Columns) || !slices.Equal(got.Rows, want.Rows) || !bytes.Equal(got.planes(), want.planes()) {
			t.Errorf("%s: the packed measured values differ from %s", w.ID, MeasuredFile)
		}
	}
	t.Logf("%d models, %d configurations: %d bytes packed", n, size, len(b))
	// What the page asks of it: the default query's answer.
	r1, err1 := set.Select(DefaultQuery())
	r2, err2 := got.Select(DefaultQuery())
	if err1 != nil || err2 != nil || r1.Estimate != r2.Estimate {
		t.Errorf("the default query: %v %v from the JSON files, %v %v packed", r1.Estimate, err1, r2.Estimate, err2)
	}
}

func taskSlug(key string) (string, string) {
	for i := range key {
		if key[i] == '/' {
			return key[:i], key[i+1:]
		}
	}
	return key, ""
}

// TestPackEveryField packs a model and an index whose every field holds a
// value that is not the zero value: a field that a type's pack or unpack
// method leaves out comes back zero, and fails the test.
func TestPackEveryField(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var m Model
	fill(reflect.ValueOf(&m).Elem(), rng)
	var idx Index
	fill(reflect.ValueOf(&idx).Elem(), rng)
	idx.Version = SchemaVersion
	var w packer
	w.strs = map[string]int{}
	m.pack(&w)
	idx.pack(&w)
	table := make([]string, len(w.strs))
	for s, i := range w.strs {
		table[i] = s
	}
	r := unpacker{b: w.b, strs: table}
	var m2 Model
	m2.unpack(&r)
	var idx2 Index
	idx2.unpack(&r)
	if r.err != nil || r.i != len(w.b) {
		t.Fatalf("read %d of %d bytes: %v", r.i, len(w.b), r.err)
	}
	if !reflect.DeepEqual(m2, m) {
		t.Errorf("a model does not come back whole:\ngot  %+v\nwant %+v", m2, m)
	}
	if !reflect.DeepEqual(idx2, idx) {
		t.Errorf("an index does not come back whole:\ngot  %+v\nwant %+v", idx2, idx)
	}
}

// fill sets every field of v, recursively, to a value other than zero;
// but not a field that the dataset's files do not hold (json:"-", a
// configuration's Measured, which comes from the workload's measured values:
// TestPackRoundTrip).
func fill(v reflect.Value, rng *rand.Rand) {
	switch v.Kind() {
	case reflect.String:
		v.SetString("s" + strconv.Itoa(rng.IntN(1000)))
	case reflect.Int:
		v.SetInt(int64(rng.IntN(2000)) - 1000 | 1)
	case reflect.Float64:
		v.SetFloat(rng.NormFloat64() * 1e3)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Slice:
		n := 1 + rng.IntN(3)
		v.Set(reflect.MakeSlice(v.Type(), n, n))
		for i := range n {
			fill(v.Index(i), rng)
		}
	case reflect.Array:
		for i := range v.Len() {
			fill(v.Index(i), rng)
		}
	case reflect.Map:
		v.Set(reflect.MakeMap(v.Type()))
		for range 1 + rng.IntN(3) {
			k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
			fill(k, rng)
			fill(e, rng)
			v.SetMapIndex(k, e)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Type().Field(i); f.IsExported() && f.Tag.Get("json") != "-" {
				fill(v.Field(i), rng)
			}
		}
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), rng)
	default:
		panic("fill: no value for a " + v.Type().String())
	}
}

// TestPackFloats: every float comes back with the same bits, short decimals
// in a few bytes.
func TestPackFloats(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	vals := []float64{0, 1, -1, 0.1, 0.3, 12.34, 15.21, 1e22, 1e-22, 1e23, 1e-23, 123456789.123, 2.5e9, 5e-324,
		math.MaxFloat64, math.SmallestNonzeroFloat64, math.Inf(1), math.Inf(-1), math.Copysign(0, -1), 1 << 53, 1<<53 + 2, 0.1 + 0.2}
	for range 10000 {
		vals = append(vals, rng.NormFloat64()*math.Pow(10, float64(rng.IntN(40)-20)),
			math.Round(rng.Float64()*1e6)/math.Pow(10, float64(rng.IntN(8))))
	}
	for _, v := range vals {
		var w packer
		w.float(v)
		r := unpacker{b: w.b}
		got := r.float()
		if r.err != nil || math.Float64bits(got) != math.Float64bits(v) || r.i != len(w.b) {
			t.Errorf("%v (%x) packed in %x reads back as %v (%x), %v", v, math.Float64bits(v), w.b, got, math.Float64bits(got), r.err)
		}
	}
	var w packer
	w.float(15.21)
	if len(w.b) > 3 {
		t.Errorf("15.21 packs in %d bytes, want 3 at most", len(w.b))
	}
	nan := packer{}
	nan.float(math.NaN())
	r := unpacker{b: nan.b}
	if v := r.float(); !math.IsNaN(v) {
		t.Errorf("NaN reads back as %v", v)
	}
}

// FuzzLoadPacked: a damaged or hostile pack is an error, never a panic,
// and whatever loads answers without one.
func FuzzLoadPacked(f *testing.F) {
	set, err := Load()
	if err != nil {
		f.Fatal(err)
	}
	b, err := Pack(set)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add(b[:len(b)/2])
	f.Add([]byte(packMagic))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := LoadPacked(b)
		if err != nil {
			return
		}
		for _, name := range s.Files() {
			task, slug := taskSlug(name[:len(name)-len(".json")])
			s.Model(task, slug)
		}
	})
}

// BenchmarkLoadPacked and BenchmarkModelUnpack are BenchmarkLoad and
// BenchmarkModelParse for the pack the browser build reads (under GOOS=js
// those two read it too).
func BenchmarkLoadPacked(b *testing.B) {
	set, err := Load()
	if err != nil {
		b.Fatal(err)
	}
	p, err := Pack(set)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := LoadPacked(p); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkModelUnpack(b *testing.B) {
	set, err := Load()
	if err != nil {
		b.Fatal(err)
	}
	p, err := Pack(set)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		s, _ := LoadPacked(p)
		if _, err := s.Model("lm-arena-chat", "qwen-3-14b"); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPackIsCurrent: the committed dataset.pack, which the browser build
// embeds, and card.pack, which the card embeds' wasm embeds, are the
// current generation packed (Pack, CardPack), byte for byte.
func TestPackIsCurrent(t *testing.T) {
	set, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for name, pack := range map[string]func(*Set) ([]byte, error){"dataset.pack": Pack, "card.pack": CardPack} {
		committed, err := os.ReadFile(name)
		if err != nil {
			t.Fatalf("%v: run go generate ./data", err)
		}
		want, err := pack(set)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(committed, want) {
			t.Errorf("data/%s (%d bytes) is not the current dataset packed (%d bytes): run go generate ./data", name, len(committed), len(want))
		}
	}
}
