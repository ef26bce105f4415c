package e2e

// Keyboard and touch: the skip link past the answer's disclosures, the
// deadline slider's steps to round deadlines, and help buttons a finger
// can press without pressing what is beside them.

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"tokenjoule/app/state"
	"tokenjoule/data"
)

// tokenStops are the deadlines between tokens a reader would call round,
// ten a decade, from the slider's 5 ms to its 1000 ms: where its steps land.
var tokenStops = []float64{5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100, 120, 150, 200, 250, 300, 400, 500, 600, 800, 1000}

// targetsApart lists the help buttons ("?") of the view's page that are
// smaller than 24 × 24 px or nearer than 8 px to another target (a link, a
// button, a form control, a label, a disclosure), each with its size and
// the nearest target; and how many help buttons it measured.
const targetsApart = `(() => {
	const shown = e => e.checkVisibility({visibilityProperty: true});
	const targets = [...document.querySelectorAll("a[href], button, input, select, textarea, summary, label")].filter(shown);
	const bad = [], helps = [...document.querySelectorAll("details.term > summary")].filter(shown);
	for (const h of helps) {
		const r = h.getBoundingClientRect();
		let gap = Infinity, near = "";
		for (const t of targets) {
			if (t === h || t.contains(h) || h.contains(t)) continue;
			for (const o of t.getClientRects()) {
				if (!o.width || !o.height) continue;
				const d = Math.hypot(Math.max(o.left - r.right, r.left - o.right, 0), Math.max(o.top - r.bottom, r.top - o.bottom, 0));
				if (d < gap) { gap = d; near = t.id ? "#" + t.id : t.tagName.toLowerCase() + " " + JSON.stringify(t.textContent.trim().slice(0, 30)) }
			}
		}
		if (r.width < 24 || r.height < 24 || gap < 7.95)
			bad.push(h.textContent.trim().slice(1) + ": " + r.width.toFixed(1) + " × " + r.height.toFixed(1) + " px, " + gap.toFixed(1) + " px from " + near);
	}
	return {bad, n: helps.length};
})()`

