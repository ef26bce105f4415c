//go:build unix

package dist

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestBuildModes: the site's folders are 0755 and its
// files 0644, whatever the umask, in a new folder and in an empty one made
// beforehand: the folder was left 0700 (os.MkdirTemp's), and a web server
// running as another user answered 403.
func TestBuildModes(t *testing.T) {
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	root := project(t)
	empty := filepath.Join(t.TempDir(), "site")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	os.Chmod(empty, 0o755) // whatever the umask made of it
	for _, out := range []string{filepath.Join(root, "dist"), empty, empty} {
		if _, err := Build(Options{Root: root, Out: out, Brotli: 1}); err != nil {
			t.Fatal(err)
		}
		bad := 0
		filepath.WalkDir(out, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			fi, err := d.Info()
			if err != nil {
				return err
			}
			want := fs.FileMode(0o644)
			if d.IsDir() {
				want = fs.ModeDir | 0o755
			}
			if fi.Mode() != want && bad < 5 {
				bad++
				t.Errorf("%s: %v, want %v", path, fi.Mode(), want)
			}
			return nil
		})
	}
}

// deadPID is a process id no process has (above Linux's largest, 2^22).
const deadPID = 1<<22 + 1

// TestBuildRemovesStale: a build removes the unfinished
// sites that killed builds left beside its output (13 MB each, never cleaned),
// and keeps one whose build still runs.
func TestBuildRemovesStale(t *testing.T) {
	root := project(t)
	out := filepath.Join(root, "dist")
	stale := []string{
		fmt.Sprintf(".dist.build-%d-123", deadPID),
		fmt.Sprintf(".dist.build-%d-456.old", deadPID),
		".dist.build-2830462211", // as builds named them before: no process id
	}
	running := fmt.Sprintf(".dist.build-%d-789", os.Getpid())
	other := ".site.build-1-1" // another output's: not this build's to judge
	for _, name := range append(stale, running, other) {
		if err := os.MkdirAll(filepath.Join(root, name, "web"), 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(root, name, "web", "app.wasm"), []byte("13 MB"), 0o644)
	}
	if _, err := Build(Options{Root: root, Out: out, Brotli: 1}); err != nil {
		t.Fatal(err)
	}
	for _, name := range stale {
		if _, err := os.Lstat(filepath.Join(root, name)); err == nil {
			t.Errorf("%s, left by a build that is gone, is still there", name)
		}
	}
	for _, name := range []string{running, other} {
		if _, err := os.Lstat(filepath.Join(root, name)); err != nil {
			t.Errorf("%s was removed: %v", name, err)
		}
	}
}

// TestBuildInterrupted: a build stopped at any moment
// before it replaces the site leaves no unfinished site beside it and the
// site as it was; one stopped after, the new site.
func TestBuildInterrupted(t *testing.T) {
	root := project(t)
	out := filepath.Join(root, "dist")
	if _, err := Build(Options{Root: root, Out: out, Brotli: 1}); err != nil {
		t.Fatal(err)
	}
	marker, _ := os.ReadFile(filepath.Join(out, Marker))
	stopped := 0
	for _, after := range []time.Duration{0, time.Millisecond, 5 * time.Millisecond, 20 * time.Millisecond, 50 * time.Millisecond, time.Second} {
		ctx, cancel := context.WithTimeout(context.Background(), after)
		_, err := BuildContext(ctx, Options{Root: root, Out: out, Brotli: 1})
		cancel()
		if err != nil {
			stopped++
			if !strings.Contains(err.Error(), "interrupted") || !strings.Contains(err.Error(), "unchanged") {
				t.Errorf("stopped after %v: %v", after, err)
			}
			if now, _ := os.ReadFile(filepath.Join(out, Marker)); string(now) != string(marker) {
				t.Errorf("stopped after %v, the site changed: %q, was %q", after, now, marker)
			}
		}
		entries, _ := os.ReadDir(root)
		for _, e := range entries {
			if strings.Contains(e.Name(), ".build-") {
				t.Errorf("stopped after %v (%v): %s left beside the site", after, err, e.Name())
			}
		}
	}
	if stopped == 0 {
		t.Error("no build was stopped: the test stops none")
	}
}
