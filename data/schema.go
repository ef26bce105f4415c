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
	DeadlineMS   int      `json:"itl_deadline_ms"`
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
type Config struct {
	GPU                 string `json:"gpu"`
	NumGPUs             int    `json:"num_gpus"`
	TensorParallel      int    `json:"tensor_parallel"`
	DataParallel        int    `json:"data_parallel"`
	ExpertParallel      int    `json:"expert_parallel"`
	Precision           string `json:"precision"`
	MaxNumSeqs          int    `json:"max_num_seqs"`
	AvgRequestsInFlight Float  `json:"avg_requests_in_flight"`
	WhPerMillionTokens  Float  `json:"wh_per_million_output_tokens"`
	JoulesPerToken      Float  `json:"joules_per_output_token"`
	MedianITL           Float  `json:"median_itl_ms"`
	P90ITL              Float  `json:"p90_itl_ms"`
	P99ITL              Float  `json:"p99_itl_ms"`
	TokensPerSecond     Float  `json:"tokens_per_second"`
	PowerWatts          int    `json:"gpu_power_watts_total"`
	AvgOutputTokens     int    `json:"avg_output_tokens"`
	UnderDeadline       bool   `json:"under_itl_deadline"`
	AvgRunningBatch     Float  `json:"avg_running_batch"`
	P95ITL              Float  `json:"p95_itl_ms"`
	RowID               string `json:"row_id"`
	Repeat              int    `json:"repeat"`
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
	ID     string       `json:"id"`
	Name   string       `json:"name"`
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
