package data

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"sort"
	"strings"
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
	want := []string{"lm-arena-chat", "gpqa", "sourcegraph-fim", "image-chat", "video-chat", "text-to-image", "text-to-video"}
	if len(s.Index.Workloads) != len(want) {
		t.Fatalf("%d workloads, want %v", len(s.Index.Workloads), want)
	}
	for i, w := range s.Index.Workloads {
		if w.ID != want[i] || w.Name == "" || len(w.Models) == 0 {
			t.Errorf("workload %d = %q %q with %d models, want %q with a name and models", i, w.ID, w.Name, len(w.Models), want[i])
		}
	}
	if n := len(s.Files()); n != 62 {
		t.Errorf("%d model files, want 62", n)
	}
	for _, w := range s.Index.Workloads {
		// The index says what the code knows.
		if want := map[string]*Kind{"text-to-image": Images, "text-to-video": Videos}[w.ID]; w.Kind() != want && (want != nil || w.Kind() != Tokens) || w.Unit != w.Kind().Item {
			t.Errorf("%s generates %ss, its unit is %q", w.ID, w.Kind().Item, w.Unit)
		}
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
			ka := []int{a.NumGPUs, a.MaxNumSeqs + a.BatchSize, a.UlyssesDegree, a.Repeat}
			kb := []int{b.NumGPUs, b.MaxNumSeqs + b.BatchSize, b.UlyssesDegree, b.Repeat}
			return a.GPU < b.GPU || a.GPU == b.GPU && slices.Compare(ka, kb) < 0
		}) {
			t.Errorf("%s: configurations are not sorted by GPU, count, batch, Ulysses degree and repeat", key)
		}
		diffusion := strings.HasPrefix(key, "text-to-")
		if diffusion != (m.DeadlineS > 0) || diffusion == (m.DeadlineMS > 0) {
			t.Errorf("%s: default deadline %d ms, %d s", key, m.DeadlineMS, m.DeadlineS)
		}
		for _, c := range m.Configurations {
			// Row ids name no workload: they are unique within one.
			id := m.Source.Workload + " " + c.RowID
			if other, dup := ids[id]; dup {
				t.Errorf("row id %s appears in %s and %s", c.RowID, other, key)
			}
			ids[id] = key
			if diffusion {
				checkDiffusionRow(t, m, &c)
				continue
			}
			// wh is rounded to 2 decimals from the unrounded joules; joules to 7.
			wh := float64(c.JoulesPerToken) * 1e6 / 3600
			if math.Abs(wh-float64(c.WhPerMillionTokens)) > 0.005+0.5e-7*1e6/3600+1e-9 {
				t.Errorf("%s: %v Wh per million tokens, but %v J per token makes %v", c.RowID, c.WhPerMillionTokens, c.JoulesPerToken, wh)
			}
			if !(c.MedianITL <= c.P90ITL && c.P90ITL <= c.P95ITL && c.P95ITL <= c.P99ITL) {
				t.Errorf("%s: ITL percentiles out of order", c.RowID)
			}
			if c.UnderDeadline == nil || *c.UnderDeadline != (float64(c.MedianITL) <= float64(m.DeadlineMS)) {
				t.Errorf("%s: under_itl_deadline = %v with median ITL %v and deadline %d", c.RowID, c.UnderDeadline, c.MedianITL, m.DeadlineMS)
			}
		}
		for _, gpu := range m.GPUs {
			want := bruteBest(m.Configurations, gpu, P50, float64(m.DeadlineMS+1000*m.DeadlineS))
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
				if !reflect.DeepEqual(m.Best[gpu], b) {
					t.Errorf("%s/%s: index best on %s differs from the model file", w.ID, e.Slug, gpu)
				}
			}
		}
	}
}

