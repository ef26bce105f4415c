package data

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Percentile names the inter-token latency percentile a deadline applies to.
type Percentile string

// The latency percentiles the dataset records.
const (
	P50 Percentile = "p50"
	P90 Percentile = "p90"
	P95 Percentile = "p95"
	P99 Percentile = "p99"
)

// Percentiles lists the accepted percentiles, median first.
var Percentiles = []Percentile{P50, P90, P95, P99}

// ParsePercentile accepts p50 (or median), p90, p95 and p99, ignoring case,
// and each as a bare number or an ordinal: 99 and 99th are p99.
func ParsePercentile(s string) (Percentile, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "median" {
		return P50, nil
	}
	if p := Percentile("p" + strings.TrimSuffix(strings.TrimPrefix(t, "p"), "th")); slices.Contains(Percentiles, p) {
		return p, nil
	}
	return "", &InputError{Param: "percentile", Value: s, Accepted: "one of p50 (median), p90, p95, p99 (99 or 99th is p99)"}
}

// Meets tells whether c meets a deadline of deadlineMS at percentile p (for
// a diffusion configuration, whatever p: see Config.Latency): the one
// predicate every selection uses (Best, the charts' points, the
// planner), so that they never disagree on which configurations qualify.
func (p Percentile) Meets(c *Config, deadlineMS float64) bool { return c.Latency(p) <= deadlineMS }

// ITL returns c's measured inter-token latency in ms at percentile p: what
// a deadline is compared with. (A configuration without Measured, made by
// hand, is answered on its rounded figures, here and below.)
//
// It is called, not inlined: a copy of its lookup at each of its callers
// (the selection, the charts, the planner) made the wasm 20 KB larger.
//
//go:noinline
func (p Percentile) ITL(c *Config) float64 {
	if c.Measured == nil {
		return p.ShownITL(c)
	}
	return c.Measured.ITL[max(slices.Index(Percentiles, p), 0)]
}

// ShownITL returns c's latency at p as the dataset row has it and the page
// shows it, rounded to 0.1 ms.
func (p Percentile) ShownITL(c *Config) float64 {
	switch p {
	case P90:
		return float64(c.P90ITL)
	case P95:
		return float64(c.P95ITL)
	case P99:
		return float64(c.P99ITL)
	}
	return float64(c.MedianITL)
}

// EnergyPerToken returns c's measured GPU energy per output token in joules,
// unrounded: what the selection compares and a volume is multiplied by.
func (c *Config) EnergyPerToken() float64 {
	if c.Measured == nil {
		return float64(c.JoulesPerToken)
	}
	return c.Measured.JoulesPerToken
}

// EnergyPerRequest returns c's measured GPU energy for a request of the
// average output length in joules (the leaderboard's
// energy_per_request_joules); for a diffusion configuration, whose request
// is one image or video, its energy per item.
func (c *Config) EnergyPerRequest() float64 {
	if c.Diffusion() {
		return c.Joules()
	}
	if c.Measured == nil {
		return float64(c.JoulesPerToken) * float64(c.AvgOutputTokens)
	}
	return c.Measured.JoulesPerRequest
}

// OutputTokensPerRequest returns c's measured average output length: its
// energy per request over its energy per token, which the leaderboard makes
// the one the product of the other, so that a volume's requests times the
// energy per request is the volume's energy.
func (c *Config) OutputTokensPerRequest() float64 {
	if c.Measured == nil {
		return float64(c.AvgOutputTokens)
	}
	return c.Measured.JoulesPerRequest / c.Measured.JoulesPerToken
}

// Share says which share of tokens p holds to a deadline, as a reader would:
// "9 in 10 tokens".
func (p Percentile) Share() string {
	switch p {
	case P90:
		return "9 in 10 tokens"
	case P95:
		return "19 in 20 tokens"
	case P99:
		return "99 in 100 tokens"
	}
	return "half of the tokens"
}

// DeadlineWords is a deadline of a workload of kind k in words: "9 in 10
// tokens within 40 ms of the one before", or for an image or video workload
// "each image ready within 30 s".
func DeadlineWords(k *Kind, p Percentile, ms float64) string {
	if k.Diffusion() {
		return "each " + k.Item + " ready within " + k.Deadline(ms)
	}
	return p.Share() + " within " + FormatMS(ms) + " of the one before"
}

