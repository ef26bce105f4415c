package plan

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"tokenjoule/data"
)

// conf is a configuration with round figures: throughput tps tokens/s,
// J/token j (so busy power j × tps), median and p95 latencies.
func conf(id, gpu string, gpus, seqs int, tps, j, p50, p95 float64) data.Config {
	return data.Config{RowID: id, GPU: gpu, NumGPUs: gpus, MaxNumSeqs: seqs, TokensPerSecond: data.Float(tps),
		JoulesPerToken: data.Float(j), PowerWatts: int(tps * j), MedianITL: data.Float(p50), P90ITL: data.Float(p95),
		P95ITL: data.Float(p95), P99ITL: data.Float(p95), AvgOutputTokens: 500}
}

// The configurations of the cases below; busy power in the comment.
var (
	cA = conf("A", "H100", 1, 8, 100, 2, 20, 25)     // 200 W
	cB = conf("B", "H100", 1, 64, 400, 1, 40, 60)    // 400 W
	cC = conf("C", "H100", 2, 32, 1000, 1.2, 15, 18) // 1,200 W
	cD = conf("D", "B200", 1, 16, 500, 0.8, 30, 45)  // 400 W
	cE = conf("E", "H100", 1, 256, 800, 0.875, 45, 80)
	cF = conf("F", "H100", 2, 16, 200, 2, 20, 20) // 400 W
	cG = conf("G", "H100", 1, 32, 100, 2, 20, 20) // 200 W
	cH = conf("H", "H100", 1, 16, 100, 2, 20, 20) // 200 W
)

