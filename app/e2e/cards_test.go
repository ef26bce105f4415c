package e2e

// Browser tests of the cards as a writer's readers meet them: the snippets
// the Embed dialog gives, pasted into a page that strips scripts, at a
// phone's width and a wide screen's. Expected figures come from the core
// and package export, never from the page.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/footprint"
)

// cardPage is a page whose Embed dialog offers a card: its path and query,
// the card's question, and its figure (the compare card's answer).
type cardPage struct{ name, page, title, figure string }

// cardPages are the pages whose Embed dialog offers a card, with the
// card's question.
func cardPages(t *testing.T, set *data.Set, q data.Query) []cardPage {
	t.Helper()
	r, err := set.Select(q)
	if err != nil {
		t.Fatal(err)
	}
	rk, err := set.Compare(q)
	if err != nil {
		t.Fatal(err)
	}
	p := makePlan(t, set, q, planTraffic)
	card, compare, planned := export.CardOf(r, footprint.Factors{}), export.CompareCardOf(rk, &set.Index), export.PlanCardOf(p, footprint.Factors{})
	return []cardPage{
		{"calculator", "/?" + state.String(q), card.Title, card.Figure},
		{"compare", "/compare?" + state.String(q), compare.Title, compare.Answer},
		{"plan", "/plan?" + state.PlanString(q, planTraffic), planned.Title, planned.Figure},
	}
}

// liveSnippet opens the Embed dialog of the page (path and query) and
// returns its snippet once the dialog has measured the card it embeds at
// the preview's width and at a phone's (the snippet's height), then
// previews it at a phone's width and checks that the snippet stays the
// same: the preview's width never changes it.
func liveSnippet(t *testing.T, bctx context.Context, origin, page, title string) string {
	t.Helper()
	tb := openEmbedDialog(t, bctx, origin, page)
	measured := func(width int) string {
		// The frame at that width: the preview, or the dialog's measure.
		js := fmt.Sprintf(`(() => { const f = [...document.querySelectorAll("#embed-frame, #embed-measure")].find(f => f.getAttribute("width") === "%d"),
			s = document.querySelector("#embed-snippet").value, d = f?.contentDocument;
			return !!d?.querySelector("main[data-mounted]") && s.includes(%q) &&
				s.includes(' height="' + Math.ceil(d.documentElement.getBoundingClientRect().height) + '" ') })()`, width, attrEscape(title))
		ctx, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
		defer cancel()
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingInterval(50*time.Millisecond)))
		s := eval[string](tb, `document.querySelector("#embed-snippet").value`)
		if err != nil {
			t.Errorf("the snippet does not take the height of the embed at %d px: %s", width, s)
		}
		return s
	}
	s := measured(360)
	tb.change("#embed-width", "360", "change")
	tb.waitFor(`document.querySelector("#embed-frame").getAttribute("width") === "360"`, "the preview at 360 px")
	if at360 := measured(360); at360 != s {
		t.Errorf("previewing at 360 px changed the snippet:\n%s\nto\n%s", s, at360)
	}
	return s
}

// openEmbedDialog opens the page (path and query) on a wide screen and its
// Embed dialog.
func openEmbedDialog(t *testing.T, bctx context.Context, origin, page string) *tab {
	t.Helper()
	tb := newTab(t, bctx, origin, chromedp.EmulateViewport(1280, 900))
	tb.openURL(origin + page)
	tb.do(chromedp.Click(chromedp.ID("embed-open")))
	tb.waitFor(`document.querySelector("#embed-dialog")?.matches(":modal") ?? false`, "the modal Embed dialog")
	return tb
}

