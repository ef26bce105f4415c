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
)

// The replacement of a dataset happens in a temporary directory inside out,
// laid out so that a process killed at any instant leaves a state that
// Recover brings back to a whole dataset:
//
//	out/.import-XXXX/new/     the new entries (index.json, one folder per workload), written first
//	out/.import-XXXX/commit   created once new/ is complete and on disk: from then on the swap is decided
//	out/.import-XXXX/old/     the entries of out that were replaced, moved there one by one
//	out/.import-XXXX/added/   an empty file for each entry out did not have
//
// Each entry moves out/name → old/name (or gets its added/name), then
// new/name → out/name. Recover finishes a decided swap (commit exists) and
// undoes any other: it moves every old/name back, replacing the new entry,
// removes the added ones, and deletes the directory.
const (
	tmpPrefix  = ".import-"
	commitName = "commit"
)

// testHookMoved, when set, runs after each move of an entry; its error is
// the move's. Tests use it to stop a swap between two moves, as a kill would.
var testHookMoved func() error

func moved() error {
	if testHookMoved != nil {
		return testHookMoved()
	}
	return nil
}

// swap replaces the top-level entries of out that files name with files'
// content. Readers never see a half-written workload, and files of models that
// are gone disappear with their workload's old folder. Until the commit, ctx
// stops it and out is as it was (and removed if swap made it); after, it runs
// to the end. A move that fails undoes the moves done.
func swap(ctx context.Context, out string, files map[string][]byte) (err error) {
	made, err := mkdirAll(out)
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(out, tmpPrefix)
	if err != nil {
		return removeMade(made, out, err)
	}
	decided := false
	defer func() {
		if !decided {
			os.RemoveAll(tmp)
			err = removeMade(made, out, err)
		}
	}()
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("import interrupted before replacing the dataset in %s, which is unchanged: %w", out, err)
		}
		if err := writeSynced(filepath.Join(tmp, "new", filepath.FromSlash(name)), files[name]); err != nil {
			return err
		}
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("import interrupted before replacing the dataset in %s, which is unchanged: %w", out, err)
	}
	if err := writeSynced(filepath.Join(tmp, commitName), nil); err != nil {
		return err
	}
	decided = true
	if err := rollForward(out, tmp); err != nil {
		// Undo: without the commit, Recover puts the old entries back.
		if rerr := os.Remove(filepath.Join(tmp, commitName)); rerr == nil {
			if uerr := rollBack(out, tmp); uerr != nil {
				return fmt.Errorf("%w; undoing it failed too: %v (run the import again to recover %s)", err, uerr, out)
			}
		}
		return err
	}
	return nil
}

// Recover brings out back to a whole dataset after an import was killed while
// it replaced the dataset: it finishes a replacement that had been decided
// and undoes any other. It does nothing where no import was interrupted.
func Recover(out string) error {
	entries, err := os.ReadDir(out)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), tmpPrefix) {
			continue
		}
		tmp := filepath.Join(out, e.Name())
		if _, err := os.Stat(filepath.Join(tmp, commitName)); err == nil {
			err = rollForward(out, tmp)
		} else {
			err = rollBack(out, tmp)
		}
		if err != nil {
			return fmt.Errorf("recovering the dataset in %s from an interrupted import (%s): %w", out, tmp, err)
		}
	}
	return nil
}

// rollForward moves each new entry into place, the replaced one into old/, then
// deletes tmp, its commit last. Run again after a crash, it goes on where it
// stopped.
func rollForward(out, tmp string) error {
	if err := os.MkdirAll(filepath.Join(tmp, "old"), 0o755); err != nil {
		return err
	}
	names, err := readNames(filepath.Join(tmp, "new"))
	if err != nil {
		return err
	}
	for _, name := range names {
		cur, old, next := filepath.Join(out, name), filepath.Join(tmp, "old", name), filepath.Join(tmp, "new", name)
		switch {
		case exists(cur) && exists(old):
			return fmt.Errorf("replacing %s: %s holds an earlier copy already", cur, old)
		case exists(cur):
			if err := os.Rename(cur, old); err != nil {
				return fmt.Errorf("replacing %s: %w", cur, err)
			}
			if err := moved(); err != nil {
				return err
			}
		case !exists(old):
			if err := writeSynced(filepath.Join(tmp, "added", name), nil); err != nil {
				return err
			}
		}
		if err := os.Rename(next, cur); err != nil {
			return fmt.Errorf("replacing %s: %w", cur, err)
		}
		if err := moved(); err != nil {
			return err
		}
	}
	// The commit goes last: a kill while old/ is deleted must leave a
	// decided swap, never one that Recover would undo half of.
	for _, dir := range []string{"old", "added", "new"} {
		if err := os.RemoveAll(filepath.Join(tmp, dir)); err != nil {
			return err
		}
	}
	if err := os.Remove(filepath.Join(tmp, commitName)); err != nil {
		return err
	}
	return os.Remove(tmp)
}

// rollBack puts every entry of old/ back in place of the new one, removes the
// entries out did not have, then deletes tmp. Run again after a crash, it
// goes on where it stopped.
func rollBack(out, tmp string) error {
	added, err := readNames(filepath.Join(tmp, "added"))
	if err != nil {
		return err
	}
	for _, name := range added {
		if err := os.RemoveAll(filepath.Join(out, name)); err != nil {
			return fmt.Errorf("removing %s: %w", filepath.Join(out, name), err)
		}
	}
	names, err := readNames(filepath.Join(tmp, "old"))
	if err != nil {
		return err
	}
	for _, name := range names {
		cur := filepath.Join(out, name)
		if err := os.RemoveAll(cur); err != nil {
			return fmt.Errorf("restoring %s: %w", cur, err)
		}
		if err := os.Rename(filepath.Join(tmp, "old", name), cur); err != nil {
			return fmt.Errorf("restoring %s: %w", cur, err)
		}
		if err := moved(); err != nil {
			return err
		}
	}
	return os.RemoveAll(tmp)
}

// readNames lists a directory's entries, sorted; none if it does not exist.
func readNames(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Name()
	}
	return names, err
}

func exists(name string) bool {
	_, err := os.Lstat(name)
	return err == nil
}

// writeSynced writes a file and flushes it to disk, so that the commit never
// precedes the data it commits, even across a power cut.
func writeSynced(name string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// mkdirAll makes dir and its missing parents; made is the topmost directory
// it created, "" if dir existed.
func mkdirAll(dir string) (made string, err error) {
	for d := filepath.Clean(dir); !exists(d); {
		made = d
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	return made, os.MkdirAll(dir, 0o755)
}

// removeMade removes, after a failure err, the directories from dir up to
// made that mkdirAll created, so that a refused import leaves no empty
// folder behind. It removes only empty directories.
func removeMade(made, dir string, err error) error {
	if made == "" {
		return err
	}
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if os.Remove(d) != nil || d == made {
			break
		}
	}
	return err
}