// set holds one model, "m" of workload "w", with the configurations.
func set(t *testing.T, configs ...data.Config) *data.Set {
	t.Helper()
	m := data.Model{Version: data.SchemaVersion, Slug: "m", Name: "M", Configurations: configs}
	for _, c := range configs {
		if !strings.Contains(strings.Join(m.GPUs, ","), c.GPU) {
			m.GPUs = append(m.GPUs, c.GPU)
		}
	}
	idx := data.Index{Version: data.SchemaVersion, Workloads: []data.Workload{{ID: "w", Name: "W",
		Models: []data.ModelEntry{{Slug: "m", Name: "M", GPUs: m.GPUs}}}}}
	ib, _ := json.Marshal(idx)
	mb, _ := json.Marshal(m)
	s, err := data.LoadFS(fstest.MapFS{"index.json": {Data: ib}, "w/m.json": {Data: mb}})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func perSecond(r float64) data.Rate { return data.Rate{Tokens: r, Per: data.Second} }

// TestPlan checks the chosen configuration, its replicas, utilisation and
// energy a day, and the busy steady-state figure, against values worked out
// by hand from the model's formulas (in each case's comment).
func TestPlan(t *testing.T) {
	cases := []struct {
		name     string
		configs  []data.Config
		gpu      string
		p        data.Percentile
		deadline float64
		traffic  Traffic
		want     string  // the chosen row, "" for none
		replicas int     // N
		gpus     int     // N × g
		util     float64 // R / (N × T)
		whPerDay float64 // N × (g·idle + u·(P − g·idle)) × 24
		busy     float64 // R × 86,400 × J/token of the calculator's choice, in Wh
		order    string  // every option's row, in plan order
	}{{
		// R_peak = 600/s. A: N = 6, u = 0.5, 6 × (100 + 0.5 × 100) = 900 W.
		// B: N = 2, u = 0.375, 2 × (100 + 0.375 × 300) = 425 W.
		// C: N = 1, u = 0.3, 1 × (200 + 0.3 × 1,000) = 500 W.
		// B, at 425 W × 24 h; at steady state, B (1 J/token): 300 × 86,400 / 3,600.
		name: "the peak asks for a second replica", configs: []data.Config{cA, cB, cC}, gpu: "H100", p: data.P50, deadline: 50,
		traffic: Traffic{Rate: perSecond(300), Peak: 2, Idle: 100, IdleSet: true},
		want:    "B", replicas: 2, gpus: 2, util: 0.375, whPerDay: 10200, busy: 7200, order: "BCA",
	}, {
		// Without a peak B needs one replica: 100 + 0.75 × 300 = 325 W.
		// C: 200 + 0.3 × 1,000 = 500 W; A: N = 3, u = 1, 3 × 200 = 600 W.
		name: "no peak, one replica", configs: []data.Config{cA, cB, cC}, gpu: "H100", p: data.P50, deadline: 50,
		traffic: Traffic{Rate: perSecond(300), Peak: 1, Idle: 100, IdleSet: true},
		want:    "B", replicas: 1, gpus: 1, util: 0.75, whPerDay: 7800, busy: 7200, order: "BCA",
	}, {
		// R = 100/s, R_peak = 200/s, one replica each. B: u = 0.25,
		// 150 + 0.25 × 250 = 212.5 W. E (batch limit 256, 0.875 J/token, the
		// calculator's choice): u = 0.125, 150 + 0.125 × 550 = 218.75 W. The
		// larger batch limit spends less per token when busy, but sits idle
		// most of the day. Busy: 100 × 86,400 × 0.875 / 3,600.
		name: "a larger batch limit loses: it would sit idle", configs: []data.Config{cB, cE}, gpu: "H100", p: data.P50, deadline: 50,
		traffic: Traffic{Rate: perSecond(100), Peak: 2, Idle: 150, IdleSet: true},
		want:    "B", replicas: 1, gpus: 1, util: 0.25, whPerDay: 5100, busy: 2100, order: "BE",
	}, {
		// As the first case, with the B200 configuration D: N = 2, u = 0.3,
		// 2 × (100 + 0.3 × 300) = 380 W. At steady state D (0.8 J/token):
		// 300 × 86,400 × 0.8 / 3,600.
		name: "any GPU", configs: []data.Config{cA, cB, cC, cD}, gpu: data.AnyGPU, p: data.P50, deadline: 50,
		traffic: Traffic{Rate: perSecond(300), Peak: 2, Idle: 100, IdleSet: true},
		want:    "D", replicas: 2, gpus: 2, util: 0.3, whPerDay: 9120, busy: 5760, order: "DBCA",
	}, {
		// Each GPU's published idle power, H100 121.7 W, B200 233.6 W:
		// B: 2 × (121.7 + 0.375 × 278.3) = 452.125 W;
		// C: 243.4 + 0.3 × 956.6 = 530.38 W;
		// D: 2 × (233.6 + 0.3 × 166.4) = 567.04 W;
		// A: 6 × (121.7 + 0.5 × 78.3) = 965.1 W.
		name: "any GPU, each at its published idle power", configs: []data.Config{cA, cB, cC, cD}, gpu: data.AnyGPU, p: data.P50, deadline: 50,
		traffic: Traffic{Rate: perSecond(300), Peak: 2},
		want:    "B", replicas: 2, gpus: 2, util: 0.375, whPerDay: 452.125 * 24, busy: 5760, order: "BCDA",
	}, {
		// At p95 B (60 ms) misses 50 ms: C, 500 W, against A, 900 W. At
		// steady state C (1.2 J/token) is the calculator's choice too.
		name: "the deadline at p95", configs: []data.Config{cA, cB, cC}, gpu: "H100", p: data.P95, deadline: 50,
		traffic: Traffic{Rate: perSecond(300), Peak: 2, Idle: 100, IdleSet: true},
		want:    "C", replicas: 1, gpus: 2, util: 0.3, whPerDay: 12000, busy: 8640, order: "CA",
	}, {
		// Without idle power and without a peak, power is R × J/token
		// whatever the replicas: the plan is the steady-state figure.
		// B: 300 × 1 = 300 W; C: 300 × 1.2 = 360 W; A: 300 × 2 = 600 W.
		name: "no idle power, no peak: the steady-state figure", configs: []data.Config{cA, cB, cC}, gpu: "H100", p: data.P50, deadline: 50,
		traffic: Traffic{Rate: perSecond(300), Peak: 1, Idle: 0, IdleSet: true},
		want:    "B", replicas: 1, gpus: 1, util: 0.75, whPerDay: 7200, busy: 7200, order: "BCA",
	}, {
		// F, G and H all spend 100 × 2 = 200 W without idle power: H and G
		// have one GPU (F two), and H the smaller batch limit.
		name: "ties: fewer GPUs, then the smaller batch limit", configs: []data.Config{cF, cG, cH}, gpu: "H100", p: data.P50, deadline: 50,
		traffic: Traffic{Rate: perSecond(100), Peak: 1, Idle: 0, IdleSet: true},
		want:    "H", replicas: 1, gpus: 1, util: 1, whPerDay: 4800, busy: 4800, order: "HGF",
	}, {
		// 8,640 tokens a day is 0.1/s, 0.3/s at the peak: still one replica
		// of C, u = 0.1 / 1,000, 2 × 100 + 0.0001 × (1,200 − 200) = 200.1 W.
		// Busy: 8,640 × 1.2 / 3,600.
		name: "a trickle still keeps one replica", configs: []data.Config{cC}, gpu: "H100", p: data.P50, deadline: 50,
		traffic: Traffic{Rate: data.Rate{Tokens: 8640, Per: data.Day}, Peak: 3, Idle: 100, IdleSet: true},
		want:    "C", replicas: 1, gpus: 2, util: 0.0001, whPerDay: 200.1 * 24, busy: 2.88, order: "C",
	}, {
		name: "a deadline nothing meets", configs: []data.Config{cA, cB, cC, cD}, gpu: data.AnyGPU, p: data.P50, deadline: 10,
		traffic: Traffic{Rate: perSecond(300), Peak: 2},
	}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := set(t, tc.configs...)
			pl, err := Make(s, data.Query{Task: "w", Model: "m", GPU: tc.gpu, DeadlineMS: tc.deadline, Percentile: tc.p, Tokens: 1}, tc.traffic)
			if err != nil {
				t.Fatal(err)
			}
			var order string
			for _, o := range pl.Options {
				order += o.Config.RowID
			}
			if order != tc.order {
				t.Errorf("options %q, want %q", order, tc.order)
			}
			b := pl.Best()
			if tc.want == "" {
				if b != nil || pl.Busy.Selected != nil || pl.HeadroomShare() != 0 || pl.BusyWhPerDay() != 0 {
					t.Errorf("a plan for a deadline nothing meets: %+v", b)
				}
				if pl.Busy.MinDeadlineMS() != 15 {
					t.Errorf("smallest deadline %v, want 15 ms (C)", pl.Busy.MinDeadlineMS())
				}
				return
			}
			if b == nil {
				t.Fatalf("no plan, want %s", tc.want)
			}
			near := func(got, want float64) bool { return math.Abs(got-want) <= 1e-9*math.Abs(want) }
			if b.Config.RowID != tc.want || b.Replicas != tc.replicas || b.GPUs != tc.gpus || !near(b.Utilisation, tc.util) || !near(b.WhPerDay, tc.whPerDay) {
				t.Errorf("plan %s × %d replicas (%d GPUs), utilisation %v, %v Wh a day; want %s × %d (%d), %v, %v",
					b.Config.RowID, b.Replicas, b.GPUs, b.Utilisation, b.WhPerDay, tc.want, tc.replicas, tc.gpus, tc.util, tc.whPerDay)
			}
			if !near(pl.BusyWhPerDay(), tc.busy) {
				t.Errorf("busy steady state %v Wh a day, want %v", pl.BusyWhPerDay(), tc.busy)
			}
			if want := tc.whPerDay/tc.busy - 1; !near(pl.HeadroomShare()+1, want+1) {
				t.Errorf("headroom share %v, want %v", pl.HeadroomShare(), want)
			}
			if got := b.GPUHoursPerDay(); got != float64(tc.gpus*24) {
				t.Errorf("GPU-hours a day %v, want %d", got, tc.gpus*24)
			}
		})
	}
}

