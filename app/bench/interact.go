package main

// What a reader does once the page is up: the interactions, a slider
// drag, and what the page then holds in memory.

import (
	"context"
	"fmt"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/heapprofiler"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// heap is the JS heap in use after a full garbage collection.
func (s *session) heap(ctx context.Context) (float64, error) {
	if _, err := chromedp.Call(ctx, heapprofiler.CollectGarbage, cdp.Empty{}); err != nil {
		return 0, err
	}
	u, err := chromedp.Call(ctx, runtime.GetHeapUsage, cdp.Empty{})
	return u.UsedSize, err
}

// stepResult is one measured interaction.
type stepResult struct {
	step
	changeTime
	LongTasks   int     `json:"long_tasks"`
	LongestTask float64 `json:"longest_task_ms"`
}

// interact runs the steps one after the other, each once the page is quiet.
func (s *session) interact(steps []step) ([]stepResult, error) {
	var out []stepResult
	for _, st := range steps {
		js := fmt.Sprintf(`__tjb.change(%q, %q, %q, %q, 100)`, st.Sel, st.Value, st.Event, st.Expect)
		c, err := eval[changeTime](s.ctx, js)
		if err != nil {
			return out, fmt.Errorf("%s %s=%s: %w", st.Kind, st.Sel, st.Value, err)
		}
		out = append(out, stepResult{step: st, changeTime: c})
	}
	tasks, err := eval[[][2]float64](s.ctx, `__tjb.longTasks`)
	if err != nil {
		return out, err
	}
	for i := range out {
		r := &out[i]
		for _, t := range tasks {
			if t[0]+t[1] >= r.Start && t[0] <= r.Start+r.Settled {
				r.LongTasks++
				r.LongestTask = max(r.LongestTask, t[1])
			}
		}
	}
	return out, nil
}

// drag is the deadline slider dragged by a mouse from one end to the other
// and back, one move per frame (16 ms), as a person drags it.
type drag struct {
	Moves       int     `json:"moves"`
	Inputs      int     `json:"input_events"`
	DurationMS  float64 `json:"drag_ms"`
	CatchUpMS   float64 `json:"catch_up_after_release_ms"`
	LongTasks   int     `json:"long_tasks"`
	LongestTask float64 `json:"longest_task_ms"`
	BlockedMS   float64 `json:"blocking_ms"`
}

// chartsInView makes the window 1280×1200 (a 1920×1200 monitor's height),
// where the charts come below both columns of the calculator yet share the
// screen with the slider scrolled to its top, scrolls it there and checks
// that they do: the worst case of a change, which redraws them.
func (s *session) chartsInView() error {
	err := chromedp.Do(s.ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 1280, Height: 1200, DeviceScaleFactor: 1})
		return err
	}))
	if err != nil {
		return err
	}
	ok, err := eval[bool](s.ctx, `new Promise(done => { document.querySelector("#deadline-range").scrollIntoView({block: "start"});
		requestAnimationFrame(() => requestAnimationFrame(() => { const r = document.getElementById("chart-latency").getBoundingClientRect();
		done(r.top >= 0 && r.top < innerHeight && r.height > 0) })) })`)
	if err == nil && !ok {
		err = fmt.Errorf("the charts are not on a 1280×1200 screen with the slider at its top")
	}
	return err
}

// drag drags the slider, scrolled into view with block ("center", "start").
func (s *session) drag(moves int, block string) (drag, error) {
	d := drag{Moves: moves}
	type box struct{ X, Y, W, H, Start float64 }
	b, err := eval[box](s.ctx, `(() => { const el = document.querySelector("#deadline-range"); el.scrollIntoView({block: "`+block+`"});
		window.__tjbInputs = 0; el.addEventListener("input", () => window.__tjbInputs++);
		const r = el.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height, start: performance.now()} })()`)
	if err != nil {
		return d, err
	}
	mouse := func(typ input.DispatchMouseEventType, x float64) error {
		p := input.DispatchMouseEventParams{Type: typ, X: x, Y: b.Y + b.H/2, Button: input.MouseButtonLeft, Buttons: 1, ClickCount: 1}
		if typ == input.DispatchMouseEventTypeMouseMoved {
			p.ClickCount = 0
		}
		_, err := chromedp.Call(s.ctx, input.DispatchMouseEvent, p)
		return err
	}
	// Press on the left end: the thumb jumps there, then follows the mouse.
	left, right := b.X+4, b.X+b.W-4
	if err := mouse(input.DispatchMouseEventTypeMousePressed, left); err != nil {
		return d, err
	}
	for i := 1; i <= moves; i++ {
		f := float64(i) / float64(moves) * 2
		if f > 1 {
			f = 2 - f
		}
		if err := mouse(input.DispatchMouseEventTypeMouseMoved, left+f*(right-left)); err != nil {
			return d, err
		}
		time.Sleep(16 * time.Millisecond)
	}
	if err := mouse(input.DispatchMouseEventTypeMouseReleased, left); err != nil {
		return d, err
	}
	type after struct {
		Release, Settled float64
		Inputs           int
		Tasks            [][2]float64
	}
	a, err := eval[after](s.ctx, `(async () => { const release = performance.now(); const settled = await __tjb.settle(300);
		return {release, settled, inputs: window.__tjbInputs, tasks: __tjb.longTasks} })()`)
	if err != nil {
		return d, err
	}
	d.Inputs = a.Inputs
	d.DurationMS = a.Release - b.Start
	d.CatchUpMS = max(0, a.Settled-a.Release)
	for _, t := range a.Tasks {
		if t[0]+t[1] >= b.Start && t[0] <= a.Settled {
			d.LongTasks++
			d.LongestTask = max(d.LongestTask, t[1])
			d.BlockedMS += max(0, t[1]-50)
		}
	}
	return d, nil
}

// memory is the JS heap after a garbage collection and the wasm's linear memory.
func (s *session) memory() (jsHeap, wasm float64, err error) {
	jsHeap, err = s.heap(s.ctx)
	if err != nil {
		return 0, 0, err
	}
	wasm, err = eval[float64](s.ctx, `__tjb.wasmMemory()`)
	return jsHeap, wasm, err
}
