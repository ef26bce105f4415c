package main

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"tokenjoule/app/internal/headless"
)

//go:embed probe.js
var probeJS string

// session is one chromium with a fresh profile and one tab.
type session struct {
	ctx     context.Context
	cancel  context.CancelFunc
	profile string

	mu   sync.Mutex
	reqs map[network.RequestID]*pageReq

	tracer          *tracer
	traceCategories []string     // what a visit traces
	lastTrace       []traceEvent // the last visit's trace
}

type pageReq struct {
	url      string
	network  bool // answered by the network, not by the worker or a cache
	finished bool
	bytes    int64
}

// pageRequest sums the page's own network requests for one path.
type pageRequest struct {
	n     int
	bytes int64
}

// newSession starts chromium with a fresh profile; cpu is the CPU slow-down
// (1 for none). probe is configured with cfg.
func newSession(chromium string, cpu float64, cfg any) (*session, error) {
	profile, err := os.MkdirTemp("", "tokenjoule-bench-")
	if err != nil {
		return nil, err
	}
	opts := headless.Options(chromium, profile)
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	s := &session{profile: profile, reqs: map[network.RequestID]*pageReq{}}
	s.ctx, s.cancel = ctx, func() {
		cancelC()
		cancelA()
		if os.Getenv("BENCH_DEBUG") != "" {
			fmt.Fprintln(os.Stderr, "profile kept:", profile)
			return
		}
		os.RemoveAll(profile)
	}
	c, err := json.Marshal(cfg)
	if err != nil {
		return nil, err
	}
	src := strings.Replace(probeJS, "__CONFIG__", string(c), 1)
	err = chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := cdp.Call(ctx, t, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		if _, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: src}); err != nil {
			return err
		}
		if cpu > 1 {
			if _, err := cdp.Call(ctx, t, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: cpu}); err != nil {
				return err
			}
		}
		return nil
	}))
	if err != nil {
		s.cancel()
		return nil, fmt.Errorf("starting %s: %w", chromium, err)
	}
	if s.tracer, err = newTracer(ctx); err != nil {
		s.cancel()
		return nil, err
	}
	s.traceCategories = taskCategories
	err = chromedp.Listen(ctx, func(ev any) {
		s.mu.Lock()
		defer s.mu.Unlock()
		switch ev := ev.(type) {
		case *network.EventRequestWillBeSent:
			s.reqs[ev.RequestID] = &pageReq{url: ev.Request.URL}
		case *network.EventResponseReceived:
			if r := s.reqs[ev.RequestID]; r != nil && ev.Response != nil {
				r.network = !ev.Response.FromServiceWorker && !ev.Response.FromDiskCache && !ev.Response.FromPrefetchCache
			}
		case *network.EventLoadingFinished:
			if r := s.reqs[ev.RequestID]; r != nil {
				r.finished = true
				r.bytes = int64(ev.EncodedDataLength)
			}
		}
	})
	if err != nil {
		s.cancel()
		return nil, err
	}
	return s, nil
}

func (s *session) close() { s.cancel() }

// pageRequests returns, by path, the page's own requests answered by the
// network since the last call, and forgets them.
func (s *session) pageRequests() map[string]pageRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]pageRequest{}
	for _, r := range s.reqs {
		u, err := url.Parse(r.url)
		if err != nil || !r.network || !r.finished {
			continue
		}
		p := out[u.Path]
		p.n++
		p.bytes += r.bytes
		out[u.Path] = p
	}
	s.reqs = map[network.RequestID]*pageReq{}
	return out
}

func eval[T any](ctx context.Context, js string) (T, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
}

// probe is what probe.js recorded during a load.
type probe struct {
	LongTasks     [][2]float64 `json:"longTasks"`
	FCP           *float64     `json:"fcp"`
	EnergyPainted *float64     `json:"energyPainted"`
	EnergyFrame   *float64     `json:"energyFrame"`
	Mounted       *float64     `json:"mounted"`
	FirstChange   *changeTime  `json:"firstChange"`
	Wasm          struct {
		Start     *float64 `json:"start"`
		End       *float64 `json:"end"`
		URL       *string  `json:"url"`
		Streaming *bool    `json:"streaming"`
	} `json:"wasm"`
	WasmMemory float64 `json:"wasmMemory"`
	WasmFetch  *struct {
		Start    float64  `json:"start"`
		End      float64  `json:"end"`
		Compiled *float64 `json:"compiled"` // the worker's module on the page
	} `json:"wasmFetch"`
}

