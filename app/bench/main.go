// Command bench measures the calculator as visitors get it: it builds the
// static site (dist/), serves it on loopback the way a static host does
// (precompressed files, Cache-Control: no-cache), and drives headless
// chromium through chromedp: cold loads with a fresh profile each, warm loads
// in the same profile, the same on a slow CPU and link, then a series of
// control changes and a slider drag. It prints a table and writes the figures
// to a JSON file.
//
// It is a benchmark, not a test: it fails only when it cannot measure, never
// on a time. Run it with `make bench`, or
//
//	go run ./app/bench [-cold 7] [-warm 2] [-brotli 11] [-json bench.json]
//
// To compare two builds on a machine whose load varies, build the other one
// (`go run . build -out OTHER`) and add -versus OTHER: the loads of the two
// alternate. The slow profile is throttled by the host itself (see link):
// DevTools' network emulation would not slow the service worker's fetches.
// BENCH_DEBUG=1 prints what the probe recorded for each load and keeps the
// chromium profiles.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"tokenjoule/app/dist"
	"tokenjoule/app/internal/headless"
	"tokenjoule/data"
)

// profile is one kind of visitor.
type profile struct {
	Name  string  `json:"name"`
	CPU   float64 `json:"cpu_slowdown"`
	Link  string  `json:"link"`
	Plain bool    `json:"host_does_not_compress,omitempty"`
	link  *link
	cold  int
	warm  int
	key   string // its name for -profiles
}

// profileResult holds a profile's loads.
type profileResult struct {
	Profile profile `json:"profile"`
	Cold    []load  `json:"cold"`
	Warm    []load  `json:"warm"`
	// FirstVisit is, by file, the median cold load's bytes on the wire.
	FirstVisit []fileBytes `json:"first_visit_by_file"`
}

type report struct {
	When     string          `json:"when"`
	Chromium string          `json:"chromium"`
	Go       string          `json:"go"`
	Load     string          `json:"load_average"`
	CPUs     int             `json:"cpus"`
	Site     string          `json:"site"`
	Floor    bool            `json:"floor,omitempty"` // go-app's hello world (-floor), not the calculator
	Brotli   int             `json:"brotli_quality,omitempty"`
	Sizes    []fileSize      `json:"sizes"`
	Linked   *linked         `json:"wasm_linked,omitempty"`
	Profiles []profileResult `json:"profiles"`
	Steps    []stepResult    `json:"interactions"`
	Drag     *drag           `json:"slider_drag,omitempty"`
	// The same with the charts on the screen, which a change then redraws.
	StepsInView []stepResult `json:"interactions_charts_in_view,omitempty"`
	DragInView  *drag        `json:"slider_drag_charts_in_view,omitempty"`
	Memory      struct {
		AfterLoad         [2]float64 `json:"after_load_js_heap_wasm"`
		AfterInteractions [2]float64 `json:"after_interactions_js_heap_wasm"`
	} `json:"memory"`
	LoadAfter string `json:"load_average_after"`
	// A writer's card for a question other than the default (card.go).
	Cards []cardResult `json:"cards,omitempty"`
}

type fileSize struct {
	Path   string `json:"path"`
	Raw    int64  `json:"raw"`
	Gzip   int64  `json:"gzip"`
	Brotli int64  `json:"brotli"`
}

