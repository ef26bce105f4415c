// Package dist builds the calculator as a folder of static files that any
// static host can serve, under its root or a sub-path, and serves such a
// folder the way a plain static host does.
//
// Build writes a prerendered page for each of server.Pages (name.html, and
// name/index.html for the spelling with a slash), app.wasm, ECharts, styles,
// icons, the manifest and the service worker, a .gz and a .br copy of every
// file that compresses, and a _headers file (server's headers, written once
// in app/server/headers.go). It builds beside the output folder
// (.dist.build-<pid>-…), checks that every file is there and whole, and only
// then renames it into the output's place, so that a failed or interrupted
// build leaves the previous site as it was; a copy a SIGKILL left is removed
// by the next build. It refuses any output folder it did not make (a
// .tokenjoule-build file marks its own), the project itself, a folder holding
// it and anything inside web/. Folders are 0755 and files 0644, whatever
// the umask.
package dist

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/server"
)

// Options say what to build from and for where.
type Options struct {
	Root   string // directory holding web/ with the built app.wasm and echarts.min.js
	Out    string // directory to write the site into: new, empty, or made by Build, which it then replaces
	Base   string // URL path the site will live under ("/tokenjoule/"); "" for a host's root
	Domain string // host name it is published on, for link previews; "" when unknown
	// Brotli is the brotli quality of the .br copies; 0 means the best (11),
	// with zopfli's gzip copies where it is installed (Precompress). Tests
	// use a lower one: the best takes most of a minute on the wasm.
	Brotli int
}

// Build writes the static site: prerendered pages for / and server.Pages
// (the embed, the compare page and the plan, and their embeds), go-app's
// scripts, manifest and the service worker, every file of web/, a _headers
// file for hosts that read one, and .gz and .br copies of whatever
// compresses; folders 0755 and files 0644, whatever the umask, for a web
// server that runs as another user.
// It returns the build's version, which names its offline cache.
//
// It never deletes what it did not make: o.Out must be a new or empty folder,
// or one an earlier Build made (it holds the marker file), and must not be
// the project, hold it, or be inside its web/ (an *OutError otherwise). The
// site is built beside o.Out, checked for every file it must hold, and only
// then put in o.Out's place, so a failed build leaves the previous site.
func Build(o Options) (version string, err error) { return BuildContext(context.Background(), o) }

// BuildContext is Build, stopped when ctx is done unless the replacement of
// o.Out has begun, which it then finishes: o.Out holds the site it held or
// the new one, and the unfinished site is removed. It first removes the
// unfinished sites that builds killed before they could clean up left
// beside o.Out (tempPrefix).
func BuildContext(ctx context.Context, o Options) (version string, err error) {
	out, err := checkOut(o.Root, o.Out)
	if err != nil {
		return "", err
	}
	s, err := server.New(server.Options{Root: o.Root, Base: o.Base, Domain: o.Domain})
	if err != nil {
		return "", err
	}
	dir, name := filepath.Split(out)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	removeStale(dir, name)
	tmp, err := os.MkdirTemp(dir, tempPrefix(name, os.Getpid()))
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp) // gone once renamed
	interrupted := func() error {
		return fmt.Errorf("build interrupted before replacing the site in %s, which is unchanged: %w", o.Out, ctx.Err())
	}
	if err := build(ctx, o.Root, tmp, o.Brotli, s.App); err != nil {
		if ctx.Err() != nil {
			return "", interrupted()
		}
		return "", err
	}
	if err := checkSite(tmp, o.Root); err != nil {
		return "", err
	}
	marker := fmt.Sprintf("Written by `tokenjoule build` (version %s). The next build into this folder replaces it.\n", s.App.Version)
	if err := os.WriteFile(filepath.Join(tmp, Marker), []byte(marker), 0o644); err != nil {
		return "", err
	}
	if err := publish(tmp); err != nil {
		return "", err
	}
	if ctx.Err() != nil {
		return "", interrupted()
	}
	return s.App.Version, replace(out, tmp)
}

// tempPrefix begins the name of the folder a build of the site named out
// writes it into, beside it, before it takes out's place: with the builder's
// process id, which tells the folder of a killed build (removeStale) from
// one being written.
func tempPrefix(out string, pid int) string { return fmt.Sprintf(".%s.build-%d-", out, pid) }

