package data

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
	"testing/fstest"
)

func TestSelectQwen14BOnH100At50ms(t *testing.T) {
	s := mustLoad(t)
	q := DefaultQuery()
	q.GPU, q.DeadlineMS = "H100", 50
	r, err := s.Select(q)
	if err != nil {
		t.Fatal(err)
	}
	c := r.Selected
	if c == nil || c.RowID != "qwen-3-14b/H100/1/256" || c.MaxNumSeqs != 256 || c.WhPerMillionTokens != 31.09 {
		t.Fatalf("selected %+v, want qwen-3-14b/H100/1/256 at 31.09 Wh per million tokens", c)
	}
	// The leaderboard's 0.11191693587449492 J per token × 1e6 tokens / 3600
	// s/h; its 69.89933984987961 J per request (624.564453125 output tokens
	// on average); 1e6 tokens / 5760.3 tokens/s / 3600 s/h on one GPU.
	want := Estimate{EnergyWh: 0.11191693587449492 * 1e6 / 3600, EnergyPerRequest: 69.89933984987961, GPUHours: 0.048223, Requests: 1e6 / 624.564453125}
	if !near(r.Estimate.EnergyWh, want.EnergyWh, 1e-6) || !near(r.Estimate.EnergyPerRequest, want.EnergyPerRequest, 1e-9) ||
		!near(r.Estimate.GPUHours, want.GPUHours, 1e-5) || !near(r.Estimate.Requests, want.Requests, 1e-12) {
		t.Errorf("estimate = %+v, want %+v", r.Estimate, want)
	}
	if r.Other == nil || r.Other.GPU != "B200" || r.Other.RowID != bruteBest(r.Model.Configurations, "B200", P50, 50).RowID {
		t.Errorf("other = %+v, want the best B200 configuration at 50 ms", r.Other)
	}
	if r.Fastest != nil || r.MinDeadlineMS() != 0 {
		t.Errorf("a feasible result names a fastest configuration %+v", r.Fastest)
	}
}

func near(got, want, rel float64) bool { return math.Abs(got-want) <= rel*math.Abs(want) }

// Every query over the real data selects what the rule, written out
// independently, selects.
func TestSelectFollowsTheRule(t *testing.T) {
	s := mustLoad(t)
	for key, m := range allModels(t, s) {
		task := key[:strings.Index(key, "/")]
		for _, gpu := range append([]string{AnyGPU}, m.GPUs...) {
			for _, p := range Percentiles {
				for _, d := range testDeadlines(TaskKind(task)) {
					r, err := s.Select(Query{Task: task, Model: m.Slug, GPU: gpu, DeadlineMS: d, Percentile: p, Tokens: 1e9})
					if err != nil {
						t.Fatal(err)
					}
					want := bruteBest(m.Configurations, gpu, p, d)
					if want == nil != (r.Selected == nil) || want != nil && want.RowID != r.Selected.RowID {
						t.Fatalf("%s %s %s %v ms: selected %v, want %v", key, gpu, p, d, r.Selected, want)
					}
					if want == nil && (r.Fastest == nil || r.MinDeadlineMS() <= d) {
						t.Fatalf("%s %s %s %v ms: infeasible without a usable minimum deadline (%v)", key, gpu, p, d, r.MinDeadlineMS())
					}
				}
			}
		}
	}
}

func TestInfeasibleDeadlineNamesTheFastest(t *testing.T) {
	s := mustLoad(t)
	q := DefaultQuery()
	q.DeadlineMS, q.Percentile = 1, P99
	r, err := s.Select(q)
	if err != nil {
		t.Fatal(err)
	}
	if r.Selected != nil {
		t.Fatalf("selected %v at a 1 ms p99 deadline", r.Selected.RowID)
	}
	min := math.Inf(1)
	for _, c := range r.Model.Configurations {
		min = math.Min(min, float64(c.P99ITL))
	}
	if r.MinDeadlineMS() != min {
		t.Errorf("minimum deadline %v, want the lowest p99 ITL %v", r.MinDeadlineMS(), min)
	}
	q.DeadlineMS = r.MinDeadlineMS()
	if r2, _ := s.Select(q); r2.Selected == nil {
		t.Errorf("the minimum deadline %v ms selects nothing", q.DeadlineMS)
	}
}

