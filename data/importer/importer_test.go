package importer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"tokenjoule/data"
)

// The leaderboard's files live beside the repository, not in it (see README).
const shared = "../../../shared"

// leaderboard returns the leaderboard's published files, skipping the test where a
// clone has no ../shared; CI has it, so there a missing copy is a failure.
func leaderboard(t testing.TB) string {
	src := filepath.Join(shared, "mlenergy")
	if _, err := os.Stat(filepath.Join(src, "index.json")); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI must have the leaderboard's files at %s: %v", src, err)
		}
		t.Skipf("skipping: the leaderboard's files are not at %s (they sit beside the repository in CI)", src)
	}
	return src
}

// rendered is Render of the leaderboard's files, made once for the tests that
// read it (a render took 2 to 5 s under the race detector); they do not
// change it.
func rendered(t *testing.T) (src string, files map[string][]byte) {
	t.Helper()
	src = leaderboard(t)
	leaderboardRender.once.Do(func() {
		leaderboardRender.files, leaderboardRender.err = Render(src)
	})
	if leaderboardRender.err != nil {
		t.Fatal(leaderboardRender.err)
	}
	return src, leaderboardRender.files
}

var leaderboardRender struct {
	once  sync.Once
	files map[string][]byte
	err   error
}

func TestSeedEquality(t *testing.T) {
	_, files := rendered(t)
	seed, err := os.ReadFile(filepath.Join(shared, "seeds", "000_17cede655f255818.txt"))
	if err != nil {
		t.Fatal(err)
	}
	got := files["lm-arena-chat/qwen-3-14b.json"]
	var want, have any
	if err := json.Unmarshal(seed, &want); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(got, &have); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(have, want) {
		t.Errorf("lm-arena-chat/qwen-3-14b.json differs from the seed as parsed JSON:\n%s", firstDiff(got, seed))
	}
	if !bytes.Equal(got, seed) {
		t.Errorf("lm-arena-chat/qwen-3-14b.json differs from the seed byte for byte:\n%s", firstDiff(got, seed))
	}
}

func firstDiff(a, b []byte) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := 0; i < len(la) && i < len(lb); i++ {
		if la[i] != lb[i] {
			return "line " + strconv.Itoa(i+1) + ":\n got  " + la[i] + "\n want " + lb[i]
		}
	}
	return "lengths differ: " + strconv.Itoa(len(la)) + " vs " + strconv.Itoa(len(lb)) + " lines"
}

// The committed dataset is exactly what the importer makes of the shared
// copy: one generation, named after its content, and its pointer.
func TestCommittedDataIsImported(t *testing.T) {
	_, files := rendered(t)
	if len(files) != 70 {
		t.Errorf("rendered %d files, want 62 model files, 7 of measured values and index.json", len(files))
	}
	dir := filepath.Join("..", "dataset")
	cur, err := data.Current(os.DirFS(dir))
	if err != nil {
		t.Fatal(err)
	}
	if want, _, _ := generationName(t.TempDir(), "", files); cur != want {
		t.Errorf("the current generation is %s, want %s, the name of the importer's output (run make data)", cur, want)
	}
	for name, b := range files {
		committed, err := os.ReadFile(filepath.Join(dir, cur, filepath.FromSlash(name)))
		if err != nil {
			t.Errorf("%s is not committed: %v (run make data)", name, err)
			continue
		}
		if !bytes.Equal(committed, b) {
			t.Errorf("data/dataset/%s/%s differs from the importer's output (run make data):\n%s", cur, name, firstDiff(b, committed))
		}
	}
	var stale []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		rel, _ := filepath.Rel(filepath.Join(dir, cur), p)
		if err == nil && !d.IsDir() && p != filepath.Join(dir, data.PointerFile) && files[filepath.ToSlash(rel)] == nil {
			stale = append(stale, p)
		}
		return nil
	})
	if len(stale) > 0 {
		t.Errorf("data/dataset holds files the importer does not make: %v", stale)
	}
}

func TestRenderIsDeterministic(t *testing.T) {
	src, a := rendered(t)
	b, err := Render(src)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Error("two renders of the same input differ")
	}
}