// removeStale removes the folders in dir that builds of out left there when
// they were killed (SIGKILL, a crash): those whose process is gone, and
// those named before names carried one. Errors are ignored: the build goes
// on, and the next one tries again.
func removeStale(dir, out string) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), "."+out+".build-")
		if !ok || !e.IsDir() {
			continue
		}
		pid, mark, named := strings.Cut(rest, "-")
		n, err := strconv.Atoi(pid)
		if !named || err != nil || n <= 0 || !running(n) || mark == "" {
			os.RemoveAll(filepath.Join(dir, e.Name()))
		}
	}
}

// publish makes the site in dir readable by all and writable by its owner:
// folders 0755, files 0644. The files were written through the umask, and
// dir itself was made 0700 by os.MkdirTemp.
func publish(dir string) error {
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		mode := fs.FileMode(0o644)
		if d.IsDir() {
			mode = 0o755
		}
		return os.Chmod(path, mode)
	})
}

// Marker is the file Build writes into the sites it makes; a folder without
// it is one Build will not replace unless it is empty.
const Marker = ".tokenjoule-build"

// OutError is an output folder Build refuses.
type OutError struct{ Out, Why string }

func (e *OutError) Error() string {
	return fmt.Sprintf("refusing to write the site into %s: %s", e.Out, e.Why)
}

// checkOut returns the absolute path of out, or an *OutError if Build must
// not replace it.
func checkOut(root, out string) (string, error) {
	abs, err := realPath(out)
	if err != nil {
		return "", err
	}
	project, err := realPath(root)
	if err != nil {
		return "", err
	}
	refuse := func(why string) (string, error) { return "", &OutError{out, why} }
	switch {
	case abs == project:
		return refuse("it is the project itself")
	case within(project, abs):
		return refuse("it holds the project")
	case within(abs, filepath.Join(project, "web")) || abs == filepath.Join(project, "web"):
		return refuse("it is inside web/, whose files the site is built from")
	}
	entries, err := os.ReadDir(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return abs, nil
	case err != nil:
		return refuse(fmt.Sprintf("it cannot be read as a folder (%v)", err))
	case len(entries) == 0:
		return abs, nil
	}
	if fi, err := os.Lstat(filepath.Join(abs, Marker)); err != nil || !fi.Mode().IsRegular() {
		return refuse(fmt.Sprintf("it is not empty and was not made by tokenjoule build (it has no %s file); "+
			"name a new or empty folder, or empty this one yourself", Marker))
	}
	return abs, nil
}

// realPath is name made absolute, with the symbolic links of its longest
// existing part resolved, so that two names of one folder compare equal.
func realPath(name string) (string, error) {
	abs, err := filepath.Abs(name)
	if err != nil {
		return "", err
	}
	rest := ""
	for dir := abs; ; dir = filepath.Dir(dir) {
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(real, rest), nil
		}
		if filepath.Dir(dir) == dir {
			return abs, nil
		}
		rest = filepath.Join(filepath.Base(dir), rest)
	}
}

// within tells whether path is strictly inside dir.
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// checkSite fails, naming the file, if the site in dir lacks a file it must
// hold: the pages, go-app's files, _headers and every file of root/web, the
// last at their full size.
func checkSite(dir, root string) error {
	need := map[string]int64{} // path → size, -1 for any size above 0
	for _, name := range []string{"index.html", "app.js", "app-worker.js", "wasm_exec.js", "manifest.webmanifest", "app.css", "_headers"} {
		need[name] = -1
	}
	for _, page := range server.Pages {
		need[page[1:]+".html"], need[page[1:]+"/index.html"] = -1, -1
	}
	web, err := siteWebFiles(root)
	if err != nil {
		return err
	}
	for _, name := range web {
		fi, err := os.Stat(filepath.Join(root, "web", name))
		if err != nil {
			return err
		}
		need["web/"+name] = fi.Size()
	}
	for name, size := range need {
		fi, err := os.Stat(filepath.Join(dir, filepath.FromSlash(name)))
		switch {
		case err != nil:
			return fmt.Errorf("the built site lacks %s: %w", name, err)
		case !fi.Mode().IsRegular() || fi.Size() == 0 || size >= 0 && fi.Size() != size:
			return fmt.Errorf("the built site's %s is not a whole file (%d bytes)", name, fi.Size())
		}
	}
	pages := []string{"index.html"}
	for _, page := range server.Pages {
		pages = append(pages, page[1:]+".html")
	}
	for _, page := range pages {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(page)))
		if err != nil {
			return err
		}
		if !strings.Contains(string(b), "<html") {
			return fmt.Errorf("the built site's %s is not a page: %.100q", page, b)
		}
	}
	return nil
}

