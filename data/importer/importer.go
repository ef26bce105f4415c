// Package importer turns the ML.ENERGY Leaderboard's published task files into
// tokenjoule's dataset: one JSON file per workload and model, plus an index.
//
// Every row is validated, as read and as it will be written, before anything
// is written, and the output directory is replaced only once the whole
// dataset has been rendered, so a bad input never leaves a half-written
// dataset behind; nor does a process killed while it replaces it (see swap).
package importer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"tokenjoule/data"
)

// Import reads the leaderboard layout in src (index.json and tasks/<task>.json)
// and replaces the dataset in out (index.json and one folder per workload).
// Other files in out, such as Go sources, are left alone.
//
// A problem with src's content is an *InputError; any other error is a
// failure to read or write.
func Import(src, out string) error { return ImportContext(context.Background(), src, out) }

// ImportContext is Import, stopped when ctx is done unless the replacement of
// out has begun, which it then finishes: out holds either the dataset it held
// or the new one. It first finishes or undoes a replacement that a killed
// process left half done (see Recover).
func ImportContext(ctx context.Context, src, out string) error {
	if err := Recover(out); err != nil {
		return err
	}
	files, err := Render(src)
	if err != nil {
		return err
	}
	return swap(ctx, out, files)
}

// InputError is a problem with the leaderboard's files themselves: a file
// missing from the layout, malformed JSON, or a row or field the importer does
// not accept.
type InputError struct{ msg string }

func (e *InputError) Error() string { return e.msg }

func inputErrorf(format string, args ...any) error {
	return &InputError{fmt.Sprintf(format, args...)}
}

// Render builds the dataset from src in memory: file path (slash-separated,
// relative to the output directory) to content.
func Render(src string) (map[string][]byte, error) {
	var lb struct {
		LastUpdated   string                     `json:"last_updated"`
		Tasks         []string                   `json:"tasks"`
		Architectures map[string][]string        `json:"architectures"`
		Models        map[string]json.RawMessage `json:"models"`
	}
	if err := readJSON(filepath.Join(src, "index.json"), &lb); err != nil {
		return nil, err
	}
	if !validDate(lb.LastUpdated) {
		return nil, inputErrorf("%s: last_updated %q is not a date (YYYY-MM-DD)", filepath.Join(src, "index.json"), lb.LastUpdated)
	}
	files := make(map[string][]byte)
	index := data.Index{
		Version:     data.SchemaVersion,
		DataVersion: dataVersion,
		Unit:        unit,
		DeadlineMS:  data.DefaultDeadlineMS,
		Source:      source(lb.LastUpdated, "", "", 0),
		Caveat:      caveat,
		Boundary:    boundary,
	}
	for _, w := range workloads {
		if !slices.Contains(lb.Tasks, w.ID) {
			return nil, inputErrorf("%s: task %q is not listed in its tasks", filepath.Join(src, "index.json"), w.ID)
		}
		file := filepath.Join(src, "tasks", w.ID+".json")
		var (
			models []*data.Model
			err    error
		)
		if k := w.kind; k.Diffusion() {
			// Its rows have a schema of their own, which the index says it has.
			if !slices.Contains(lb.Architectures[diffusionKey], w.ID) {
				return nil, inputErrorf("%s: task %q is not listed in its architectures.%s", filepath.Join(src, "index.json"), w.ID, diffusionKey)
			}
			models, err = readRows(file, w, lb.LastUpdated, func(file string, i int, raw json.RawMessage) (modelInfo, data.Config, error) {
				return decodeDiffusion(file, i, raw, k)
			})
		} else {
			models, err = readRows(file, w, lb.LastUpdated, decodeTokens)
		}
		if err != nil {
			return nil, err
		}
		entry := data.Workload{ID: w.ID, Name: w.Name, Unit: w.kind.Item}
		for _, m := range models {
			b, err := marshal(m)
			if err != nil {
				return nil, err
			}
			files[w.ID+"/"+m.Slug+".json"] = b
			entry.Models = append(entry.Models, data.ModelEntry{
				Slug: m.Slug, Name: m.Name, ModelID: m.ModelID,
				Params: m.Params, ActiveParams: m.ActiveParams, Architecture: m.Architecture,
				Precision: m.Configurations[0].Precision, GPUs: m.GPUs, Best: m.Best,
			})
		}
		index.Workloads = append(index.Workloads, entry)
	}
	b, err := marshal(index)
	if err != nil {
		return nil, err
	}
	files["index.json"] = b
	return files, nil
}

