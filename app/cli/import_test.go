package cli

import (
	"crypto/sha256"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
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
