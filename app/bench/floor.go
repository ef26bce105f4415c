package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"tokenjoule/app/dist"
)

// buildFloor builds the floor's site (-floor) into a new temporary
// directory, which it returns with the site in its dist/: wasm/floor, go-app's
// hello world, built by wasm/slim as the calculator's wasm is, in place of
// app.wasm in a copy of root's web/, then the static site as `make dist`
// builds it. Its pages are the calculator's, prerendered, until the hello
// world mounts in their place.
func buildFloor(root string, quality int) (dir string, err error) {
	if dir, err = os.MkdirTemp("", "tokenjoule-bench-floor-"); err != nil {
		return "", err
	}
	defer func() {
		if err != nil {
			os.RemoveAll(dir)
			dir = ""
		}
	}()
	web := filepath.Join(dir, "web")
	if err := copyWeb(filepath.Join(root, "web"), web); err != nil {
		return "", err
	}
	if err := slim(root, "-pkg", "tokenjoule/wasm/floor", "-o", filepath.Join(web, "app.wasm")); err != nil {
		return "", err
	}
	if _, err := dist.Build(dist.Options{Root: dir, Out: filepath.Join(dir, "dist"), Brotli: quality}); err != nil {
		return "", fmt.Errorf("building the floor's site: %v", err)
	}
	return dir, nil
}

// copyWeb copies the files of web/ into dst but the wasm (and any
// compressed copy of it) and the checksums, which the site does not serve.
func copyWeb(src, dst string) error {
	entries, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	for _, e := range entries {
		if e.IsDir() || strings.HasPrefix(e.Name(), "app.wasm") || strings.HasSuffix(e.Name(), ".sha256") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// floorChange is the first change on the floor's page: the same typing into
// #deadline, which the hello world repeats in #energy.
func floorChange(first step) step {
	first.Expect = first.Value
	return first
}