// row is one configuration as the leaderboard publishes it.
type row struct {
	ModelID        string  `json:"model_id"`
	Nickname       string  `json:"nickname"`
	Architecture   string  `json:"architecture"`
	TotalParams    float64 `json:"total_params_billions"`
	ActiveParams   float64 `json:"activated_params_billions"`
	Precision      string  `json:"weight_precision"`
	GPU            string  `json:"gpu_model"`
	NumGPUs        int     `json:"num_gpus"`
	TensorParallel int     `json:"tensor_parallel"`
	DataParallel   int     `json:"data_parallel"`
	ExpertParallel int     `json:"expert_parallel"`
	MaxNumSeqs     int     `json:"max_num_seqs"`
	AvgBatch       float64 `json:"avg_batch_size"`
	AvgOutputLen   float64 `json:"avg_output_len"`
	Power          float64 `json:"avg_power_watts"`
	EnergyRequest  float64 `json:"energy_per_request_joules"`
	EnergyToken    float64 `json:"energy_per_token_joules"`
	Throughput     float64 `json:"output_throughput_tokens_per_sec"`
	P50            float64 `json:"median_itl_ms"`
	P90            float64 `json:"p90_itl_ms"`
	P95            float64 `json:"p95_itl_ms"`
	P99            float64 `json:"p99_itl_ms"`
}

// required lists row's JSON keys: a missing key would otherwise decode as zero.
var required = jsonKeys(row{})

// workload is a task of the leaderboard that the calculator offers, with the
// name people know it by and what its models generate (data.TaskKind).
type workload struct {
	ID, Name string
	kind     *data.Kind
}

func newWorkload(id, name string) workload { return workload{id, name, data.TaskKind(id)} }

var workloads = []workload{
	newWorkload("lm-arena-chat", "Text Conversation"),
	newWorkload("gpqa", "Reasoning"),
	newWorkload("sourcegraph-fim", "Code Completion"),
	newWorkload("image-chat", "Image Chat"),
	newWorkload("video-chat", "Video Chat"),
	newWorkload("text-to-image", "Text to Image"),
	newWorkload("text-to-video", "Text to Video"),
}

// diffusionKey is the architecture under which the leaderboard's index lists
// the diffusion tasks.
const diffusionKey = "diffusion"

var precisions = map[string]string{"bfloat16": "BF16", "fp8": "FP8", "mxfp4": "MXFP4"}

// rowError names everything needed to find a bad row in the leaderboard's files.
func rowError(file string, i int, model, field string, value any, why string) error {
	return inputErrorf("%s: row %d (model %s): field %s = %v: %s", file, i, model, field, value, why)
}

// maxWritten bounds every number the dataset holds. It is far above any
// measurement (a terawatt, a terajoule per token) and low enough that no
// figure the calculator derives from it, for up to 1e18 tokens, overflows.
const maxWritten = 1e12

// decodeTokens decodes and checks one row of a token task (decodeRow), and
// returns its model and its configuration, whose row id does not yet say
// which run it is.
func decodeTokens(file string, i int, raw json.RawMessage) (modelInfo, data.Config, error) {
	r, err := decodeRow(file, i, raw)
	if err != nil {
		return modelInfo{}, data.Config{}, err
	}
	info := modelInfo{ModelID: r.ModelID, Nickname: r.Nickname, Architecture: r.Architecture,
		TotalParams: r.TotalParams, ActiveParams: r.ActiveParams}
	w := written{file: file, row: i, model: r.ModelID}
	c := data.Config{
		GPU: r.GPU, NumGPUs: r.NumGPUs,
		TensorParallel: r.TensorParallel, DataParallel: r.DataParallel, ExpertParallel: r.ExpertParallel,
		Precision:           precisions[r.Precision],
		MaxNumSeqs:          r.MaxNumSeqs,
		AvgRequestsInFlight: w.rounded("avg_batch_size", r.AvgBatch, 1, "requests in flight"),
		WhPerMillionTokens:  w.value("energy_per_token_joules", r.EnergyToken, float64(round(r.EnergyToken*1e6/3600, 2)), "Wh per million tokens"),
		JoulesPerToken:      w.rounded("energy_per_token_joules", r.EnergyToken, 7, "J per token"),
		MedianITL:           w.rounded("median_itl_ms", r.P50, 1, "ms"),
		P90ITL:              w.rounded("p90_itl_ms", r.P90, 1, "ms"),
		P99ITL:              w.rounded("p99_itl_ms", r.P99, 1, "ms"),
		TokensPerSecond:     w.rounded("output_throughput_tokens_per_sec", r.Throughput, 1, "tokens/s"),
		PowerWatts:          w.whole("avg_power_watts", r.Power, "W"),
		AvgOutputTokens:     w.whole("avg_output_len", r.AvgOutputLen, "tokens"),
		AvgRunningBatch:     w.rounded("avg_batch_size", r.AvgBatch, 1, "running batch"),
		P95ITL:              w.rounded("p95_itl_ms", r.P95, 1, "ms"),
	}
	if w.err != nil {
		return info, data.Config{}, w.err
	}
	under := float64(c.MedianITL) <= data.DefaultDeadlineMS
	c.UnderDeadline = &under
	c.RowID = fmt.Sprintf("%s/%s/%d/%d", data.Slug(r.Nickname), c.GPU, c.NumGPUs, c.MaxNumSeqs)
	return info, c, nil
}

