package data

import (
	"encoding/json"
	"errors"
	"math"
	"slices"
	"sort"
	"strings"
	"testing"
	"testing/fstest"
)

// The ranking of every workload, GPU choice, percentile and deadline is what
// answering each model on its own with Select and sorting the answers gives.
func TestCompareFollowsTheRule(t *testing.T) {
	s := mustLoad(t)
	for _, w := range s.Index.Workloads {
		for _, gpu := range append([]string{AnyGPU}, GPUs...) {
			for _, p := range Percentiles {
				for _, d := range testDeadlines(w.Kind()) {
					q := Query{Task: w.ID, GPU: gpu, DeadlineMS: d, Percentile: p, Tokens: 2.5e9}
					rk, err := s.Compare(q)
					if err != nil {
						t.Fatalf("%s %s %s %v ms: %v", w.ID, gpu, p, d, err)
					}
					want := rankIndependently(t, s, q)
					got := make([]string, len(rk.Models))
					for i, r := range rk.Models {
						got[i] = r.Entry.Slug
						if r.Result == nil {
							continue
						}
						if r.Result.Query.Model != r.Entry.Slug || r.Result.Query.GPU != gpu || r.Result.Query.DeadlineMS != d {
							t.Fatalf("%s: %s answered %+v", w.ID, r.Entry.Slug, r.Result.Query)
						}
					}
					if !slices.Equal(got, want.order) {
						t.Fatalf("%s %s %s %v ms: ranking\n%v\nwant\n%v", w.ID, gpu, p, d, got, want.order)
					}
					for _, r := range rk.Models {
						if ind := want.by[r.Entry.Slug]; ind.status != r.Status() || r.Status() == Meets && (ind.row != r.Result.Selected.RowID || ind.energy != r.Result.Estimate.EnergyWh) {
							t.Fatalf("%s %s: %s is %s, want %+v", w.ID, gpu, r.Entry.Slug, r.Status(), ind)
						}
					}
				}
			}
		}
	}
}

type independent struct {
	status Status
	key    float64 // energy for those that meet, minimum deadline for those that miss
	energy float64
	row    string
	slug   string
}

// rankIndependently answers q for each model of the workload with Select and
// sorts the answers by (group, key, slug), the documented order.
func rankIndependently(t *testing.T, s *Set, q Query) (out struct {
	order []string
	by    map[string]independent
}) {
	w, _ := s.Workload(q.Task)
	var all []independent
	for _, e := range w.Models {
		ind := independent{slug: e.Slug, status: NotMeasured}
		if q.GPU == AnyGPU || slices.Contains(e.GPUs, q.GPU) {
			mq := q
			mq.Model = e.Slug
			r, err := s.Select(mq)
			if err != nil {
				t.Fatal(err)
			}
			if r.Selected != nil {
				ind.status, ind.row = Meets, r.Selected.RowID
				ind.energy = joulesOf(r.Selected) * q.Tokens / 3600
				ind.key = ind.energy
			} else {
				ind.status, ind.key = MissesDeadline, latencyOf(r.Fastest, q.Percentile)
			}
		}
		all = append(all, ind)
	}
	group := map[Status]int{Meets: 0, MissesDeadline: 1, NotMeasured: 2}
	sort.Slice(all, func(i, j int) bool {
		a, b := all[i], all[j]
		if group[a.status] != group[b.status] {
			return group[a.status] < group[b.status]
		}
		if a.key != b.key {
			return a.key < b.key
		}
		return a.slug < b.slug
	})
	out.by = map[string]independent{}
	for _, a := range all {
		out.order = append(out.order, a.slug)
		out.by[a.slug] = a
	}
	return out
}

