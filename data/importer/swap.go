package importer

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"tokenjoule/data"
)

// A dataset folder holds whole generations of the dataset and a pointer to
// the current one (see data.Current):
//
//	out/current              one line, the name of the current generation
//	out/gen-<hash>/          a whole dataset; <hash> is that of its content
//	out/.import-XXXX/        an import at work, never read: the generation it
//	                         writes, the pointer it will install, the
//	                         generation it retires
//
// An import writes the new generation into its .import- folder, moves it
// into place under its own name, then replaces the pointer with a rename:
// that rename is the one step that changes the dataset, for every reader at
// once. The old generation is then moved back under .import- and deleted.
// At any instant the pointer names a whole generation; what an import killed
// at any step leaves is a folder under .import- or a generation the pointer
// does not name, which no reader reads and Recover removes. The Go embed of
// the dataset skips names that start with a dot, so a build embeds whole
// generations only (two, the old and the new, for the instant between the
// new one's move and the old one's retirement).
const tmpPrefix = ".import-"

// testHookStep, when set, runs after each step of a swap that a kill could
// interrupt; its error is the step's. Tests use it to stop a swap there, as a
// kill would.
var testHookStep func() error

func step() error {
	if testHookStep != nil {
		return testHookStep()
	}
	return nil
}

// swap makes files (path → content, slash-separated) the current generation
// of the dataset folder out, leaving out's other files alone. Until the
// pointer is replaced, ctx stops it and out is as it was (and removed if
// swap made it).
func swap(ctx context.Context, out string, files map[string][]byte) (err error) {
	made, err := mkdirAll(out)
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			err = removeMade(made, out, err)
		}
	}()
	cur := current(out)
	name, same, err := generationName(out, cur, files)
	if err != nil || same {
		return err
	}
	tmp, err := os.MkdirTemp(out, tmpPrefix)
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	interrupted := func() error {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("import interrupted before replacing the dataset in %s, which is unchanged: %w", out, err)
		}
		return nil
	}
	gen := filepath.Join(tmp, "gen")
	for _, f := range slices.Sorted(maps.Keys(files)) {
		if err := interrupted(); err != nil {
			return err
		}
		if err := writeSynced(filepath.Join(gen, filepath.FromSlash(f)), files[f]); err != nil {
			return err
		}
	}
	if err := syncTree(gen); err != nil {
		return err
	}
	if err := writeSynced(filepath.Join(tmp, data.PointerFile), []byte(name+"\n")); err != nil {
		return err
	}
	if err := step(); err != nil {
		return err
	}
	if err := interrupted(); err != nil {
		return err
	}
	// From here on the steps are renames, run to the end whatever the
	// signal: the import is as good as done.
	final := filepath.Join(out, name)
	if err := os.Rename(gen, final); err != nil {
		return err
	}
	undo := func(err error) error {
		os.Rename(final, gen) // out of sight again; deleted with tmp
		return err
	}
	if err := syncDir(out); err != nil {
		return undo(err)
	}
	if err := step(); err != nil {
		return undo(err)
	}
	if err := os.Rename(filepath.Join(tmp, data.PointerFile), filepath.Join(out, data.PointerFile)); err != nil {
		return undo(err)
	}
	// The new generation is current: what fails now is only the removal
	// of the old one, which the next import retries.
	err = errors.Join(syncDir(out), step())
	if cur != "" {
		err = errors.Join(err, retire(out, cur, tmp))
	}
	if err = errors.Join(err, step()); err != nil {
		return fmt.Errorf("the dataset in %s is replaced, but removing its previous generation %s failed: %w", out, cur, err)
	}
	return nil
}

// current is the generation out's pointer names; "" where there is no
// pointer, or one that names no generation (a reader then finds no dataset,
// and the import makes one).
func current(out string) string {
	name, err := data.Current(os.DirFS(out))
	if err != nil {
		return ""
	}
	if fi, err := os.Stat(filepath.Join(out, name)); err != nil || !fi.IsDir() {
		return ""
	}
	return name
}

// generationName names the generation of files: gen- and 16 hex digits of
// the hash of its content, so that the same input gives the same folder, and
// a dataset imported again unchanged is left as it is (same is then true).
// Where out holds a generation of that name whose content differs (a file
// edited by hand), a suffix tells the new one apart.
func generationName(out, cur string, files map[string][]byte) (name string, same bool, err error) {
	h := sha256.New()
	for _, f := range slices.Sorted(maps.Keys(files)) {
		fmt.Fprintf(h, "%d %s\n%d\n", len(f), f, len(files[f]))
		h.Write(files[f])
	}
	base := "gen-" + hex.EncodeToString(h.Sum(nil))[:16]
	for n := 1; ; n++ {
		name = base
		if n > 1 {
			name += "-" + strconv.Itoa(n)
		}
		if !exists(filepath.Join(out, name)) {
			return name, false, nil
		}
		if name == cur {
			if same, err := holds(filepath.Join(out, name), files); err != nil || same {
				return name, same, err
			}
			continue
		}
		// Not the current one: left by an interrupted import.
		if err := removeGeneration(out, name); err != nil {
			return "", false, err
		}
		return name, false, nil
	}
}

// holds tells whether dir holds exactly files.
func holds(dir string, files map[string][]byte) (bool, error) {
	n := 0
	same := true
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !same {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		want, ok := files[filepath.ToSlash(rel)]
		if !ok {
			same = false
			return nil
		}
		got, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		n++
		same = string(got) == string(want)
		return nil
	})
	return same && n == len(files), err
}

// retire moves generation name out of readers' sight, into tmp, then deletes
// it.
func retire(out, name, tmp string) error {
	old := filepath.Join(tmp, "old")
	if err := os.Rename(filepath.Join(out, name), old); err != nil {
		return err
	}
	if err := step(); err != nil {
		return err
	}
	return os.RemoveAll(old)
}

// removeGeneration deletes a generation that the pointer does not name.
func removeGeneration(out, name string) error {
	tmp, err := os.MkdirTemp(out, tmpPrefix)
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	return retire(out, name, tmp)
}

// Recover removes what an interrupted import left in the dataset folder out:
// its .import- folders and the generations the pointer does not name. It
// never changes the dataset that readers see, and does nothing where no
// import was interrupted.
func Recover(out string) error {
	entries, err := os.ReadDir(out)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	cur := current(out)
	for _, e := range entries {
		name := e.Name()
		switch {
		case strings.HasPrefix(name, tmpPrefix):
			err = os.RemoveAll(filepath.Join(out, name))
		case e.IsDir() && data.ValidGeneration(name) && name != cur:
			err = removeGeneration(out, name)
		}
		if err != nil {
			return fmt.Errorf("removing what an interrupted import left in %s (%s): %w", out, name, err)
		}
	}
	return nil
}

func exists(name string) bool {
	_, err := os.Lstat(name)
	return err == nil
}

// writeSynced writes a file and flushes it to disk, so that the pointer never
// names data that a power cut could lose.
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

// syncTree flushes the entries of every directory under root, root included.
func syncTree(root string) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		return syncDir(p)
	})
}

// syncDir flushes a directory's entries (a rename in it, a file made), where
// the system allows it: some cannot sync a directory, and the files
// themselves are synced.
func syncDir(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	f.Sync()
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