// attrEscape escapes text as the snippet's attributes are.
func attrEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", `"`, "&quot;", "<", "&lt;", ">", "&gt;", "'", "&#39;").Replace(s)
}

// withoutScripts is a snippet as a page that strips scripts keeps it.
func withoutScripts(snippet string) string {
	if i := strings.Index(snippet, "<script"); i >= 0 {
		return strings.TrimSpace(snippet[:i])
	}
	return snippet
}

// expectWhole pastes markup into a page of another origin, in a column as
// wide as the window (a phone's, a wide screen's), and checks that its
// frame shows the whole card, its source line included, without scrolling.
func expectWhole(t *testing.T, bctx context.Context, origin, markup, what string, ready string) {
	t.Helper()
	host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A post</title><link rel="icon" href="data:,">
<style>body { margin: 0; font: 16px serif; } .post { max-width: 760px; margin: 0 auto; }</style></head>
<body><div class="post"><p>A paragraph before.</p>
%s
<p>A paragraph after.</p></div></body></html>`, markup)
	}))
	defer host.Close()
	for _, width := range []int64{360, 1440} {
		tb := newTab(t, bctx, host.URL, chromedp.EmulateViewport(width, 900))
		tb.noApp = true
		tb.allow("request to another origin: " + origin + "/")
		tb.do(chromedp.Navigate(host.URL))
		frame := tb.frameWhen("iframe", ready)
		got := evalIn[map[string]float64](frame, `(() => { const about = document.querySelector("#embed-about, .figure-footer");
			return {content: Math.ceil(document.documentElement.getBoundingClientRect().height), inner: innerHeight,
				about: about ? Math.ceil(about.getBoundingClientRect().bottom) : -1, width: innerWidth} })()`)
		if got["about"] < 0 || got["about"] > got["inner"] || got["content"] > got["inner"] {
			t.Errorf("%s at %d px without the resize script: the frame (%v×%v px) cuts the card (%v px tall, its source line ends at %v px)",
				what, width, got["width"], got["inner"], got["content"], got["about"])
		}
	}
}

// A page that strips scripts keeps the live snippet's frame at the height
// the snippet gives: that of the card at a phone's width, whatever width
// the dialog previewed, so that the whole card shows from 360 to 1440 px.
func TestCardSnippets(t *testing.T) {
	set, bctx := browserTest(t)
	origin := cspSite(t, "").URL
	q := data.Query{Task: "gpqa", Model: "gpt-oss-120b", GPU: "B200", DeadlineMS: 30, Percentile: data.P50, Tokens: 10e9}
	for _, c := range cardPages(t, set, q) {
		t.Run("Unscripted/"+c.name, func(t *testing.T) {
			t.Parallel()
			s := liveSnippet(t, bctx, origin, c.page, c.title)
			if !strings.Contains(s, "max-width:720px") {
				t.Errorf("the snippet's largest width is not an article's 720 px: %s", s)
			}
			expectWhole(t, bctx, origin, withoutScripts(s), c.name+"'s card", `!!document.querySelector("main[data-mounted]")`)
		})
	}
}

// pinnedSnippet opens the Embed dialog of the page, chooses the colours,
// and returns the pinned snippet once the dialog has measured the pinned
// card at a phone's width (the frame's height).
func pinnedSnippet(t *testing.T, bctx context.Context, origin, page, theme string) string {
	t.Helper()
	tb := openEmbedDialog(t, bctx, origin, page)
	if theme != "" {
		tb.change("#embed-theme", theme, "change")
	}
	tb.waitFor(fmt.Sprintf(`(() => { const f = document.querySelector("#embed-pinned-measure"), s = document.querySelector("#embed-pinned")?.value ?? "";
		return !!f?.contentDocument?.querySelector("footer") && f.getAttribute("srcdoc").includes('<html lang="en"%s>') &&
			s.includes(' height="' + Math.ceil(f.contentDocument.documentElement.getBoundingClientRect().height) + '" ') })()`,
		map[string]string{"": "", "light": ` class="light"`, "dark": ` class="dark"`}[theme]), "the pinned card measured at 360 px")
	return eval[string](tb, `document.querySelector("#embed-pinned").value`)
}

