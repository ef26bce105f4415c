package data

import (
	"fmt"
	"math"
	"slices"
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

// ParsePercentile accepts p50 (or median), p90, p95 and p99, ignoring case.
func ParsePercentile(s string) (Percentile, error) {
	p := Percentile(strings.ToLower(strings.TrimSpace(s)))
	if p == "median" {
		p = P50
	}
	if slices.Contains(Percentiles, p) {
		return p, nil
	}
	return "", &InputError{Param: "percentile", Value: s, Accepted: "one of p50 (median), p90, p95, p99"}
}

// Meets tells whether c meets a deadline of deadlineMS at percentile p (for
// a diffusion configuration, whatever p: see Config.Latency): the one
// predicate every selection uses (Best, the charts' points, the
// planner), so that they never disagree on which configurations qualify.
func (p Percentile) Meets(c *Config, deadlineMS float64) bool { return c.Latency(p) <= deadlineMS }

// ITL returns c's inter-token latency in ms at percentile p.
func (p Percentile) ITL(c *Config) float64 {
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
		return fmt.Sprintf("each %s ready within %s", k.Item, k.Deadline(ms))
	}
	return fmt.Sprintf("%s within %s of the one before", p.Share(), FormatMS(ms))
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
	EnergyPerRequest float64 // joules for a request of the average output length
	GPUHours         float64 // GPU time for the volume at the measured throughput
	Requests         float64 // requests of the average output length in the volume
}

// Estimate returns what a volume (output tokens, images or videos) costs on c.
func (c *Config) Estimate(volume float64) Estimate {
	j, per := c.Joules(), c.PerRequest()
	return Estimate{
		EnergyWh:         j * volume / 3600,
		EnergyPerRequest: j * per,
		GPUHours:         volume / c.Throughput() * float64(c.NumGPUs) / 3600,
		Requests:         volume / per,
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

// MinDeadlineMS is the smallest deadline that some configuration meets: the
// fastest configuration's latency. It is 0 when the deadline was met.
func (r *Result) MinDeadlineMS() float64 {
	if r.Fastest == nil {
		return 0
	}
	return r.Fastest.Latency(r.Query.Percentile)
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
			Accepted: fmt.Sprintf("%s or a GPU %s was measured on: %s", AnyGPU, m.Name, strings.Join(m.GPUs, ", "))}
	}
	k := TaskKind(q.Task)
	if err := q.checkScalars(k); err != nil {
		return nil, err
	}
	q.Model = m.Slug
	r := &Result{Query: q, Kind: k, Model: m, Selected: Best(m.Configurations, q.GPU, q.Percentile, q.DeadlineMS)}
	if r.Selected != nil {
		r.Estimate = r.Selected.Estimate(q.Tokens)
	} else {
		r.Fastest = fastest(m.Configurations, q.GPU, q.Percentile)
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
			return nil, fmt.Errorf("%s %s on dataset row %s give a figure that is not a finite number (%+v); the row is not a plausible measurement",
				FormatTokens(q.Tokens), k.Items, c.config.RowID, c.e)
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
		return &InputError{Param: "deadline", Value: fmt.Sprint(q.DeadlineMS), Accepted: "a deadline greater than 0 ms"}
	}
	return k.volume.check(q.Tokens)
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

// fastest returns the configuration on gpu with the lowest latency at p, the
// cheaper one on a tie.
func fastest(configs []Config, gpu string, p Percentile) *Config {
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
