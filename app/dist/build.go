// Package dist builds the calculator as a folder of static files that any
// static host can serve, under its root or a sub-path, and serves such a
// folder the way a plain static host does.
package dist

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/app/server"
)

// Options say what to build from and for where.
type Options struct {
	Root   string // directory holding web/ with the built app.wasm and echarts.min.js
	Out    string // directory to write the site into; replaced
	Base   string // URL path the site will live under ("/tokenjoule/"); "" for a host's root
	Domain string // host name it is published on, for link previews; "" when unknown
	// Brotli is the brotli quality of the .br copies; 0 means the best (11).
	// Tests use a lower one: the best takes most of a minute on the wasm.
	Brotli int
}

// Build writes the static site: prerendered pages for / and /embed, go-app's
// scripts, manifest and the service worker, every file of web/, a _headers file
// for hosts that read one, and .gz and .br copies of whatever compresses.
// It returns the build's version, which names its offline cache.
func Build(o Options) (version string, err error) {
	h, err := server.New(server.Options{Root: o.Root, Base: o.Base, Domain: o.Domain})
	if err != nil {
		return "", err
	}
	return h.Version, build(o, h)
}

func build(o Options, h *app.Handler) error {
	if err := os.RemoveAll(o.Out); err != nil {
		return err
	}
	if err := app.GenerateStaticWebsite(o.Out, h, "/embed"); err != nil {
		return fmt.Errorf("generating the pages in %s: %w", o.Out, err)
	}
	if err := fixManifest(o.Out, h.Resources.Resolve("/")); err != nil {
		return err
	}
	if err := rewrite(filepath.Join(o.Out, "app.js"), server.AppJS); err != nil {
		return err
	}
	if o.Domain == "" {
		if err := dropHostlessPreviews(o.Out); err != nil {
			return err
		}
	}
	// /embed/ is the same page: hosts serve it from embed/index.html.
	if err := copyFile(filepath.Join(o.Out, "embed.html"), filepath.Join(o.Out, "embed", "index.html")); err != nil {
		return err
	}
	web := filepath.Join(o.Root, "web")
	entries, err := os.ReadDir(web)
	if err != nil {
		return err
	}
	for _, e := range entries {
		// Checksums are for the build, not the site.
		if e.IsDir() || strings.HasSuffix(e.Name(), ".sha256") {
			continue
		}
		if err := copyFile(filepath.Join(web, e.Name()), filepath.Join(o.Out, "web", e.Name())); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(o.Out, "_headers"), []byte(Headers(h.Resources.Resolve("/"))), 0o644); err != nil {
		return err
	}
	return Precompress(o.Out, o.Brotli)
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

// dropHostlessPreviews removes the link-preview tags go-app writes with an
// empty host ("https:///tokenjoule") when the domain is unknown: a preview
// without a valid URL is worse than none.
func dropHostlessPreviews(dir string) error {
	pages, err := filepath.Glob(filepath.Join(dir, "*.html"))
	if err != nil {
		return err
	}
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		var kept []string
		for _, line := range strings.Split(string(b), "\n") {
			if !strings.Contains(line, `content="https:///`) && !strings.Contains(line, `content="https://"`) {
				kept = append(kept, line)
			}
		}
		if err := os.WriteFile(p, []byte(strings.Join(kept, "\n")), 0o644); err != nil {
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
