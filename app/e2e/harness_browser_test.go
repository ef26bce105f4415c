package e2e

// The browsers the tests share: one headless shell (and one full chromium for
// what only it does), each test in a browser context of its own.

import (
	"cmp"
	"context"
	"flag"
	"os"
	"runtime"
	"strconv"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"

	"tokenjoule/app/internal/headless"
	"tokenjoule/data"
)

func TestMain(m *testing.M) {
	flag.Parse()
	// The browser tests keep every core busy: unless -parallel says
	// otherwise, run one more of them at once than there are cores (more
	// at once only has pages wait past the tests' time limits as the
	// browsers fight for the CPUs). TestFirefox and TestWebKit each hold a
	// place for their whole run (their subtests go in turn in one browser).
	explicit := false
	flag.Visit(func(f *flag.Flag) { explicit = explicit || f.Name == "test.parallel" })
	if !explicit {
		flag.Set("test.parallel", strconv.Itoa(runtime.NumCPU()+1))
	}
	code := m.Run()
	shell.stop()
	full.stop()
	if webDir != "" {
		os.RemoveAll(webDir)
	}
	for _, s := range sites {
		<-s.done
		os.RemoveAll(s.dir)
	}
	os.Exit(code)
}

// need skips the test, or fails it in CI, when a prerequisite is missing.
func need(t *testing.T, format string, args ...any) {
	t.Helper()
	if inCI {
		t.Fatalf(format, args...)
	}
	t.Skipf(format, args...)
}

// browserTest begins a browser test: skipped by -short, run in parallel with
// the other tests, it returns the dataset and one headless chromium for its
// subtests.
func browserTest(t *testing.T) (*data.Set, context.Context) {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	t.Parallel()
	set, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	return set, browser(t)
}

// A shared browser is a headless chromium the tests of the package share,
// each in a tab and browser context of its own: starting one costs some 1.5
// CPU-seconds, which every test would pay again.
type sharedBrowser struct {
	once   sync.Once
	path   string
	ctx    context.Context // its first tab
	cancel context.CancelFunc
	err    error
	dir    string // its profile
}

var (
	// shell runs every test but TestStaticSite: chromium's headless shell
	// where Debian's chromium-headless-shell is installed, else chromium.
	// The same engine without the full browser's windows, UI and
	// services: the package takes a fifth less time in it (doc.go).
	shell sharedBrowser
	// full is chromium itself, for what only the full browser does:
	// TestStaticSite's site is installable (the shell finds every page
	// installable, even one without a manifest).
	full sharedBrowser
)

// browser gives the test a browser context of its own in the shared
// headless shell, for every subtest: its tabs, cache, storage, service
// workers and downloads stay apart from the other tests'.
func browser(t *testing.T) context.Context {
	t.Helper()
	return shell.open(t, cmp.Or(headless.ShellPath(), headless.Path()), chromedp.WithNewBrowserContext())
}

// browserOnRecord gives the test the shared full chromium's default browser
// context, which keeps what it stores: chromium finds no site installable
// in a new one ("in-incognito"). Only TestStaticSite uses it, so that what
// it stores stays its own.
func browserOnRecord(t *testing.T) context.Context {
	t.Helper()
	return full.open(t, headless.Path())
}

// open opens a tab in the shared browser, starting the one at path first
// if need be, with the context options; the tab closes when the test ends.
func (b *sharedBrowser) open(t *testing.T, path string, opts ...chromedp.ContextOption) context.Context {
	t.Helper()
	if path == "" {
		need(t, "browser tests need chromium: install it with `apt-get install -y chromium chromium-headless-shell` (Debian), or set CHROMIUM to its path")
	}
	b.once.Do(func() {
		if b.err = b.start(path); b.err == nil {
			t.Logf("started %s", path)
		}
	})
	if b.err != nil {
		t.Fatalf("starting %s: %v", b.path, b.err)
	}
	bctx, cancel := chromedp.NewContext(b.ctx, opts...)
	t.Cleanup(cancel)
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("opening a tab in %s: %v", b.path, err)
	}
	return bctx
}

// start starts the shared browser; stop, from TestMain, stops it.
func (b *sharedBrowser) start(path string) error {
	b.path = path
	dir, err := os.MkdirTemp("", "tokenjoule-e2e-chromium-")
	if err != nil {
		return err
	}
	b.dir = dir
	opts := append(headless.Options(path, dir),
		// One process model whatever the build's defaults: the sandboxed
		// embed's tests attach to its frame as a target of its own.
		chromedp.Flag("site-per-process", true),
		chromedp.Flag("enable-features", "IsolateSandboxedIframes"),
		// A tab opened on a site that has a renderer in the same browser
		// context joins it, instead of starting one of its own (each
		// test's pages are one site, 127.0.0.1, in its own browser
		// context): the package takes 15% less CPU and time.
		chromedp.Flag("process-per-site", true),
		// V8 runs the wasm with its baseline compiler only, without
		// recompiling the hottest functions in the background: the tests
		// check what the pages do, not how fast (app/bench keeps V8's
		// defaults), and it saves a fifth of the CPU (TestFootprint's).
		chromedp.Flag("js-flags", "--liftoff-only"),
	)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	b.ctx = ctx
	b.cancel = func() { cancel(); cancelA() }
	return chromedp.Do(ctx)
}

func (b *sharedBrowser) stop() {
	if b.cancel != nil {
		b.cancel()
		os.RemoveAll(b.dir)
	}
}
