// Package importer turns the ML.ENERGY Leaderboard's published task files into
// tokenjoule's dataset: per workload one JSON file per model (the reference
// schema's rows, rounded) and the measured values unrounded
// (<task>/measured.bin, see data.MeasuredTable), plus an index.
//
// Every row is validated, as read and as it will be written, before anything
// is written, and the dataset is written as a new generation that one rename
// of a pointer file makes current, so a bad input never leaves a half-written
// dataset behind, nor does a process killed while it writes (see swap.go).
//
// A task of another kind (text-to-image, text-to-video) follows the same
// path: its rows read and bounded in a decoder of its own, its model files
// beside the others, its measured values in the workload's measured.bin
// under the leaderboard's field names (a latency in whole microseconds,
// rounded up, as data.MicrosUp makes it; an energy bit for bit), all in the
// one map Render returns, so that the generation and its swap stay one.
package importer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"tokenjoule/data"
)

// Import reads the leaderboard layout in src (index.json and tasks/<task>.json)
// and makes the dataset it renders the current generation of the dataset
// folder out (data/dataset: see swap.go). Other files in out are left alone.
//
// A problem with src's content is an *InputError; any other error is a
// failure to read or write.
func Import(src, out string) error { return ImportContext(context.Background(), src, out) }

// ImportContext is Import, stopped when ctx is done unless the replacement of
// the current generation has begun, which it then finishes: out holds either
// the dataset it held or the new one. It first removes what a killed import
// left (see Recover).
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
		return nil, inputErrorf("%s: last_updated %s is not a date (YYYY-MM-DD)", filepath.Join(src, "index.json"), data.Quote(lb.LastUpdated))
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
			models   []*data.Model
			measured *data.MeasuredTable
			err      error
		)
		if k := w.kind; k.Diffusion() {
			// Its rows have a schema of their own, which the index says it has.
			if !slices.Contains(lb.Architectures[diffusionKey], w.ID) {
				return nil, inputErrorf("%s: task %q is not listed in its architectures.%s", filepath.Join(src, "index.json"), w.ID, diffusionKey)
			}
			models, measured, err = readRows(file, w, lb.LastUpdated, func(file string, i int, raw json.RawMessage) (modelInfo, data.Config, *diffusionRow, error) {
				return decodeDiffusion(file, i, raw, k)
			}, diffusionTable(k))
		} else {
			models, measured, err = readRows(file, w, lb.LastUpdated, decodeTokens, measuredTable)
		}
		if err != nil {
			return nil, err
		}
		entry := data.Workload{ID: w.ID, Name: w.Name, Unit: w.kind.Item}
		b, err := measured.MarshalBinary()
		if err != nil {
			return nil, err
		}
		files[w.ID+"/"+data.MeasuredFile] = b
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

