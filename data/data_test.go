package data

import (
	"math"
	"sort"
	"testing"
)

func mustLoad(t testing.TB) *Set {
	t.Helper()
	s, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// allModels loads every model file the index lists.
func allModels(t *testing.T, s *Set) map[string]*Model {
	models := map[string]*Model{}
	for _, w := range s.Index.Workloads {
		for _, e := range w.Models {
			m, err := s.Model(w.ID, e.Slug)
			if err != nil {
				t.Fatal(err)
			}
			models[w.ID+"/"+e.Slug] = m
		}
	}
	return models
}

func TestEmbeddedDatasetIsComplete(t *testing.T) {
	s := mustLoad(t)
	want := []string{"lm-arena-chat", "gpqa", "sourcegraph-fim", "image-chat", "video-chat"}
	if len(s.Index.Workloads) != len(want) {
		t.Fatalf("%d workloads, want %v", len(s.Index.Workloads), want)
	}
	for i, w := range s.Index.Workloads {
		if w.ID != want[i] || w.Name == "" || len(w.Models) == 0 {
			t.Errorf("workload %d = %q %q with %d models, want %q with a name and models", i, w.ID, w.Name, len(w.Models), want[i])
		}
	}
	if n := len(s.Files()); n != 50 {
		t.Errorf("%d model files, want 50", n)
	}
	if s.Index.Source.Cite == "" || s.Index.Caveat == "" || s.Index.Source.Licence == "" {
		t.Error("the index lacks the citation, the licence or the caveat the UI must show")
	}
}

// TestEmbeddedDatasetIsConsistent checks every file against the schema's rules,
// recomputing each derived figure from the stored ones.
func TestEmbeddedDatasetIsConsistent(t *testing.T) {
	s := mustLoad(t)
	ids := map[string]string{}
	for key, m := range allModels(t, s) {
		if m.Version != SchemaVersion {
			t.Errorf("%s: version %q, want %q", key, m.Version, SchemaVersion)
		}
		if m.Slug != Slug(m.Name) {
			t.Errorf("%s: slug %q is not the slug of %q", key, m.Slug, m.Name)
		}
		if !sort.SliceIsSorted(m.Configurations, func(i, j int) bool {
			a, b := m.Configurations[i], m.Configurations[j]
			return a.GPU < b.GPU || a.GPU == b.GPU && (a.NumGPUs < b.NumGPUs || a.NumGPUs == b.NumGPUs &&
				(a.MaxNumSeqs < b.MaxNumSeqs || a.MaxNumSeqs == b.MaxNumSeqs && a.Repeat < b.Repeat))
		}) {
			t.Errorf("%s: configurations are not sorted by GPU, count, max_num_seqs and repeat", key)
		}
		for _, c := range m.Configurations {
			// Row ids name no workload: they are unique within one.
			id := m.Source.Workload + " " + c.RowID
			if other, dup := ids[id]; dup {
				t.Errorf("row id %s appears in %s and %s", c.RowID, other, key)
			}
			ids[id] = key
			// wh is rounded to 2 decimals from the unrounded joules; joules to 7.
			wh := float64(c.JoulesPerToken) * 1e6 / 3600
			if math.Abs(wh-float64(c.WhPerMillionTokens)) > 0.005+0.5e-7*1e6/3600+1e-9 {
				t.Errorf("%s: %v Wh per million tokens, but %v J per token makes %v", c.RowID, c.WhPerMillionTokens, c.JoulesPerToken, wh)
			}
			if !(c.MedianITL <= c.P90ITL && c.P90ITL <= c.P95ITL && c.P95ITL <= c.P99ITL) {
				t.Errorf("%s: ITL percentiles out of order", c.RowID)
			}
			if c.UnderDeadline != (float64(c.MedianITL) <= float64(m.DeadlineMS)) {
				t.Errorf("%s: under_itl_deadline = %v with median ITL %v and deadline %d", c.RowID, c.UnderDeadline, c.MedianITL, m.DeadlineMS)
			}
		}
		for _, gpu := range m.GPUs {
			want := bruteBest(m.Configurations, gpu, P50, float64(m.DeadlineMS))
			got, ok := m.Best[gpu]
			if want == nil && ok || want != nil && (!ok || got.RowID != want.RowID) {
				t.Errorf("%s: best on %s is %q, want %v", key, gpu, got.RowID, want)
			}
		}
	}
}

func TestIndexMatchesModelFiles(t *testing.T) {
	s := mustLoad(t)
	for _, w := range s.Index.Workloads {
		for _, e := range w.Models {
			m, _ := s.Model(w.ID, e.Slug)
			if e.Name != m.Name || e.ModelID != m.ModelID || e.Params != m.Params || len(e.Best) != len(m.Best) {
				t.Errorf("%s/%s: index entry differs from the model file", w.ID, e.Slug)
			}
			for gpu, b := range e.Best {
				if m.Best[gpu] != b {
					t.Errorf("%s/%s: index best on %s differs from the model file", w.ID, e.Slug, gpu)
				}
			}
		}
	}
}

// bruteBest is the selection rule written out independently of Best: sort every
// qualifying configuration by the rule's keys and take the first.
func bruteBest(configs []Config, gpu string, p Percentile, deadline float64) *Config {
	var ok []Config
	for _, c := range configs {
		if (gpu == AnyGPU || c.GPU == gpu) && p.ITL(&c) <= deadline {
			ok = append(ok, c)
		}
	}
	if len(ok) == 0 {
		return nil
	}
	sort.Slice(ok, func(i, j int) bool {
		a, b := ok[i], ok[j]
		ka := []float64{a.EnergyPerToken(), float64(a.NumGPUs), float64(a.MaxNumSeqs), float64(a.Repeat)}
		kb := []float64{b.EnergyPerToken(), float64(b.NumGPUs), float64(b.MaxNumSeqs), float64(b.Repeat)}
		for k := range ka {
			if ka[k] != kb[k] {
				return ka[k] < kb[k]
			}
		}
		return a.GPU < b.GPU
	})
	return &ok[0]
}

func TestModelLookup(t *testing.T) {
	s := mustLoad(t)
	for _, name := range []string{"qwen-3-14b", "Qwen 3 14B", "qwen/qwen3-14b", "QWEN-3-14B"} {
		m, err := s.Model("lm-arena-chat", name)
		if err != nil || m.Slug != "qwen-3-14b" {
			t.Errorf("Model(%q) = %v, %v; want qwen-3-14b", name, m, err)
		}
	}
	a, _ := s.Model("gpqa", "qwen-3-14b")
	b, _ := s.Model("gpqa", "Qwen 3 14B")
	if a != b {
		t.Error("a model file is parsed again on a second lookup")
	}
}

func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		if _, err := Load(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkModelParse is the cost of opening a model for the first time.
func BenchmarkModelParse(b *testing.B) {
	for b.Loop() {
		s, _ := Load()
		if _, err := s.Model("lm-arena-chat", "qwen-3-14b"); err != nil {
			b.Fatal(err)
		}
	}
}