func main() {
	var o options
	flag.StringVar(&o.root, "root", ".", "`dir`ectory holding web/ with the built app.wasm and echarts.min.js")
	flag.StringVar(&o.out, "dist", "dist", "`dir`ectory to build the static site into (replaced) and serve")
	flag.BoolVar(&o.build, "build", true, "build the site; false serves -dist as it is")
	flag.IntVar(&o.quality, "brotli", 11, "brotli `quality` of the .br files: 11 is what `make dist` ships; lower builds faster but sends more bytes")
	flag.StringVar(&o.versus, "versus", "", "another built site `dir`ectory to measure alternately with -dist, load for load (before and after a change)")
	flag.IntVar(&o.cold, "cold", 7, "cold loads per profile (a fresh chromium profile each)")
	flag.IntVar(&o.warm, "warm", 2, "warm loads after each cold one, in the same profile, and after the interactions")
	flag.IntVar(&o.slowCold, "slow-cold", 5, "cold loads on the slow CPU and link")
	flag.BoolVar(&o.floor, "floor", true, "also measure the floor, alternately with the other sites: go-app's hello world (wasm/floor), built and served as the calculator is, which shows what the stack takes before the calculator's own work")
	flag.StringVar(&o.only, "profiles", "desktop,phone,plain,use,card", "the profiles to measure, of desktop, phone (the slow CPU and link), plain (a host that does not compress), use (the interactions) and card (a writer's card, on the desktop and the phone profile)")
	flag.IntVar(&o.cardCold, "card-cold", 5, "cold views of the card per profile")
	flag.IntVar(&o.plainCold, "plain-cold", 3, "cold loads from a host that does not compress (as python3 -m http.server)")
	flag.IntVar(&o.steps, "steps", 30, "changes of the deadline box and of the slider; a third as many of each other control")
	flag.IntVar(&o.useRounds, "sessions", 1, "sessions of use (interactions, a slider drag, visits back) per site, alternating between the sites")
	flag.IntVar(&o.moves, "drag", 60, "mouse moves of the slider drag, one per frame")
	flag.StringVar(&o.jsonOut, "json", "bench.json", "`file` to write the figures to")
	flag.StringVar(&o.chromium, "chromium", headless.Path(), "chromium `path`")
	flag.BoolVar(&o.symbols, "linked", true, "report what links into the wasm, by package (builds it once more with symbols)")
	flag.BoolVar(&o.profile, "profile", false, "instead of the benchmark, profile one cold load's main thread (a site built from a wasm with function names) and print where its time went")
	flag.IntVar(&o.profileAfter, "profile-after", 0, "visits before the -profile load, which is then warm")
	flag.BoolVar(&o.profileAfterUse, "profile-after-use", false, "with -profile-after, the first visit's page used (the interactions) before the next")
	flag.StringVar(&o.profileControl, "profile-use", "", "with -profile, profile the changes of this `control` (deadline, slider, gpu, model, workload or tokens) after the load, instead of the load")
	flag.BoolVar(&o.profileInView, "profile-in-view", false, "with -profile-use, the changes made with the charts on the screen, where they redraw them")
	flag.Float64Var(&o.profileCPU, "profile-cpu", 1, "CPU slow-down of the -profile load (4 for the phone profile, which also slows the link)")
	flag.Parse()
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	return strings.Join(f[:min(3, len(f))], " ")
}

// options are the command's flags.
type options struct {
	root, out, versus    string
	build, symbols       bool
	profile              bool
	profileCPU           float64
	profileAfter         int
	profileAfterUse      bool
	profileControl       string
	profileInView        bool
	profileUse           []step
	quality              int
	cold, warm, slowCold int
	plainCold            int
	cardCold             int
	only                 string
	steps, moves         int
	useRounds            int
	jsonOut, chromium    string
	floor                bool
}

// site is one built site under measurement, with its report.
type site struct {
	dir string
	h   *host
	r   *report
	cfg any // the probe's configuration
}

