package cli

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"tokenjoule/data"
	"tokenjoule/data/importer"
)

// leaderboard is the leaderboard's published files beside the repository;
// the test skips where a clone has none, and fails in CI, which has them.
func leaderboard(t *testing.T) string {
	src := filepath.Join("..", "..", "..", "shared", "mlenergy")
	if _, err := os.Stat(filepath.Join(src, "index.json")); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI must have the leaderboard's files at %s: %v", src, err)
		}
		t.Skipf("skipping: the leaderboard's files are not at %s", src)
	}
	return src
}

// TestImportExitCodes: 2 for a bad input, 1 for a failure to read or write,
// and a refused import leaves no -out it would have made.
func TestImportExitCodes(t *testing.T) {
	dir := t.TempDir()
	badDate := filepath.Join(dir, "bad-date")
	os.MkdirAll(badDate, 0o755)
	os.WriteFile(filepath.Join(badDate, "index.json"), []byte(`{"last_updated": "2026-13-45", "tasks": []}`), 0o644)
	file := filepath.Join(dir, "file")
	os.WriteFile(file, nil, 0o644)
	for _, c := range []struct {
		src, out string
		code     int
		says     string
	}{
		{filepath.Join(dir, "nowhere"), filepath.Join(dir, "new1"), exitBadInput, "nowhere"},
		{badDate, filepath.Join(dir, "new2"), exitBadInput, `"2026-13-45"`},
		{leaderboard(t), filepath.Join(file, "out"), exitFailure, "file/out"},
	} {
		code, _, errs := runArgs("import", "-src", c.src, "-out", c.out)
		if code != c.code || !strings.Contains(errs, c.says) {
			t.Errorf("import -src %s -out %s: exit %d, %q; want %d and a message naming %s", c.src, c.out, code, errs, c.code, c.says)
		}
		if _, err := os.Stat(c.out); err == nil {
			t.Errorf("a refused import made %s", c.out)
		}
	}
}