// expectPinned pastes a pinned snippet into a page of another origin that
// runs no script, at a phone's width and a wide screen's, in the light and
// the dark setting, and checks that its frame, which runs none either,
// shows the whole card, the figure, the edition of the data it was computed
// with and the link to the full page, in the colours of theme (the
// reader's setting where theme is "").
func expectPinned(t *testing.T, bctx context.Context, snippet, figure, edition, link, theme string) {
	t.Helper()
	host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Content-Security-Policy", "script-src 'none'")
		fmt.Fprintf(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="color-scheme" content="light dark"><title>A post</title><link rel="icon" href="data:,">
<style>body { margin: 0; font: 16px serif; } .post { max-width: 760px; margin: 0 auto; }</style></head>
<body><div class="post"><p>A paragraph before.</p>
%s
<p>A paragraph after.</p></div></body></html>`, snippet)
	}))
	defer host.Close()
	for _, width := range []int64{360, 1440} {
		for _, scheme := range []string{"light", "dark"} {
			tb := newTab(t, bctx, host.URL, emulate(width, 900, scheme)...)
			tb.noApp = true
			tb.do(chromedp.Navigate(host.URL))
			got := scriptless[map[string]any](tb, `(() => { const footer = document.querySelector("footer"), full = [...document.querySelectorAll("a")].at(-1);
				return {content: Math.ceil(document.documentElement.getBoundingClientRect().height), inner: innerHeight, width: innerWidth,
					footer: Math.ceil(footer.getBoundingClientRect().bottom), text: document.body.innerText, full: full.href, fullText: full.textContent,
					bg: getComputedStyle(document.body).backgroundColor, scripts: document.scripts.length} })()`)
			where := fmt.Sprintf("the pinned card (colours %q) at %d px, %s setting", theme, width, scheme)
			if got["footer"].(float64) > got["inner"].(float64) || got["content"].(float64) > got["inner"].(float64) {
				t.Errorf("%s: the frame (%v×%v px) cuts the card (%v px tall, its footer ends at %v px)", where, got["width"], got["inner"], got["content"], got["footer"])
			}
			text := got["text"].(string)
			for _, want := range []string{figure, edition, "Explore in tokenjoule →"} {
				if !strings.Contains(text, want) {
					t.Errorf("%s does not say %q:\n%s", where, want, text)
				}
			}
			if got["full"] != link || got["scripts"].(float64) != 0 {
				t.Errorf("%s: links to %v (want %s), %v scripts", where, got["full"], link, got["scripts"])
			}
			if dir := os.Getenv("TOKENJOULE_SCREENSHOTS"); dir != "" {
				png, err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatal(err)
				}
				name := strings.NewReplacer("/", "-", " ", "-").Replace(t.Name())
				if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d-%s.png", name, width, scheme)), png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			dark := theme == "dark" || theme == "" && scheme == "dark"
			if want := map[bool]string{false: "rgb(255, 255, 255)", true: "rgb(28, 31, 30)"}[dark]; got["bg"] != want {
				t.Errorf("%s: background %v, want %s", where, got["bg"], want)
			}
		}
	}
}

// The pinned snippet is the card in static HTML and CSS: no script, at most
// 30 KB, sandboxed without allow-scripts, its figures the core's, its face
// naming the data they were computed with; whole at 360 and 1440 px, in
// the reader's colours and in the ones chosen.
func TestPinnedCards(t *testing.T) {
	set, bctx := browserTest(t)
	origin := cspSite(t, "").URL
	q := data.Query{Task: "gpqa", Model: "gpt-oss-120b", GPU: "B200", DeadlineMS: 30, Percentile: data.P50, Tokens: 10e9}
	edition := export.Edition(set.Index.Source)
	for _, c := range cardPages(t, set, q) {
		for _, theme := range []string{"", "light", "dark"} {
			t.Run(c.name+"/"+map[string]string{"": "reader", "light": "light", "dark": "dark"}[theme], func(t *testing.T) {
				t.Parallel()
				s := pinnedSnippet(t, bctx, origin, c.page, theme)
				if len(s) > 30*1024 || strings.Contains(s, "<script") || strings.Contains(s, "&lt;script") {
					t.Errorf("the pinned snippet is %d bytes (at most 30 KB), script: %v", len(s), strings.Contains(s, "script"))
				}
				if !strings.HasPrefix(s, "<iframe srcdoc=") || !strings.Contains(s, ` sandbox="allow-popups allow-popups-to-escape-sandbox"`) {
					t.Errorf("the pinned snippet is not a frame sandboxed without scripts: %.200s", s)
				}
				expectPinned(t, bctx, s, c.figure, edition, origin+c.page, theme)
			})
		}
	}
}

// scriptless evaluates js in the page's srcdoc frame, which runs no script
// of its own (sandboxed without allow-scripts), in a world the DevTools
// protocol adds to it, once the frame has a footer.
func scriptless[T any](tb *tab, js string) T {
	tb.t.Helper()
	var err error
	attached := map[target.ID]context.Context{}
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		var out T
		if err = evalSrcdoc(tb, attached, `!!document.querySelector("footer") && `+js, &out); err == nil {
			return out
		}
	}
	tb.t.Fatalf("the pinned card's frame: %v", err)
	panic("unreachable")
}

// evalSrcdoc evaluates js in the tab's srcdoc frame into out; attached
// holds the frames' own targets it attached to, kept until the test ends
// (detaching from an iframe's target detaches the tab from it).
func evalSrcdoc(tb *tab, attached map[target.ID]context.Context, js string, out any) error {
	// The frame in the page's process, or in one of its own: a target whose
	// parent is the tab (the browser's targets are every test's).
	ctxs := []context.Context{tb.ctx}
	infos, err := chromedp.Targets(tb.ctx)
	if err != nil {
		return err
	}
	tab := chromedp.FromContext(tb.ctx).Target.TargetID
	for _, info := range infos {
		if info.Type == "iframe" && info.URL == "about:srcdoc" && info.ParentID == tab {
			if attached[info.TargetID] == nil {
				ctx, cancel := chromedp.NewContext(tb.ctx, chromedp.WithTargetID(info.TargetID))
				tb.t.Cleanup(cancel)
				attached[info.TargetID] = ctx
			}
			ctxs = append(ctxs, attached[info.TargetID])
		}
	}
	var find func(*page.FrameTree) cdp.FrameID
	find = func(ft *page.FrameTree) cdp.FrameID {
		if ft.Frame.URL == "about:srcdoc" {
			return ft.Frame.ID
		}
		for _, c := range ft.ChildFrames {
			if id := find(c); id != "" {
				return id
			}
		}
		return ""
	}
	err = fmt.Errorf("no srcdoc frame")
	for _, ctx := range ctxs {
		run := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			tree, err := cdp.Call(ctx, tg, page.GetFrameTree, cdp.Empty{})
			if err != nil {
				return err
			}
			id := find(tree.FrameTree)
			if id == "" {
				return fmt.Errorf("no srcdoc frame")
			}
			world, err := cdp.Call(ctx, tg, page.CreateIsolatedWorld, page.CreateIsolatedWorldParams{FrameID: id, WorldName: "test"})
			if err != nil {
				return err
			}
			yes := true
			res, err := cdp.Call(ctx, tg, cdpruntime.Evaluate, cdpruntime.EvaluateParams{Expression: js, ContextID: world.ExecutionContextID, ReturnByValue: &yes})
			if err != nil {
				return err
			}
			if res.ExceptionDetails != nil {
				return fmt.Errorf("%s", res.ExceptionDetails.Text)
			}
			if string(res.Result.Value) == "false" {
				return fmt.Errorf("not ready")
			}
			return json.Unmarshal(res.Result.Value, out)
		})
		if err = chromedp.Do(ctx, run); err == nil {
			return nil
		}
	}
	return err
}
