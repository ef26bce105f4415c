package importer

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// swap writes files into a temporary directory inside out, then moves each
// top-level entry (index.json, one folder per workload) into place, so readers
// never see a half-written workload and files of models that are gone disappear.
// If a move fails, the entries already moved are put back.
func swap(out string, files map[string][]byte) (err error) {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(out, ".import-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	top := map[string]bool{}
	for name, b := range files {
		p := filepath.Join(tmp, "new", filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return err
		}
		top[strings.SplitN(name, "/", 2)[0]] = true
	}
	if err := os.Mkdir(filepath.Join(tmp, "old"), 0o755); err != nil {
		return err
	}
	var moved []string
	defer func() {
		if err == nil {
			return
		}
		for _, name := range moved {
			os.RemoveAll(filepath.Join(out, name))
			os.Rename(filepath.Join(tmp, "old", name), filepath.Join(out, name))
		}
	}()
	for name := range top {
		cur, old := filepath.Join(out, name), filepath.Join(tmp, "old", name)
		if err := os.Rename(cur, old); err != nil && !os.IsNotExist(err) {
			return fmt.Errorf("replacing %s: %w", cur, err)
		}
		moved = append(moved, name)
		if err := os.Rename(filepath.Join(tmp, "new", name), cur); err != nil {
			return fmt.Errorf("replacing %s: %w", cur, err)
		}
	}
	return nil
}
