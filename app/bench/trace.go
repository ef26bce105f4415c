package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// A trace of the load (-profile) says what the page's main thread did in
// each long task, in the browser's own terms: parsing HTML, style and
// layout, painting, compiling and running scripts and the wasm, collecting
// garbage. The V8 profile lumps all that but JavaScript and wasm together
// as "(program)".

// traceEvent is one event of chromium's trace (the Trace Event Format).
type traceEvent struct {
	Name string          `json:"name"`
	Cat  string          `json:"cat"`
	Ph   string          `json:"ph"`
	Ts   float64         `json:"ts"`   // µs
	Dur  float64         `json:"dur"`  // µs, for complete events (ph X)
	TDur float64         `json:"tdur"` // the thread's CPU time in it, µs
	Pid  int             `json:"pid"`
	Tid  int             `json:"tid"`
	Args json.RawMessage `json:"args"`
}

// tracer collects a target's trace events, one trace at a time.
type tracer struct {
	mu     sync.Mutex
	events []traceEvent
	done   chan struct{}
}

// categories of a full trace (-profile), and of the trace of every load,
// which times the main thread's tasks and says what happened to the cache of
// compiled wasm.
var (
	traceCategories = []string{"devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "v8.wasm",
		"blink", "blink.user_timing", "loading", "toplevel", "v8.execute"}
	taskCategories = []string{"devtools.timeline", "blink.user_timing", "toplevel", "disabled-by-default-devtools.timeline"}
)

// newTracer listens to the target of ctx for trace events.
func newTracer(ctx context.Context) (*tracer, error) {
	tr := &tracer{}
	err := chromedp.Listen(ctx, func(ev any) {
		tr.mu.Lock()
		defer tr.mu.Unlock()
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			for _, v := range ev.Value {
				var e traceEvent
				if json.Unmarshal(v, &e) == nil {
					tr.events = append(tr.events, e)
				}
			}
		case *tracing.EventTracingComplete:
			if tr.done != nil {
				close(tr.done)
				tr.done = nil
			}
		}
	})
	return tr, err
}

// start starts a trace of the categories.
func (tr *tracer) start(ctx context.Context, categories []string) error {
	tr.mu.Lock()
	tr.events = nil
	tr.mu.Unlock()
	return chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, tracing.Start, tracing.StartParams{TransferMode: tracing.StartTransferModeReportEvents,
			TraceConfig: &tracing.TraceConfig{IncludedCategories: categories}})
		return err
	}))
}

// stop ends the trace and returns its events.
func (tr *tracer) stop(ctx context.Context) ([]traceEvent, error) {
	done := make(chan struct{})
	tr.mu.Lock()
	tr.done = done
	tr.mu.Unlock()
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, tracing.End, cdp.Empty{})
		return err
	}))
	if err != nil {
		return nil, err
	}
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		return nil, fmt.Errorf("the trace did not complete")
	}
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return tr.events, nil
}

// span is a complete event on one thread, with what it contains.
type span struct {
	traceEvent
	children []*span
}

// mainTasks are the top-level events of the page's main thread (the one
// that parsed the page of origin), each with what it contains, and the
// navigation's start, from which the probe counts.
func mainTasks(events []traceEvent, origin string) (roots []*span, nav float64, pid int, ok bool) {
	pid, tid := -1, -1
	for _, e := range events {
		if e.Name == "ParseHTML" && strings.Contains(string(e.Args), origin) && pid < 0 {
			pid, tid = e.Pid, e.Tid
		}
	}
	if pid < 0 {
		return nil, 0, 0, false
	}
	for _, e := range events {
		if e.Name == "navigationStart" && e.Pid == pid && strings.Contains(string(e.Args), origin) {
			nav = e.Ts
		}
	}
	return threadTasks(events, pid, tid), nav, pid, true
}

// busiestThread is the thread (pid, tid) with the most events named name:
// for "EventDispatch", the main thread of the page that had the input.
func busiestThread(events []traceEvent, name string) (pid, tid int) {
	n := map[[2]int]int{}
	best := 0
	for _, e := range events {
		if e.Name != name {
			continue
		}
		k := [2]int{e.Pid, e.Tid}
		if n[k]++; n[k] > best {
			best, pid, tid = n[k], e.Pid, e.Tid
		}
	}
	return pid, tid
}