// workloadOf builds a Set with one workload "w" whose models, in index order,
// have the given configurations.
func workloadOf(t *testing.T, models ...Model) *Set {
	t.Helper()
	fsys := fstest.MapFS{}
	idx := Index{Version: SchemaVersion, Workloads: []Workload{{ID: "w", Name: "W"}}}
	for _, m := range models {
		m.Version, m.Name = SchemaVersion, strings.ToUpper(m.Slug)
		for _, c := range m.Configurations {
			if !slices.Contains(m.GPUs, c.GPU) {
				m.GPUs = append(m.GPUs, c.GPU)
			}
		}
		idx.Workloads[0].Models = append(idx.Workloads[0].Models, ModelEntry{Slug: m.Slug, Name: m.Name, GPUs: m.GPUs, Params: m.Params})
		b, _ := json.Marshal(m)
		fsys["w/"+m.Slug+".json"] = &fstest.MapFile{Data: b}
	}
	b, _ := json.Marshal(idx)
	fsys["index.json"] = &fstest.MapFile{Data: b}
	s, err := LoadFS(fsys)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestCompareTiesGoToTheSlug(t *testing.T) {
	s := workloadOf(t,
		Model{Slug: "c", Configurations: []Config{cfg("H100", 1, 8, 1, 0.2, 10)}},
		Model{Slug: "miss-b", Configurations: []Config{cfg("H100", 1, 8, 1, 0.1, 60)}},
		Model{Slug: "a", Configurations: []Config{cfg("H100", 2, 16, 1, 0.2, 20)}},
		Model{Slug: "b200-only", Configurations: []Config{cfg("B200", 1, 8, 1, 0.01, 1)}},
		Model{Slug: "miss-a", Configurations: []Config{cfg("H100", 1, 8, 1, 0.3, 60)}},
		Model{Slug: "cheapest", Configurations: []Config{cfg("H100", 1, 8, 1, 0.1, 50)}},
	)
	rk, err := s.Compare(Query{Task: "w", GPU: "H100", DeadlineMS: 50, Percentile: P50, Tokens: 1e6})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range rk.Models {
		got = append(got, r.Entry.Slug+":"+string(r.Status()))
	}
	want := []string{"cheapest:meets", "a:meets", "c:meets", "miss-a:misses_deadline", "miss-b:misses_deadline", "b200-only:not_measured"}
	if !slices.Equal(got, want) {
		t.Errorf("ranking %v, want %v (equal energy and equal minimum deadlines by slug)", got, want)
	}
	if r := rk.Models[3].Result; r.MinDeadlineMS() != 60 || r.Fastest == nil {
		t.Errorf("miss-a: minimum deadline %v, fastest %v", r.MinDeadlineMS(), r.Fastest)
	}
}

func TestCompareRefusesBadInput(t *testing.T) {
	s := mustLoad(t)
	cases := []struct {
		edit         func(*Query)
		param, value string
		accepted     []string
	}{
		{func(q *Query) { q.Task = "chat" }, "task", "chat", []string{"gpqa"}},
		{func(q *Query) { q.GPU = "A100" }, "gpu", "A100", []string{"any", "B200", "H100"}},
		{func(q *Query) { q.GPU = "h100" }, "gpu", "h100", []string{"H100"}},
		{func(q *Query) { q.Percentile = "p75" }, "percentile", "p75", []string{"p99"}},
		{func(q *Query) { q.DeadlineMS = 0 }, "deadline", "0", []string{"greater than 0"}},
		{func(q *Query) { q.DeadlineMS = math.NaN() }, "deadline", "NaN", []string{"greater than 0"}},
		{func(q *Query) { q.Tokens = math.Inf(-1) }, "tokens", "-Inf", []string{"from 1 to 1e18"}},
		{func(q *Query) { q.Tokens = 5e-324 }, "tokens", "5e-324", []string{"below one token"}},
	}
	for _, c := range cases {
		q := Query{Task: "gpqa", GPU: AnyGPU, DeadlineMS: 40, Percentile: P95, Tokens: 1e6}
		c.edit(&q)
		rk, err := s.Compare(q)
		var bad *InputError
		if !errors.As(err, &bad) || bad.Param != c.param || rk != nil {
			t.Errorf("%s %q: ranking %v, err %v; want an InputError for %s", c.param, c.value, rk, err, c.param)
			continue
		}
		for _, a := range append(c.accepted, c.value) {
			if !strings.Contains(err.Error(), a) {
				t.Errorf("message %q lacks %q", err, a)
			}
		}
	}
	// The model is not part of a comparison: any value is ignored.
	if _, err := s.Compare(Query{Task: "gpqa", Model: "gpt-5", GPU: AnyGPU, DeadlineMS: 40, Percentile: P95, Tokens: 1}); err != nil {
		t.Errorf("a comparison refused its (unused) model: %v", err)
	}
}

func TestDefaultModel(t *testing.T) {
	s := mustLoad(t)
	for _, w := range s.Index.Workloads {
		d := w.DefaultModel()
		if d == nil {
			t.Fatalf("%s: no default model", w.ID)
		}
		if slices.ContainsFunc(w.Models, func(e ModelEntry) bool { return e.Slug == "qwen-3-14b" }) {
			if d.Slug != "qwen-3-14b" {
				t.Errorf("%s: default %s, want qwen-3-14b, which it has", w.ID, d.Slug)
			}
			continue
		}
		// Nearest to 14B by ratio, the earlier on a tie.
		ratio := func(e *ModelEntry) float64 { return math.Max(float64(e.Params)/14, 14/float64(e.Params)) }
		for i := range w.Models {
			e := &w.Models[i]
			if ratio(e) < ratio(d) || ratio(e) == ratio(d) && i < slices.IndexFunc(w.Models, func(m ModelEntry) bool { return m.Slug == d.Slug }) {
				t.Errorf("%s: default %s (%vB), but %s (%vB) is nearer 14B or earlier", w.ID, d.Slug, d.Params, e.Slug, e.Params)
			}
		}
	}
	// Worked by hand: video chat has 8B, 30B, 32B and 235B models; 14/8 = 1.75 < 30/14 ≈ 2.14.
	w, _ := s.Workload("video-chat")
	if d := w.DefaultModel(); d.Slug != "qwen-3-vl-8b-instruct" {
		t.Errorf("video-chat: default %s, want qwen-3-vl-8b-instruct", d.Slug)
	}
	tie := Workload{Models: []ModelEntry{{Slug: "x", Params: 28}, {Slug: "y", Params: 7}, {Slug: "z", Params: 28}}}
	if d := tie.DefaultModel(); d.Slug != "x" {
		t.Errorf("7B and 28B are equally near 14B: default %s, want the first, x", d.Slug)
	}
	sizeless := Workload{Models: []ModelEntry{{Slug: "p"}, {Slug: "q"}}}
	if d := sizeless.DefaultModel(); d == nil || d.Slug != "p" {
		t.Errorf("models without sizes: default %v, want the first", d)
	}
	if d := (&Workload{}).DefaultModel(); d != nil {
		t.Errorf("a workload without models has default %v", d)
	}
}

func TestWorkloadGPUs(t *testing.T) {
	s := mustLoad(t)
	for _, w := range s.Index.Workloads {
		seen := map[string]bool{}
		for _, e := range w.Models {
			for _, g := range e.GPUs {
				seen[g] = true
			}
		}
		got := w.GPUs()
		if len(got) != len(seen) || !slices.IsSortedFunc(got, func(a, b string) int { return slices.Index(GPUs, a) - slices.Index(GPUs, b) }) {
			t.Errorf("%s: GPUs %v, want %v in the order of %v", w.ID, got, seen, GPUs)
		}
		for _, g := range got {
			if !seen[g] {
				t.Errorf("%s: GPUs lists %s, which none of its models was measured on", w.ID, g)
			}
		}
	}
}

func FuzzCompare(f *testing.F) {
	s, err := Load()
	if err != nil {
		f.Fatal(err)
	}
	f.Add("gpqa", "H100", 40.0, "p95", 2.5e9)
	f.Add("video-chat", "any", 1.0, "p99", 1.0)
	f.Add("sourcegraph-fim", "", math.Inf(1), "median", math.NaN())
	f.Fuzz(func(t *testing.T, task, gpu string, deadline float64, p string, tokens float64) {
		rk, err := s.Compare(Query{Task: task, GPU: gpu, DeadlineMS: deadline, Percentile: Percentile(p), Tokens: tokens})
		if err != nil {
			var bad *InputError
			if !errors.As(err, &bad) {
				t.Fatalf("error %v is not an InputError", err)
			}
			return
		}
		w, _ := s.Workload(task)
		if len(rk.Models) != len(w.Models) {
			t.Fatalf("%d models ranked of %d", len(rk.Models), len(w.Models))
		}
		for i := 1; i < len(rk.Models); i++ {
			if rankLess(&rk.Models[i], &rk.Models[i-1]) {
				t.Fatalf("%s ranked after %s", rk.Models[i-1].Entry.Slug, rk.Models[i].Entry.Slug)
			}
		}
	})
}

func BenchmarkCompare(b *testing.B) {
	s := mustLoad(b)
	q := Query{Task: "lm-arena-chat", GPU: AnyGPU, DeadlineMS: 50, Percentile: P95, Tokens: 1e9}
	s.Compare(q) // parse the models once
	for b.Loop() {
		if _, err := s.Compare(q); err != nil {
			b.Fatal(err)
		}
	}
}

func TestSize(t *testing.T) {
	for _, c := range []struct {
		e    ModelEntry
		want string
	}{
		{ModelEntry{Params: 14, ActiveParams: 14}, "14B"},
		{ModelEntry{Params: 21, ActiveParams: 3.6}, "21B, 3.6B active"},
		{ModelEntry{Params: 1000, ActiveParams: 32}, "1,000B, 32B active"},
	} {
		if got := c.e.Size(); got != c.want {
			t.Errorf("Size of %v/%v = %q, want %q", c.e.Params, c.e.ActiveParams, got, c.want)
		}
	}
}

// Text Conversation has 18 models: DeepSeek V3.1 and Llama 3.1 405B
// Instruct (BF16) were measured on B200 only, the two Llama 4 on H100 only.
// On either GPU a count of the models that meet a deadline is out of 16;
// every model of Reasoning (gpqa) was measured on B200.
func TestRankingCountsTheModelsMeasuredOnTheGPU(t *testing.T) {
	s := mustLoad(t)
	for _, c := range []struct {
		task, gpu string
		n         int
		models    string
	}{
		{"lm-arena-chat", "H100", 16, "models measured on H100"},
		{"lm-arena-chat", "B200", 16, "models measured on B200"},
		{"lm-arena-chat", AnyGPU, 18, "models"},
		{"gpqa", "B200", 12, "models"},
	} {
		rk, err := s.Compare(Query{Task: c.task, GPU: c.gpu, DeadlineMS: 50, Percentile: P50, Tokens: 1e9})
		if err != nil {
			t.Fatal(err)
		}
		if n, models := rk.MeasuredIn(Printer{}); n != c.n || models != c.models {
			t.Errorf("%s on %s: MeasuredIn(English) = %d %q, want %d %q", c.task, c.gpu, n, models, c.n, c.models)
		}
	}
}
