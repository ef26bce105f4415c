package data

import (
	"bytes"
	"io/fs"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

func sampleTable() *MeasuredTable {
	return &MeasuredTable{
		Columns: []string{"median_itl_ms", "energy_per_token_joules"},
		Rows:    []string{"a/H100/1/8", "a/H100/1/8/r2", "b/B200/8/16"},
		Values: [][]float64{
			{20.047094, 1.2069466823950093},
			{math.Nextafter(20, 21), 5e-324},
			{1e12, 0.1},
		},
	}
}

func TestMeasuredTableRoundTrip(t *testing.T) {
	want := sampleTable()
	b, err := want.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b, []byte("tokenjoule measured values 1\n{\"columns\":[\"median_itl_ms\",")) {
		t.Errorf("the file begins %q", b[:min(len(b), 80)])
	}
	var got MeasuredTable
	if err := got.UnmarshalBinary(b); err != nil {
		t.Fatal(err)
	}
	for i := range want.Rows {
		for j := range want.Columns {
			if math.Float64bits(got.Values[i][j]) != math.Float64bits(want.Values[i][j]) || got.Rows[i] != want.Rows[i] {
				t.Errorf("row %s column %s: read %v, wrote %v", want.Rows[i], want.Columns[j], got.Values[i][j], want.Values[i][j])
			}
		}
	}
}

func TestMeasuredTableRefusesWhatItWouldNotWrite(t *testing.T) {
	good, err := sampleTable().MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	header := len(good) - 8*2*3
	value := func(v float64) []byte { // good, with its first value (a/H100/1/8's median) set to v
		b := bytes.Clone(good)
		bits := math.Float64bits(v)
		for p := range 8 {
			b[header+p*6] = byte(bits >> (56 - 8*p))
		}
		return b
	}
	withHeader := func(h string) []byte {
		return append([]byte("tokenjoule measured values 1\n"+h+"\n"), good[header:]...)
	}
	cases := map[string][]byte{
		"empty":            nil,
		"another version":  bytes.Replace(good, []byte("values 1"), []byte("values 2"), 1),
		"no header end":    []byte("tokenjoule measured values 1\n{}"),
		"a value too many": append(bytes.Clone(good), 0, 0, 0, 0, 0, 0, 0, 0),
		"a byte missing":   good[:len(good)-1],
		"unknown key":      withHeader(`{"columns":["a","b"],"rows":["a","b","c"],"more":1}`),
		"two headers":      withHeader(`{"columns":["a","b"],"rows":["a","b","c"]} {}`),
		"repeated column":  withHeader(`{"columns":["a","a"],"rows":["a","b","c"]}`),
		"unsorted rows":    withHeader(`{"columns":["a","b"],"rows":["b","a","c"]}`),
		"repeated row":     withHeader(`{"columns":["a","b"],"rows":["a","a","c"]}`),
		"empty row id":     withHeader(`{"columns":["a","b"],"rows":["","a","c"]}`),
		"no columns":       withHeader(`{"columns":[],"rows":["a","b","c"]}`),
		"columns overflow": withHeader(`{"columns":["a","b","c","d","e","f","g","h","i","j","k","l"],"rows":[]}`),
		"zero":             value(0),
		"negative":         value(-1),
		"NaN":              value(math.NaN()),
		"infinite":         value(math.Inf(1)),
		"beyond 1e12":      value(1.0000000000000002e12),
	}
	for name, b := range cases {
		var got MeasuredTable
		if err := got.UnmarshalBinary(b); err == nil {
			t.Errorf("%s: read as %+v", name, got)
		} else if !strings.HasPrefix(err.Error(), "measured values: ") {
			t.Errorf("%s: error %q does not say what was read", name, err)
		}
	}
	var got MeasuredTable
	if err := got.UnmarshalBinary(value(12.5)); err != nil || got.Values[0][0] != 12.5 {
		t.Errorf("the test's edit does not reach the first value: %v, %v", got.Values, err)
	}
}

// FuzzMeasuredTable: no input makes the reader panic or allocate past its
// length, and what it accepts is exactly what the writer writes.
func FuzzMeasuredTable(f *testing.F) {
	good, _ := sampleTable().MarshalBinary()
	f.Add(good)
	f.Add([]byte("tokenjoule measured values 1\n{\"columns\":[\"a\"],\"rows\":[\"r\"]}\n\x40\x29\x00\x00\x00\x00\x00\x00"))
	if b, err := fs.ReadFile(embedded(f), "lm-arena-chat/"+MeasuredFile); err == nil {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var m MeasuredTable
		if m.UnmarshalBinary(b) != nil {
			return
		}
		again, err := m.MarshalBinary()
		if err != nil || !bytes.Equal(again, b) {
			t.Errorf("read, then written: %q, %v; was %q", again, err, b)
		}
	})
}

// embedded is the current generation of the embedded dataset (read from
// its folder: the browser build, under which the benchmarks run too, embeds
// it packed).
func embedded(t testing.TB) fs.FS {
	dir := os.DirFS("dataset")
	name, err := Current(dir)
	if err != nil {
		t.Fatal(err)
	}
	sub, err := fs.Sub(dir, name)
	if err != nil {
		t.Fatal(err)
	}
	return sub
}

