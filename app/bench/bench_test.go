package main

import (
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"tokenjoule/data"
)

func TestSummarize(t *testing.T) {
	s := summarize([]float64{5, 1, -1, 3, 2, 4})
	if s.N != 5 || s.Median != 3 || s.Min != 1 || s.Max != 5 || math.Abs(s.P95-4.8) > 1e-9 {
		t.Errorf("summarize = %+v, want n 5, median 3, p95 4.8, range 1–5 (the -1 is not a sample)", s)
	}
	if s := summarize([]float64{-1}); s.N != 0 || s.Median != -1 {
		t.Errorf("summarize of nothing measured = %+v", s)
	}
}

// TestLinkPaces checks that the link holds responses to its bandwidth, shared
// by concurrent senders.
func TestLinkPaces(t *testing.T) {
	l := &link{Mbps: 10}
	start := time.Now()
	done := make(chan bool)
	for range 2 {
		go func() {
			l.send(62_500) // 50 ms at 10 Mbit/s
			done <- true
		}()
	}
	<-done
	<-done
	if d := time.Since(start); d < 100*time.Millisecond {
		t.Errorf("two 62.5 kB sends at 10 Mbit/s took %v, want at least 100 ms", d)
	}
	var none *link
	start = time.Now()
	none.send(1 << 30)
	if d := time.Since(start); d > time.Second {
		t.Errorf("loopback paced a send: %v", d)
	}
}

func TestByFile(t *testing.T) {
	log := []exchange{
		{Path: "/web/app.wasm", Bytes: 1000}, {Path: "/web/app.wasm", Bytes: 990},
		{Path: "/embed", Bytes: 300}, {Path: "/", Bytes: 50},
	}
	page := map[string]pageRequest{"/web/app.wasm": {1, 1002}, "/": {1, 49}}
	got := byFile(log, page)
	want := []fileBytes{
		{Path: "/web/app.wasm", Requests: 2, Bytes: 1990, PageRequests: 1, PageBytes: 1002, WorkerRequests: 1, WorkerBytes: 988},
		{Path: "/embed", Requests: 1, Bytes: 300, WorkerRequests: 1, WorkerBytes: 300},
		{Path: "/", Requests: 1, Bytes: 50, PageRequests: 1, PageBytes: 50},
	}
	if len(got) != len(want) {
		t.Fatalf("byFile = %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("byFile[%d] = %+v, want %+v", i, got[i], want[i])
		}
	}
}

// TestPlan checks that every planned change is one the page accepts and
// that each changes the figure, so that its answer can be seen.
func TestPlan(t *testing.T) {
	set, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	steps, err := interactions(set, 30)
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	prev := ""
	if r, err := set.Select(data.DefaultQuery()); err == nil {
		prev = data.FormatEnergy(r.Estimate.EnergyWh)
	}
	for i, s := range steps {
		count[s.Kind]++
		if s.Expect == prev || s.Expect == "" {
			t.Errorf("step %d (%s %s=%s) expects %q after %q: not a visible change", i, s.Kind, s.Sel, s.Value, s.Expect, prev)
		}
		prev = s.Expect
		switch s.Kind {
		case "deadline":
			if _, err := data.ParseDeadline(s.Value); err != nil {
				t.Errorf("deadline box value %q: %v", s.Value, err)
			}
		case "slider":
			if p, err := strconv.Atoi(s.Value); err != nil || p < 0 || p > 100 {
				t.Errorf("slider value %q is not a position 0..100", s.Value)
			}
		case "tokens":
			if _, err := data.ParseTokens(s.Value); err != nil {
				t.Errorf("token volume %q: %v", s.Value, err)
			}
		case "workload":
			if _, err := set.Workload(s.Value); err != nil {
				t.Error(err)
			}
		}
	}
	for kind, want := range map[string]int{"deadline": 30, "slider": 30, "gpu": 10, "model": 10, "workload": 10, "tokens": 10} {
		if count[kind] != want {
			t.Errorf("%d %s changes, want %d", count[kind], kind, want)
		}
	}
}

