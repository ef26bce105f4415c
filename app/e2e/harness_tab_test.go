package e2e

// A page under test: a tab (or a view of a frame in it) whose console and
// requests are watched, and the ways to drive it, read it and wait for it.

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// tab is one page under test, with what it logged and requested.
type tab struct {
	t      *testing.T
	ctx    context.Context
	origin string

	mu       sync.Mutex
	problems []string // console errors, exceptions, foreign requests
	allowed  []string // problems a test provokes on purpose, by substring
	requests int
	noApp    bool // the page runs no app of its own: a host page (the app is in its iframe), or JavaScript is off
}

// allow stops problems that contain substr from failing the test: for a test
// that provokes an error on purpose.
func (tb *tab) allow(substr string) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	tb.allowed = append(tb.allowed, substr)
}

// watch records in tb.problems, until ctx ends (then done closes), every
// console error, uncaught exception and request to an origin other than
// origin of the target ctx drives; label names the target in the messages.
func (tb *tab) watch(ctx context.Context, origin, label string) (done chan struct{}) {
	tb.t.Helper()
	problem := func(format string, args ...any) {
		tb.mu.Lock()
		defer tb.mu.Unlock()
		tb.problems = append(tb.problems, label+fmt.Sprintf(format, args...))
	}
	err := chromedp.Listen(ctx, func(ev any) {
		if ev, ok := ev.(*network.EventRequestWillBeSent); ok {
			tb.mu.Lock()
			tb.requests++
			tb.mu.Unlock()
			u := ev.Request.URL
			if !strings.HasPrefix(u, "data:") && !strings.HasPrefix(u, "blob:") && !strings.HasPrefix(u, origin+"/") {
				problem("request to another origin: %s", u)
			}
		}
	})
	if err != nil {
		tb.t.Fatal(err)
	}
	msgs := chromedp.Console(ctx)
	done = make(chan struct{})
	go func() {
		defer close(done)
		for m, err := range msgs {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.IsException() {
				problem("console %s: %s (%s:%d)", m.Type, m.Text, m.URL, m.Line+1)
			}
		}
	}()
	return done
}

