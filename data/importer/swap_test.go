package importer

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"tokenjoule/data"
)

// twoDatasets renders two different datasets from fixtures: b has another
// model in lm-arena-chat and different figures.
func twoDatasets(t *testing.T) (a, b map[string][]byte) {
	t.Helper()
	a, err := Render(fixture(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	b, err = Render(fixture(t, func(rows []map[string]any) []map[string]any {
		setEnergy(rows[0], 0.1)
		return append(rows, goodRow("org/N-1B", "N 1B", "H100", 8))
	}))
	if err != nil {
		t.Fatal(err)
	}
	if maps.EqualFunc(a, b, func(x, y []byte) bool { return string(x) == string(y) }) {
		t.Fatal("the two datasets do not differ")
	}
	return a, b
}

// readDataset reads the dataset in the folder out as a reader does, the
// embed of a build or data.LoadCurrent: the generation the pointer names,
// as file path → content. It also loads it with the data package, every
// model with its measured values. It is nil where out has no readable
// dataset.
func readDataset(t *testing.T, out string) map[string][]byte {
	t.Helper()
	dir := os.DirFS(out)
	name, err := data.Current(dir)
	if err != nil {
		return nil
	}
	got := map[string][]byte{}
	err = fs.WalkDir(dir, name, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(dir, p)
		got[strings.TrimPrefix(p, name+"/")] = b
		return err
	})
	if err != nil {
		t.Errorf("reading generation %s: %v", name, err)
		return nil
	}
	s, err := data.LoadCurrent(dir)
	if err != nil {
		t.Errorf("loading the dataset: %v", err)
		return nil
	}
	for _, w := range s.Index.Workloads {
		for _, e := range w.Models {
			if _, err := s.Model(w.ID, e.Slug); err != nil {
				t.Errorf("loading the dataset: %v", err)
			}
		}
	}
	return got
}

// leftovers lists what out holds besides the current generation, its
// pointer and the file that is not the dataset's (kept.go), which must be
// unchanged.
func leftovers(t *testing.T, out string) []string {
	t.Helper()
	if b, err := os.ReadFile(filepath.Join(out, "kept.go")); err != nil || string(b) != "package data\n" {
		t.Errorf("a file that is not the dataset's changed: %q, %v", b, err)
	}
	cur, _ := data.Current(os.DirFS(out))
	var left []string
	entries, _ := os.ReadDir(out)
	for _, e := range entries {
		if n := e.Name(); n != cur && n != data.PointerFile && n != "kept.go" {
			left = append(left, n)
		}
	}
	return left
}

func same(a, b map[string][]byte) bool {
	return a != nil && maps.EqualFunc(a, b, func(x, y []byte) bool { return string(x) == string(y) })
}

func sameDataset(t *testing.T, what string, got, want map[string][]byte) {
	t.Helper()
	if !same(got, want) {
		t.Errorf("%s: the dataset is not whole: holds %q, want %q", what, slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
	}
}

// installed writes dataset a into a new folder, beside a file that is not
// the dataset's.
func installed(t *testing.T, a map[string][]byte) string {
	t.Helper()
	out := t.TempDir()
	if err := os.WriteFile(filepath.Join(out, "kept.go"), []byte("package data\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := swap(context.Background(), out, a); err != nil {
		t.Fatal(err)
	}
	if left := leftovers(t, out); len(left) > 0 {
		t.Fatalf("a swap left %v", left)
	}
	return out
}

type killed struct{}

// killAt runs swap(out, files), stopped at its step kill as a SIGKILL would
// stop it (no deferred clean-up runs); it tells whether the swap finished
// before that step.
func killAt(t *testing.T, kill int, out string, files map[string][]byte) (finished bool) {
	t.Helper()
	n := 0
	testHookStep = func() error {
		if n++; n == kill {
			panic(killed{})
		}
		return nil
	}
	defer func() {
		testHookStep = nil
		if r := recover(); r != nil {
			if _, ok := r.(killed); !ok {
				panic(r)
			}
		}
	}()
	if err := swap(context.Background(), out, files); err != nil {
		t.Fatal(err)
	}
	return true
}

// TestSwapKilledAnywhere stops a swap after each of its steps, as a SIGKILL
// would, and reads the dataset as a build or a test would, before anything
// repairs it: it is the old one or the new one, whole (an importer that
// moved the entries of data/ one by one, killed between two moves, left a
// mix that a build embedded). Recover then removes
// what the kill left, without changing what readers see.
func TestSwapKilledAnywhere(t *testing.T) {
	a, b := twoDatasets(t)
	t.Cleanup(func() { testHookStep = nil })
	sawNew := false
	for kill := 1; ; kill++ {
		out := installed(t, a)
		if killAt(t, kill, out, b) {
			if kill < 4 {
				t.Fatalf("the swap made only %d steps", kill-1)
			}
			break
		}
		got := readDataset(t, out)
		if !same(got, a) && !same(got, b) {
			t.Fatalf("killed after step %d: readers see neither dataset whole: %q", kill, slices.Sorted(maps.Keys(got)))
		}
		sawNew = sawNew || same(got, b)
		if err := Recover(out); err != nil {
			t.Fatalf("killed after step %d: Recover: %v", kill, err)
		}
		if again := readDataset(t, out); !same(again, got) {
			t.Errorf("killed after step %d: Recover changed the dataset readers see", kill)
		}
		if left := leftovers(t, out); len(left) > 0 {
			t.Errorf("killed after step %d: Recover left %v", kill, left)
		}
		if err := swap(context.Background(), out, b); err != nil {
			t.Fatal(err)
		}
		sameDataset(t, fmt.Sprintf("killed after step %d, then imported", kill), readDataset(t, out), b)
	}
	if !sawNew {
		t.Error("no kill came after the pointer's replacement")
	}
}

// TestSwapFailureLeavesOneDataset: a step that fails leaves the old dataset
// if the pointer was not replaced yet, the new one if it was, and nothing
// else.
func TestSwapFailureLeavesOneDataset(t *testing.T) {
	a, b := twoDatasets(t)
	t.Cleanup(func() { testHookStep = nil })
	for fail := 1; ; fail++ {
		out := installed(t, a)
		n := 0
		testHookStep = func() error {
			if n++; n == fail {
				return errors.New("disk on fire")
			}
			return nil
		}
		err := swap(context.Background(), out, b)
		testHookStep = nil
		if err == nil {
			break
		}
		if !strings.Contains(err.Error(), "disk on fire") {
			t.Fatalf("failure at step %d: err = %v", fail, err)
		}
		if got := readDataset(t, out); !same(got, a) && !same(got, b) {
			t.Errorf("failure at step %d: readers see neither dataset whole", fail)
		}
		if left := leftovers(t, out); len(left) > 0 {
			t.Errorf("failure at step %d: left %v", fail, left)
		}
	}
}

// TestImportRepairsInterruptedImport: the next import removes what killed
// ones left (a generation written but not made current, a retired one not
// yet deleted) and leaves one whole dataset and nothing else.
func TestImportRepairsInterruptedImport(t *testing.T) {
	a, b := twoDatasets(t)
	out := installed(t, b)
	for _, p := range []string{".import-99/gen/index.json", ".import-98/old/index.json", "gen-0123456789abcdef/index.json"} {
		os.MkdirAll(filepath.Join(out, filepath.Dir(p)), 0o755)
		os.WriteFile(filepath.Join(out, p), []byte("{}"), 0o644)
	}
	if err := Import(fixture(t, nil), out); err != nil {
		t.Fatal(err)
	}
	sameDataset(t, "imported over an interrupted import", readDataset(t, out), a)
	if left := leftovers(t, out); len(left) > 0 {
		t.Errorf("left %v", left)
	}
}

// TestImportAgainChangesNothing: the same input imported again finds its
// generation current and touches nothing; a generation edited by hand is
// replaced by a whole new one.
func TestImportAgainChangesNothing(t *testing.T) {
	a, _ := twoDatasets(t)
	out := installed(t, a)
	before, _ := data.Current(os.DirFS(out))
	steps := 0
	testHookStep = func() error { steps++; return nil }
	t.Cleanup(func() { testHookStep = nil })
	if err := swap(context.Background(), out, a); err != nil {
		t.Fatal(err)
	}
	if after, _ := data.Current(os.DirFS(out)); steps != 0 || after != before {
		t.Errorf("an unchanged import made %d steps and the generation %s → %s", steps, before, after)
	}

	index := filepath.Join(out, before, "index.json")
	if err := os.WriteFile(index, []byte(`{"edited": true}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := swap(context.Background(), out, a); err != nil {
		t.Fatal(err)
	}
	sameDataset(t, "imported over an edited generation", readDataset(t, out), a)
	if after, _ := data.Current(os.DirFS(out)); after == before {
		t.Errorf("the edited generation %s was written over in place", before)
	}
	if left := leftovers(t, out); len(left) > 0 {
		t.Errorf("left %v", left)
	}
}

// TestSwapInterrupted: a cancelled import (SIGINT, SIGTERM in the command)
// leaves the dataset, and a directory it would have made, as they were.
func TestSwapInterrupted(t *testing.T) {
	a, b := twoDatasets(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	out := installed(t, a)
	if err := swap(ctx, out, b); !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "unchanged") {
		t.Errorf("err = %v, want an interruption that says the dataset is unchanged", err)
	}
	sameDataset(t, "interrupted", readDataset(t, out), a)
	if left := leftovers(t, out); len(left) > 0 {
		t.Errorf("left %v", left)
	}

	parent := t.TempDir()
	fresh := filepath.Join(parent, "new", "data")
	if err := ImportContext(ctx, fixture(t, nil), fresh); err == nil {
		t.Error("an interrupted import succeeded")
	}
	if entries, _ := os.ReadDir(parent); len(entries) != 0 {
		t.Errorf("an interrupted import left %v in %s", entries, parent)
	}
}

// TestRefusedImportMakesNoFolder: an import that fails leaves no -out it made.
func TestRefusedImportMakesNoFolder(t *testing.T) {
	parent := t.TempDir()
	out := filepath.Join(parent, "made", "out")
	// A file name the file system refuses: the swap fails after making out.
	err := swap(context.Background(), out, map[string][]byte{"index.json": []byte("{}"), "w/\x00.json": nil})
	if err == nil {
		t.Fatal("swap succeeded")
	}
	if entries, _ := os.ReadDir(parent); len(entries) != 0 {
		t.Errorf("a failed import left %v in %s", entries, parent)
	}
	// Refused input: nothing is made either.
	src := fixture(t, func(rows []map[string]any) []map[string]any { rows[0]["num_gpus"] = 0; return rows })
	if err := Import(src, out); err == nil {
		t.Fatal("a bad row was imported")
	}
	if entries, _ := os.ReadDir(parent); len(entries) != 0 {
		t.Errorf("a refused import left %v in %s", entries, parent)
	}
}
