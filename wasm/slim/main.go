package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// noRegexp is what go-app's router says, in the browser build, of a route
// given as a pattern.
const noRegexp = "tokenjoule's browser build (tokenjoule/wasm/slim) has no regular expressions"

func main() {
	dir := flag.String("dir", ".cache/wasm-slim", "`dir`ectory to write the overlay into")
	out := flag.String("o", "", "build the browser entry into `file` (otherwise print the go.mod to build it with)")
	symbols := flag.Bool("symbols", false, "with -o, keep the function names (for profiles and sizes by package)")
	pkg := flag.String("pkg", "tokenjoule/wasm", "with -o, the `package` to build: the browser entry, or tokenjoule/wasm/floor (app/bench -floor)")
	flag.Parse()
	path, err := overlay(*dir)
	if err == nil && *out != "" {
		err = build(path, *out, *pkg, *symbols)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "slim:", err)
		os.Exit(1)
	}
	if *out == "" {
		fmt.Println(path)
	}
}

// overlay writes into dir the copies of go-app and go-echarts, edited, and
// returns the go.mod that builds against them.
func overlay(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	var replaces []string
	for _, m := range []struct {
		name, pkg string
		slim      func(src, copyDir string) error
	}{{"go-app", goapp, slimGoApp}, {"go-echarts", echarts, slimECharts}} {
		src, module, version, err := moduleOf(m.pkg)
		if err != nil {
			return "", err
		}
		copyDir := filepath.Join(dir, m.name+"@"+version)
		if err := os.RemoveAll(copyDir); err != nil {
			return "", err
		}
		if err := copyTree(src, copyDir); err != nil {
			return "", err
		}
		if err := m.slim(src, copyDir); err != nil {
			return "", err
		}
		replaces = append(replaces, fmt.Sprintf("replace %s %s => %s\n", module, version, copyDir))
	}

	// go.mod and go.sum of this module, with the modules replaced by the copies.
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", err
	}
	gomod := strings.TrimSpace(string(out))
	mod, err := os.ReadFile(gomod)
	if err != nil {
		return "", err
	}
	sum, err := os.ReadFile(strings.TrimSuffix(gomod, ".mod") + ".sum")
	if err != nil {
		return "", err
	}
	mod = append(mod, "\n"+strings.Join(replaces, "")...)
	path := filepath.Join(dir, "go.mod")
	if err := os.WriteFile(path, mod, 0o644); err != nil {
		return "", err
	}
	return path, os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644)
}

// moduleOf finds the module of pkg as the build uses it: its directory in
// the module cache, its path and its version.
func moduleOf(pkg string) (dir, module, version string, err error) {
	out, err := exec.Command("go", "list", "-f", "{{.Module.Dir}}\t{{.Module.Path}}\t{{.Module.Version}}", pkg).Output()
	if err != nil {
		return "", "", "", fmt.Errorf("finding %s: %v", pkg, err)
	}
	f := strings.Split(strings.TrimSpace(string(out)), "\t")
	if len(f) != 3 {
		return "", "", "", fmt.Errorf("finding %s: go list said %q", pkg, out)
	}
	return f[0], f[1], f[2], nil
}

// edit applies edits to the file name in dir, each of whose old texts must
// occur exactly once.
func edit(dir, name string, edits []struct{ old, new string }) (string, error) {
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		return "", err
	}
	s := string(b)
	for _, e := range edits {
		if strings.Count(s, e.old) != 1 {
			return "", fmt.Errorf("%s is not as wasm/slim expects (looking for %q): update wasm/slim", name, e.old)
		}
		s = strings.Replace(s, e.old, e.new, 1)
	}
	return s, nil
}

func writeFiles(dir string, files map[string]string) error {
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// copyTree copies the regular files under src to dst, writable (the module
// cache is read-only).
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
}
