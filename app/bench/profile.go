package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"

	"tokenjoule/app/dist"
)

// The start profiled: -profile loads the site once, cold, on the desktop
// profile (or -profile-cpu times slower; or warm, after -profile-after
// visits), with V8's sampling profiler on the
// page's main thread, and says where the main thread's time went until the
// first change was answered: by package, by function (self and with what it
// calls), and within each long task. With -profile-use, it profiles a
// control's changes after the load instead (see profileChanges). The site is
// built from a wasm with its function names (the shipped one has none), so
// that the profile names Go functions; otherwise it is the same site.

// profileStart builds a site with a named wasm into a temporary folder and
// profiles one cold load of it.
func profileStart(o options, cfg any, w io.Writer) error {
	dir, err := os.MkdirTemp("", "tokenjoule-bench-profile-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	root := filepath.Join(dir, "root")
	if err := os.MkdirAll(filepath.Join(root, "web"), 0o755); err != nil {
		return err
	}
	entries, err := os.ReadDir(filepath.Join(o.root, "web"))
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.IsDir() || e.Name() == "app.wasm" {
			continue
		}
		b, err := os.ReadFile(filepath.Join(o.root, "web", e.Name()))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(root, "web", e.Name()), b, 0o644); err != nil {
			return err
		}
	}
	fmt.Fprintln(os.Stderr, "bench: building the wasm with its function names for the profile…")
	if err := buildNamedWasm(o.root, filepath.Join(root, "web", "app.wasm")); err != nil {
		return err
	}
	site := filepath.Join(dir, "site")
	if _, err := dist.Build(dist.Options{Root: root, Out: site, Brotli: o.quality}); err != nil {
		return err
	}
	h, err := startHost(site)
	if err != nil {
		return err
	}
	defer h.close()
	var l *link
	if o.profileCPU > 1 {
		l = &link{RTT: 40 * time.Millisecond, Mbps: 10}
	}
	h.setLink(l, false)
	s, err := newSession(o.chromium, o.profileCPU, cfg)
	if err != nil {
		return err
	}
	defer s.close()
	// Visits before the one profiled: it is then warm (the worker's cache,
	// and chromium's cache of compiled code).
	for i := range o.profileAfter {
		if _, err := s.visit(h, h.origin+"/", i == 0); err != nil {
			return err
		}
		// A session of use after the first: chromium caches the compiled
		// wasm once enough of it has been optimised.
		if i == 0 && o.profileUse != nil {
			if _, err := s.interact(o.profileUse); err != nil {
				return err
			}
		}
	}
	err = chromedp.Do(s.ctx,
		chromedp.Navigate("about:blank"),
		chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			if _, err := cdp.Call(ctx, t, profiler.Enable, cdp.Empty{}); err != nil {
				return err
			}
			if _, err := cdp.Call(ctx, t, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 200}); err != nil {
				return err
			}
			_, err := cdp.Call(ctx, t, profiler.Start, cdp.Empty{})
			return err
		}))
	if err != nil {
		return err
	}
	s.traceCategories = traceCategories
	ld, err := s.visit(h, h.origin+"/", o.profileAfter == 0)
	if err != nil {
		return err
	}
	res, err := chromedp.Call(s.ctx, profiler.Stop, cdp.Empty{})
	if err != nil {
		return err
	}
	if o.profileControl != "" {
		return profileChanges(o, s, ld, w)
	}
	events := s.lastTrace
	p := res.Profile
	kind := "cold"
	if o.profileAfter > 0 {
		kind = fmt.Sprintf("warm (visit %d)", o.profileAfter+1)
	}
	fmt.Fprintf(w, "Profile of one %s load (CPU ×%g, %s): first contentful paint %.0f ms, mounted %.0f ms, first change answered %.0f ms, total blocking time %.0f ms, longest task %.0f ms\n",
		kind, max(1, o.profileCPU), l, ld.FCP, ld.Mounted, ld.Answered, ld.TBT, ld.LongestTask)
	printTrace(w, events, h.origin, ld.FCP, ld.Answered)
	printProfile(w, p, ld)
	return nil
}

