package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

func printReport(w io.Writer, r *report) {
	fmt.Fprintf(w, "tokenjoule bench, %s\n%s, %s, %d CPUs, load average %s before and %s after\n",
		r.When, r.Chromium, r.Go, r.CPUs, r.Load, r.LoadAfter)
	if r.Brotli > 0 {
		fmt.Fprintf(w, "%s built with brotli quality %d\n", r.Site, r.Brotli)
	} else {
		fmt.Fprintf(w, "%s as built before\n", r.Site)
	}

	fmt.Fprintln(w, "\nSizes (bytes)")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "file\traw\tgzip\tbrotli\t")
	for _, f := range r.Sizes {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t\n", f.Path, num(f.Raw), num(f.Gzip), num(f.Brotli))
	}
	tw.Flush()

	if l := r.Linked; l != nil {
		fmt.Fprintf(w, "\nWhat links into app.wasm: code %s B, data %s B (tables, strings, embedded dataset, and the runs of zeros between them: see wasm/slim joinData); code by package:\n", num(l.Code), num(l.Data))
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for i, p := range l.Packages {
			if i == 16 {
				break
			}
			fmt.Fprintf(tw, "  %s\t%s\t%.1f%%\n", p.Package, num(p.Code), 100*float64(p.Code)/float64(l.Code))
		}
		tw.Flush()
	}

	for i, p := range r.Profiles {
		// The same files on every link; another host may send others.
		if i > 0 && !p.Profile.Plain || len(p.Cold) == 0 {
			continue
		}
		fmt.Fprintf(w, "\nFirst visit on the wire, %s (the median of %d cold loads; page = the page's own requests, worker = the service worker's)\n", p.Profile.Name, len(p.Cold))
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "path\trequests page+worker\tbytes page\tbytes worker\ttotal\t")
		var page, worker int64
		for _, f := range p.FirstVisit {
			fmt.Fprintf(tw, "%s\t%d+%d\t%s\t%s\t%s\t\n", f.Path, f.PageRequests, f.WorkerRequests, num(f.PageBytes), num(f.WorkerBytes), num(f.Bytes))
			page += f.PageBytes
			worker += f.WorkerBytes
		}
		fmt.Fprintf(tw, "total\t\t%s\t%s\t%s\t\n", num(page), num(worker), num(page+worker))
		tw.Flush()
	}

	fmt.Fprintln(w, "\nLoads (ms from navigation; median [min–max] of n)")
	type column struct {
		name  string
		loads []load
	}
	var cols []column
	for _, p := range r.Profiles {
		if len(p.Cold) > 0 {
			cols = append(cols, column{fmt.Sprintf("%s, cold (n=%d)", p.Profile.Name, len(p.Cold)), p.Cold})
		}
		if len(p.Warm) > 0 {
			cols = append(cols, column{fmt.Sprintf("%s, warm (n=%d)", p.Profile.Name, len(p.Warm)), p.Warm})
		}
	}
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	header := "\t"
	for _, c := range cols {
		header += c.name + "\t"
	}
	fmt.Fprintln(tw, header)
	row := func(name string, f func(load) float64, unit string) {
		line := name + "\t"
		for _, c := range cols {
			v := make([]float64, len(c.loads))
			for i, l := range c.loads {
				v[i] = f(l)
			}
			line += spread(summarize(v), unit) + "\t"
		}
		fmt.Fprintln(tw, line)
	}
	row("first contentful paint", func(l load) float64 { return l.FCP }, "")
	row("#energy painted", func(l load) float64 { return l.EnergyPainted }, "")
	row("app mounted", func(l load) float64 { return l.Mounted }, "")
	row("first change answered", func(l load) float64 { return l.Answered }, "")
	row("total blocking time", func(l load) float64 { return l.TBT }, "")
	row("long tasks (count)", func(l load) float64 { return float64(l.LongTasks) }, "n")
	row("longest task", func(l load) float64 { return l.LongestTask }, "")
	row("total blocking time, CPU time", func(l load) float64 { return l.CPUTBT }, "")
	row("long tasks (count), CPU time", func(l load) float64 { return float64(l.CPULongTasks) }, "n")
	row("longest task, CPU time", func(l load) float64 { return l.CPULongestTask }, "")
	row("wasm download starts", func(l load) float64 { return l.WasmFetchFrom }, "")
	row("wasm download ends", func(l load) float64 { return l.WasmFetchTo }, "")
	row("wasm compiled (the worker's module on the page)", func(l load) float64 { return l.WasmCompiled }, "")
	row("wasm instantiate (call to instance)", func(l load) float64 { return l.WasmCompile }, "")
	row("bytes on the wire", func(l load) float64 { return float64(l.Bytes) }, "KB")
	row("  of which the worker's", func(l load) float64 { return float64(l.WorkerBytes) }, "KB")
	row("requests", func(l load) float64 { return float64(l.Requests) }, "n")
	row("JS heap after load", func(l load) float64 { return l.JSHeap }, "MB")
	row("wasm memory after load", func(l load) float64 { return l.WasmMemory }, "MB")
	tw.Flush()
	streamed := 0
	total := 0
	for _, p := range r.Profiles {
		for _, ls := range [][]load{p.Cold, p.Warm} {
			for _, l := range ls {
				total++
				if l.WasmFromURL {
					streamed++
				}
				if l.Error != "" {
					fmt.Fprintf(w, "  error in a load: %s\n", l.Error)
				}
			}
		}
	}
	fmt.Fprintf(w, "wasm compiled from the network response itself (streaming, code cache possible) in %d of %d loads\n", streamed, total)
	for _, p := range r.Profiles {
		var c []string
		for _, l := range p.Warm {
			if l.WasmCache == "" {
				l.WasmCache = "?"
			}
			c = append(c, l.WasmCache)
		}
		if len(c) > 0 {
			fmt.Fprintf(w, "chromium's cache of compiled wasm (from the trace) on the warm loads, %s: %s\n", p.Profile.Name, strings.Join(c, ", "))
		}
	}

	printCards(w, r.Cards)
	printSteps(w, "Interactions, desktop (ms from the input event: figure = #energy changed and a frame painted; in the next frame = painted by the first frame to begin after the event; settled = the first frame after the last DOM or chart change)", r.Steps)
	printDrag(w, "Slider drag", r.Drag)
	printSteps(w, "The same, the charts on the screen (scrolled with the slider at the top), where a change redraws them", r.StepsInView)
	printDrag(w, "Slider drag, the charts on the screen", r.DragInView)
	m := r.Memory
	fmt.Fprintf(w, "\nMemory: JS heap %s MB, wasm memory %s MB after load; %s MB and %s MB after the interactions\n",
		mb(m.AfterLoad[0]), mb(m.AfterLoad[1]), mb(m.AfterInteractions[0]), mb(m.AfterInteractions[1]))
}