type changeTime struct {
	Start   float64 `json:"start"`
	DOM     float64 `json:"dom"`
	Frame   float64 `json:"frame"`
	Painted float64 `json:"painted"`
	// FrameIndex is which frame after the event painted the figure: 1 is
	// the first to begin after it.
	FrameIndex int     `json:"frameIndex"`
	Settled    float64 `json:"settled"`
	Charts     int     `json:"charts"`
	Error      string  `json:"error"`
}

// load is one navigation, as measured.
type load struct {
	FCP           float64 `json:"fcp_ms"`
	EnergyPainted float64 `json:"energy_painted_ms"`
	Mounted       float64 `json:"mounted_ms"`
	Answered      float64 `json:"first_change_answered_ms"`
	TBT           float64 `json:"total_blocking_time_ms"`
	// The same by the main thread's CPU time (chromium's trace), which a
	// loaded machine does not stretch as it does the wall time.
	CPUTBT         float64 `json:"total_blocking_time_cpu_ms"`
	CPULongTasks   int     `json:"long_tasks_cpu"`
	CPULongestTask float64 `json:"longest_task_cpu_ms"`
	LongTasks      int     `json:"long_tasks"`
	LongestTask    float64 `json:"longest_task_ms"`
	WasmFetchFrom  float64 `json:"wasm_fetch_start_ms"`
	WasmFetchTo    float64 `json:"wasm_fetch_end_ms"`
	WasmCompiled   float64 `json:"wasm_compiled_ms"` // the worker's module on the page; -1 where the page compiled it
	WasmCompile    float64 `json:"wasm_instantiate_ms"`
	WasmFromURL    bool    `json:"wasm_streamed_from_response"`
	WasmCache      string  `json:"wasm_code_cache,omitempty"` // V8.WasmCodeCaching: hit, miss…
	Bytes          int64   `json:"bytes"`
	PageBytes      int64   `json:"page_bytes"`
	WorkerBytes    int64   `json:"worker_bytes"`
	Requests       int     `json:"requests"`
	JSHeap         float64 `json:"js_heap_bytes"`
	WasmMemory     float64 `json:"wasm_memory_bytes"`
	Error          string  `json:"error,omitempty"`

	files []fileBytes
	probe probe // what the probe recorded
}

