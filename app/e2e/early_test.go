package e2e

// A reader who uses the inputs before the app runs: the choice is kept, and
// answered once the app runs, without being made again.

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"tokenjoule/data"
)

// earlyChoice is a choice a reader makes: do makes it on the page, as a
// person does (keys, clicks), and returns the query it asks; control and
// shows are the input that must show it once the app runs, and what it
// shows (its value).
type earlyChoice struct {
	name, control, shows string
	do                   func(tb *tab, q data.Query) data.Query
}

// earlyChoices are the choices a reader makes first: a model picked, a
// deadline typed or slid, a volume typed, a preset pressed.
func earlyChoices() []earlyChoice {
	return []earlyChoice{
		{"ModelPicked", "#model", "llama-3-1-8b-instruct", func(tb *tab, q data.Query) data.Query {
			// A closed select takes the first option whose name begins with
			// the key typed: Llama 3.1 8B Instruct.
			tb.do(chromedp.SendKeys(chromedp.ID("model"), "L"))
			q.Model = "llama-3-1-8b-instruct"
			return q
		}},
		{"DeadlineTyped", "#deadline", "100", func(tb *tab, q data.Query) data.Query {
			tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#deadline").select()`),
				chromedp.SendKeys(chromedp.ID("deadline"), "100"))
			q.DeadlineMS = 100
			return q
		}},
		{"DeadlineSlid", "#deadline", "", func(tb *tab, q data.Query) data.Query {
			// A click a fifth of the way along the slider's track.
			at := eval[[]float64](tb, `(() => { const r = document.querySelector("#deadline-range").getBoundingClientRect();
				return [r.left + r.width / 5, r.top + r.height / 2] })()`)
			tb.do(chromedp.MouseClickXY(at[0], at[1]))
			var pos float64
			if _, err := fmt.Sscan(eval[string](tb, `document.querySelector("#deadline-range").value`), &pos); err != nil {
				tb.t.Fatal(err)
			}
			k := data.TaskKind(q.Task)
			q.DeadlineMS = k.SliderDeadline(pos)
			if q.DeadlineMS == data.DefaultQuery().DeadlineMS {
				tb.t.Fatalf("the slider did not move: it reads %v", pos)
			}
			return q
		}},
		{"VolumeTyped", "#tokens", "2.5B", func(tb *tab, q data.Query) data.Query {
			tb.do(chromedp.Evaluate[chromedp.Void](`document.querySelector("#tokens").select()`),
				chromedp.SendKeys(chromedp.ID("tokens"), "2.5B"))
			q.Tokens = 2.5e9
			return q
		}},
		{"PresetPressed", "#tokens", "1B", func(tb *tab, q data.Query) data.Query {
			tb.do(chromedp.Click(chromedp.ID("preset-1B")))
			q.Tokens = 1e9
			return q
		}},
	}
}

// cpuSlowdown has the tab's page run rate times slower, as make bench's
// phone profile does.
func cpuSlowdown(rate float64) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: rate})
		return err
	})
}

// navigateNow starts the navigation to u without waiting for the page to
// load.
func navigateNow(u string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.Navigate, page.NavigateParams{URL: u})
		return err
	})
}

// notRunning is true while the app has not started: nothing mounted, and
// go-app's loader still there.
const notRunning = `!document.documentElement.classList.contains("mounted") && !document.querySelector("main[data-mounted]") && !!document.getElementById("app-wasm-loader")`

func TestEarlyChoice(t *testing.T) {
	set, bctx := browserTest(t)
	prepareSites(t, "")
	def := data.DefaultQuery()
	for _, c := range earlyChoices() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			h, g := staticHost(t)
			tb := newTab(t, bctx, h.origin, cpuSlowdown(4))
			// The choice is made 200 ms into the load, or as soon after as
			// the control is shown, while the wasm is held back.
			tb.do(navigateNow(h.origin + "/"))
			tb.pollAcrossNavigation(fmt.Sprintf(`location.origin === %q && performance.now() >= 200 &&
				!!document.querySelector(%q)?.checkVisibility()`, h.origin, c.control), 20*time.Second)
			shown := eval[float64](tb, `performance.now()`)
			q := c.do(tb, def)
			when := eval[float64](tb, `performance.now()`)
			if !eval[bool](tb, notRunning) {
				t.Fatal("the app ran before the choice was made: the test shows nothing")
			}
			t.Logf("the control shown at %.0f ms, the choice made by %.0f ms", shown, when)
			g.release()
			tb.poll(`!!document.querySelector("main[data-mounted]")`, 60*time.Second)
			tb.expect(set, q)
			tb.expectURL(set, q)
			if c.shows != "" {
				if got := eval[string](tb, fmt.Sprintf(`document.querySelector(%q).value`, c.control)); got != c.shows {
					t.Errorf("%s shows %q, want the reader's %q", c.control, got, c.shows)
				}
			}
		})
	}
}