// decodeRow decodes and validates one leaderboard row.
func decodeRow(file string, i int, raw json.RawMessage) (*row, error) {
	fields, model, err := rowFields(file, i, raw)
	if err != nil {
		return nil, err
	}
	if err := checkKeys(file, i, model, fields, required); err != nil {
		return nil, err
	}
	var r row
	if err := json.Unmarshal(raw, &r); err != nil {
		if te, ok := err.(*json.UnmarshalTypeError); ok {
			return nil, rowError(file, i, model, te.Field, string(fields[te.Field]), "want a JSON "+te.Type.Kind().String())
		}
		return nil, inputErrorf("%s: row %d (model %s): %v", file, i, model, err)
	}
	for _, f := range []struct {
		name string
		v    string
	}{{"model_id", r.ModelID}, {"nickname", r.Nickname}, {"architecture", r.Architecture}} {
		if strings.TrimSpace(f.v) == "" {
			return nil, rowError(file, i, model, f.name, strconv.Quote(f.v), "must not be empty")
		}
	}
	if data.Slug(r.Nickname) == "" {
		return nil, rowError(file, i, model, "nickname", strconv.Quote(r.Nickname), "has no letter or digit to make a slug from")
	}
	if !slices.Contains(data.GPUs, r.GPU) {
		return nil, rowError(file, i, model, "gpu_model", strconv.Quote(r.GPU), "unknown GPU; known: "+strings.Join(data.GPUs, ", "))
	}
	if _, ok := precisions[r.Precision]; !ok {
		return nil, rowError(file, i, model, "weight_precision", strconv.Quote(r.Precision), "unknown precision; known: bfloat16, fp8, mxfp4")
	}
	for _, f := range []struct {
		name string
		v    int
	}{{"num_gpus", r.NumGPUs}, {"tensor_parallel", r.TensorParallel}, {"data_parallel", r.DataParallel},
		{"expert_parallel", r.ExpertParallel}, {"max_num_seqs", r.MaxNumSeqs}} {
		if f.v < 1 {
			return nil, rowError(file, i, model, f.name, f.v, "must be at least 1")
		}
	}
	for _, f := range []struct {
		name string
		v    float64
	}{{"total_params_billions", r.TotalParams}, {"activated_params_billions", r.ActiveParams},
		{"avg_batch_size", r.AvgBatch}, {"avg_output_len", r.AvgOutputLen}, {"avg_power_watts", r.Power},
		{"energy_per_request_joules", r.EnergyRequest}, {"energy_per_token_joules", r.EnergyToken},
		{"output_throughput_tokens_per_sec", r.Throughput}, {"median_itl_ms", r.P50}} {
		if !(f.v > 0) || math.IsInf(f.v, 0) {
			return nil, rowError(file, i, model, f.name, f.v, "must be greater than 0")
		}
	}
	for _, p := range []struct {
		name   string
		lo, hi float64
	}{{"p90_itl_ms", r.P50, r.P90}, {"p95_itl_ms", r.P90, r.P95}, {"p99_itl_ms", r.P95, r.P99}} {
		if !(p.hi >= p.lo) {
			return nil, rowError(file, i, model, p.name, p.hi, fmt.Sprintf("is below the previous percentile (%v); percentiles must be p50 ≤ p90 ≤ p95 ≤ p99", p.lo))
		}
	}
	if want := r.EnergyToken * r.AvgOutputLen; math.Abs(r.EnergyRequest-want) > 1e-6*want {
		return nil, rowError(file, i, model, "energy_per_request_joules", r.EnergyRequest,
			fmt.Sprintf("differs from energy_per_token_joules × avg_output_len = %v by more than 1e-6 (relative)", want))
	}
	return &r, nil
}

// round rounds x to n decimals the way the reference file does (correctly
// rounded decimal of the binary value, ties to even).
func round(x float64, n int) data.Float {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', n, 64), 64)
	return data.Float(v)
}

func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	// The reference file has no final newline.
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// readJSON reads a file of the leaderboard's layout. A missing file or
// malformed JSON is an *InputError; a file that cannot be read is not.
func readJSON(file string, v any) error {
	b, err := os.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return inputErrorf("%s does not exist: the source must be a directory in the leaderboard's layout (index.json, tasks/<task>.json)", file)
	}
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return inputErrorf("%s: %v", file, err)
	}
	return nil
}

// validDate tells whether s is a calendar date written YYYY-MM-DD.
func validDate(s string) bool {
	_, err := time.Parse(time.DateOnly, s)
	return err == nil
}
