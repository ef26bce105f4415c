// Package plan answers the deployment question: for an average traffic and
// its peak, how many GPUs in which measured configuration serve it at a
// latency deadline, and how much energy a day they draw, idle capacity
// included.
//
// The model, for every configuration c that meets the deadline at the
// percentile, with T_c its throughput (output tokens a second, the whole
// replica), P_c its busy power (W, all its GPUs, as measured: J/token × T_c)
// and g_c its GPUs; R the average rate, R_peak = R × peak, P_idle the idle
// power of one GPU:
//
//	replicas     N_c = max(1, ceil(R_peak / T_c))       the fleet is sized for the peak
//	utilisation  u_c = R / (N_c × T_c)
//	fleet power  N_c × (g_c × P_idle + u_c × (P_c − g_c × P_idle))
//	energy a day = fleet power × 24 h
//
// Each replica draws between its idle power and its measured busy power, in
// proportion to its load. The plan is the configuration with the least
// energy a day; ties go to fewer GPUs, then the smaller batch limit.
//
// Beside it, the busy steady-state figure: the calculator's answer for a
// day's tokens, R × 86,400 × J/token, so that the share of the energy spent
// on capacity kept for the peak is visible.
package plan

import (
	"errors"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
)

// Traffic is what a deployment serves.
type Traffic struct {
	Rate data.Rate // the average rate of output tokens
	Peak float64   // the peak rate over the average, at least 1
	// Idle is the idle power of one GPU, in W, for every GPU when IdleSet;
	// otherwise each GPU's published figure (IdleW's presets), or 0 where
	// none is known.
	Idle    float64
	IdleSet bool
}

// DefaultTraffic is what the planner answers before anyone types a rate: a
// billion output tokens a day, twice that rate at the peak, each GPU's
// published idle power.
func DefaultTraffic() Traffic {
	return Traffic{Rate: data.Rate{Tokens: 1e9, Per: data.Day}, Peak: DefaultPeak}
}

// DefaultPeak is the peak-to-average ratio a plan assumes unless told.
const DefaultPeak = 2

// Peak and IdleW are the traffic's two plain inputs, read as the footprint's
// factors are (a number within bounds, or for IdleW a GPU's preset).
var (
	Peak = &footprint.Param{Name: "peak", Label: "peak-to-average ratio", Min: 1, Max: 1000}
	// The presets are named after the GPUs, whose idle power each is.
	IdleW = &footprint.Param{Name: "idle_w", Label: "idle power per GPU", Unit: "W", Min: 0, Max: 1000, Presets: []footprint.Preset{
		{ID: "H100", Label: "H100 SXM idle, holding a model", Value: 121.7, Year: "2026",
			Basis: "measured at 0% utilisation with a CUDA context, as a serving process keeps", SourceID: "vadari-2026"},
		{ID: "B200", Label: "B200 SXM idle, holding a model", Value: 233.6, Year: "2026",
			Basis: "measured at 0% utilisation with a CUDA context, as a serving process keeps", SourceID: "vadari-2026-b200"},
	}}
)

// IdleOf is the idle power of one GPU of the model gpu that t counts, and
// whether a figure is known: t's own when set, else gpu's preset. A GPU
// with neither counts 0 W, and the plan says that its idle power is not
// counted.
func (t Traffic) IdleOf(gpu string) (watts float64, known bool) {
	if t.IdleSet {
		return t.Idle, true
	}
	if pr, ok := IdleW.Preset(gpu); ok {
		return pr.Value, true
	}
	return 0, false
}

// Check refuses a traffic the model does not answer: no rate or one beyond
// data.MaxTokensPerDay, a peak below 1 (or above Peak.Max), an idle power
// outside 0–1,000 W. The error is a *data.InputError naming the parameter,
// as the parsers' are.
func (t Traffic) Check() error {
	if d := t.Rate.TokensPerDay(); !(d > 0 && d <= data.MaxTokensPerDay) {
		return &data.InputError{Param: "rate", Label: "traffic rate", Value: data.FormatRate(t.Rate),
			Reason: "must be greater than 0 and at most 1e15 tokens a day"}
	}
	for _, x := range []struct {
		p   *footprint.Param
		v   float64
		set bool
	}{{Peak, t.Peak, true}, {IdleW, t.Idle, t.IdleSet}} {
		if x.set && !(x.v >= x.p.Min && x.v <= x.p.Max) {
			return &data.InputError{Param: x.p.Name, Label: x.p.Label, Value: strconv.FormatFloat(x.v, 'g', -1, 64),
				Reason: "must be from " + data.FormatNumber(x.p.Min) + " to " + data.FormatNumber(x.p.Max)}
		}
	}
	return nil
}