func TestImportReplacesOnlyTheDataset(t *testing.T) {
	src := leaderboard(t)
	out := t.TempDir()
	keep := filepath.Join(out, "data.go")
	os.WriteFile(keep, []byte("package data\n"), 0o644)
	if err := Import(fixture(t, nil), out); err != nil {
		t.Fatal(err)
	}
	if err := Import(src, out); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(keep); err != nil {
		t.Errorf("import removed a file that is not part of the dataset: %v", err)
	}
	entries, _ := os.ReadDir(out)
	if len(entries) != 3 {
		t.Errorf("the dataset folder holds %v, want data.go, the pointer and one generation", entries)
	}
	n := 0
	filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err == nil && (strings.HasSuffix(p, ".json") || strings.HasSuffix(p, ".bin")) {
			n++
		}
		return nil
	})
	if n != 70 {
		t.Errorf("wrote %d files, want 70", n)
	}
}

// TestMeasuredValuesAreTheLeaderboards: each workload's measured.bin holds
// every row of the leaderboard's task file, read here on its own: each
// latency as the smallest deadline typed to the microsecond that it meets,
// the energy per token, the output length and the throughput bit for bit,
// the product of the first two the energy per request bit for bit.
func TestMeasuredValuesAreTheLeaderboards(t *testing.T) {
	src, files := rendered(t)
	micros := func(ms float64) float64 {
		for k := int(ms*1000) - 2; ; k++ {
			if d, _ := strconv.ParseFloat(fmt.Sprintf("%d.%03d", k/1000, k%1000), 64); d >= ms {
				return float64(k)
			}
		}
	}
	for _, w := range workloads {
		if w.kind.Diffusion() {
			continue // TestDiffusionMeasuredValuesAreTheLeaderboards
		}
		var task struct{ Configurations []map[string]float64 }
		b, err := os.ReadFile(filepath.Join(src, "tasks", w.ID+".json"))
		if err != nil {
			t.Fatal(err)
		}
		json.Unmarshal(b, &task) // the strings stay zero
		want := map[[7]float64]int{}
		for _, r := range task.Configurations {
			want[[7]float64{micros(r["median_itl_ms"]), micros(r["p90_itl_ms"]), micros(r["p95_itl_ms"]), micros(r["p99_itl_ms"]),
				r["energy_per_token_joules"], r["avg_output_len"], r["output_throughput_tokens_per_sec"]}]++
			if r["energy_per_token_joules"]*r["avg_output_len"] != r["energy_per_request_joules"] {
				t.Errorf("%s: a row's energy per request is not its energy per token × output length: %v", w.ID, r)
			}
		}
		var mt data.MeasuredTable
		if err := mt.UnmarshalBinary(files[w.ID+"/"+data.MeasuredFile]); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(mt.Columns, data.TokenColumns) || len(mt.Rows) != len(task.Configurations) {
			t.Errorf("%s: %d rows of %v, want %d of %v", w.ID, len(mt.Rows), mt.Columns, len(task.Configurations), data.TokenColumns)
		}
		for i, id := range mt.Rows {
			v := [7]float64(mt.Values[i])
			if want[v] == 0 {
				t.Errorf("%s %s: %v is no row of the leaderboard's", w.ID, id, v)
			}
			want[v]--
		}
	}
}

// TestEnergyPerRequestKeptWhereNotAProduct: where a row's energy per
// request is not exactly its energy per token × its output length, the
// workload's measured values keep the energy per request itself.
func TestEnergyPerRequestKeptWhereNotAProduct(t *testing.T) {
	files, err := Render(fixture(t, func(rows []map[string]any) []map[string]any {
		rows[1]["energy_per_request_joules"] = 100.00001 // 0.2 × 500 is 100
		return rows
	}))
	if err != nil {
		t.Fatal(err)
	}
	var mt data.MeasuredTable
	if err := mt.UnmarshalBinary(files["lm-arena-chat/"+data.MeasuredFile]); err != nil {
		t.Fatal(err)
	}
	m, err := mt.TokenMeasurements()
	if err != nil {
		t.Fatal(err)
	}
	if mt.Columns[5] != "energy_per_request_joules" || m["m-8b/B200/1/128"].JoulesPerRequest != 100.00001 || m["m-8b/H100/1/64"].JoulesPerRequest != 100 {
		t.Errorf("columns %v, values %+v %+v", mt.Columns, *m["m-8b/B200/1/128"], *m["m-8b/H100/1/64"])
	}
}