// TestImportSignals sends SIGTERM to the process again and again while an
// import runs: the import stops before it replaces anything (exit 1, saying
// so) and the dataset it would have replaced is whole and unchanged.
func TestImportSignals(t *testing.T) {
	src := leaderboard(t)
	// This test's own subscription keeps SIGTERM from ending the test binary
	// whenever the import's is not registered yet (or any more).
	mine := make(chan os.Signal, 1)
	signal.Notify(mine, syscall.SIGTERM)
	defer signal.Stop(mine)

	out := t.TempDir()
	if code, _, errs := runArgs("import", "-src", src, "-out", out); code != exitOK {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	// A dataset edited since, so that the import has one to replace (the
	// same input imported again is left as it is).
	gens, _ := filepath.Glob(filepath.Join(out, "gen-*"))
	if len(gens) != 1 {
		t.Fatalf("import made %v", gens)
	}
	if err := os.WriteFile(filepath.Join(gens[0], "index.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, out)
	done := make(chan struct{})
	var code int
	var errs string
	go func() {
		defer close(done)
		code, _, errs = runArgs("import", "-src", src, "-out", out)
	}()
	for kill := time.NewTicker(time.Millisecond); ; {
		select {
		case <-kill.C:
			syscall.Kill(os.Getpid(), syscall.SIGTERM)
			continue
		case <-done:
			kill.Stop()
		}
		break
	}
	if code != exitFailure || !strings.Contains(errs, "interrupted") || !strings.Contains(errs, "unchanged") {
		t.Errorf("import under SIGTERM: exit %d, %q; want 1 and a message that it was interrupted", code, errs)
	}
	if after := snapshot(t, out); after != before {
		t.Errorf("the dataset changed under an interrupted import:\n%s\nwas\n%s", after, before)
	}
}

// snapshot lists a directory's entries with a digest of each file.
func snapshot(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(dir, p)
		content, _ := os.ReadFile(p) // nil for a directory
		fmt.Fprintf(&b, "%s %v %x\n", rel, d.IsDir(), sha256.Sum256(content))
		return nil
	})
	return b.String()
}

// TestImportKilled kills imports with SIGKILL at random instants, each
// between two different datasets, and reads the dataset after each kill as
// a build or a test would, before anything repairs it: it is always one of
// the two, whole. The importer's own tests kill the
// swap at each of its steps in turn; this is the command, killed for real.
func TestImportKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping: kills a dozen imports")
	}
	t.Parallel() // its time is the imports' it kills
	// Two small leaderboards (the first rows of each task) that differ in
	// every file: the same rows, compiled on another day.
	full := leaderboard(t)
	srcA, srcB := t.TempDir(), t.TempDir()
	for _, src := range []string{srcA, srcB} {
		os.CopyFS(src, os.DirFS(full))
		tasks, _ := filepath.Glob(filepath.Join(src, "tasks", "*.json"))
		for _, task := range tasks {
			var v map[string]any
			b, _ := os.ReadFile(task)
			json.Unmarshal(b, &v)
			v["configurations"] = v["configurations"].([]any)[:10]
			b, _ = json.Marshal(v)
			os.WriteFile(task, b, 0o644)
		}
	}
	index := filepath.Join(srcB, "index.json")
	b, _ := os.ReadFile(index)
	os.WriteFile(index, bytes.Replace(b, []byte(`"last_updated": "2026-02-16"`), []byte(`"last_updated": "2026-02-17"`), 1), 0o644)
	want := map[string]map[string][]byte{}
	for _, src := range []string{srcA, srcB} {
		files, err := importer.Render(src)
		if err != nil {
			t.Fatal(err)
		}
		want[src] = files
	}
	if maps.EqualFunc(want[srcA], want[srcB], bytes.Equal) {
		t.Fatal("the two sources give the same dataset")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	imp := func(src string) *exec.Cmd { // as tokenjoule itself (see TestMain)
		cmd := exec.Command(exe, "import", "-src", src, "-out", out)
		cmd.Env = append(os.Environ(), "TOKENJOULE_CLI=1")
		return cmd
	}
	// How long an import takes here, to kill the next ones anywhere in it.
	start := time.Now()
	if b, err := imp(srcA).CombinedOutput(); err != nil {
		t.Fatalf("import: %v: %s", err, b)
	}
	took := time.Since(start)
	seen := map[string]int{}
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 8 {
		cmd := imp([]string{srcB, srcA}[i%2])
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(r.Float64() * 1.2 * float64(took)))
		cmd.Process.Kill()
		cmd.Wait()

		dir := os.DirFS(out)
		name, err := data.Current(dir)
		if err != nil {
			t.Fatalf("after kill %d: %v", i, err)
		}
		got := map[string][]byte{}
		fs.WalkDir(dir, name, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				got[strings.TrimPrefix(p, name+"/")], err = fs.ReadFile(dir, p)
			}
			return err
		})
		switch {
		case maps.EqualFunc(got, want[srcA], bytes.Equal):
			seen["A"]++
		case maps.EqualFunc(got, want[srcB], bytes.Equal):
			seen["B"]++
		default:
			t.Fatalf("after kill %d: generation %s is neither dataset whole (%d files)", i, name, len(got))
		}
		s, err := data.LoadCurrent(dir)
		if err != nil {
			t.Fatalf("after kill %d: %v", i, err)
		}
		if _, err := s.Compare(data.Query{Task: "gpqa", GPU: data.AnyGPU, DeadlineMS: 100, Percentile: data.P50, Tokens: 1e6}); err != nil {
			t.Fatalf("after kill %d: %v", i, err)
		}
	}
	t.Logf("an import took %v; after 8 kills, readers saw A %d times, B %d times", took, seen["A"], seen["B"])
}

// TestImportLongNickname: a 5,000-character nickname is a bad input (exit
// 2), said in a line, not in 5 KB (it exited 1 when the slug made a file
// name too long, quoting the whole name).
func TestImportLongNickname(t *testing.T) {
	src := t.TempDir()
	os.CopyFS(src, os.DirFS(leaderboard(t)))
	task := filepath.Join(src, "tasks", "lm-arena-chat.json")
	var v map[string]any
	b, _ := os.ReadFile(task)
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	v["configurations"].([]any)[0].(map[string]any)["nickname"] = strings.Repeat("=x", 2500)
	b, _ = json.Marshal(v)
	os.WriteFile(task, b, 0o644)
	out := filepath.Join(t.TempDir(), "out")
	code, _, errs := runArgs("import", "-src", src, "-out", out)
	if code != exitBadInput || len(errs) > 400 || !strings.Contains(errs, "nickname") || !strings.Contains(errs, "5000 characters") {
		t.Errorf("exit %d, a %d-byte message: %.500s", code, len(errs), errs)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("a refused import made %s", out)
	}
}