// threadTasks are the top-level events of one thread, each with what it
// contains.
func threadTasks(events []traceEvent, pid, tid int) (roots []*span) {
	var spans []*span
	for _, e := range events {
		if e.Pid == pid && e.Tid == tid && e.Ph == "X" {
			spans = append(spans, &span{traceEvent: e})
		}
	}
	sort.Slice(spans, func(i, j int) bool {
		if spans[i].Ts != spans[j].Ts {
			return spans[i].Ts < spans[j].Ts
		}
		return spans[i].Dur > spans[j].Dur
	})
	var stack []*span
	for _, s := range spans {
		for len(stack) > 0 && stack[len(stack)-1].Ts+stack[len(stack)-1].Dur <= s.Ts {
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 {
			roots = append(roots, s)
		} else {
			p := stack[len(stack)-1]
			p.children = append(p.children, s)
		}
		stack = append(stack, s)
	}
	return roots
}

// cpuTasks are the long tasks from fcp to upTo (ms from the navigation) by
// the main thread's CPU time, which a loaded machine does not stretch as it
// does their wall time: how many, the longest, and the blocking time (the
// part over 50 ms of each).
func cpuTasks(roots []*span, nav, fcp, upTo float64) (n int, longest, tbt float64) {
	for _, r := range roots {
		at := (r.Ts - nav) / 1000
		if at+r.Dur/1000 < fcp || at > upTo || r.TDur < 50e3 {
			continue
		}
		n++
		longest = max(longest, r.TDur/1000)
		tbt += r.TDur/1000 - 50
	}
	return n, longest, tbt
}

// printTrace says, for each task of the page's main thread that took
// longer than 50 ms until upTo (ms from the navigation), what it did; and
// the long tasks and blocking time from fcp to upTo by CPU time.
func printTrace(w io.Writer, events []traceEvent, origin string, fcp, upTo float64) {
	roots, nav, pid, ok := mainTasks(events, origin)
	if !ok {
		fmt.Fprintln(w, "trace: the page's main thread is not in the trace")
		return
	}
	// The wasm's compilation on every thread: whether the compiled code came
	// from chromium's cache (a deserialisation) or was compiled anew.
	wasm := map[string][2]float64{}
	var names []string
	for _, e := range events {
		if e.Pid == pid && strings.Contains(strings.ToLower(e.Name), "wasm") && (e.Ph == "X" || e.Ph == "I" || e.Ph == "i" || e.Ph == "B") {
			if _, ok := wasm[e.Name]; !ok {
				names = append(names, e.Name)
			}
			v := wasm[e.Name]
			wasm[e.Name] = [2]float64{v[0] + 1, v[1] + e.Dur}
		}
	}
	sort.Strings(names)
	var parts []string
	for _, n := range names {
		parts = append(parts, fmt.Sprintf("%s ×%.0f %.0f ms", n, wasm[n][0], wasm[n][1]/1000))
	}
	fmt.Fprintf(w, "\nThe wasm's events in the page's process: %s\n", strings.Join(parts, ", "))
	fmt.Fprintln(w, "\nThe main thread's tasks over 50 ms until the first change was answered (chromium's trace, ms from the navigation; in brackets the thread's CPU time, which a loaded machine does not stretch): for each, its events' own time (less the events inside them), by name, where 2 ms or more")
	n, longest, tbt := cpuTasks(roots, nav, fcp, upTo)
	fmt.Fprintf(w, "\nBy the main thread's CPU time, from the first contentful paint to the first change answered: %d tasks over 50 ms, the longest %.0f ms, total blocking time %.0f ms\n", n, longest, tbt)
	for _, r := range roots {
		at := (r.Ts - nav) / 1000
		if r.Dur < 50e3 || at < 0 || at > upTo {
			continue
		}
		self := map[string]float64{}
		selfTime(r, self)
		l := byValue(self)
		var parts []string
		for _, e := range l {
			if e.v >= 2e3 && len(parts) < 8 {
				parts = append(parts, fmt.Sprintf("%s %.0f", e.k, e.v/1000))
			}
		}
		fmt.Fprintf(w, "  task at %.0f, %.0f ms [%.0f ms]: %s\n", at, r.Dur/1000, r.TDur/1000, strings.Join(parts, ", "))
	}
}

// selfTime adds to by the time of s and of every event inside it, less the
// time of the events inside each.
func selfTime(s *span, by map[string]float64) {
	own := s.Dur
	for _, c := range s.children {
		own -= c.Dur
		selfTime(c, by)
	}
	name := s.Name
	if name == "FunctionCall" || name == "EvaluateScript" || name == "v8.compile" {
		name += " " + scriptOf(s.Args)
	}
	by[name] += max(0, own)
}

// scriptOf is the file a FunctionCall or EvaluateScript event ran.
func scriptOf(args json.RawMessage) string {
	var a struct {
		Data struct {
			URL          string `json:"url"`
			FunctionName string `json:"functionName"`
		} `json:"data"`
	}
	json.Unmarshal(args, &a)
	u := a.Data.URL
	if i := strings.LastIndex(u, "/"); i >= 0 {
		u = u[i+1:]
	}
	if a.Data.FunctionName != "" {
		return u + " " + a.Data.FunctionName
	}
	return u
}