// synthetic builds a Set holding one model with the given configurations.
func synthetic(t *testing.T, configs ...Config) *Set {
	t.Helper()
	m := Model{Version: SchemaVersion, Slug: "m", Name: "M", Configurations: configs}
	gpus := map[string]bool{}
	for _, c := range configs {
		if !gpus[c.GPU] {
			m.GPUs = append(m.GPUs, c.GPU)
		}
		gpus[c.GPU] = true
	}
	idx := Index{Version: SchemaVersion, Workloads: []Workload{{ID: "w", Models: []ModelEntry{{Slug: "m", Name: "M", GPUs: m.GPUs}}}}}
	ib, _ := json.Marshal(idx)
	mb, _ := json.Marshal(m)
	s, err := LoadFS(fstest.MapFS{"index.json": {Data: ib}, "w/m.json": {Data: mb}})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func cfg(gpu string, n, seqs, repeat int, j, itl float64) Config {
	return Config{GPU: gpu, NumGPUs: n, MaxNumSeqs: seqs, Repeat: repeat, JoulesPerToken: Float(j),
		MedianITL: Float(itl), P90ITL: Float(itl), P95ITL: Float(itl), P99ITL: Float(itl),
		TokensPerSecond: 1000, AvgOutputTokens: 500, RowID: gpu + "/" + string(rune('0'+n)) + "/" + string(rune('a'+seqs)) + "/" + string(rune('0'+repeat))}
}

func TestTiesFollowTheRule(t *testing.T) {
	q := Query{Task: "w", Model: "m", GPU: AnyGPU, DeadlineMS: 100, Percentile: P50, Tokens: 1}
	cases := []struct {
		name    string
		configs []Config
		want    int // index of the expected choice
	}{
		{"lowest energy", []Config{cfg("H100", 1, 8, 1, 0.3, 10), cfg("H100", 1, 16, 1, 0.2, 20)}, 1},
		{"deadline is inclusive", []Config{cfg("H100", 1, 8, 1, 0.3, 10), cfg("H100", 1, 16, 1, 0.2, 100)}, 1},
		{"over the deadline is out", []Config{cfg("H100", 1, 8, 1, 0.3, 10), cfg("H100", 1, 16, 1, 0.2, 100.1)}, 0},
		{"fewer GPUs", []Config{cfg("H100", 2, 8, 1, 0.2, 10), cfg("H100", 1, 16, 1, 0.2, 10)}, 1},
		{"smaller max_num_seqs", []Config{cfg("H100", 1, 16, 1, 0.2, 10), cfg("H100", 1, 8, 1, 0.2, 10)}, 1},
		{"lower repeat", []Config{cfg("H100", 1, 8, 2, 0.2, 10), cfg("H100", 1, 8, 1, 0.2, 10)}, 1},
		{"GPU name", []Config{cfg("H100", 1, 8, 1, 0.2, 10), cfg("B200", 1, 8, 1, 0.2, 10)}, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := synthetic(t, c.configs...).Select(q)
			if err != nil {
				t.Fatal(err)
			}
			if r.Selected == nil || r.Selected.RowID != c.configs[c.want].RowID {
				t.Errorf("selected %v, want %s", r.Selected, c.configs[c.want].RowID)
			}
		})
	}
}

func TestEstimateArithmetic(t *testing.T) {
	c := Config{NumGPUs: 4, JoulesPerToken: 0.5, TokensPerSecond: 2000, AvgOutputTokens: 250,
		Measured: &Measured{JoulesPerToken: 0.5, JoulesPerRequest: 125}}
	e := c.Estimate(7.2e6)
	// 0.5 J × 7.2e6 = 3.6e6 J = 1000 Wh; 125 J measured a request; 7.2e6 / 2000 = 3600 s = 1 h × 4 GPUs;
	// 7.2e6 / (125 / 0.5 = 250 tokens a request).
	if e.EnergyWh != 1000 || e.EnergyPerRequest != 125 || e.GPUHours != 4 || e.Requests != 28800 {
		t.Errorf("estimate = %+v", e)
	}
}