// newTab opens a tab whose console and network are watched until the subtest
// ends; any console error, uncaught exception or request to another origin
// fails it.
func newTab(t *testing.T, bctx context.Context, origin string, setup ...chromedp.Action[chromedp.Void]) *tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(bctx)
	ctx, cancelT := context.WithTimeout(ctx, 90*time.Second)
	tb := &tab{t: t, ctx: ctx, origin: origin}
	if err := chromedp.Do(ctx, setup...); err != nil {
		t.Fatal(err)
	}
	done := tb.watch(ctx, origin, "")
	t.Cleanup(func() {
		// go-app reports a panic on the console and leaves a broken page:
		// the app must still be mounted at the end of every subtest.
		if !t.Failed() && !tb.noApp {
			if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!document.querySelector("main[data-mounted]") || (()=>{throw new Error("app not mounted")})()`)); err != nil {
				t.Errorf("after the test the app is not mounted: %v", err)
			}
		}
		cancelT()
		cancel()
		<-done
		tb.mu.Lock()
		defer tb.mu.Unlock()
		for _, p := range tb.problems {
			if !slices.ContainsFunc(tb.allowed, func(a string) bool { return strings.Contains(p, a) }) {
				t.Error(p)
			}
		}
	})
	return tb
}

// open navigates to the page with the query and waits for the app to mount.
func (tb *tab) open(query string) {
	tb.t.Helper()
	u := tb.origin + "/"
	if query != "" {
		u += "?" + query
	}
	tb.do(chromedp.Navigate(u), chromedp.WaitReady(chromedp.CSS("main[data-mounted]")))
}

func (tb *tab) do(steps ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	if err := chromedp.Do(tb.ctx, steps...); err != nil {
		tb.t.Fatal(err)
	}
}

func eval[T any](tb *tab, js string) T {
	tb.t.Helper()
	v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[T](js))
	if err != nil {
		tb.t.Fatalf("evaluating %s: %v", js, err)
	}
	return v
}

func (tb *tab) text(sel string) string {
	tb.t.Helper()
	return eval[string](tb, fmt.Sprintf(`(document.querySelector(%q)?.textContent ?? "<missing %s>").trim()`, sel, sel))
}

// waitText waits until the element reads want, and fails with what it read.
func (tb *tab) waitText(sel, want string) {
	tb.t.Helper()
	js := fmt.Sprintf(`(document.querySelector(%q)?.textContent ?? "").trim() === %q`, sel, want)
	ctx, cancel := context.WithTimeout(tb.ctx, 10*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		tb.t.Fatalf("%s reads %q, want %q", sel, tb.text(sel), want)
	}
}

// change sets a form control's value and fires the event a person's edit
// fires.
func (tb *tab) change(sel, value, event string) {
	tb.t.Helper()
	ok := eval[bool](tb, fmt.Sprintf(`(() => { const el = document.querySelector(%q); if (!el) return false;
		el.value = %q; el.dispatchEvent(new Event(%q, {bubbles: true})); return true })()`, sel, value, event))
	if !ok {
		tb.t.Fatalf("no element %s", sel)
	}
}

// await evaluates js, waiting for the promise it returns.
func await[T any](tb *tab, js string) T {
	tb.t.Helper()
	v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		tb.t.Fatalf("evaluating %s: %v", js, err)
	}
	return v
}

// visit navigates to path and waits for the app to mount.
func (tb *tab) visit(path string) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(tb.origin+path), chromedp.WaitReady(chromedp.CSS("main[data-mounted]"))); err != nil {
		tb.t.Fatalf("opening %s: %v", path, err)
	}
}

// poll waits until js is true.
func (tb *tab) poll(js string, timeout time.Duration) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, timeout)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingInterval(50*time.Millisecond))); err != nil {
		tb.t.Fatalf("waiting for %s: %v", js, err)
	}
}

// await evaluates js, a promise of true, and waits for it.
func (tb *tab) await(js string) {
	tb.t.Helper()
	if _, err := chromedp.Run(tb.ctx, chromedp.Evaluate[bool](js, chromedp.EvalAwaitPromise)); err != nil {
		tb.t.Fatalf("evaluating %s: %v", js, err)
	}
}

// openURL navigates to u and waits for the app to mount.
func (tb *tab) openURL(u string) {
	tb.t.Helper()
	tb.do(chromedp.Navigate(u), chromedp.WaitReady(chromedp.CSS("main[data-mounted]")))
}

// view reads a document: a tab's page, an iframe that runs in the page's
// process (frame set; chromedp's frame targeting), or an iframe attached as
// its own target (ctx is the target's).
type view struct {
	t     *testing.T
	ctx   context.Context
	frame *chromedp.Node
}

func (tb *tab) view() view { return view{t: tb.t, ctx: tb.ctx} }

// evalIn evaluates js in the view's document.
func evalIn[T any](v view, js string) T {
	v.t.Helper()
	if v.frame == nil {
		got, err := chromedp.Run(v.ctx, chromedp.Evaluate[T](js))
		if err != nil {
			v.t.Fatalf("evaluating %s: %v", js, err)
		}
		return got
	}
	// Poll evaluates in a frame; the wrapper is truthy, so it returns at once.
	got, err := chromedp.Run(v.ctx, chromedp.Poll[struct{ V T }](fmt.Sprintf(`({V: (%s)})`, js), chromedp.WithPollingInFrame(v.frame)))
	if err != nil {
		v.t.Fatalf("evaluating %s in the iframe: %v", js, err)
	}
	return got.V
}

// poll waits until js is true in the view's document.
func (v view) poll(js string) error {
	ctx, cancel := context.WithTimeout(v.ctx, 20*time.Second)
	defer cancel()
	opts := []chromedp.PollOption{chromedp.WithPollingInterval(20 * time.Millisecond)}
	if v.frame != nil {
		opts = append(opts, chromedp.WithPollingInFrame(v.frame))
	}
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](js, opts...))
	return err
}

func (v view) waitFor(js, what string) {
	v.t.Helper()
	if err := v.poll(js); err != nil {
		v.t.Fatalf("waiting for %s: %v", what, err)
	}
}

func (v view) text(sel string) string {
	v.t.Helper()
	return evalIn[string](v, fmt.Sprintf(`(document.querySelector(%q)?.textContent ?? "<missing %s>").trim()`, sel, sel))
}

func (v view) has(sel string) bool {
	v.t.Helper()
	return evalIn[bool](v, fmt.Sprintf(`!!document.querySelector(%q)`, sel))
}

func (v view) waitText(sel, want string) {
	v.t.Helper()
	if err := v.poll(fmt.Sprintf(`(document.querySelector(%q)?.textContent ?? "").trim() === %q`, sel, want)); err != nil {
		v.t.Fatalf("%s reads %q, want %q", sel, v.text(sel), want)
	}
}

// has and waitFor on the tab's own page.
func (tb *tab) has(sel string) bool { return tb.view().has(sel) }

func (tb *tab) waitFor(js, what string) {
	tb.t.Helper()
	tb.view().waitFor(js, what)
}

// href is the URL a link of the page leads to.
func (tb *tab) href(sel string) *url.URL {
	tb.t.Helper()
	s := eval[string](tb, fmt.Sprintf(`document.querySelector(%q)?.href ?? ""`, sel))
	u, err := url.Parse(s)
	if err != nil || s == "" {
		tb.t.Fatalf("%s: no link (%q)", sel, s)
	}
	return u
}

// emulate sets the viewport and the colour scheme the page sees.
func emulate(width, height int64, scheme string) []chromedp.Action[chromedp.Void] {
	return []chromedp.Action[chromedp.Void]{
		chromedp.EmulateViewport(width, height),
		chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
				Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}})
			return err
		}),
	}
}

// emulateScheme sets the colour scheme the target of ctx's pages see.
func emulateScheme(s string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: s}}})
		return err
	})
}

// scheme sets the colour scheme the page sees; CSS and the charts follow it
// without a reload.
func scheme(s string) chromedp.Action[chromedp.Void] { return emulate(1280, 900, s)[1] }