// replace puts the site in tmp in out's place, removing what out held
// (nothing, or an earlier build) only once the new site is there.
func replace(out, tmp string) error {
	old := ""
	if _, err := os.Lstat(out); err == nil {
		old = tmp + ".old"
		if err := os.Rename(out, old); err != nil {
			return err
		}
	}
	if err := os.Rename(tmp, out); err != nil {
		if old != "" {
			os.Rename(old, out)
		}
		return err
	}
	if old != "" {
		return os.RemoveAll(old)
	}
	return nil
}

// build writes the site into out; ctx stops it before it compresses, and
// while it does (most of a build's time).
func build(ctx context.Context, root, out string, brotli int, h *app.Handler) error {
	if err := app.GenerateStaticWebsite(out, h, server.Pages...); err != nil {
		return fmt.Errorf("generating the pages in %s: %w", out, err)
	}
	if err := fixManifest(out, h.Resources.Resolve("/")); err != nil {
		return err
	}
	if err := rewrite(filepath.Join(out, "app.js"), server.AppJS); err != nil {
		return err
	}
	if err := fixPages(out); err != nil {
		return err
	}
	// /embed/ is the same page as /embed: hosts serve it from
	// embed/index.html; and so for the others.
	for _, page := range server.Pages {
		page = filepath.FromSlash(page[1:])
		if err := copyFile(filepath.Join(out, page+".html"), filepath.Join(out, page, "index.html")); err != nil {
			return err
		}
	}
	web, err := siteWebFiles(root)
	if err != nil {
		return err
	}
	for _, name := range web {
		if err := copyFile(filepath.Join(root, "web", name), filepath.Join(out, "web", name)); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(out, "_headers"), []byte(Headers(h.Resources.Resolve("/"))), 0o644); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	return Precompress(ctx, out, brotli)
}

// siteWebFiles names the files of root/web the site serves: all but the
// checksums, which are for the build.
func siteWebFiles(root string) ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(root, "web"))
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() && !strings.HasSuffix(e.Name(), ".sha256") {
			names = append(names, e.Name())
		}
	}
	return names, nil
}

// rewrite replaces the file name with what f makes of it.
func rewrite(name string, f func([]byte) ([]byte, error)) error {
	b, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	if b, err = f(b); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return os.WriteFile(name, b, 0o644)
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// fixPages fixes the pages in dir as the server does (server.FixPage).
func fixPages(dir string) error {
	pages, err := filepath.Glob(filepath.Join(dir, "*.html"))
	if err != nil {
		return err
	}
	sub, err := filepath.Glob(filepath.Join(dir, "*", "*.html")) // embed/compare.html
	if err != nil {
		return err
	}
	pages = append(pages, sub...)
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.WriteFile(p, server.FixPage(b), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// fixManifest sets the installed app's scope to the site's own path (go-app
// always writes "/", which under a sub-path would claim the whole host) and
// drops the empty icon purposes go-app writes, which browsers warn about.
func fixManifest(dir, base string) error {
	name := filepath.Join(dir, "manifest.webmanifest")
	b, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	m["scope"] = strings.TrimSuffix(base, "/") + "/"
	icons, _ := m["icons"].([]any)
	for _, icon := range icons {
		if icon, ok := icon.(map[string]any); ok && icon["purpose"] == "" {
			delete(icon, "purpose")
		}
	}
	if b, err = json.Marshal(m); err != nil {
		return err
	}
	return os.WriteFile(name, b, 0o644)
}