func run(o options) error {
	if o.chromium == "" {
		return fmt.Errorf("no chromium: install it with `apt-get install -y chromium` (Debian), or set CHROMIUM")
	}
	chromium := o.chromium
	set, err := data.Load()
	if err != nil {
		return err
	}
	first, err := firstChange(set)
	if err != nil {
		return err
	}
	if o.profile {
		if o.profileAfterUse || o.profileControl != "" {
			if o.profileUse, err = interactions(set, o.steps); err != nil {
				return err
			}
		}
		return profileStart(o, map[string]any{"firstChange": first}, os.Stdout)
	}
	newReport := func(dir string) *report {
		r := &report{When: time.Now().Format(time.RFC3339), Go: runtime.Version(), Load: loadAverage(), CPUs: runtime.NumCPU(), Site: dir}
		if v, err := exec.Command(chromium, "--version").Output(); err == nil {
			r.Chromium = strings.TrimSpace(string(v))
		}
		return r
	}
	sites := []*site{{dir: o.out, r: newReport(o.out)}}
	if o.build {
		start := time.Now()
		fmt.Fprintf(os.Stderr, "bench: building %s (brotli quality %d)…\n", o.out, o.quality)
		if _, err := dist.Build(dist.Options{Root: o.root, Out: o.out, Brotli: o.quality}); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "bench: built in %v\n", time.Since(start).Round(time.Second))
		sites[0].r.Brotli = o.quality
	}
	if o.symbols {
		l, err := linkedSizes(o.root)
		if err != nil {
			return err
		}
		sites[0].r.Linked = &l
	}
	if o.versus != "" {
		sites = append(sites, &site{dir: o.versus, r: newReport(o.versus)})
	}
	cfg := map[string]any{"firstChange": first}
	for _, st := range sites {
		st.cfg = cfg
	}
	want := map[string]bool{}
	for _, k := range strings.Split(o.only, ",") {
		want[strings.TrimSpace(k)] = true
	}
	var floor *site
	// The floor is measured by its loads alone: it has none of the controls
	// that the sessions of use change.
	if o.floor && (want["desktop"] || want["phone"] || want["plain"]) {
		fmt.Fprintf(os.Stderr, "bench: building the floor, go-app's hello world (wasm/floor)…\n")
		dir, err := buildFloor(o.root, o.quality)
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		out := filepath.Join(dir, "dist")
		floor = &site{dir: out, r: newReport(out), cfg: map[string]any{"firstChange": floorChange(first)}}
		floor.r.Brotli, floor.r.Floor = o.quality, true
		sites = append(sites, floor)
	}
	for _, st := range sites {
		var err error
		if st.r.Sizes, err = sizes(st.dir); err != nil {
			return err
		}
		if st.h, err = startHost(st.dir); err != nil {
			return err
		}
		defer st.h.close()
	}

	plan, err := interactions(set, o.steps)
	if err != nil {
		return err
	}

	// The phone's CPU 4× is DevTools' throttling, which slows the page's
	// thread but a worker's much less (a loop takes 3× as long on the page and
	// at most 1.8× in a worker): web/start.js's worker, which
	// downloads and compiles the wasm, runs near full speed, so the profile
	// flatters work moved into it.
	profiles := []profile{
		{Name: desktop, CPU: 1, link: nil, cold: o.cold, warm: o.warm, key: "desktop"},
		{Name: phone, CPU: 4, link: &link{RTT: 40 * time.Millisecond, Mbps: 10}, cold: o.slowCold, warm: 1, key: "phone"},
		{Name: plainHost, CPU: 1, Plain: true, cold: o.plainCold, warm: 1, key: "plain"},
	}
	for _, p := range profiles {
		if !want[p.key] {
			continue
		}
		p.Link = p.link.String()
		results := make([]profileResult, len(sites))
		for i := range p.cold {
			// With two sites, their loads alternate, so that a machine whose
			// load changes treats both alike.
			for k, st := range sites {
				fmt.Fprintf(os.Stderr, "bench: %s%s: cold load %d of %d\n", st.label(len(sites)), p.Name, i+1, p.cold)
				st.h.setLink(p.link, p.Plain)
				cold, warm, err := loads(chromium, st.h, p, st.cfg)
				if err != nil {
					// One retry with a fresh profile: a benchmark on a busy
					// machine should not lose its run to one bad load.
					fmt.Fprintf(os.Stderr, "bench: %v; once more\n", err)
					if cold, warm, err = loads(chromium, st.h, p, st.cfg); err != nil {
						return err
					}
				}
				results[k].Cold = append(results[k].Cold, cold)
				results[k].Warm = append(results[k].Warm, warm...)
			}
		}
		for k, st := range sites {
			results[k].Profile = p
			results[k].FirstVisit = medianFiles(results[k].Cold)
			st.r.Profiles = append(st.r.Profiles, results[k])
		}
	}

	// A writer's card, cold, on the desktop and the phone profile, the
	// sites' views alternating (not the floor's: it has no card).
	if want["card"] {
		figure, err := cardFigure(set)
		if err != nil {
			return err
		}
		for _, p := range []profile{profiles[0], cardCPU, profiles[1]} {
			p.Link = p.link.String()
			for _, st := range sites {
				if st == floor {
					continue
				}
				fmt.Fprintf(os.Stderr, "bench: %s%s: %d cold views of the card %s\n", st.label(len(sites)), p.Name, o.cardCold, cardPath())
				c, err := cardLoads(chromium, st.h, p, figure, o.cardCold)
				if err != nil {
					return err
				}
				st.r.Cards = append(st.r.Cards, c)
			}
		}
	}

	// Sessions of use, the sites' alternating, each adding its
	// interactions to the site's.
	for i := range o.useRounds {
		for _, st := range sites {
			if !want["use"] {
				break
			}
			if st == floor {
				continue // it has none of the controls
			}
			fmt.Fprintf(os.Stderr, "bench: %s%d interactions and a slider drag (session %d of %d)\n", st.label(len(sites)), len(plan), i+1, o.useRounds)
			if err := use(chromium, st, plan, o.moves, o.warm, st.cfg); err != nil {
				return err
			}
		}
	}
	for _, st := range sites {
		st.r.LoadAfter = loadAverage()
	}

	var reports []*report
	for i, st := range sites {
		switch {
		case st == floor:
			fmt.Println("\n" + strings.Repeat("=", 78) + "\nThe floor: go-app's hello world (wasm/floor), built and served as the calculator is, measured alternately with the above\n")
		case i > 0:
			fmt.Println("\n" + strings.Repeat("=", 78) + "\nVersus " + st.dir + ", measured alternately with the above\n")
		}
		printReport(os.Stdout, st.r)
		reports = append(reports, st.r)
	}
	var before, floorReport *report
	if o.versus != "" {
		before = sites[1].r
	}
	if floor != nil {
		floorReport = floor.r
	}
	printTargets(os.Stdout, sites[0].r, before, floorReport)
	var v any = sites[0].r
	if len(reports) > 1 {
		v = reports
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(o.jsonOut, append(b, '\n'), 0o644)
}

