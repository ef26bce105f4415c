package importer

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
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
		rows[0]["energy_per_token_joules"], rows[0]["energy_per_request_joules"] = 0.1, 50.0
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

// dataset reads back what out holds, as file path → content, besides the
// files that are not the dataset's (kept.go); it fails on an import's
// leftover.
func dataset(t *testing.T, out string) map[string][]byte {
	t.Helper()
	got := map[string][]byte{}
	filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(out, p)
		if d.IsDir() && strings.HasPrefix(d.Name(), tmpPrefix) {
			t.Errorf("%s left behind", rel)
			return filepath.SkipDir
		}
		if !d.IsDir() && rel != "kept.go" {
			b, _ := os.ReadFile(p)
			got[filepath.ToSlash(rel)] = b
		}
		return nil
	})
	if b, err := os.ReadFile(filepath.Join(out, "kept.go")); err != nil || string(b) != "package data\n" {
		t.Errorf("a file that is not the dataset's changed: %q, %v", b, err)
	}
	return got
}

func sameDataset(t *testing.T, what string, got, want map[string][]byte) {
	t.Helper()
	if !maps.EqualFunc(got, want, func(x, y []byte) bool { return string(x) == string(y) }) {
		t.Errorf("%s: the dataset is not whole: holds %q, want %q", what, slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
	}
}

// installed writes dataset a into a new directory, beside a file that is not
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
	return out
}

type killed struct{}

// entries counts the top-level entries of a dataset (index.json and one
// folder per workload): a swap moves each twice.
func entries(files map[string][]byte) int {
	top := map[string]bool{}
	for name := range files {
		top[strings.SplitN(name, "/", 2)[0]] = true
	}
	return len(top)
}

// TestSwapKilledAnywhere stops a swap after each of its moves, as a SIGKILL
// would (no deferred clean-up runs past the commit), and checks that Recover,
// and the next import, find one whole dataset: the new one, since the swap
// was decided.
func TestSwapKilledAnywhere(t *testing.T) {
	a, b := twoDatasets(t)
	t.Cleanup(func() { testHookMoved = nil })
	for kill := 1; ; kill++ {
		out := installed(t, a)
		n := 0
		testHookMoved = func() error {
			if n++; n == kill {
				panic(killed{})
			}
			return nil
		}
		finished := func() (done bool) {
			defer func() {
				if r := recover(); r != nil {
					if _, ok := r.(killed); !ok {
						panic(r)
					}
				}
			}()
			if err := swap(context.Background(), out, b); err != nil {
				t.Fatal(err)
			}
			return true
		}()
		testHookMoved = nil
		if finished {
			if kill < 4 {
				t.Fatalf("the swap made only %d moves", kill-1)
			}
			break
		}
		if kill == 2*entries(b) {
			// Killed after the last move, while the old entries were being
			// deleted: the commit, deleted last, is still there.
			tmps, _ := filepath.Glob(filepath.Join(out, tmpPrefix+"*"))
			if len(tmps) != 1 {
				t.Fatalf("after the last move: %v", tmps)
			}
			if err := os.Remove(filepath.Join(tmps[0], "old", "index.json")); err != nil {
				t.Fatal(err)
			}
		}
		if err := Recover(out); err != nil {
			t.Fatalf("killed after move %d: Recover: %v", kill, err)
		}
		sameDataset(t, fmt.Sprintf("killed after move %d", kill), dataset(t, out), b)
	}
}

// TestSwapFailureRestores: a move that fails puts back what was moved, and
// a kill while that happens leaves Recover the old dataset, whole.
func TestSwapFailureRestores(t *testing.T) {
	a, b := twoDatasets(t)
	t.Cleanup(func() { testHookMoved = nil })
	for fail := 1; fail <= 3; fail++ {
		out := installed(t, a)
		n := 0
		testHookMoved = func() error {
			if n++; n == fail {
				return errors.New("disk on fire")
			}
			return nil
		}
		err := swap(context.Background(), out, b)
		testHookMoved = nil
		if err == nil || !strings.Contains(err.Error(), "disk on fire") {
			t.Fatalf("failure at move %d: err = %v", fail, err)
		}
		sameDataset(t, "after a failed move", dataset(t, out), a)

		// The same failure, then a kill while the moves are undone.
		out = installed(t, a)
		n = 0
		testHookMoved = func() error {
			switch n++; {
			case n == fail:
				return errors.New("disk on fire")
			case n > fail:
				panic(killed{})
			}
			return nil
		}
		func() {
			defer func() { recover() }()
			swap(context.Background(), out, b)
		}()
		testHookMoved = nil
		if err := Recover(out); err != nil {
			t.Fatal(err)
		}
		sameDataset(t, "killed while undoing", dataset(t, out), a)
	}
}

// TestRecoverIssueState is the state issue 7 found after a SIGTERM: the old
// image-chat moved into old/, its replacement not yet in place, no commit
// (an import of the earlier layout). The next import finds and repairs it,
// and leaves nothing behind.
func TestRecoverIssueState(t *testing.T) {
	a, b := twoDatasets(t)
	out := installed(t, a)
	tmp := filepath.Join(out, ".import-1234")
	for name, content := range b {
		p := filepath.Join(tmp, "new", filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, content, 0o644)
	}
	os.MkdirAll(filepath.Join(tmp, "old"), 0o755)
	// index.json was swapped already; image-chat was moved out only.
	for _, name := range []string{"index.json", "image-chat"} {
		if err := os.Rename(filepath.Join(out, name), filepath.Join(tmp, "old", name)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Rename(filepath.Join(tmp, "new", "index.json"), filepath.Join(out, "index.json")); err != nil {
		t.Fatal(err)
	}
	if err := Recover(out); err != nil {
		t.Fatal(err)
	}
	sameDataset(t, "recovered", dataset(t, out), a)
}

// TestImportRepairsInterruptedImport: the next import finds the state a
// killed one left, and leaves one whole dataset and nothing else.
func TestImportRepairsInterruptedImport(t *testing.T) {
	a, err := Render(fixture(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	os.WriteFile(filepath.Join(out, "kept.go"), []byte("package data\n"), 0o644)
	if err := Import(fixture(t, nil), out); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(out, ".import-99", "old"), 0o755)
	os.Rename(filepath.Join(out, "image-chat"), filepath.Join(out, ".import-99", "old", "image-chat"))
	src := fixture(t, nil)
	if err := Import(src, out); err != nil {
		t.Fatal(err)
	}
	sameDataset(t, "imported over the interrupted state", dataset(t, out), a)
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
	sameDataset(t, "interrupted", dataset(t, out), a)

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