// measuredTable is a workload's measured values (see data.TokenColumns):
// the latencies in whole microseconds rounded up, the energy per token, the
// average output length and the throughput as published. The product of the
// first two is the energy per request as published on every row of the
// leaderboard's; where it is not, the energy per request itself is kept.
func measuredTable(rows map[string]*row) *data.MeasuredTable {
	t := &data.MeasuredTable{Columns: slices.Clone(data.TokenColumns)}
	for _, r := range rows {
		if r.EnergyToken*r.AvgOutputLen != r.EnergyRequest {
			t.Columns[5] = "energy_per_request_joules"
		}
	}
	t.Rows = slices.Sorted(maps.Keys(rows))
	for _, id := range t.Rows {
		r := rows[id]
		last := r.AvgOutputLen
		if t.Columns[5] != "avg_output_len" {
			last = r.EnergyRequest
		}
		t.Values = append(t.Values, []float64{data.MicrosUp(r.P50), data.MicrosUp(r.P90), data.MicrosUp(r.P95), data.MicrosUp(r.P99),
			r.EnergyToken, last, r.Throughput})
	}
	return t
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

// rowError names everything needed to find a bad row in the leaderboard's
// files, each name and value cut short (data.Excerpt): a message quotes 40
// characters of a 5,000-character nickname, not all of them.
func rowError(file string, i int, model, field string, value any, why string) error {
	return inputErrorf("%s: row %d (model %s): field %s = %s: %s", file, i, data.Excerpt(model), data.Excerpt(field), data.Excerpt(fmt.Sprint(value)), why)
}

// The plausible range of each field of a row: far beyond any measurement
// published, so that a real one is never refused, and close enough that a
// typo, a unit mistake or a hostile file is (1e300 billion parameters, 2^40
// GPUs). Each bound is given with the words that explain it.
const (
	maxGPUs        = 1024    // GPUs in one serving configuration (the leaderboard's have 1 to 8)
	maxNumSeqs     = 1 << 16 // batch size limit (up to 4,096 measured)
	maxParamsB     = 1e5     // billions of parameters: 100 trillion (671 billion measured)
	maxOutputLen   = 1e7     // tokens per answer (up to 12,000 measured)
	maxWattsPerGPU = 5000    // W per GPU (up to 1,000 measured)
	maxJPerToken   = 1e4     // J per token (up to 34 measured)
	maxThroughput  = 1e7     // tokens per second (up to 22,000 measured)
	maxITL         = 600000  // ms between tokens: 10 minutes (up to 6.9 s measured, at p99)
	maxText        = 100     // characters of a nickname or an architecture
	maxModelID     = 200     // characters of a model id
	relTolerance   = 1e-6    // between a figure and its product of two others
)

// badText says what is wrong with a name of at most max characters, or "".
func badText(s string, max int) string {
	switch n := utf8.RuneCountInString(s); {
	case strings.TrimSpace(s) == "":
		return "must not be empty"
	case n > max:
		return fmt.Sprintf("is %d characters long; at most %d are accepted", n, max)
	case strings.TrimSpace(s) != s:
		return "begins or ends with a space"
	}
	for _, r := range s {
		if !unicode.IsGraphic(r) {
			return fmt.Sprintf("holds %U, a character that cannot be shown; letters, digits, punctuation and spaces are accepted", r)
		}
	}
	return ""
}

// nameMarks are the marks a model's name or id may hold besides letters,
// digits and spaces: all that the leaderboard's names use ("Qwen 3 30B A3B",
// "deepseek-ai/DeepSeek-V3.1", "PixArt-Σ") and a few more names may need.
// Quotes, <, >, &, = and brackets are refused: no model needs them, and a
// name is written into every page, some of it into attributes.
const nameMarks = ".-_/+:"

// badName says what in s no model name needs, or "".
func badName(s string) string {
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != ' ' && !strings.ContainsRune(nameMarks, r) {
			return fmt.Sprintf("holds %q, a character no model name needs; letters, digits, spaces and %s are accepted",
				r, strings.Join(strings.Split(nameMarks, ""), " "))
		}
	}
	return ""
}

// maxWritten bounds every number the dataset holds. It is far above any
// measurement (a terawatt, a terajoule per token) and low enough that no
// figure the calculator derives from it, for up to 1e18 tokens, overflows.
const maxWritten = 1e12