// TestEmbeddedMeasuredValues: every row of every model has its measured
// values, and the dataset row is those values rounded as the reference
// file rounds them.
func TestEmbeddedMeasuredValues(t *testing.T) {
	s := mustLoad(t)
	rows := 0
	round := func(v float64, n int) Float {
		r, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'f', n, 64), 64)
		return Float(r)
	}
	for key, m := range allModels(t, s) {
		for _, c := range m.Configurations {
			rows++
			v := c.Measured
			if v == nil {
				t.Errorf("%s %s: no measured values", key, c.RowID)
				continue
			}
			if c.BatchSize > 0 {
				// The row rounds the batch latency to 1 ms and the energy to
				// 0.01 J; the measured latency is whole microseconds, rounded up.
				if us := v.BatchLatency * 1000; math.Abs(us-math.Round(us)) > 1e-6 || math.Abs(float64(c.BatchLatencyS)*1000-v.BatchLatency) > 0.5001 {
					t.Errorf("%s %s: batch latency %v s in the row, %v ms measured", key, c.RowID, c.BatchLatencyS, v.BatchLatency)
				}
				if c.JoulesPerItem != round(v.JoulesPerItem, 2) {
					t.Errorf("%s %s: %v J per item in the row is not the measured %v rounded", key, c.RowID, c.JoulesPerItem, v.JoulesPerItem)
				}
				continue
			}
			// The row rounds the latency to 0.1 ms; the measured values are
			// whole microseconds, rounded up.
			for p, row := range []Float{c.MedianITL, c.P90ITL, c.P95ITL, c.P99ITL} {
				if us := v.ITL[p] * 1000; math.Abs(us-math.Round(us)) > 1e-6 || math.Abs(float64(row)-v.ITL[p]) > 0.0501 {
					t.Errorf("%s %s: %s latency %v ms in the row, %v ms measured", key, c.RowID, Percentiles[p], row, v.ITL[p])
				}
			}
			if c.JoulesPerToken != round(v.JoulesPerToken, 7) {
				t.Errorf("%s %s: %v J/token in the row is not the measured %v rounded", key, c.RowID, c.JoulesPerToken, v.JoulesPerToken)
			}
			// The output length is rounded to a whole token: half a token's energy apart at most.
			if r := v.JoulesPerToken * float64(c.AvgOutputTokens); math.Abs(v.JoulesPerRequest-r) > 0.5*v.JoulesPerToken*(1+1e-9) {
				t.Errorf("%s %s: %v J per request, but %v J per token × %d tokens is %v", key, c.RowID, v.JoulesPerRequest, v.JoulesPerToken, c.AvgOutputTokens, r)
			}
		}
	}
	if rows != 838+638+382 {
		t.Errorf("%d rows, want the leaderboard's 838 of tokens, 638 of images and 382 of videos", rows)
	}
}

// TestMeasuredRowMissing: a model row without measured values, in a
// workload that has them, is an error, not a row answered on rounded values.
func TestMeasuredRowMissing(t *testing.T) {
	dir := embedded(t)
	table, _ := fs.ReadFile(dir, "gpqa/"+MeasuredFile)
	var mt MeasuredTable
	if err := mt.UnmarshalBinary(table); err != nil {
		t.Fatal(err)
	}
	gone := mt.Rows[0]
	if !strings.HasPrefix(gone, "deepseek-r1/") {
		t.Fatalf("the first row is %s", gone)
	}
	mt.Rows, mt.Values = mt.Rows[1:], mt.Values[1:]
	less, err := mt.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{"gpqa/" + MeasuredFile: {Data: less}}
	for _, name := range []string{"index.json", "gpqa/deepseek-r1.json"} {
		b, _ := fs.ReadFile(dir, name)
		fsys[name] = &fstest.MapFile{Data: b}
	}
	s, err := LoadFS(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Model("gpqa", "deepseek-r1"); err == nil || !strings.Contains(err.Error(), gone) {
		t.Errorf("err = %v, want one naming the row without measured values", err)
	}
}

func TestCurrent(t *testing.T) {
	for pointer, want := range map[string]string{
		"gen-0123abcd\n":   "gen-0123abcd",
		"gen-0123abcd-2\n": "gen-0123abcd-2",
		"gen-0123abcd":     "", // a pointer is written whole, newline included
		"gen-\n":           "",
		"../x\n":           "",
		"gen-../../x\n":    "",
		"gen-a/b\n":        "",
		"gen-ABC\n":        "",
		"gen-a\ngen-b\n":   "",
		"":                 "",
	} {
		got, err := Current(fstest.MapFS{PointerFile: {Data: []byte(pointer)}})
		if got != want || (err == nil) != (want != "") {
			t.Errorf("pointer %q: %q, %v; want %q", pointer, got, err, want)
		}
	}
	if _, err := Current(fstest.MapFS{}); err == nil {
		t.Error("no pointer: no error")
	}
}