// visit navigates to u on h, waits until the first control change is
// answered (and, on a first visit, until the service worker is installed and
// the host idle), and measures.
func (s *session) visit(h *host, u string, first bool) (load, error) {
	var l load
	h.take()
	s.pageRequests()
	ctx, cancel := context.WithTimeout(s.ctx, 120*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		return l, err
	}
	if err := s.tracer.start(ctx, s.traceCategories); err != nil {
		return l, fmt.Errorf("tracing: %w", err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(u)); err != nil {
		return l, fmt.Errorf("opening %s: %w", u, err)
	}
	if err := poll(ctx, `!!(window.__tjb && __tjb.firstChange)`); err != nil {
		return l, fmt.Errorf("%s: the first control change was not answered: %w", u, err)
	}
	if first {
		js := `navigator.serviceWorker.getRegistration().then(r => !!(r && r.active && r.active.state === "activated" && !r.installing && !r.waiting))`
		if err := poll(ctx, js); err != nil {
			return l, fmt.Errorf("%s: the service worker did not activate: %w", u, err)
		}
	}
	h.quiet(500*time.Millisecond, 30*time.Second)
	p, err := eval[probe](ctx, `(() => { const t = __tjb; return {longTasks: t.longTasks, fcp: t.fcp, energyPainted: t.energyPainted,
		energyFrame: t.energyFrame, mounted: t.mounted, firstChange: t.firstChange, wasm: t.wasm, wasmMemory: t.wasmMemory(),
		wasmFetch: t.wasmFetch()} })()`)
	if err != nil {
		return l, err
	}
	l = fromProbe(p)
	l.probe = p
	if s.lastTrace, err = s.tracer.stop(ctx); err != nil {
		return l, fmt.Errorf("tracing: %w", err)
	}
	l.WasmCache = wasmCodeCache(s.lastTrace)
	if roots, nav, _, ok := mainTasks(s.lastTrace, h.origin); ok {
		end := l.Answered
		if end < 0 {
			end = l.Mounted
		}
		n, longest, tbt := cpuTasks(roots, nav, l.FCP, end)
		l.CPULongTasks, l.CPULongestTask, l.CPUTBT = n, longest, tbt
	}
	if os.Getenv("BENCH_DEBUG") != "" {
		b, _ := json.Marshal(p)
		fmt.Fprintf(os.Stderr, "probe: %s\n", b)
		res, _ := eval[string](ctx, `performance.getEntriesByType("resource").map(e => e.name.replace(location.origin, "") + " " + e.startTime.toFixed(0) + "-" + e.responseEnd.toFixed(0) + " " + e.initiatorType).join("\n")`)
		fmt.Fprintf(os.Stderr, "resources:\n%s\n", res)
	}
	l.JSHeap, err = s.heap(ctx)
	if err != nil {
		return l, err
	}
	log := h.take()
	l.files = byFile(log, s.pageRequests())
	for _, f := range l.files {
		l.Bytes += f.Bytes
		l.PageBytes += f.PageBytes
		l.WorkerBytes += f.WorkerBytes
		l.Requests += f.Requests
	}
	return l, nil
}

// poll waits until js is true. Evaluation errors while a document comes
// and goes (chromium reports "Cannot find context with specified id") are
// retried, not fatal.
func poll(ctx context.Context, js string) error {
	var last error
	for {
		ok, err := eval[bool](ctx, js)
		if err == nil && ok {
			return nil
		}
		if err != nil {
			last = err
		}
		select {
		case <-ctx.Done():
			if last != nil {
				return fmt.Errorf("%w (last error: %v)", ctx.Err(), last)
			}
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func ms(p *float64) float64 {
	if p == nil || *p < 0 {
		return -1
	}
	return *p
}

func fromProbe(p probe) load {
	l := load{FCP: ms(p.FCP), EnergyPainted: ms(p.EnergyPainted), Mounted: ms(p.Mounted), Answered: -1, WasmMemory: p.WasmMemory}
	if l.EnergyPainted < 0 && ms(p.EnergyFrame) >= 0 {
		// No Element Timing entry: the frame after #energy had text, which
		// cannot be painted before the first contentful paint.
		l.EnergyPainted = max(ms(p.EnergyFrame), l.FCP)
	}
	if c := p.FirstChange; c != nil {
		if c.Error != "" {
			l.Error = "first change: " + c.Error
		} else {
			l.Answered = c.Start + c.Painted
		}
	}
	end := l.Answered
	if end < 0 {
		end = l.Mounted
	}
	// Total blocking time: the part over 50 ms of every long task between the
	// first contentful paint and the first change answered.
	for _, t := range p.LongTasks {
		if t[0]+t[1] < l.FCP || end >= 0 && t[0] > end {
			continue
		}
		l.LongTasks++
		l.TBT += max(0, t[1]-50)
		l.LongestTask = max(l.LongestTask, t[1])
	}
	if p.Wasm.Start != nil && p.Wasm.End != nil {
		l.WasmCompile = *p.Wasm.End - *p.Wasm.Start
	}
	l.WasmFromURL = p.Wasm.URL != nil && *p.Wasm.URL != ""
	l.WasmFetchFrom, l.WasmFetchTo, l.WasmCompiled = -1, -1, -1
	if f := p.WasmFetch; f != nil {
		l.WasmFetchFrom, l.WasmFetchTo = f.Start, f.End
		if f.Compiled != nil {
			l.WasmCompiled = *f.Compiled
		}
	}
	return l
}

// wasmCodeCache says from a load's trace what chromium did with its cache
// of compiled wasm: "hit" where the wasm was compiled from the cache
// (v8.wasm.moduleCacheHit), "stored" where chromium serialized the load's
// compiled code to store it (v8.wasm.cachedModule: whether it reached the
// cache, only a later hit tells), "none" where neither.
func wasmCodeCache(events []traceEvent) string {
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
