package e2e

import (
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tokenjoule/data"
)

// TestHostileNameStaticSite builds the static site from a dataset whose
// model is named to break out of an attribute, as a leaderboard file could
// name it (the importer refuses such names now; the pages must not depend on
// it), serves it from a host that sends no Content-Security-Policy, as
// GitHub Pages, and opens its pages before the app starts: the name must be
// text in its attributes, never an attribute, a handler or a script of its
// own.
func TestHostileNameStaticSite(t *testing.T) {
	t.Parallel()
	bctx := browser(t)
	root := builtWeb(t)
	const hostile = `Q8" autofocus tabindex=0 onfocus=window.__pwned=1 x="`

	gen, err := data.Current(os.DirFS(filepath.Join(repoRoot, "data", "dataset")))
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(repoRoot, "data", "dataset", gen)
	dataset := t.TempDir()
	if err := copyTree(src, dataset); err != nil {
		t.Fatal(err)
	}
	name, _ := json.Marshal(hostile)
	renamed := 0
	filepath.WalkDir(dataset, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if n := strings.Count(string(b), `"Qwen 3 8B"`); n > 0 {
			renamed += n
			return os.WriteFile(path, []byte(strings.ReplaceAll(string(b), `"Qwen 3 8B"`, string(name))), 0o644)
		}
		return nil
	})
	if renamed == 0 {
		t.Fatal(`no model named "Qwen 3 8B" in the dataset: the test needs another`)
	}
	out := t.TempDir()
	build := exec.Command(filepath.Join(root, "bin", "sitebuild"), "-root", root, "-out", out, "-dataset", dataset)
	if b, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the site from the renamed dataset: %v\n%s", err, b)
	}

	// No CSP, and no app: the wasm never arrives, so the prerendered page is
	// what stays on the screen.
	h := startHost(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.Path, "app.wasm") {
			select {
			case <-r.Context().Done():
			case <-time.After(time.Minute):
			}
			return
		}
		http.FileServer(http.Dir(out)).ServeHTTP(w, r)
	}))
	for _, page := range []string{"/compare.html", "/index.html?model=qwen-3-8b", "/plan.html?model=qwen-3-8b", "/embed.html?model=qwen-3-8b"} {
		t.Run(strings.TrimPrefix(page, "/"), func(t *testing.T) {
			tb := newTab(t, bctx, h.origin)
			tb.noApp = true
			tb.do(chromedp.Navigate(h.origin+page), chromedp.WaitReady(chromedp.CSS("main")))
			time.Sleep(200 * time.Millisecond) // autofocus fires once the page is rendered
			got := eval[map[string]any](tb, `(() => {
				const named = [...document.querySelectorAll("*")].flatMap(el => [...el.attributes]).filter(a => a.value.includes("Q8"));
				return {
					pwned: window.__pwned === 1,
					handlers: document.querySelectorAll("[onfocus], [autofocus]").length,
					whole: named.filter(a => a.value.includes(`+"`"+hostile+"`"+`)).length,
					text: document.body.textContent.includes(`+"`"+hostile+"`"+`),
				};
			})()`)
			if got["pwned"] == true || got["handlers"] != 0.0 {
				t.Errorf("%s: the name became markup: handler ran %v, %v elements with onfocus or autofocus", page, got["pwned"], got["handlers"])
			}
			if page == "/compare.html" && got["whole"] == 0.0 {
				t.Errorf("%s: no attribute holds the name whole (%v)", page, got)
			}
			if got["whole"] == 0.0 && got["text"] == false {
				t.Errorf("%s: the page shows the name nowhere (%v)", page, got)
			}
		})
	}
}
