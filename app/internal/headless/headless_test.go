package headless

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestNoBrowserUI starts chromium as the browser tests and the benchmark do
// and checks that it does not preload the address bar's popup: chromium 156
// did for each window, as WebUI pages (chrome://omnibox-popup.top-chrome/)
// in a renderer of their own, which took half a core while a test opened
// tabs. A chromium that renames the feature fails here; other pages of its
// own are named in the log, for whoever looks into the tests' time next.
func TestNoBrowserUI(t *testing.T) {
	path := Path()
	if path == "" {
		const missing = "no chromium: install it with `apt-get install -y chromium` (Debian), or set CHROMIUM to its path"
		if os.Getenv("CI") == "true" {
			t.Fatal(missing)
		}
		t.Skip(missing)
	}
	if testing.Short() {
		t.Skip("starts a browser")
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), Options(path, t.TempDir())...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatalf("starting %s: %v", path, err)
	}
	// The popup's pages came a moment after the window.
	time.Sleep(2 * time.Second)
	infos, err := chromedp.Targets(ctx)
	if err != nil {
		t.Fatal(err)
	}
	pages := 0
	for _, ti := range infos {
		switch {
		case strings.HasPrefix(ti.URL, "chrome://omnibox-popup"):
			t.Errorf("chromium preloads the address bar's popup: %s %q at %s", ti.Type, ti.Title, ti.URL)
		case ti.Type == "browser_ui" || strings.HasPrefix(ti.URL, "chrome://"):
			t.Logf("chromium runs a page of its own: %s %q at %s", ti.Type, ti.Title, ti.URL)
		case ti.Type == "page":
			pages++
		}
	}
	if pages == 0 { // a listing that misses the page would miss the popup too
		t.Errorf("the targets %v hold no page, not even the one opened", infos)
	}
}