// Option is one configuration's plan.
type Option struct {
	Config      *data.Config
	Replicas    int     // N_c
	GPUs        int     // N_c × g_c
	Utilisation float64 // u_c: the average load of a replica, 0–1
	IdleW       float64 // the idle power of one of its GPUs, as counted
	IdleKnown   bool    // whether IdleW is a figure, rather than 0 for want of one
	PowerW      float64 // the fleet's average power
	WhPerDay    float64 // its energy a day
}

// GPUHoursPerDay is the GPU time the fleet is kept for a day: every GPU,
// busy or not.
func (o *Option) GPUHoursPerDay() float64 { return float64(o.GPUs) * 24 }

// PeakUtilisation is a replica's load at the peak, at most 1.
func (o *Option) PeakUtilisation(t Traffic) float64 { return min(1, o.Utilisation*t.Peak) }

// plan is c's plan for t.
func plan(c *data.Config, t Traffic) Option {
	r := t.Rate.TokensPerSecond()
	tps := c.Throughput()
	// The relative slack keeps a peak that is a whole number of replicas'
	// throughput (600 / 200 = 3) from needing a fourth when the division
	// rounds above it.
	n := max(1, int(math.Ceil(r*t.Peak/tps*(1-1e-12))))
	idle, known := t.IdleOf(c.GPU)
	g := float64(c.NumGPUs)
	u := r / (float64(n) * tps)
	power := float64(n) * (g*idle + u*(c.Watts()-g*idle))
	return Option{Config: c, Replicas: n, GPUs: n * c.NumGPUs, Utilisation: u, IdleW: idle, IdleKnown: known,
		PowerW: power, WhPerDay: power * 24}
}

// Options plans every configuration of configs on gpu (any for
// data.AnyGPU) that meets the deadline at percentile p, by the selection's
// own predicate (data.Percentile.Meets): least energy a day first, then
// fewer GPUs, then the smaller batch limit (and, so that the order never
// depends on the rows', fewer GPUs a replica, the earlier repeat, the GPU's
// name).
func Options(configs []data.Config, gpu string, p data.Percentile, deadlineMS float64, t Traffic) []Option {
	var opts []Option
	for i := range configs {
		c := &configs[i]
		if (gpu == data.AnyGPU || c.GPU == gpu) && p.Meets(c, deadlineMS) {
			opts = append(opts, plan(c, t))
		}
	}
	// sort.Slice, not slices.SortFunc: a generic sort of Options would add
	// some 20 KB of code to the browser's wasm for a list of a few dozen.
	sort.Slice(opts, func(i, j int) bool { return compare(opts[i], opts[j]) < 0 })
	return opts
}

func compare(a, b Option) int {
	switch {
	case a.WhPerDay != b.WhPerDay:
		return cmpFloat(a.WhPerDay, b.WhPerDay)
	case a.GPUs != b.GPUs:
		return a.GPUs - b.GPUs
	case a.Config.MaxNumSeqs != b.Config.MaxNumSeqs:
		return a.Config.MaxNumSeqs - b.Config.MaxNumSeqs
	case a.Config.NumGPUs != b.Config.NumGPUs:
		return a.Config.NumGPUs - b.Config.NumGPUs
	case a.Config.Repeat != b.Config.Repeat:
		return a.Config.Repeat - b.Config.Repeat
	case a.Config.GPU != b.Config.GPU:
		if a.Config.GPU < b.Config.GPU {
			return -1
		}
		return 1
	}
	return 0
}

func cmpFloat(a, b float64) int {
	if a < b {
		return -1
	}
	return 1
}