// Query is the calculator's question.
type Query struct {
	Task  string // workload id, such as lm-arena-chat
	Model string // slug, name or model id
	GPU   string // a GPU of the model, or AnyGPU
	// DeadlineMS is the deadline on the latency the workload's Kind bounds
	// (Config.Latency), in ms whatever the unit the Kind shows it in.
	DeadlineMS float64
	Percentile Percentile // the percentile the deadline applies to; tokens only
	Tokens     float64    // the volume, in the Kind's unit: output tokens, images or videos
}

// DefaultQuery is what the calculator answers before anyone picks anything.
func DefaultQuery() Query {
	return Query{Task: "lm-arena-chat", Model: "qwen-3-14b", GPU: AnyGPU,
		DeadlineMS: DefaultDeadlineMS, Percentile: P50, Tokens: 1e6}
}

// Estimate is what a volume costs on one configuration. A diffusion model's
// request is one image or video.
type Estimate struct {
	EnergyWh         float64 // energy for the volume
	EnergyPerRequest float64 // joules for a request of the average output length, as measured
	GPUHours         float64 // GPU time for the volume at the measured throughput
	Requests         float64 // requests of the measured average output length in the volume
}

// Estimate returns what a volume (output tokens, images or videos) costs on
// c, from its measured energy per token (or item) and per request.
func (c *Config) Estimate(volume float64) Estimate {
	return Estimate{
		EnergyWh:         c.Joules() * volume / 3600,
		EnergyPerRequest: c.EnergyPerRequest(),
		GPUHours:         volume / c.Throughput() * float64(c.NumGPUs) / 3600,
		Requests:         volume / c.PerRequest(),
	}
}

// Result answers a Query.
type Result struct {
	Query    Query // as asked, with Model replaced by the model's slug
	Kind     *Kind // what the workload generates
	Model    *Model
	Selected *Config // nil when no configuration meets the deadline
	Estimate Estimate
	// Other is the best configuration on the model's other GPU at the same
	// deadline, for comparison; nil when there is none.
	Other         *Config
	OtherEstimate Estimate
	// Fastest is the configuration with the lowest latency at the query's
	// percentile, set when nothing meets the deadline.
	Fastest *Config
}

// MinDeadlineMS is the smallest deadline that some configuration meets, as
// the page shows it and sets it: the fastest configuration's measured latency
// rounded up to a tenth of the kind's unit (Kind.CeilDeadline), so that the
// deadline set is always met (a measured 12.53 ms is 12.6 ms, an image's
// 0.6446 s is 0.7 s). It is 0 when the deadline was met.
func (r *Result) MinDeadlineMS() float64 {
	if r.Fastest == nil {
		return 0
	}
	return TaskKind(r.Query.Task).CeilDeadline(r.Fastest.Latency(r.Query.Percentile))
}

// CeilTenth rounds ms up to a tenth: the smallest multiple of 0.1, as the
// float64 nearest its decimal, that is not below ms.
func CeilTenth(ms float64) float64 {
	// Decimally, not as math.Ceil(ms*10)/10: 12.3*10 is 123.00000000000001
	// in float64, which would make 12.3 into 12.4.
	v, _ := strconv.ParseFloat(strconv.FormatFloat(ms, 'f', 1, 64), 64)
	if v < ms {
		v, _ = strconv.ParseFloat(strconv.FormatFloat(v+0.1, 'f', 1, 64), 64)
	}
	return v
}

// Select answers q: among the model's configurations on q.GPU whose latency at
// q.Percentile is at most q.DeadlineMS, the one with the lowest energy per token.
// A query that no configuration meets is not an error: the result has no
// Selected configuration and names the fastest one instead.
func (s *Set) Select(q Query) (*Result, error) {
	m, err := s.Model(q.Task, q.Model)
	if err != nil {
		return nil, err
	}
	if q.GPU == "" {
		q.GPU = AnyGPU
	}
	if q.GPU != AnyGPU && !slices.Contains(m.GPUs, q.GPU) {
		return nil, &InputError{Param: "gpu", Value: q.GPU,
			Accepted: AnyGPU + " or a GPU " + m.Name + " was measured on: " + strings.Join(m.GPUs, ", ")}
	}
	k := TaskKind(q.Task)
	if err := q.checkScalars(k); err != nil {
		return nil, err
	}
	q.Model = m.Slug
	return m.answer(k, q)
}

