package data

import (
	"strconv"
	"strings"
)

// SchemaVersion is the version of the per-model file format written by the importer.
const SchemaVersion = "1"

// Model is one model measured on one workload: the content of data/<task>/<slug>.json.
type Model struct {
	Version      string   `json:"version"`
	Updated      string   `json:"updated"`
	DataVersion  string   `json:"data_version"`
	Unit         string   `json:"unit"`
	DeadlineMS   int      `json:"itl_deadline_ms,omitempty"` // a token workload's default deadline
	DeadlineS    int      `json:"deadline_s,omitempty"`      // an image or video workload's
	Source       Source   `json:"source"`
	Caveat       string   `json:"caveat"`
	Boundary     string   `json:"boundary"`
	Slug         string   `json:"slug"`
	Name         string   `json:"name"`
	ModelID      string   `json:"model_id"`
	Params       Float    `json:"params_b"`
	ActiveParams Float    `json:"active_params_b"`
	Architecture string   `json:"architecture"`
	GPUs         []string `json:"gpus"`
	// Configurations are sorted by GPU, number of GPUs, max_num_seqs and repeat.
	Configurations []Config `json:"configurations"`
	// Best holds, per GPU, the configuration selected at the default
	// deadline, as the file writes it: without Measured (Configurations
	// hold the same rows with theirs).
	Best map[string]Config `json:"best"`
}

// Source says where the measurements come from and under which terms.
type Source struct {
	Name             string   `json:"name"`
	Publisher        string   `json:"publisher"`
	URL              string   `json:"url"`
	DataURL          string   `json:"data_url,omitempty"`
	Version          string   `json:"version"`
	Released         string   `json:"released"`
	Compiled         string   `json:"compiled"`
	CompiledEvidence string   `json:"compiled_evidence"`
	Retrieved        string   `json:"retrieved"`
	Licence          string   `json:"licence"`
	LicenceEvidence  []string `json:"licence_evidence"`
	Workload         string   `json:"workload,omitempty"`
	Method           string   `json:"method"`
	Selection        string   `json:"selection"`
	Cite             string   `json:"cite"`
	CiteURL          string   `json:"cite_url"`
	UsedFor          string   `json:"used_for"`
	Configurations   string   `json:"configurations,omitempty"`
}

// Config is one measured serving configuration. Energy and power are totals over
// all NumGPUs GPUs.
//
// A language model's configuration (a token workload's) has the fields
// from TensorParallel to P95ITL but the diffusion ones; a diffusion
// model's (an image or video workload's) has UlyssesDegree, RingDegree and
// the fields from BatchSize to ItemsPerSecond, besides those all share: the
// GPUs, the precision, the power, the row id and the repeat. The fields a
// configuration lacks are zero, and left out of its file.
type Config struct {
	GPU            string `json:"gpu"`
	NumGPUs        int    `json:"num_gpus"`
	TensorParallel int    `json:"tensor_parallel,omitempty"`
	DataParallel   int    `json:"data_parallel,omitempty"`
	ExpertParallel int    `json:"expert_parallel,omitempty"`
	// The sequence-parallel degrees a diffusion model's work is split by
	// over its GPUs (Ulysses attention and ring attention); their product
	// is NumGPUs.
	UlyssesDegree       int    `json:"ulysses_degree,omitempty"`
	RingDegree          int    `json:"ring_degree,omitempty"`
	Precision           string `json:"precision"`
	MaxNumSeqs          int    `json:"max_num_seqs,omitempty"`
	BatchSize           int    `json:"batch_size,omitempty"` // images or videos generated together
	Width               int    `json:"width,omitempty"`      // pixels, of an image or a video
	Height              int    `json:"height,omitempty"`
	Frames              int    `json:"num_frames,omitempty"` // of a video
	FPS                 int    `json:"fps,omitempty"`        // of a video
	Steps               int    `json:"inference_steps,omitempty"`
	AvgRequestsInFlight Float  `json:"avg_requests_in_flight,omitempty"`
	WhPerMillionTokens  Float  `json:"wh_per_million_output_tokens,omitempty"`
	JoulesPerToken      Float  `json:"joules_per_output_token,omitempty"`
	JoulesPerItem       Float  `json:"joules_per_item,omitempty"` // per image or video
	MedianITL           Float  `json:"median_itl_ms,omitempty"`
	P90ITL              Float  `json:"p90_itl_ms,omitempty"`
	P99ITL              Float  `json:"p99_itl_ms,omitempty"`
	BatchLatencyS       Float  `json:"batch_latency_s,omitempty"` // the time to generate a batch
	TokensPerSecond     Float  `json:"tokens_per_second,omitempty"`
	ItemsPerSecond      Float  `json:"items_per_second,omitempty"` // images or videos
	PowerWatts          int    `json:"gpu_power_watts_total"`
	AvgOutputTokens     int    `json:"avg_output_tokens,omitempty"`
	// UnderDeadline tells whether the median ITL is within the leaderboard's
	// 500 ms; a pointer, so that a token configuration always writes it,
	// false included, and a diffusion one never does.
	UnderDeadline   *bool  `json:"under_itl_deadline,omitempty"`
	AvgRunningBatch Float  `json:"avg_running_batch,omitempty"`
	P95ITL          Float  `json:"p95_itl_ms,omitempty"`
	RowID           string `json:"row_id"`
	Repeat          int    `json:"repeat"`
	// Measured holds the row's figures as measured, from the workload's
	// measured.bin; nil in a dataset that has none (one written by hand),
	// which is then answered on the rounded figures above.
	Measured *Measured `json:"-"`
}

// Index lists every workload and model with its best configurations, so that a
// UI can offer every choice without parsing all model files.
type Index struct {
	Version     string     `json:"version"`
	DataVersion string     `json:"data_version"`
	Unit        string     `json:"unit"`
	DeadlineMS  int        `json:"itl_deadline_ms"`
	Source      Source     `json:"source"`
	Caveat      string     `json:"caveat"`
	Boundary    string     `json:"boundary"`
	Workloads   []Workload `json:"workloads"`
}

// Workload is one task of the leaderboard.
type Workload struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Unit is what the workload's models generate, a Kind's Item: "token",
	// "image" or "video".
	Unit   string       `json:"unit"`
	Models []ModelEntry `json:"models"`
}

// ModelEntry is a model's line in the index.
type ModelEntry struct {
	Slug         string            `json:"slug"`
	Name         string            `json:"name"`
	ModelID      string            `json:"model_id"`
	Params       Float             `json:"params_b"`
	ActiveParams Float             `json:"active_params_b"`
	Architecture string            `json:"architecture"`
	Precision    string            `json:"precision"`
	GPUs         []string          `json:"gpus"`
	Best         map[string]Config `json:"best"`
}

// Float is a float64 that is always written with a decimal point (14.0, not 14),
// as the leaderboard-derived reference file writes it, so that the importer's
// output matches that file byte for byte.
type Float float64

// MarshalJSON writes the shortest decimal that reads back as f.
func (f Float) MarshalJSON() ([]byte, error) {
	s := strconv.FormatFloat(float64(f), 'f', -1, 64)
	if !strings.ContainsAny(s, ".") {
		s += ".0"
	}
	return []byte(s), nil
}