func printSteps(w io.Writer, title string, steps []stepResult) {
	if len(steps) == 0 {
		return
	}
	fmt.Fprintln(w, "\n"+title)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "control\tn\tfigure p50\tp95\tmax\tin the next frame\tsettled p50\tp95\tmax\tlong tasks\tlongest\terrors\t")
	var kinds []string
	by := map[string][]stepResult{}
	for _, s := range steps {
		if by[s.Kind] == nil {
			kinds = append(kinds, s.Kind)
		}
		by[s.Kind] = append(by[s.Kind], s)
	}
	for _, k := range kinds {
		var fig, set []float64
		tasks, errs, next := 0, 0, 0
		longest := 0.0
		for _, s := range by[k] {
			if s.Error != "" {
				errs++
				fig = append(fig, -1)
			} else {
				fig = append(fig, s.Painted)
			}
			if s.Error == "" && s.FrameIndex == 1 {
				next++
			}
			set = append(set, s.Settled)
			tasks += s.LongTasks
			longest = max(longest, s.LongestTask)
		}
		f, st := summarize(fig), summarize(set)
		fmt.Fprintf(tw, "%s\t%d\t%.0f\t%.0f\t%.0f\t%d of %d\t%.0f\t%.0f\t%.0f\t%d\t%.0f\t%d\t\n", k, len(by[k]), f.Median, f.P95, f.Max, next, len(by[k]), st.Median, st.P95, st.Max, tasks, longest, errs)
	}
	tw.Flush()
	for _, s := range steps {
		if s.Error != "" {
			fmt.Fprintf(w, "  %s %s=%s: %s\n", s.Kind, s.Sel, s.Value, s.Error)
		}
	}
}