// profileChanges profiles the changes of one control (o.profileControl)
// made on the page s has just loaded: the planned interactions are a chain,
// each from the state the previous left, so only the control that comes first
// in the plan, the deadline box, is made without the others; a later control
// is made after those before it, outside the profile.
func profileChanges(o options, s *session, ld load, w io.Writer) error {
	var before, steps []step
	for _, st := range o.profileUse {
		switch {
		case st.Kind == o.profileControl:
			steps = append(steps, st)
		case steps == nil:
			before = append(before, st)
		}
		if steps != nil && st.Kind != o.profileControl {
			break
		}
	}
	if steps == nil {
		return fmt.Errorf("-profile-use %q: no such control in the interactions", o.profileControl)
	}
	if _, err := s.interact(before); err != nil {
		return err
	}
	if o.profileInView {
		if err := s.chartsInView(); err != nil {
			return err
		}
	}
	if err := s.tracer.start(s.ctx, traceCategories); err != nil {
		return err
	}
	if _, err := chromedp.Call(s.ctx, profiler.Start, cdp.Empty{}); err != nil {
		return err
	}
	res, err := s.interact(steps)
	if err != nil {
		return err
	}
	prof, err := chromedp.Call(s.ctx, profiler.Stop, cdp.Empty{})
	if err != nil {
		return err
	}
	events, err := s.tracer.stop(s.ctx)
	if err != nil {
		return err
	}
	var dom, painted []float64
	for _, r := range res {
		dom, painted = append(dom, r.DOM), append(painted, r.Painted)
	}
	sort.Float64s(dom)
	sort.Float64s(painted)
	fmt.Fprintf(w, "Profile of %d changes of the %s, ms from the input event: figure in the DOM p50 %.1f, max %.1f; painted p50 %.1f, max %.1f\n",
		len(res), o.profileControl, dom[len(dom)/2], dom[len(dom)-1], painted[len(painted)/2], painted[len(painted)-1])
	// What the main thread did, in chromium's terms, which the profile
	// lumps as "(program)": per change, by event (its own time).
	self := map[string]float64{}
	pid, tid := busiestThread(events, "EventDispatch")
	for _, r := range threadTasks(events, pid, tid) {
		selfTime(r, self)
	}
	fmt.Fprintln(w, "\nThe main thread's time per change, by event of chromium's trace (its own time, less the events inside it), where 0.1 ms or more")
	for _, e := range byValue(self) {
		if v := e.v / 1000 / float64(len(res)); v >= 0.1 {
			fmt.Fprintf(w, "  %-60s %5.1f ms\n", e.k, v)
		}
	}
	printProfile(w, prof.Profile, load{})
	return nil
}