// TestPlanOnTheDataset checks the model's identities on every model of the
// dataset: with no idle power and no peak, the plan is the calculator's
// selection and its energy the steady-state figure; with them, no plan
// spends less than that figure, and the fleet covers the peak.
func TestPlanOnTheDataset(t *testing.T) {
	s, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range s.Index.Workloads {
		for _, m := range w.Models {
			for _, d := range []float64{30, 100, 500} {
				q := data.Query{Task: w.ID, Model: m.Slug, GPU: data.AnyGPU, DeadlineMS: d, Percentile: data.P50}
				if w.Kind().Diffusion() {
					// No traffic of tokens: refused, as bad input.
					var bad *data.InputError
					if _, err := Make(s, q, DefaultTraffic()); !errors.As(err, &bad) || bad.Param != "task" {
						t.Fatalf("planning %s: %v, want the task refused", w.ID, err)
					}
					continue
				}
				flat, err := Make(s, q, Traffic{Rate: data.Rate{Tokens: 1e9, Per: data.Day}, Peak: 1, IdleSet: true})
				if err != nil {
					t.Fatal(err)
				}
				real, err := Make(s, q, DefaultTraffic())
				if err != nil {
					t.Fatal(err)
				}
				fb, rb := flat.Best(), real.Best()
				if (fb == nil) != (flat.Busy.Selected == nil) || (rb == nil) != (fb == nil) {
					t.Fatalf("%s/%s at %v ms: a plan exists (%v) where the calculator selects %v", w.ID, m.Slug, d, fb != nil, flat.Busy.Selected)
				}
				if fb == nil {
					continue
				}
				if math.Abs(fb.WhPerDay/flat.BusyWhPerDay()-1) > 1e-12 {
					t.Errorf("%s/%s at %v ms: no idle, no peak: %v Wh a day, steady state %v", w.ID, m.Slug, d, fb.WhPerDay, flat.BusyWhPerDay())
				}
				if fb.Config.JoulesPerToken != flat.Busy.Selected.JoulesPerToken {
					t.Errorf("%s/%s at %v ms: no idle, no peak: plan %s, calculator %s", w.ID, m.Slug, d, fb.Config.RowID, flat.Busy.Selected.RowID)
				}
				if real.HeadroomShare() < 0 {
					t.Errorf("%s/%s at %v ms: the plan (%v Wh) spends less than the steady state (%v Wh)", w.ID, m.Slug, d, rb.WhPerDay, real.BusyWhPerDay())
				}
				if d == 500 {
					// The plan against the deadline is what Options chooses at each step.
					m := real.Busy.Model
					for _, st := range Steps(m.Configurations, data.AnyGPU, data.P50, DefaultTraffic()) {
						if o := Options(m.Configurations, data.AnyGPU, data.P50, st.DeadlineMS, DefaultTraffic()); o[0].Config != st.Config {
							t.Errorf("%s/%s: the step at %v ms is %s, Options chooses %s", w.ID, m.Slug, st.DeadlineMS, st.Config.RowID, o[0].Config.RowID)
						}
					}
				}
				peak := DefaultTraffic().Rate.TokensPerSecond() * DefaultPeak
				if capacity := float64(rb.Replicas) * float64(rb.Config.TokensPerSecond); capacity < peak*(1-1e-9) || rb.Utilisation > 1 {
					t.Errorf("%s/%s at %v ms: %d replicas serve %v tokens/s, the peak is %v", w.ID, m.Slug, d, rb.Replicas, capacity, peak)
				}
			}
		}
	}
}

