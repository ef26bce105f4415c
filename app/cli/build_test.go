package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"tokenjoule/app/dist"
	"tokenjoule/app/server"
)

// standIns is a project whose web/ holds stand-ins for the files a build
// copies (the pages are prerendered natively; nothing runs them).
func standIns(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for _, name := range append([]string{"app.wasm", "card.wasm", "echarts.min.js", "guard.js", "start.js", "style.css", "icon.svg", "icon-192.png", "icon-512.png"}, server.Catalogues()...) {
		p := filepath.Join(root, "web", name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(strings.Repeat("stand-in for "+name+"\n", 100)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestMain runs the command itself when a test starts this binary as
// tokenjoule (TOKENJOULE_CLI=1), to signal a process of its own.
func TestMain(m *testing.M) {
	if os.Getenv("TOKENJOULE_CLI") == "1" {
		os.Exit(Run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// TestBuildSignals: a build stopped by SIGINT or SIGTERM
// while it writes its site exits 1, saying so, and leaves neither the
// unfinished site (.dist.build-NNN, 13 MB, was left in the project) nor a
// changed one; what a SIGKILL leaves, the next build removes.
func TestBuildSignals(t *testing.T) {
	root := standIns(t)
	out := filepath.Join(root, "dist")
	// Brotli's fastest level where the test need not run the command: its
	// best takes seconds on the stand-ins under the race detector.
	if _, err := dist.Build(dist.Options{Root: root, Out: out, Brotli: 1}); err != nil {
		t.Fatal(err)
	}
	marker, _ := os.ReadFile(filepath.Join(out, ".tokenjoule-build"))
	unfinished := func() []string {
		var names []string
		entries, _ := os.ReadDir(root)
		for _, e := range entries {
			if strings.Contains(e.Name(), ".build-") {
				names = append(names, e.Name())
			}
		}
		return names
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGKILL} {
		cmd := exec.Command(os.Args[0], "build", "-root", root, "-out", out)
		cmd.Env = append(os.Environ(), "TOKENJOULE_CLI=1")
		var errs strings.Builder
		cmd.Stderr = &errs
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Once the unfinished site is there, the build is under way.
		for start := time.Now(); len(unfinished()) == 0 && time.Since(start) < 20*time.Second; {
			time.Sleep(time.Millisecond)
		}
		cmd.Process.Signal(sig)
		err := cmd.Wait()
		code := cmd.ProcessState.ExitCode()
		if sig == syscall.SIGKILL {
			if left := unfinished(); len(left) == 0 {
				t.Errorf("SIGKILL (%v) left no unfinished site: the test tests nothing", err)
			}
			break
		}
		if code != exitFailure || !strings.Contains(errs.String(), "interrupted") || !strings.Contains(errs.String(), "unchanged") {
			t.Errorf("build under %v: exit %d (%v), %q; want 1 and a message that it was interrupted", sig, code, err, errs.String())
		}
		if now, _ := os.ReadFile(filepath.Join(out, ".tokenjoule-build")); string(now) != string(marker) {
			t.Errorf("the site changed under an interrupted build: %q, was %q", now, marker)
		}
		if left := unfinished(); len(left) > 0 {
			t.Errorf("build under %v left %v", sig, left)
		}
	}
	if _, err := dist.Build(dist.Options{Root: root, Out: out, Brotli: 1}); err != nil {
		t.Fatalf("build after a SIGKILL: %v", err)
	}
	if left := unfinished(); len(left) > 0 {
		t.Errorf("the build after a SIGKILL left %v", left)
	}
}

// TestUnfinishedSitesIgnored: git ignores the unfinished
// site a killed build leaves in the project, which it did not.
func TestUnfinishedSitesIgnored(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git here")
	}
	root := filepath.Join("..", "..")
	if _, err := os.Stat(filepath.Join(root, ".git")); err != nil {
		t.Skipf("not a git checkout: %v", err)
	}
	for _, name := range []string{".dist.build-4242-12345/web/app.wasm", ".site.build-7-1.old/index.html"} {
		cmd := exec.Command(git, "check-ignore", "--no-index", "-q", name)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("git does not ignore %s, which a killed build leaves: %v %s", name, err, out)
		}
	}
}