// printProfile sums the samples of p by package and function, leaving out
// idle time.
func printProfile(w io.Writer, p *profiler.Profile, ld load) {
	parent := map[int64]int64{}
	byID := map[int64]*profiler.ProfileNode{}
	for _, n := range p.Nodes {
		byID[n.ID] = n
		for _, c := range n.Children {
			parent[c] = n.ID
		}
	}
	name := func(n *profiler.ProfileNode) string {
		f := n.CallFrame.FunctionName
		if f == "" {
			f = "(anonymous)"
		}
		if n.CallFrame.URL != "" && !strings.HasPrefix(f, "(") && !strings.Contains(n.CallFrame.URL, "app.wasm") {
			f += " " + filepath.Base(n.CallFrame.URL)
		}
		return f
	}
	self := map[string]float64{}
	incl := map[string]float64{}
	pkgs := map[string]float64{}
	// Samples in time: the first delta is from the profile's start, which
	// was a moment before the navigation; the probe's times are from the
	// navigation. They are aligned on the first sample of the page's own
	// scripts, well enough for tasks of tens of milliseconds.
	type sample struct {
		at   float64 // ms since the profile started
		node *profiler.ProfileNode
		dur  float64
	}
	var samples []sample
	at := 0.0
	for i, id := range p.Samples {
		at += float64(p.TimeDeltas[i]) / 1000
		dur := 0.0
		if i+1 < len(p.TimeDeltas) {
			dur = float64(p.TimeDeltas[i+1]) / 1000
		}
		samples = append(samples, sample{at, byID[id], dur})
	}
	// The offset from the profile's clock to the page's: go.run starts as
	// soon as the wasm is instantiated.
	offset := 0.0
	if end := ld.probe.Wasm.End; end != nil {
	find:
		for _, s := range samples {
			for id := s.node.ID; ; {
				m := byID[id]
				if m.CallFrame.FunctionName == "run" && strings.HasSuffix(m.CallFrame.URL, "wasm_exec.js") {
					offset = *end - s.at
					break find
				}
				pid, ok := parent[id]
				if !ok {
					break
				}
				id = pid
			}
		}
	}
	busy := 0.0
	for _, s := range samples {
		n := s.node
		if n == nil || n.CallFrame.FunctionName == "(idle)" {
			continue
		}
		busy += s.dur
		self[name(n)] += s.dur
		pkgs[sampleGroup(n)] += s.dur
		seen := map[string]bool{}
		for id := n.ID; ; {
			m := byID[id]
			if m == nil {
				break
			}
			if k := name(m); !seen[k] {
				seen[k] = true
				incl[k] += s.dur
			}
			pid, ok := parent[id]
			if !ok {
				break
			}
			id = pid
		}
	}
	fmt.Fprintf(w, "main thread busy %.0f ms of %.0f ms profiled\n", busy, (p.EndTime-p.StartTime)/1000)
	top := func(title string, m map[string]float64, n int) {
		l := byValue(m)
		fmt.Fprintln(w, "\n"+title)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for i, e := range l {
			if i == n || e.v < 1 {
				break
			}
			fmt.Fprintf(tw, "  %s\t%.0f ms\t%.0f%%\n", e.k, e.v, 100*e.v/busy)
		}
		tw.Flush()
	}
	// Each long task until the first change was answered, by package.
	for _, t := range ld.probe.LongTasks {
		from, to := t[0], t[0]+t[1]
		if ld.Answered >= 0 && from > ld.Answered {
			continue
		}
		m := map[string]float64{}
		for _, s := range samples {
			if a := s.at + offset; a >= from && a < to && s.node.CallFrame.FunctionName != "(idle)" {
				m[sampleGroup(s.node)] += s.dur
			}
		}
		l := byValue(m)
		var parts []string
		for i, e := range l {
			if i == 6 || e.v < 2 {
				break
			}
			parts = append(parts, fmt.Sprintf("%s %.0f", e.k, e.v))
		}
		fmt.Fprintf(w, "long task at %.0f ms, %.0f ms: %s\n", from, t[1], strings.Join(parts, ", "))
	}
	top("Self time by package (wasm) or kind (JavaScript, the engine's own work)", pkgs, 25)
	top("Self time by function", self, 30)
	top("Time with what it calls, by function", incl, 150)
}

// sampleGroup is the package of a wasm function, or what else the sample is.
func sampleGroup(n *profiler.ProfileNode) string {
	f := n.CallFrame.FunctionName
	switch {
	case strings.HasPrefix(f, "("):
		return f
	case strings.Contains(n.CallFrame.URL, "app.wasm") || strings.HasPrefix(n.CallFrame.URL, "wasm://"):
		return packageOf(strings.TrimPrefix(f, "$"))
	case n.CallFrame.URL == "":
		return "(native) " + f
	}
	return "JavaScript " + filepath.Base(n.CallFrame.URL)
}