// Plan answers a deployment question.
type Plan struct {
	// Busy is the calculator's answer for a day's tokens (Query.Tokens is
	// R × 86,400): its Estimate is the busy steady-state figure; when no
	// configuration meets the deadline, its Fastest and MinDeadlineMS say
	// what would.
	Busy    *data.Result
	Traffic Traffic
	// Options are the plans of the configurations that meet the deadline,
	// the chosen one first; none when no configuration meets it.
	Options []Option
}

// Make plans q's model (q.Tokens is ignored) for the traffic t. Bad input
// is a *data.InputError, as for data.Set.Select; a deadline that nothing
// meets is not an error: the plan has no options.
func Make(set *data.Set, q data.Query, t Traffic) (*Plan, error) {
	if err := Plannable(set, q.Task); err != nil {
		return nil, err
	}
	if err := t.Check(); err != nil {
		return nil, err
	}
	q.Tokens = t.Rate.TokensPerDay()
	r, err := set.Select(q)
	if err != nil {
		return nil, err
	}
	p := &Plan{Busy: r, Traffic: t, Options: Options(r.Model.Configurations, r.Query.GPU, q.Percentile, q.DeadlineMS, t)}
	if b := p.Best(); b != nil && (math.IsNaN(b.WhPerDay) || math.IsInf(b.WhPerDay, 0)) {
		return nil, errors.New("the plan on dataset row " + b.Config.RowID + " gives " + strconv.FormatFloat(b.WhPerDay, 'g', -1, 64) +
			" Wh a day, not a finite number; the row is not a plausible measurement")
	}
	return p, nil
}

// Plannable refuses, with a *data.InputError, a workload whose traffic is
// not output tokens: the image and video tasks, which the planner does not
// plan.
func Plannable(set *data.Set, task string) error {
	k := data.TaskKind(task)
	if !k.Diffusion() {
		return nil
	}
	var ids []string
	for _, w := range set.Index.Workloads {
		if !w.Kind().Diffusion() {
			ids = append(ids, w.ID)
		}
	}
	return &data.InputError{Param: "task", Value: task,
		Reason:   "the planner plans a traffic of output tokens, and " + task + " generates " + k.Items,
		Accepted: "a token workload: " + strings.Join(ids, ", ")}
}

// Best is the chosen configuration's plan, or nil when none meets the deadline.
func (p *Plan) Best() *Option {
	if len(p.Options) == 0 {
		return nil
	}
	return &p.Options[0]
}

// BusyWhPerDay is the busy steady-state figure: a day's tokens at the
// calculator's selected configuration's J/token, as if every GPU were always
// busy; 0 when none meets the deadline.
func (p *Plan) BusyWhPerDay() float64 {
	if p.Busy.Selected == nil {
		return 0
	}
	return p.Busy.Estimate.EnergyWh
}

// HeadroomShare is how much more the plan spends a day than the busy
// steady-state figure, as a share of it (0.38 is 38% more): the price of
// the capacity kept for the peak and of idle time. 0 without a plan.
func (p *Plan) HeadroomShare() float64 {
	b := p.Best()
	if b == nil || p.BusyWhPerDay() == 0 {
		return 0
	}
	return b.WhPerDay/p.BusyWhPerDay() - 1
}

// UnknownIdle lists the GPUs of the plan's options whose idle power is not
// counted, for want of a published figure, in the order they appear.
func (p *Plan) UnknownIdle() []string {
	var gpus []string
	for _, o := range p.Options {
		if !o.IdleKnown && !slices.Contains(gpus, o.Config.GPU) {
			gpus = append(gpus, o.Config.GPU)
		}
	}
	return gpus
}

// Footprint is f for a plan: its idle share is 0, since the plan counts
// idle capacity itself, so that the ladder widens the plan's energy a day
// by the host and the PUE, and carbon, water and cost follow from that.
func Footprint(f footprint.Factors) footprint.Factors {
	f.Idle = footprint.Number(0)
	return f
}

// Spread is the published spread of f's factors for o (footprint.Spread),
// on the plan's footprint (Footprint): EcoLogits' host power for o's GPUs,
// as a share of the fleet's average power, idle capacity being the plan's.
func (o *Option) Spread(f footprint.Factors) footprint.Spread {
	return Footprint(f).Spread(o.GPUs, o.PowerW)
}