func TestSelectRefusesUnknownInput(t *testing.T) {
	s := mustLoad(t)
	cases := []struct {
		edit            func(*Query)
		param, value    string
		acceptedExample string
	}{
		{func(q *Query) { q.Task = "chat" }, "task", "chat", "lm-arena-chat"},
		{func(q *Query) { q.Model = "gpt-5" }, "model", "gpt-5", "Qwen 3 14B"},
		{func(q *Query) { q.GPU = "A100" }, "gpu", "A100", "H100"},
		{func(q *Query) { q.Percentile = "p75" }, "percentile", "p75", "p99"},
		{func(q *Query) { q.DeadlineMS = math.NaN() }, "deadline", "NaN", "greater than 0"},
		{func(q *Query) { q.Tokens = -1 }, "tokens", "-1", "greater than 0"},
		{func(q *Query) { q.Tokens = 5e-324 }, "tokens", "5e-324", "below one token"},
		{func(q *Query) { q.Tokens = math.Nextafter(1, 0) }, "tokens", "0.9999999999999999", "below one token"},
		{func(q *Query) { q.Tokens = math.Nextafter(1e18, 2e18) }, "tokens", "1.0000000000000001e+18", "1e18"},
		{func(q *Query) { q.Tokens = math.NaN() }, "tokens", "NaN", "from 1 to 1e18"},
	}
	for _, c := range cases {
		q := DefaultQuery()
		c.edit(&q)
		_, err := s.Select(q)
		var bad *InputError
		if !errors.As(err, &bad) || bad.Param != c.param {
			t.Errorf("%s %q: err = %v, want an InputError for %s", c.param, c.value, err, c.param)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, c.value) || !strings.Contains(msg, c.acceptedExample) {
			t.Errorf("message %q does not name %q and what is accepted (%s)", msg, c.value, c.acceptedExample)
		}
	}
}

func TestCurvesAndFrontier(t *testing.T) {
	s := mustLoad(t)
	for key, m := range allModels(t, s) {
		// A deadline some configurations meet and others miss.
		d := map[bool]float64{false: 40, true: 30e3}[m.DeadlineS > 0]
		for _, gpu := range append([]string{AnyGPU}, m.GPUs...) {
			seen := 0
			for _, c := range m.Curves(gpu, P90, d) {
				for i, p := range c.Points {
					if p.GPU != c.GPU || p.NumGPUs != c.NumGPUs || i > 0 && p.MaxNumSeqs+p.BatchSize < c.Points[i-1].MaxNumSeqs+c.Points[i-1].BatchSize {
						t.Fatalf("%s: curve %s×%d holds %s out of order", key, c.GPU, c.NumGPUs, p.RowID)
					}
					if lat := latencyOf(p.Config, P90); p.LatencyMS != lat || p.Meets != (p.LatencyMS <= d) {
						t.Fatalf("%s: point %s has latency %v, meets %v", key, p.RowID, p.LatencyMS, p.Meets)
					}
					seen++
				}
				line := c.Line()
				for i, p := range line {
					if m.DeadlineS == 0 && len(line) != len(c.Points) || i > 0 && p.Batch() <= line[i-1].Batch() && m.DeadlineS > 0 {
						t.Fatalf("%s: line of %s×%d at %s: not one point per batch size", key, c.GPU, c.NumGPUs, p.RowID)
					}
					for _, q := range c.Points {
						// No split at the same batch size beats the line's: it meets the deadline if one does, and costs least of those.
						if m.DeadlineS > 0 && q.Batch() == p.Batch() && (q.Meets && !p.Meets || q.Meets == p.Meets && q.Joules() < p.Joules()) {
							t.Errorf("%s: line point %s, but %s is better", key, p.RowID, q.RowID)
						}
					}
				}
			}
			all := 0
			for _, c := range m.Configurations {
				if gpu == AnyGPU || c.GPU == gpu {
					all++
				}
			}
			if seen != all {
				t.Errorf("%s on %s: curves hold %d points, want %d", key, gpu, seen, all)
			}
			front := m.Frontier(gpu, P90, d)
			for i, f := range front {
				if i > 0 && !(f.LatencyMS >= front[i-1].LatencyMS && joulesOf(f.Config) < joulesOf(front[i-1].Config)) {
					t.Errorf("%s on %s: frontier is not faster-to-cheaper at %s", key, gpu, f.RowID)
				}
				for _, c := range m.Configurations {
					if (gpu == AnyGPU || c.GPU == gpu) && latencyOf(&c, P90) <= f.LatencyMS && joulesOf(&c) < joulesOf(f.Config) {
						t.Errorf("%s on %s: frontier point %s is beaten by %s", key, gpu, f.RowID, c.RowID)
					}
				}
			}
		}
	}
}