func (st *site) label(n int) string {
	if n == 1 {
		return ""
	}
	return st.dir + ": "
}

// loads is a first visit with a fresh profile, then p.warm visits again.
func loads(chromium string, h *host, p profile, cfg any) (cold load, warm []load, err error) {
	s, err := newSession(chromium, p.CPU, cfg)
	if err != nil {
		return cold, nil, err
	}
	defer s.close()
	if cold, err = s.visit(h, h.origin+"/", true); err != nil {
		return cold, nil, err
	}
	for range p.warm {
		l, err := s.visit(h, h.origin+"/", false)
		if err != nil {
			return cold, nil, err
		}
		warm = append(warm, l)
	}
	return cold, warm, nil
}

// use is a session of use on the desktop: a first visit, the planned
// changes, a slider drag, then visits again.
func use(chromium string, st *site, plan []step, moves, again int, cfg any) error {
	h, r := st.h, st.r
	h.setLink(nil, false)
	s, err := newSession(chromium, 1, cfg)
	if err != nil {
		return err
	}
	defer s.close()
	l, err := s.visit(h, h.origin+"/", true)
	if err != nil {
		return err
	}
	r.Memory.AfterLoad = [2]float64{l.JSHeap, l.WasmMemory}
	steps, err := s.interact(plan)
	if err != nil {
		return err
	}
	r.Steps = append(r.Steps, steps...)
	d, err := s.drag(moves, "center")
	if err != nil {
		return err
	}
	r.Drag = &d
	heap, wasm, err := s.memory()
	if err != nil {
		return err
	}
	r.Memory.AfterInteractions = [2]float64{heap, wasm}
	// Again from the default, the page scrolled so that the charts are on
	// the screen with the slider (at its top), where a change redraws them.
	if _, err := s.visit(h, h.origin+"/", false); err != nil {
		return err
	}
	if err := s.chartsInView(); err != nil {
		return err
	}
	if steps, err = s.interact(plan); err != nil {
		return err
	}
	r.StepsInView = append(r.StepsInView, steps...)
	inView, err := s.drag(moves, "start")
	if err != nil {
		return err
	}
	r.DragInView = &inView // not d, which r.Drag points to
	// Back after using it: chromium caches compiled wasm once enough of it
	// has been optimised, which a session of use does and a bare load may
	// not.
	back := profileNamed(r, backAfterUse)
	if back == nil {
		r.Profiles = append(r.Profiles, profileResult{Profile: profile{Name: backAfterUse, CPU: 1, Link: "loopback"}})
		back = &r.Profiles[len(r.Profiles)-1]
	}
	for range again {
		l, err := s.visit(h, h.origin+"/", false)
		if err != nil {
			return err
		}
		back.Warm = append(back.Warm, l)
	}
	return nil
}