func TestTrafficRefused(t *testing.T) {
	s := set(t, cA, cB)
	q := data.Query{Task: "w", Model: "m", GPU: "H100", DeadlineMS: 50, Percentile: data.P50}
	for _, tc := range []struct {
		traffic Traffic
		param   string
	}{
		{Traffic{Peak: 2}, "rate"},
		{Traffic{Rate: data.Rate{Tokens: 2e15, Per: data.Day}, Peak: 2}, "rate"},
		{Traffic{Rate: perSecond(100), Peak: 0.5}, "peak"},
		{Traffic{Rate: perSecond(100), Peak: math.NaN()}, "peak"},
		{Traffic{Rate: perSecond(100), Peak: 2, Idle: -1, IdleSet: true}, "idle_w"},
		{Traffic{Rate: perSecond(100), Peak: 2, Idle: 1001, IdleSet: true}, "idle_w"},
	} {
		_, err := Make(s, q, tc.traffic)
		var bad *data.InputError
		if !errors.As(err, &bad) || bad.Param != tc.param {
			t.Errorf("Make(%+v) = %v, want an input error for %s", tc.traffic, err, tc.param)
		}
	}
	if _, err := Make(s, q, Traffic{Rate: perSecond(100), Peak: 2, Idle: 1000, IdleSet: true}); err != nil {
		t.Errorf("1,000 W is accepted: %v", err)
	}
}

