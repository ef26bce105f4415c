package e2e

// Screenshots for people to look at, written where TOKENJOULE_SCREENSHOTS
// says (see doc.go).

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// shooter returns a function that writes a full-page PNG of a page (a query
// of the calculator, or a path and its query) at a size and in a colour
// scheme, into dir.
func shooter(t *testing.T, bctx context.Context, origin, dir string) func(name string, width, height int64, scheme, query string) {
	tb := newTab(t, bctx, origin)
	return func(name string, width, height int64, scheme, query string) {
		tb.do(chromedp.EmulateViewport(width, height), chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}})
			return err
		}))
		if path, q, ok := strings.Cut(query, "?"); ok {
			tb.openURL(origin + path + "?" + q)
		} else {
			tb.open(query)
		}
		tb.view().drawCharts()
		png, err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, fmt.Sprintf("%s-%dx%d-%s.png", name, width, height, scheme))
		if err := os.WriteFile(file, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", file)
	}
}

// shot writes screenshots of the whole page at a phone's and a wide
// screen's width to $TOKENJOULE_SCREENSHOTS (when set), for people to look
// at, then gives the tab its own size back.
func (tb *tab) shot(name string) {
	tb.t.Helper()
	dir := os.Getenv("TOKENJOULE_SCREENSHOTS")
	if dir == "" {
		return
	}
	for _, size := range [][2]int64{{360, 800}, {1440, 900}} {
		tb.do(chromedp.EmulateViewport(size[0], size[1]))
		png, err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(100))
		if err != nil {
			tb.t.Fatal(err)
		}
		file := filepath.Join(dir, fmt.Sprintf("%s-%d.png", name, size[0]))
		if err := os.WriteFile(file, png, 0o644); err != nil {
			tb.t.Fatal(err)
		}
		tb.t.Logf("wrote %s", file)
	}
	tb.do(chromedp.EmulateReset())
}