// checkDiffusionRow checks a diffusion configuration's figures against each
// other: its energy per item is its power over its throughput, its
// throughput its batch over its latency, each to the precision it is
// written at; and its work is split over all its GPUs.
func checkDiffusionRow(t *testing.T, m *Model, c *Config) {
	t.Helper()
	lat, pow, ips := float64(c.BatchLatencyS), float64(c.PowerWatts), float64(c.ItemsPerSecond)
	// Latency to 0.5 ms, power to 0.5 W, joules to 0.005 J, items/s to 5e-8.
	if want := pow * lat / float64(c.BatchSize); math.Abs(float64(c.JoulesPerItem)-want) > 0.005+0.5*lat/float64(c.BatchSize)+pow*0.0005/float64(c.BatchSize) {
		t.Errorf("%s: %v J per item, but %v W for %v s over a batch of %d makes %v", c.RowID, c.JoulesPerItem, pow, lat, c.BatchSize, want)
	}
	if want := float64(c.BatchSize) / lat; math.Abs(ips-want) > 5e-8+want*0.0005/lat {
		t.Errorf("%s: %v items/s, but a batch of %d in %v s makes %v", c.RowID, ips, c.BatchSize, lat, want)
	}
	if c.UlyssesDegree*c.RingDegree != c.NumGPUs || c.Width < 1 || c.Height < 1 || c.Steps < 1 || c.UnderDeadline != nil ||
		c.MaxNumSeqs != 0 || c.JoulesPerToken != 0 || c.MedianITL != 0 {
		t.Errorf("%s: not a diffusion configuration: %+v", c.RowID, c)
	}
	if video := m.Unit == "J per video"; video != (c.Frames > 0 && c.FPS > 0) {
		t.Errorf("%s: %d frames at %d fps in a file of %s", c.RowID, c.Frames, c.FPS, m.Unit)
	}
	want := fmt.Sprintf("%s/%s/%d/b%d/u%dr%d", m.Slug, c.GPU, c.NumGPUs, c.BatchSize, c.UlyssesDegree, c.RingDegree)
	if c.Repeat > 1 {
		want += fmt.Sprintf("/r%d", c.Repeat)
	}
	if c.RowID != want {
		t.Errorf("row id %s, want %s", c.RowID, want)
	}
}

// latencyOf is the latency a deadline bounds, read from the measured values
// without the package's code: the ITL at p, or a diffusion batch's latency in
// ms.
func latencyOf(c *Config, p Percentile) float64 {
	if c.BatchSize > 0 {
		return c.Measured.BatchLatency
	}
	return c.Measured.ITL[map[Percentile]int{P50: 0, P90: 1, P95: 2, P99: 3}[p]]
}

// joulesOf is c's measured energy per token, image or video, read from its
// measured values without the package's code.
func joulesOf(c *Config) float64 {
	if c.BatchSize > 0 {
		return c.Measured.JoulesPerItem
	}
	return c.Measured.JoulesPerToken
}

// testDeadlines are deadlines for tests of the kind's workloads, in ms, from
// one that no configuration meets to one that every one does.
func testDeadlines(k *Kind) []float64 {
	switch k {
	case Images:
		return []float64{500, 1000, 5000, 10e3, 30e3, 100e3, 200e3}
	case Videos:
		return []float64{10e3, 30e3, 100e3, 300e3, 1000e3, 7000e3}
	}
	return []float64{5, 10, 20, 35, 50, 100, 250, 1000}
}

// bruteBest is the selection rule written out independently of Best: sort every
// qualifying configuration by the rule's keys and take the first.
func bruteBest(configs []Config, gpu string, p Percentile, deadline float64) *Config {
	var ok []Config
	for _, c := range configs {
		if (gpu == AnyGPU || c.GPU == gpu) && latencyOf(&c, p) <= deadline {
			ok = append(ok, c)
		}
	}
	if len(ok) == 0 {
		return nil
	}
	sort.Slice(ok, func(i, j int) bool {
		a, b := ok[i], ok[j]
		ka := []float64{joulesOf(&a), float64(a.NumGPUs), float64(a.MaxNumSeqs + a.BatchSize), float64(a.Repeat)}
		kb := []float64{joulesOf(&b), float64(b.NumGPUs), float64(b.MaxNumSeqs + b.BatchSize), float64(b.Repeat)}
		for k := range ka {
			if ka[k] != kb[k] {
				return ka[k] < kb[k]
			}
		}
		if a.GPU != b.GPU {
			return a.GPU < b.GPU
		}
		return a.RowID < b.RowID
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