// TestWasmSizes reads a module written by hand: one imported function, two
// defined ones named in the name section, and a data section.
func TestWasmSizes(t *testing.T) {
	section := func(id byte, body ...byte) []byte { return append([]byte{id, byte(len(body))}, body...) }
	str := func(s string) []byte { return append([]byte{byte(len(s))}, s...) }
	mod := []byte("\x00asm\x01\x00\x00\x00")
	mod = append(mod, section(1, 1, 0x60, 0, 0)...) // one type: () -> ()
	imp := []byte{1}
	imp = append(imp, str("go")...)
	imp = append(imp, str("debug")...)
	imp = append(imp, 0, 0)
	mod = append(mod, section(2, imp...)...)
	mod = append(mod, section(3, 2, 0, 0)...)
	// Bodies of 4 and 2 bytes, each after its one-byte size.
	mod = append(mod, section(10, 2, 4, 0, 1, 1, 0x0b, 2, 0, 0x0b)...)
	mod = append(mod, section(11, 0, 0, 0, 0, 0)...)
	names := []byte{2, 1}
	names = append(names, str("tokenjoule_data.Load")...)
	names = append(names, 2)
	names = append(names, str("encoding_json.Unmarshal")...)
	custom := append(str("name"), append([]byte{1, byte(len(names))}, names...)...)
	mod = append(mod, section(0, custom...)...)

	l, err := wasmSizes(mod)
	if err != nil {
		t.Fatal(err)
	}
	if l.Code != 9 || l.Data != 5 { // the section: a count and two sized bodies
		t.Errorf("code %d, data %d bytes; want 9 and 5", l.Code, l.Data)
	}
	want := map[string]int64{"tokenjoule/data": 5, "encoding/json": 3}
	for _, p := range l.Packages {
		if want[p.Package] != p.Code {
			t.Errorf("%s: %d bytes of code, want %d", p.Package, p.Code, want[p.Package])
		}
		delete(want, p.Package)
	}
	if len(want) != 0 {
		t.Errorf("packages missing: %v", want)
	}
	if _, err := wasmSizes([]byte("not wasm")); err == nil {
		t.Error("a file that is not wasm was read")
	}
}

// TestTargetsFloor: the floor's figures stand in a column of their own, after
// whether the calculator met the limit, which the floor does not decide.
func TestTargetsFloor(t *testing.T) {
	site := func(name string, answered []float64, raw int64) *report {
		p := profileResult{Profile: profile{Name: desktop}}
		for _, ms := range answered {
			p.Cold = append(p.Cold, load{Answered: ms})
		}
		return &report{Site: name, Profiles: []profileResult{p}, Sizes: []fileSize{{Path: "/web/app.wasm", Raw: raw}}}
	}
	var b strings.Builder
	printTargets(&b, site("now", []float64{600, 500, 700}, 9e6), nil, site("floor", []float64{400, 300, 350}, 5e6))
	lines := map[string][]string{}
	for _, l := range strings.Split(b.String(), "\n") {
		if f := strings.Split(l, "  "); len(f) > 0 {
			lines[strings.TrimSpace(f[0])] = strings.Fields(l)
		}
	}
	if got := strings.Join(lines["interactive, desktop, cold"], " "); !strings.HasSuffix(got, "≤ 450 ms 600 ms [500–700 ms] no 350 ms [300–400 ms]") {
		t.Errorf("the desktop row reads %q, want the calculator's 600 ms (missed), then the floor's 350 ms", got)
	}
	if got := strings.Join(lines["app.wasm, raw"], " "); !strings.HasSuffix(got, "≤ 7.00 MB 9.00 MB no 5.00 MB") {
		t.Errorf("the raw size row reads %q, want 9.00 MB (missed), then the floor's 5.00 MB", got)
	}
	if !strings.Contains(b.String(), "floor (go-app's hello world)") {
		t.Errorf("no floor column in\n%s", b.String())
	}
}
