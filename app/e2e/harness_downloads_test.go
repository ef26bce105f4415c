package e2e

// What the pages let readers take away: files the browser saves, the
// pictures among them, and the clipboard.

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/chromedp"
)

// download is a file the browser saved.
type download struct {
	name string // the name the page gave it
	body []byte
}

// downloads captures every file the browser context saves, from any tab or
// frame.
type downloads struct {
	t    *testing.T
	dir  string
	ch   chan download
	mu   sync.Mutex
	name map[string]string // by the download's guid
}

// captureDownloads makes the browser context of bctx save downloads into a
// temporary directory, each under its guid, and report them. The browser
// tells of every context's downloads (the tests share one chromium), so a
// download is this test's if its file is in the directory; one that failed
// leaves no file to tell, and expect then fails for want of it.
func captureDownloads(t *testing.T, bctx context.Context) *downloads {
	t.Helper()
	d := &downloads{t: t, dir: t.TempDir(), ch: make(chan download, 16), name: map[string]string{}}
	err := chromedp.ListenBrowser(bctx, func(ev any) {
		switch ev := ev.(type) {
		case *cdpbrowser.EventDownloadWillBegin:
			d.mu.Lock()
			d.name[ev.GUID] = ev.SuggestedFilename
			d.mu.Unlock()
		case *cdpbrowser.EventDownloadProgress:
			if ev.State != cdpbrowser.DownloadProgressStateCompleted {
				return
			}
			body, err := os.ReadFile(filepath.Join(d.dir, ev.GUID))
			if err != nil {
				return // another test's
			}
			d.mu.Lock()
			name := d.name[ev.GUID]
			d.mu.Unlock()
			select {
			case d.ch <- download{name: name, body: body}:
			default:
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	_, err = chromedp.Run(bctx, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		c := chromedp.FromContext(ctx)
		_, err := cdp.Call(ctx, c.Browser, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
			Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllowAndName, BrowserContextID: c.BrowserContextID,
			DownloadPath: d.dir, EventsEnabled: new(true)})
		return err
	}))
	if err != nil {
		t.Fatalf("setting the download behaviour: %v", err)
	}
	return d
}

// expect waits for the next saved file and checks its name.
func (d *downloads) expect(t *testing.T, name string) []byte {
	t.Helper()
	select {
	case dl := <-d.ch:
		if dl.name != name {
			t.Errorf("downloaded %q, want %q", dl.name, name)
		}
		return dl.body
	case <-time.After(15 * time.Second):
		t.Fatalf("no download of %s", name)
	}
	return nil
}

// none checks that no file was saved within a while.
func (d *downloads) none(t *testing.T, why string) {
	t.Helper()
	select {
	case dl := <-d.ch:
		t.Errorf("%s, yet %s was saved", why, dl.name)
	case <-time.After(2 * time.Second):
	}
}

// expectPicture checks an SVG picture of a chart: its title, a name it must
// show, and the caveat and citation in its text.
func expectPicture(t *testing.T, svg []byte, title, name string) {
	t.Helper()
	text := string(svg)
	if !strings.HasPrefix(text, "<svg") {
		t.Fatalf("the SVG download starts %q", text[:min(len(text), 40)])
	}
	// The footer wraps into lines, each a text element: look for words.
	for _, want := range []string{"tokenjoule: " + title, name, "Boundary: GPU only.", "GPU energy only", "floor", "Chung et al.", "2505.06371", "ML.ENERGY Leaderboard"} {
		if !strings.Contains(text, html.EscapeString(want)) {
			t.Errorf("the picture's text lacks %q", want)
		}
	}
}

// expectPNG checks a picture: a PNG width pixels wide (twice its CSS
// width) and between lo and hi tall, not blank.
func expectPNG(t *testing.T, b []byte, width, lo, hi int) {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("the picture is not a PNG: %v", err)
	}
	bounds := img.Bounds()
	if bounds.Dx() != width || bounds.Dy() < lo || bounds.Dy() > hi {
		t.Errorf("the picture is %d×%d, want %d wide and %d to %d tall", bounds.Dx(), bounds.Dy(), width, lo, hi)
	}
	// Ink: the share of pixels that are not the white background.
	ink := 0
	for y := bounds.Min.Y; y < bounds.Max.Y; y += 4 {
		for x := bounds.Min.X; x < bounds.Max.X; x += 4 {
			if r, g, b, _ := img.At(x, y).RGBA(); r < 0xf000 || g < 0xf000 || b < 0xf000 {
				ink++
			}
		}
	}
	if share := float64(ink) / math.Ceil(float64(bounds.Dx()*bounds.Dy())/16); share < 0.01 {
		t.Errorf("the picture is blank (%.1f%% ink)", share*100)
	}
}

// setClipboard grants or denies the page's clipboard permissions; granted,
// it also records what the page writes to it (clipboardText).
func setClipboard(t *testing.T, tb *tab, origin string, setting cdpbrowser.PermissionSetting) {
	t.Helper()
	if setting == cdpbrowser.PermissionSettingGranted {
		eval[bool](tb, recordCopies)
	}
	tb.do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		c := chromedp.FromContext(ctx)
		for _, name := range []string{"clipboard-write", "clipboard-read"} {
			if _, err := cdp.Call(ctx, c.Browser, cdpbrowser.SetPermission, cdpbrowser.SetPermissionParams{
				Permission: &cdpbrowser.PermissionDescriptor{Name: name, AllowWithoutSanitization: name == "clipboard-read"},
				Setting:    setting, Origin: origin, BrowserContextID: c.BrowserContextID}); err != nil {
				return fmt.Errorf("setting %s to %s: %w", name, setting, err)
			}
		}
		return nil
	}))
}

// recordCopies keeps, on the page, the last text it writes to the
// clipboard, as it writes it: the browser's one clipboard is shared by the
// tests that run beside it, and another tab's copy may land between a
// test's and its reading.
const recordCopies = `(() => { const c = navigator.clipboard; if (c && !c.tokenjouleRecorded) {
	const write = c.writeText.bind(c); c.tokenjouleRecorded = true;
	c.writeText = (s) => { window.tokenjouleCopied = s; return write(s) } } return true })()`

// clipboardText is the last text the page wrote to the clipboard since
// setClipboard granted it, once the write succeeded (the clipboard holds
// it, or held it before another tab's copy).
func clipboardText(tb *tab) (string, error) {
	return chromedp.Run(tb.ctx, chromedp.Evaluate[string](`(async () => {
		const s = window.tokenjouleCopied;
		if (typeof s !== "string") throw new Error("the page wrote nothing to the clipboard since setClipboard");
		return s })()`, chromedp.EvalAsValue, chromedp.EvalAwaitPromise))
}