func TestKeysAndTouch(t *testing.T) {
	set, bctx := browserTest(t)
	origin := cspSite(t, "").URL
	q := data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 2.5e9}
	key := func(tb *tab, k string) {
		tb.t.Helper()
		tb.do(chromedp.KeyEvent(k))
	}

	t.Run("SkipLink", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin)
		for _, page := range []struct{ path, words string }{
			{"/", "Skip to the calculator's controls"},
			{"/compare", "Skip to the comparison's controls"},
			{"/plan", "Skip to the plan's controls"},
		} {
			for _, size := range [][2]int64{{360, 800}, {1440, 900}} {
				where := fmt.Sprintf("%s at %d px", page.path, size[0])
				tb.do(chromedp.EmulateViewport(size[0], size[1]))
				tb.openURL(origin + page.path + "?" + state.String(q))
				// Out of sight until the keyboard reaches it, first.
				if b := eval[float64](tb, `document.getElementById("skip")?.getBoundingClientRect().bottom ?? 1e9`); b > 0 {
					t.Errorf("%s: the skip link shows before it has focus (bottom at %v px)", where, b)
				}
				eval[bool](tb, `(document.activeElement?.blur(), true)`)
				key(tb, kb.Tab)
				got := eval[map[string]any](tb, `(() => { const a = document.activeElement, r = a.getBoundingClientRect();
					return {id: a.id, text: a.textContent.trim(), href: a.getAttribute("href") ?? "", top: r.top, bottom: r.bottom, left: r.left, right: r.right} })()`)
				if got["id"] != "skip" || got["text"] != page.words {
					t.Errorf("%s: the first Tab reaches %v, want the link %q", where, got, page.words)
					continue
				}
				if got["top"].(float64) < 0 || got["bottom"].(float64) > float64(size[1]) || got["left"].(float64) < 0 || got["right"].(float64) > float64(size[0]) {
					t.Errorf("%s: the focused skip link is not all on the screen: %v", where, got)
				}
				if got["href"] != "#inputs" || !tb.view().has("fieldset#inputs") {
					t.Errorf("%s: the skip link points to %v, not the inputs' fieldset", where, got["href"])
				}
				// Enter: the first input has focus, on the screen, and no
				// history entry was made for it.
				before := eval[map[string]any](tb, `({href: location.href, entries: history.length})`)
				key(tb, kb.Enter)
				tb.waitFor(`document.activeElement?.id === "task"`, where+": focus on the task after the skip link")
				task := eval[map[string]float64](tb, `(() => { const r = document.getElementById("task").getBoundingClientRect(); return {top: r.top, bottom: r.bottom, height: innerHeight} })()`)
				if task["top"] < 0 || task["bottom"] > task["height"] {
					t.Errorf("%s: after the skip link the task's selector is at %v to %v px, off the screen", where, task["top"], task["bottom"])
				}
				if after := eval[map[string]any](tb, `({href: location.href, entries: history.length})`); fmt.Sprint(after) != fmt.Sprint(before) {
					t.Errorf("%s: the skip link changed the address or the history: %v, then %v", where, before, after)
				}
			}
		}
	})

	// boxAfter waits until the deadline box no longer reads from, and
	// returns what it reads.
	boxAfter := func(tb *tab, from string) string {
		tb.t.Helper()
		tb.waitFor(fmt.Sprintf(`document.querySelector("#deadline").value !== %q`, from), "the box to follow the slider from "+from)
		return eval[string](tb, `document.querySelector("#deadline").value`)
	}

	t.Run("SliderKeys", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin)
		tb.open(state.String(q))
		tb.do(chromedp.Focus(chromedp.ID("deadline-range")))
		box := "40"
		for _, step := range []struct {
			key, want string
		}{
			{kb.ArrowRight, "50"}, {kb.ArrowRight, "60"}, {kb.ArrowUp, "80"}, {kb.ArrowRight, "100"},
			{kb.ArrowLeft, "80"}, {kb.ArrowDown, "60"}, {kb.PageUp, "100"}, {kb.PageDown, "50"},
			{kb.Home, "5"}, {kb.End, "1000"}, {kb.PageDown, "500"}, {kb.PageDown, "200"}, {kb.PageDown, "100"}, {kb.PageDown, "50"}, {kb.PageDown, "20"},
		} {
			key(tb, step.key)
			if box = boxAfter(tb, box); box != step.want {
				t.Fatalf("a key on the slider gives %q ms, want %s", box, step.want)
			}
		}
		// What a screen reader says, and where the thumb is.
		ms, _ := strconv.ParseFloat(box, 64)
		got := eval[map[string]string](tb, `(() => { const r = document.querySelector("#deadline-range"); return {text: r.getAttribute("aria-valuetext"), pos: r.value} })()`)
		if got["text"] != box+" ms" {
			t.Errorf("the slider at %s ms says %q", box, got["text"])
		}
		if pos, _ := strconv.ParseFloat(got["pos"], 64); math.Abs(pos-math.Log(ms/5)/math.Log(200)*100) > 0.06 {
			t.Errorf("at %s ms the thumb is at %v of 100, want %.2f (logarithmic, 5 to 1000 ms)", box, pos, math.Log(ms/5)/math.Log(200)*100)
		}
		tb.expect(set, with(q, func(q *data.Query) { q.DeadlineMS = 20 }))
		tb.expectURL(set, with(q, func(q *data.Query) { q.DeadlineMS = 20 }))
		// From a deadline typed between two stops, a step goes to the stop beside it.
		for _, step := range []struct{ key, want string }{{kb.ArrowRight, "60"}, {kb.ArrowLeft, "50"}, {kb.PageUp, "100"}} {
			tb.do(chromedp.Focus(chromedp.ID("deadline")), chromedp.Evaluate[chromedp.Void](`document.querySelector("#deadline").select()`),
				chromedp.SendKeys(chromedp.ID("deadline"), "58.7"))
			tb.expect(set, with(q, func(q *data.Query) { q.DeadlineMS = 58.7 }))
			tb.do(chromedp.Focus(chromedp.ID("deadline-range")))
			key(tb, step.key)
			if got := boxAfter(tb, "58.7"); got != step.want {
				t.Errorf("from 58.7 ms typed, a key on the slider gives %q ms, want %s", got, step.want)
			}
		}
		// The compare page's and the plan's sliders step alike.
		for _, path := range []string{"/compare", "/plan"} {
			tb.openURL(origin + path + "?" + state.String(q))
			tb.do(chromedp.Focus(chromedp.ID("deadline-range")))
			key(tb, kb.ArrowRight)
			if got := boxAfter(tb, "40"); got != "50" {
				t.Errorf("%s: the right arrow on the slider from 40 ms gives %q ms, want 50", path, got)
			}
		}
	})

	t.Run("SliderDrag", func(t *testing.T) {
		t.Parallel()
		// A finger or a mouse dragging the thumb lands on round deadlines.
		tb := newTab(t, bctx, origin, chromedp.EmulateViewport(360, 800))
		tb.open(state.String(q))
		r := eval[map[string]float64](tb, `(() => { const el = document.querySelector("#deadline-range"); el.scrollIntoView({block: "center"});
			const r = el.getBoundingClientRect(); return {left: r.left, width: r.width, y: r.top + r.height / 2, value: +el.value} })()`)
		// The thumb's centre runs over the track less the thumb's width (some 16 px).
		x := func(pos float64) float64 { return r["left"] + 8 + (r["width"]-16)*pos/100 }
		box := "40"
		tb.do(chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, x(r["value"]), r["y"], chromedp.ButtonLeft))
		// Near 50, 60, 80, 120 and 200 ms, each a few positions from the last.
		for _, pos := range []float64{43.6, 47.3, 52.6, 59.8, 69.3} {
			tb.do(chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x(pos), r["y"], chromedp.ButtonLeft))
			box = boxAfter(tb, box)
			t.Logf("dragged to %v of the slider: %s ms", pos, box)
			ms, err := strconv.ParseFloat(box, 64)
			if err != nil || !slices.Contains(tokenStops, ms) {
				t.Errorf("dragged to %v of the slider, the deadline is %q ms, not a round one", pos, box)
			}
			if thumb := eval[float64](tb, `+document.querySelector("#deadline-range").value`); math.Abs(thumb-math.Log(ms/5)/math.Log(200)*100) > 0.06 {
				t.Errorf("at %s ms the thumb is at %v of 100, not on its stop", box, thumb)
			}
		}
		tb.do(chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, x(69.3), r["y"], chromedp.ButtonLeft))
	})

	t.Run("HelpButtons", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin)
		for _, path := range []string{"/", "/compare", "/plan", "/embed", "/embed/compare", "/embed/plan", "/?task=text-to-image", "/embed?task=text-to-video"} {
			for _, size := range [][2]int64{{360, 800}, {1440, 900}} {
				tb.do(chromedp.EmulateViewport(size[0], size[1]))
				tb.openURL(origin + path)
				// Every disclosure open but the terms' and the sources': the
				// configuration's terms and the footprint's inputs show.
				eval[bool](tb, `(document.querySelectorAll("details:not(.term):not(.fp-source)").forEach(d => d.open = true), true)`)
				got := eval[struct {
					Bad []string
					N   int
				}](tb, targetsApart)
				if got.N == 0 {
					t.Errorf("%s at %d px: no help button to measure", path, size[0])
				}
				for _, b := range got.Bad {
					t.Errorf("%s at %d px: help button %s", path, size[0], b)
				}
			}
		}
	})

	if dir := os.Getenv("TOKENJOULE_SCREENSHOTS"); dir != "" {
		t.Run("Screenshots", func(t *testing.T) {
			// The calculator with the skip link focused, whole: the link at
			// the top, the help buttons among the inputs.
			tb := newTab(t, bctx, origin)
			for _, size := range [][2]int64{{360, 800}, {1440, 900}} {
				for _, scheme := range []string{"light", "dark"} {
					tb.do(emulate(size[0], size[1], scheme)...)
					tb.open(state.String(q))
					tb.view().drawCharts()
					eval[bool](tb, `(document.activeElement?.blur(), true)`)
					key(tb, kb.Tab)
					png, err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(100))
					if err != nil {
						t.Fatal(err)
					}
					file := filepath.Join(dir, fmt.Sprintf("skip-link-%dx%d-%s.png", size[0], size[1], scheme))
					if err := os.WriteFile(file, png, 0o644); err != nil {
						t.Fatal(err)
					}
					t.Logf("wrote %s", file)
				}
			}
		})
	}
}
