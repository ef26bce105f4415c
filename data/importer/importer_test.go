package importer

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
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

func TestSeedEquality(t *testing.T) {
	src := leaderboard(t)
	files, err := Render(src)
	if err != nil {
		t.Fatal(err)
	}
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

// The committed dataset is exactly what the importer makes of the shared copy.
func TestCommittedDataIsImported(t *testing.T) {
	src := leaderboard(t)
	files, err := Render(src)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 63 {
		t.Errorf("rendered %d files, want 62 model files and index.json", len(files))
	}
	for name, b := range files {
		committed, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(name)))
		if err != nil {
			t.Errorf("%s is not committed: %v (run make data)", name, err)
			continue
		}
		if !bytes.Equal(committed, b) {
			t.Errorf("data/%s differs from the importer's output (run make data):\n%s", name, firstDiff(b, committed))
		}
	}
	var stale []string
	filepath.WalkDir("..", func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") && !strings.Contains(p, "testdata") {
			rel, _ := filepath.Rel("..", p)
			if _, ok := files[filepath.ToSlash(rel)]; !ok {
				stale = append(stale, rel)
			}
		}
		return nil
	})
	if len(stale) > 0 {
		t.Errorf("data/ holds files the importer does not make: %v", stale)
	}
}

func TestRenderIsDeterministic(t *testing.T) {
	src := leaderboard(t)
	a, err := Render(src)
	if err != nil {
		t.Fatal(err)
	}
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
	stale := filepath.Join(out, "gpqa", "gone-model.json")
	os.MkdirAll(filepath.Dir(stale), 0o755)
	os.WriteFile(keep, []byte("package data\n"), 0o644)
	os.WriteFile(stale, []byte("{}"), 0o644)
	if err := Import(src, out); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(keep); err != nil {
		t.Errorf("import removed a file that is not part of the dataset: %v", err)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("import kept the file of a model that is not in the input (stat: %v)", err)
	}
	n := 0
	filepath.WalkDir(out, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".json") {
			n++
		}
		if err == nil && d.IsDir() && strings.HasPrefix(d.Name(), ".import-") {
			t.Errorf("temporary directory %s left behind", p)
		}
		return nil
	})
	if n != 63 {
		t.Errorf("wrote %d JSON files, want 63", n)
	}
}