func printDrag(w io.Writer, title string, d *drag) {
	if d == nil {
		return
	}
	fmt.Fprintf(w, "\n%s: %d mouse moves over %.0f ms gave %d input events; long tasks %d (longest %.0f ms, blocking %.0f ms); the page caught up %.0f ms after the release\n",
		title, d.Moves, d.DurationMS, d.Inputs, d.LongTasks, d.LongestTask, d.BlockedMS, d.CatchUpMS)
}

// spread is "median [min–max]".
func spread(s summary, unit string) string {
	if s.N == 0 {
		return "–"
	}
	f := func(v float64) string {
		switch unit {
		case "KB":
			return fmt.Sprintf("%.0f", v/1000)
		case "MB":
			return mb(v)
		default:
			return fmt.Sprintf("%.0f", v)
		}
	}
	suffix := ""
	if unit == "KB" || unit == "MB" {
		suffix = " " + unit
	}
	if s.Min == s.Max {
		return f(s.Median) + suffix
	}
	return fmt.Sprintf("%s [%s–%s]%s", f(s.Median), f(s.Min), f(s.Max), suffix)
}

func mb(v float64) string { return fmt.Sprintf("%.1f", v/1e6) }

// num writes n with thousands separators.
func num(n int64) string {
	if n < 0 {
		return "–"
	}
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// target is one of the benchmark's goals: a limit on a figure of a report,
// whose samples values gives.
type target struct {
	name   string
	limit  float64
	unit   string // "ms", "MB" (decimal) or "" (a count)
	values func(r *report) []float64
}

// targets are the goals the benchmark checks, each beside its limit.
var targets = []target{
	{"interactive, phone profile (first change answered, cold)", 1700, "ms", coldLoads(phone, func(l load) float64 { return l.Answered })},
	{"interactive, desktop, cold", 450, "ms", coldLoads(desktop, func(l load) float64 { return l.Answered })},
	{"app.wasm, raw", 7.0e6, "MB", size("/web/app.wasm", func(f fileSize) int64 { return f.Raw })},
	{"app.wasm, brotli", 1.5e6, "MB", size("/web/app.wasm", func(f fileSize) int64 { return f.Brotli })},
	{"longest task at start, desktop, cold", 100, "ms", coldLoads(desktop, func(l load) float64 { return l.LongestTask })},
	{"  the same by the main thread's CPU time", 100, "ms", coldLoads(desktop, func(l load) float64 { return l.CPULongestTask })},
	{"total blocking time at start, desktop, cold", 120, "ms", coldLoads(desktop, func(l load) float64 { return l.TBT })},
	{"  the same by the main thread's CPU time", 120, "ms", coldLoads(desktop, func(l load) float64 { return l.CPUTBT })},
	{"first visit from a host that does not compress, bytes moved", 2.3e6, "MB", coldLoads(plainHost, func(l load) float64 { return float64(l.Bytes) })},
	{"interactive, desktop, warm (the worker's cache)", 300, "ms", warmLoads(desktop, func(l load) float64 { return l.Answered })},
	{"bytes moved by a warm visit, desktop (nothing downloaded again)", 50e3, "KB", warmLoads(desktop, func(l load) float64 { return float64(l.Bytes) })},
	{"deadline typed → figure painted, p95, desktop", 20, "ms", steps("deadline", false)},
	{"deadline typed → figure painted, p95, charts on the screen", 60, "ms", steps("deadline", true)},
	{"first figure (#energy) painted, desktop, cold", 150, "ms", coldLoads(desktop, func(l load) float64 { return l.EnergyPainted })},
	{"card, right figure shown, CPU 4×, cold", 1000, "ms", cardValues(cardCPU.Name, func(l cardLoad) float64 { return l.Figure })},
	{"  the same on the phone profile (and its 10 Mbit/s link)", 1000, "ms", cardValues(phone, func(l cardLoad) float64 { return l.Figure })},
	{"card, right figure shown, desktop, cold", 300, "ms", cardValues(desktop, func(l cardLoad) float64 { return l.Figure })},
	{"card, bytes moved by a cold view (workers included), desktop", 600e3, "KB", cardValues(desktop, func(l cardLoad) float64 { return float64(l.Bytes) })},
}

const (
	backAfterUse = "desktop, back after use"
	desktop      = "desktop"
	phone        = "CPU 4×, 10 Mbit/s, 40 ms"
	plainHost    = "desktop, a host that does not compress"
)

func profileNamed(r *report, name string) *profileResult {
	for i := range r.Profiles {
		if r.Profiles[i].Profile.Name == name {
			return &r.Profiles[i]
		}
	}
	return nil
}

// coldLoads and warmLoads are f of each cold or warm load of the profile
// named name.
func coldLoads(name string, f func(load) float64) func(*report) []float64 {
	return loadFigures(name, func(p *profileResult) []load { return p.Cold }, f)
}

func warmLoads(name string, f func(load) float64) func(*report) []float64 {
	return loadFigures(name, func(p *profileResult) []load { return p.Warm }, f)
}

func loadFigures(name string, of func(*profileResult) []load, f func(load) float64) func(*report) []float64 {
	return func(r *report) []float64 {
		var v []float64
		if p := profileNamed(r, name); p != nil {
			for _, l := range of(p) {
				v = append(v, f(l))
			}
		}
		return v
	}
}

func size(path string, f func(fileSize) int64) func(*report) []float64 {
	return func(r *report) []float64 {
		for _, s := range r.Sizes {
			if s.Path == path {
				return []float64{float64(f(s))}
			}
		}
		return nil
	}
}

// steps is the p95 of the time from a change of kind to the figure painted,
// one value: the benchmark runs each kind once per site.
func steps(kind string, inView bool) func(*report) []float64 {
	return func(r *report) []float64 {
		s := r.Steps
		if inView {
			s = r.StepsInView
		}
		var v []float64
		for _, x := range s {
			if x.Kind == kind && x.Error == "" {
				v = append(v, x.Painted)
			}
		}
		if len(v) == 0 {
			return nil
		}
		return []float64{summarize(v).P95}
	}
}

// printTargets is the table of the targets, each beside its value in r and,
// when measured alternately, in before and in floor (go-app's hello world):
// medians with their range. The floor's column shows what the stack alone
// takes of a figure: a limit below it cannot be met by the calculator.
func printTargets(w io.Writer, r, before, floor *report) {
	fmt.Fprintln(w, "\nTargets (median [min–max] of the loads; one value where there is one)")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	header := "target\tlimit\t"
	if before != nil {
		header += "before (" + before.Site + ")\t"
	}
	header += "now (" + r.Site + ")\tmet\t"
	if floor != nil {
		header += "floor (go-app's hello world)\t"
	}
	fmt.Fprintln(tw, header)
	for _, t := range targets {
		line := t.name + "\t≤ " + t.format(t.limit) + "\t"
		if before != nil {
			line += t.spread(t.values(before)) + "\t"
		}
		v := t.values(r)
		met := "–"
		if s := summarize(v); s.N > 0 {
			met = "no"
			if s.Median <= t.limit {
				met = "yes"
			}
		}
		line += t.spread(v) + "\t" + met + "\t"
		if floor != nil {
			line += t.spread(t.values(floor)) + "\t"
		}
		fmt.Fprintln(tw, line)
	}
	tw.Flush()
}

func (t target) format(v float64) string {
	switch t.unit {
	case "MB":
		return fmt.Sprintf("%.2f MB", v/1e6)
	case "KB":
		return fmt.Sprintf("%.1f KB", v/1e3)
	case "ms":
		return fmt.Sprintf("%.0f ms", v)
	}
	return fmt.Sprintf("%.0f", v)
}

func (t target) spread(v []float64) string {
	s := summarize(v)
	switch {
	case s.N == 0:
		return "–"
	case s.Min == s.Max:
		return t.format(s.Median)
	}
	return fmt.Sprintf("%s [%s–%s]", t.format(s.Median), strings.TrimSuffix(t.format(s.Min), " "+t.unit), t.format(s.Max))
}