// decodeTokens decodes and checks one row of a token task (decodeRow), and
// returns its model, its configuration, whose row id does not yet say which
// run it is, and the row itself, for its measured values (measuredTable).
func decodeTokens(file string, i int, raw json.RawMessage) (modelInfo, data.Config, *row, error) {
	r, err := decodeRow(file, i, raw)
	if err != nil {
		return modelInfo{}, data.Config{}, nil, err
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
		return info, data.Config{}, nil, w.err
	}
	under := float64(c.MedianITL) <= data.DefaultDeadlineMS
	c.UnderDeadline = &under
	c.RowID = fmt.Sprintf("%s/%s/%d/%d", data.Slug(r.Nickname), c.GPU, c.NumGPUs, c.MaxNumSeqs)
	return info, c, r, nil
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
		return nil, inputErrorf("%s: row %d (model %s): %v", file, i, data.Excerpt(model), err)
	}
	info := modelInfo{ModelID: r.ModelID, Nickname: r.Nickname, Architecture: r.Architecture,
		TotalParams: r.TotalParams, ActiveParams: r.ActiveParams}
	if err := info.check(file, i, model); err != nil {
		return nil, err
	}
	if !slices.Contains(data.GPUs, r.GPU) {
		return nil, rowError(file, i, model, "gpu_model", strconv.Quote(r.GPU), "unknown GPU; known: "+strings.Join(data.GPUs, ", "))
	}
	if _, ok := precisions[r.Precision]; !ok {
		return nil, rowError(file, i, model, "weight_precision", strconv.Quote(r.Precision), "unknown precision; known: bfloat16, fp8, mxfp4")
	}
	for _, f := range []struct {
		name   string
		v, max int
		bound  string
	}{{"num_gpus", r.NumGPUs, maxGPUs, "GPUs in one configuration"},
		{"tensor_parallel", r.TensorParallel, r.NumGPUs, "num_gpus"}, {"data_parallel", r.DataParallel, r.NumGPUs, "num_gpus"},
		{"expert_parallel", r.ExpertParallel, r.NumGPUs, "num_gpus"}, {"max_num_seqs", r.MaxNumSeqs, maxNumSeqs, "requests in a batch"}} {
		if f.v < 1 || f.v > f.max {
			return nil, rowError(file, i, model, f.name, f.v, fmt.Sprintf("must be a whole number from 1 to %d (%s)", f.max, f.bound))
		}
	}
	for _, f := range []struct {
		name   string
		v, max float64
		bound  string
	}{{"avg_batch_size", r.AvgBatch, float64(r.MaxNumSeqs), "max_num_seqs, the batch size limit"},
		{"avg_output_len", r.AvgOutputLen, maxOutputLen, "tokens"},
		{"energy_per_token_joules", r.EnergyToken, maxJPerToken, "J"},
		{"energy_per_request_joules", r.EnergyRequest, maxJPerToken * maxOutputLen, "J"},
		{"output_throughput_tokens_per_sec", r.Throughput, maxThroughput, "tokens per second"},
		{"avg_power_watts", r.Power, maxWattsPerGPU * float64(r.NumGPUs), fmt.Sprintf("W: %s per GPU, num_gpus = %d", data.FormatNumber(maxWattsPerGPU), r.NumGPUs)},
		{"median_itl_ms", r.P50, maxITL, "ms, 10 minutes"}, {"p90_itl_ms", r.P90, maxITL, "ms, 10 minutes"},
		{"p95_itl_ms", r.P95, maxITL, "ms, 10 minutes"}, {"p99_itl_ms", r.P99, maxITL, "ms, 10 minutes"}} {
		if !(f.v > 0 && f.v <= f.max) {
			return nil, rowError(file, i, model, f.name, f.v, fmt.Sprintf("must be greater than 0 and at most %s (%s)", data.FormatNumber(f.max), f.bound))
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
	if want := r.EnergyToken * r.Throughput; math.Abs(r.Power-want) > relTolerance*want {
		return nil, rowError(file, i, model, "avg_power_watts", r.Power,
			fmt.Sprintf("differs from energy_per_token_joules × output_throughput_tokens_per_sec = %v × %v = %v by more than 1e-6 (relative)", r.EnergyToken, r.Throughput, want))
	}
	if want := r.EnergyToken * r.AvgOutputLen; math.Abs(r.EnergyRequest-want) > relTolerance*want {
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

// maxFileSize bounds a file of the leaderboard's layout: its largest is
// some 400 KB, and a file past the bound, or a device that never ends, is
// no leaderboard's.
const maxFileSize = 64 << 20

// readJSON reads a file of the leaderboard's layout. A missing file, one
// that is no regular file or is too large, and malformed JSON are
// *InputErrors; a file that cannot be read is not.
func readJSON(file string, v any) error {
	const layout = "the source must be a directory in the leaderboard's layout (index.json, tasks/<task>.json)"
	f, err := os.Open(file)
	if errors.Is(err, fs.ErrNotExist) {
		return inputErrorf("%s does not exist: %s", file, layout)
	}
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		what := "not a regular file"
		if fi.IsDir() {
			what = "a directory"
		}
		return inputErrorf("%s is %s: %s", file, what, layout)
	}
	b, err := io.ReadAll(io.LimitReader(f, maxFileSize+1))
	if err != nil {
		return err
	}
	if len(b) > maxFileSize {
		return inputErrorf("%s is larger than %d MiB, far more than any file of the leaderboard's: %s", file, maxFileSize>>20, layout)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return inputErrorf("%s: %v", file, err)
	}
	d, err := findDuplicate(b)
	switch {
	case err != nil:
		return inputErrorf("%s: %v", file, err)
	case d == nil:
		return nil
	}
	why := fmt.Sprintf("appears twice (%s, then %s); each key must appear once, or the last would silently win", data.Excerpt(d.first), data.Excerpt(d.second))
	var row int
	if n, _ := fmt.Sscanf(d.path, "configurations[%d]", &row); n == 1 && d.path == fmt.Sprintf("configurations[%d]", row) {
		model := d.model
		if model == "" {
			model = "?"
		}
		return inputErrorf("%s: row %d (model %s): field %s %s", file, row, data.Excerpt(model), data.Excerpt(d.key), why)
	}
	where := "the top level"
	if d.path != "" {
		where = data.Excerpt(d.path)
	}
	return inputErrorf("%s: %s: key %s %s", file, where, data.Quote(d.key), why)
}

// validDate tells whether s is a calendar date written YYYY-MM-DD.
func validDate(s string) bool {
	_, err := time.Parse(time.DateOnly, s)
	return err == nil
}
