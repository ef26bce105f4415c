package headless

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// TraceEvent is one event of chromium's trace (the Trace Event Format).
type TraceEvent struct {
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

// WasmCacheCategory is the trace category in which chromium says what it
// did with its cache of compiled wasm (see WasmCodeCache).
const WasmCacheCategory = "disabled-by-default-devtools.timeline"

// Tracer collects a target's trace events, one trace at a time.
type Tracer struct {
	mu     sync.Mutex
	events []TraceEvent
	done   chan struct{}
}

// NewTracer listens to the target of ctx for trace events.
func NewTracer(ctx context.Context) (*Tracer, error) {
	tr := &Tracer{}
	err := chromedp.Listen(ctx, func(ev any) {
		tr.mu.Lock()
		defer tr.mu.Unlock()
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			for _, v := range ev.Value {
				var e TraceEvent
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

// Start starts a trace of the categories.
func (tr *Tracer) Start(ctx context.Context, categories []string) error {
	tr.mu.Lock()
	tr.events = nil
	tr.mu.Unlock()
	return chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, tracing.Start, tracing.StartParams{TransferMode: tracing.StartTransferModeReportEvents,
			TraceConfig: &tracing.TraceConfig{IncludedCategories: categories}})
		return err
	}))
}

// Stop ends the trace and returns its events.
func (tr *Tracer) Stop(ctx context.Context) ([]TraceEvent, error) {
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

// WasmCodeCache says from a trace of WasmCacheCategory what chromium did
// with its cache of compiled wasm: "hit" where the wasm was compiled from
// the cache (v8.wasm.moduleCacheHit), "stored" where chromium serialized
// compiled code to store it (v8.wasm.cachedModule: whether it reached the
// cache, only a later hit tells), "invalid" where a cached entry was
// refused, joined by "+" in the order they came; "none" where none came.
func WasmCodeCache(events []TraceEvent) string {
	var out []string
	for _, e := range events {
		switch e.Name {
		case "v8.wasm.moduleCacheHit":
			out = append(out, "hit")
		case "v8.wasm.moduleCacheInvalid", "v8.wasm.moduleCacheInvalidDigest":
			out = append(out, "invalid")
		case "v8.wasm.cachedModule":
			out = append(out, "stored")
		}
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, "+")
}