func FuzzSelect(f *testing.F) {
	s, err := Load()
	if err != nil {
		f.Fatal(err)
	}
	f.Add("lm-arena-chat", "qwen-3-14b", "any", 50.0, "p50", 1e6)
	f.Add("gpqa", "GPT OSS 120B", "H100", 0.5, "p99", 1.0)
	f.Add("video-chat", "", "", math.Inf(1), "median", math.NaN())
	f.Fuzz(func(t *testing.T, task, model, gpu string, deadline float64, p string, tokens float64) {
		r, err := s.Select(Query{Task: task, Model: model, GPU: gpu, DeadlineMS: deadline, Percentile: Percentile(p), Tokens: tokens})
		if err != nil {
			var bad *InputError
			if !errors.As(err, &bad) {
				t.Fatalf("error %v is not an InputError", err)
			}
			return
		}
		if r.Selected != nil && r.Query.Percentile.ITL(r.Selected) > deadline {
			t.Fatalf("selected %s misses the deadline", r.Selected.RowID)
		}
		if r.Selected == nil && r.Fastest == nil {
			t.Fatal("an infeasible result names no fastest configuration")
		}
	})
}

func BenchmarkSelect(b *testing.B) {
	s := mustLoad(b)
	q := DefaultQuery()
	s.Select(q) // parse the model once
	for b.Loop() {
		if _, err := s.Select(q); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCurves(b *testing.B) {
	s := mustLoad(b)
	m, _ := s.Model("lm-arena-chat", "qwen-3-14b")
	for b.Loop() {
		m.Curves(AnyGPU, P50, 50)
		m.Frontier(AnyGPU, P50, 50)
	}
}

// TestSelectRefusesNonFiniteFigures: a row that would give an infinite figure
// (a throughput rounded to 0, an absurd energy) is an error, never a figure.
func TestSelectRefusesNonFiniteFigures(t *testing.T) {
	q := Query{Task: "w", Model: "m", GPU: AnyGPU, DeadlineMS: 100, Percentile: P50, Tokens: 1e18}
	zeroRate := cfg("H100", 1, 8, 1, 0.2, 10)
	zeroRate.TokensPerSecond = 0
	huge := cfg("H100", 1, 8, 1, 1e300, 10)
	noOutput := cfg("B200", 1, 8, 1, 0.2, 10)
	noOutput.AvgOutputTokens = 0
	for name, configs := range map[string][]Config{
		"zero throughput":            {zeroRate},
		"energy overflows":           {huge},
		"zero output length":         {noOutput},
		"the compared GPU overflows": {cfg("B200", 1, 8, 1, 0.1, 10), huge},
	} {
		r, err := synthetic(t, configs...).Select(q)
		if err == nil {
			t.Errorf("%s: Select = %+v, want an error", name, r.Estimate)
		} else if !strings.Contains(err.Error(), "not a finite number") {
			t.Errorf("%s: error %q does not say why", name, err)
		}
	}
}

// TestCeilTenth: the smallest tenth of a millisecond, as typed, that is not
// below a measured latency.
func TestCeilTenth(t *testing.T) {
	for _, c := range []struct{ ms, want float64 }{
		{12.53, 12.6}, {12.5, 12.5}, {12.3, 12.3}, {12.35, 12.4}, {12.500000000000002, 12.6},
		{0.01, 0.1}, {59999.97, 60000}, {20.04709400050342, 20.1}, {17.7, 17.7},
	} {
		if got := CeilTenth(c.ms); got != c.want {
			t.Errorf("CeilTenth(%v) = %v, want %v", c.ms, got, c.want)
		}
	}
}

// TestMinDeadlineIsRoundedUp: where nothing meets the deadline, the smallest
// deadline shown and set is the fastest measured latency rounded up at the
// 0.1 ms shown (12.53 ms measured: 12.6 ms, which it meets; 12.5 ms, the
// rounded row's figure, it does not), and ranking by it keeps the measured
// order.
func TestMinDeadlineIsRoundedUp(t *testing.T) {
	models := []Model{
		{Slug: "a", Configurations: []Config{cfg("H100", 1, 8, 1, 0.2, 12.5)}},
		{Slug: "b", Configurations: []Config{cfg("H100", 1, 8, 1, 0.1, 12.5)}},
	}
	measured := map[string]float64{"a": 12.53, "b": 12.52} // both rounded to 12.5 in their rows
	fsys := fstest.MapFS{}
	idx := Index{Version: SchemaVersion, Workloads: []Workload{{ID: "w", Name: "W"}}}
	table := MeasuredTable{Columns: TokenColumns}
	for _, m := range models {
		m.Version, m.Name, m.GPUs = SchemaVersion, strings.ToUpper(m.Slug), []string{"H100"}
		m.Configurations[0].RowID = m.Slug + "/H100/1/8"
		idx.Workloads[0].Models = append(idx.Workloads[0].Models, ModelEntry{Slug: m.Slug, Name: m.Name, GPUs: m.GPUs})
		b, _ := json.Marshal(m)
		fsys["w/"+m.Slug+".json"] = &fstest.MapFile{Data: b}
		us := measured[m.Slug] * 1000 // whole microseconds
		table.Rows = append(table.Rows, m.Configurations[0].RowID)
		table.Values = append(table.Values, []float64{us, us, us, us, float64(m.Configurations[0].JoulesPerToken), 500, 1000})
	}
	b, _ := json.Marshal(idx)
	fsys["index.json"] = &fstest.MapFile{Data: b}
	tb, err := table.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	fsys["w/"+MeasuredFile] = &fstest.MapFile{Data: tb}
	s, err := LoadFS(fsys)
	if err != nil {
		t.Fatal(err)
	}
	q := Query{Task: "w", Model: "a", GPU: "H100", DeadlineMS: 12.5, Percentile: P50, Tokens: 1e6}
	r, err := s.Select(q)
	if err != nil {
		t.Fatal(err)
	}
	if r.Selected != nil || r.MinDeadlineMS() != 12.6 {
		t.Fatalf("at 12.5 ms, 12.53 measured: selected %v, smallest deadline %v; want none and 12.6", r.Selected, r.MinDeadlineMS())
	}
	q.DeadlineMS = r.MinDeadlineMS()
	if r, _ := s.Select(q); r.Selected == nil || r.Estimate.EnergyPerRequest != 0.2*500 {
		t.Errorf("at the smallest deadline shown, %v ms: selected %v", q.DeadlineMS, r.Selected)
	}
	q.DeadlineMS = 12.5
	rk, err := s.Compare(q)
	if err != nil {
		t.Fatal(err)
	}
	if got := []string{rk.Models[0].Entry.Slug, rk.Models[1].Entry.Slug}; got[0] != "b" || got[1] != "a" {
		t.Errorf("ranking %v: want b (12.52 ms measured) before a (12.53 ms), though both are shown at 12.6 ms", got)
	}
}

// TestParsePercentile: a percentile as people write it, "p99", "P99", "99"
// or "99th", is that percentile; anything else is refused, naming the value.
func TestParsePercentile(t *testing.T) {
	for in, want := range map[string]Percentile{
		"p99": P99, "P99": P99, "99": P99, "99th": P99, " 99TH ": P99, "p95": P95, "95": P95,
		"90th": P90, "p50": P50, "50": P50, "median": P50, "Median": P50,
	} {
		if got, err := ParsePercentile(in); err != nil || got != want {
			t.Errorf("ParsePercentile(%q) = %q, %v; want %s", in, got, err, want)
		}
	}
	for _, in := range []string{"", "p", "th", "75", "p75", "pp99", "99%", "0.99", "p 99", "99 th", "999"} {
		_, err := ParsePercentile(in)
		var bad *InputError
		if !errors.As(err, &bad) || bad.Param != "percentile" || !strings.Contains(err.Error(), Quote(in)) || !strings.Contains(err.Error(), "p99") {
			t.Errorf("ParsePercentile(%q): %v, want an InputError naming the value and p99", in, err)
		}
	}
}