// TestSteps checks the plan against the deadline by hand, on the first
// case's configurations: before 15 ms nothing; from 15 ms C (500 W); A at
// 20 ms (900 W) is no better; from 40 ms B (425 W).
func TestSteps(t *testing.T) {
	tr := Traffic{Rate: perSecond(300), Peak: 2, Idle: 100, IdleSet: true}
	steps := Steps([]data.Config{cA, cB, cC}, "H100", data.P50, tr)
	var got []string
	for _, s := range steps {
		got = append(got, s.Config.RowID+"@"+data.FormatDeadline(s.DeadlineMS))
	}
	if strings.Join(got, " ") != "C@15ms B@40ms" {
		t.Errorf("steps %v, want C@15ms B@40ms", got)
	}
	if at := At(steps, 14.9); at != nil {
		t.Errorf("At(14.9 ms) = %v, want none", at.Config.RowID)
	}
	for d, want := range map[float64]string{15: "C", 39.9: "C", 40: "B", 500: "B"} {
		if at := At(steps, d); at == nil || at.Config.RowID != want {
			t.Errorf("At(%v ms) = %v, want %s", d, at, want)
		}
	}
	// Each step is what Options chooses at its deadline.
	for _, s := range steps {
		if o := Options([]data.Config{cA, cB, cC}, "H100", data.P50, s.DeadlineMS, tr); o[0].Config.RowID != s.Config.RowID || o[0].WhPerDay != s.WhPerDay {
			t.Errorf("step at %v ms is %s, Options chooses %s", s.DeadlineMS, s.Config.RowID, o[0].Config.RowID)
		}
	}
}

func TestFormat(t *testing.T) {
	for v, want := range map[float64]string{1e9: "1B", 1.0368e9: "1.037B", 25.92e6: "25.92M", 8640: "8,640", 12000: "12k",
		999: "999", 0.5: "0.5", 2.5e12: "2.5T", 1e15: "1,000T"} {
		if got := FormatCount(v); got != want {
			t.Errorf("FormatCount(%v) = %q, want %q", v, got, want)
		}
	}
	for v, want := range map[float64]string{0.4876: "48.8%", 1: "100%", 0.0001: "0%", 0.375: "37.5%"} {
		if got := FormatPercent(v); got != want {
			t.Errorf("FormatPercent(%v) = %q, want %q", v, got, want)
		}
	}
	for v, want := range map[float64]string{425: "425 W", 1131.4: "1.131 kW", 2.5e6: "2.5 MW"} {
		if got := FormatPower(v); got != want {
			t.Errorf("FormatPower(%v) = %q, want %q", v, got, want)
		}
	}
}

// The planner plans output tokens: Make and Compare both refuse an image or
// video task, naming it, rather than plan a traffic it does not count.
func TestImageAndVideoTasksRefused(t *testing.T) {
	s, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, task := range []string{"text-to-image", "text-to-video"} {
		q := data.Query{Task: task, GPU: data.AnyGPU, DeadlineMS: 300_000, Percentile: "p50"}
		_, errMake := Make(s, q, DefaultTraffic())
		_, errCompare := Compare(s, q, DefaultTraffic())
		for _, err := range []error{errMake, errCompare} {
			var bad *data.InputError
			if !errors.As(err, &bad) || bad.Value != task {
				t.Errorf("%s: error %v, want an input error naming the task", task, err)
			}
		}
	}
}