// answer is Select's answer for a query already checked against m and k.
func (m *Model) answer(k *Kind, q Query) (*Result, error) {
	r := &Result{Query: q, Kind: k, Model: m, Selected: Best(m.Configurations, q.GPU, q.Percentile, q.DeadlineMS)}
	if r.Selected != nil {
		r.Estimate = r.Selected.Estimate(q.Tokens)
	} else {
		r.Fastest = Fastest(m.Configurations, q.GPU, q.Percentile)
	}
	if other := otherGPU(m.GPUs, q.GPU, r.Selected); other != "" {
		r.Other = Best(m.Configurations, other, q.Percentile, q.DeadlineMS)
		if r.Other != nil {
			r.OtherEstimate = r.Other.Estimate(q.Tokens)
		}
	}
	// A dataset row can only give a non-finite figure if it holds an absurd
	// value (the importer refuses those); no such figure is ever shown.
	for _, c := range []struct {
		config *Config
		e      Estimate
	}{{r.Selected, r.Estimate}, {r.Other, r.OtherEstimate}} {
		if c.config != nil && !c.e.finite() {
			return nil, errors.New(FormatTokens(q.Tokens) + " " + k.Items + " on dataset row " + c.config.RowID +
				" give a figure that is not a finite number (" + c.e.fields() + "); the row is not a plausible measurement")
		}
	}
	return r, nil
}

// checkScalars checks the query's percentile, deadline and volume, a
// volume of k.
func (q *Query) checkScalars(k *Kind) error {
	if _, err := ParsePercentile(string(q.Percentile)); err != nil {
		return err
	}
	if !(q.DeadlineMS > 0) {
		return &InputError{Param: "deadline", Value: formatG(q.DeadlineMS), Accepted: "a deadline greater than 0 ms"}
	}
	return k.volume.check(q.Tokens)
}

// fields writes e's fields by name, as a message about a bad row quotes it.
func (e Estimate) fields() string {
	return "{EnergyWh:" + formatG(e.EnergyWh) + " EnergyPerRequest:" + formatG(e.EnergyPerRequest) +
		" GPUHours:" + formatG(e.GPUHours) + " Requests:" + formatG(e.Requests) + "}"
}

func (e Estimate) finite() bool {
	for _, v := range []float64{e.EnergyWh, e.EnergyPerRequest, e.GPUHours, e.Requests} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// otherGPU is the GPU to compare the selection with: for a fixed GPU, the
// model's other one; for AnyGPU, the one that was not selected.
func otherGPU(gpus []string, gpu string, selected *Config) string {
	if gpu == AnyGPU {
		if selected == nil {
			return ""
		}
		gpu = selected.GPU
	}
	for _, g := range gpus {
		if g != gpu {
			return g
		}
	}
	return ""
}

// Best returns the configuration on gpu (or on any GPU for AnyGPU) whose
// latency at percentile p meets the deadline with the lowest energy per
// token (or image, or video), or nil. Ties go to fewer GPUs, then the
// smaller batch (max_num_seqs, or batch size), the lower repeat, the GPU name
// and the row id, so that the choice never depends on the order of the rows.
func Best(configs []Config, gpu string, p Percentile, deadlineMS float64) *Config {
	var best *Config
	for i := range configs {
		c := &configs[i]
		if (gpu == AnyGPU || c.GPU == gpu) && p.Meets(c, deadlineMS) && (best == nil || lessEnergy(c, best)) {
			best = c
		}
	}
	return best
}

// Fastest returns the configuration on gpu with the lowest latency at p, the
// cheaper one on a tie.
func Fastest(configs []Config, gpu string, p Percentile) *Config {
	var f *Config
	for i := range configs {
		c := &configs[i]
		if gpu != AnyGPU && c.GPU != gpu {
			continue
		}
		if f == nil || c.Latency(p) < f.Latency(p) || c.Latency(p) == f.Latency(p) && lessEnergy(c, f) {
			f = c
		}
	}
	return f
}

func lessEnergy(a, b *Config) bool {
	switch {
	case a.Joules() != b.Joules():
		return a.Joules() < b.Joules()
	case a.NumGPUs != b.NumGPUs:
		return a.NumGPUs < b.NumGPUs
	case a.Batch() != b.Batch():
		return a.Batch() < b.Batch()
	case a.Repeat != b.Repeat:
		return a.Repeat < b.Repeat
	case a.GPU != b.GPU:
		return a.GPU < b.GPU
	}
	return a.RowID < b.RowID
}
