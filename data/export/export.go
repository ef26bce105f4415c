package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"tokenjoule/data"
)

// Object is a JSON object whose keys keep their order.
type Object []Field

// Field is one key of an Object. Value is anything encoding/json writes; nil
// is null.
type Field struct {
	Key   string
	Value any
}

// MarshalJSON writes the fields in order.
func (o Object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(f.Key)
		v, err := compact(f.Value)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.Key, err)
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// compact encodes v without escaping <, > and &, which only matter inside HTML.
func compact(v any) ([]byte, error) {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	err := e.Encode(v)
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), err
}

// indent encodes v as a document: two-space indentation and a final newline.
func indent(v any) ([]byte, error) {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	e.SetIndent("", "  ")
	if err := e.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// rowKey is a key of a configuration in a document, and its value.
type rowKey struct {
	key   string
	value func(c *data.Config) any
}

// rowKeys are a token configuration's keys in a document, in order, with the
// dataset's names. A document leaves out three keys of the dataset's rows:
// avg_requests_in_flight (always equal to avg_running_batch), repeat (in
// row_id as "/r2") and under_itl_deadline (whether the median ITL is under
// the leaderboard's 500 ms, not under the query's deadline).
var rowKeys = []rowKey{
	{"row_id", func(c *data.Config) any { return c.RowID }},
	{"gpu", func(c *data.Config) any { return c.GPU }},
	{"num_gpus", func(c *data.Config) any { return c.NumGPUs }},
	{"tensor_parallel", func(c *data.Config) any { return c.TensorParallel }},
	{"data_parallel", func(c *data.Config) any { return c.DataParallel }},
	{"expert_parallel", func(c *data.Config) any { return c.ExpertParallel }},
	{"precision", func(c *data.Config) any { return c.Precision }},
	{"max_num_seqs", func(c *data.Config) any { return c.MaxNumSeqs }},
	{"avg_running_batch", func(c *data.Config) any { return c.AvgRunningBatch }},
	{"joules_per_output_token", func(c *data.Config) any { return c.JoulesPerToken }},
	{"wh_per_million_output_tokens", func(c *data.Config) any { return c.WhPerMillionTokens }},
	{"median_itl_ms", func(c *data.Config) any { return c.MedianITL }},
	{"p90_itl_ms", func(c *data.Config) any { return c.P90ITL }},
	{"p95_itl_ms", func(c *data.Config) any { return c.P95ITL }},
	{"p99_itl_ms", func(c *data.Config) any { return c.P99ITL }},
	{"tokens_per_second", func(c *data.Config) any { return c.TokensPerSecond }},
	{"gpu_power_watts_total", func(c *data.Config) any { return c.PowerWatts }},
	{"avg_output_tokens", func(c *data.Config) any { return c.AvgOutputTokens }},
}

// diffusionKeys are an image or video configuration's keys, as rowKeys are
// a token configuration's: the dataset row less its repeat, which row_id
// says ("/r2"); num_frames and fps are a video's only.
var diffusionKeys = []rowKey{
	{"row_id", func(c *data.Config) any { return c.RowID }},
	{"gpu", func(c *data.Config) any { return c.GPU }},
	{"num_gpus", func(c *data.Config) any { return c.NumGPUs }},
	{"ulysses_degree", func(c *data.Config) any { return c.UlyssesDegree }},
	{"ring_degree", func(c *data.Config) any { return c.RingDegree }},
	{"precision", func(c *data.Config) any { return c.Precision }},
	{"batch_size", func(c *data.Config) any { return c.BatchSize }},
	{"width", func(c *data.Config) any { return c.Width }},
	{"height", func(c *data.Config) any { return c.Height }},
	{"num_frames", func(c *data.Config) any { return c.Frames }},
	{"fps", func(c *data.Config) any { return c.FPS }},
	{"inference_steps", func(c *data.Config) any { return c.Steps }},
	{"joules_per_item", func(c *data.Config) any { return c.JoulesPerItem }},
	{"batch_latency_s", func(c *data.Config) any { return c.BatchLatencyS }},
	{"items_per_second", func(c *data.Config) any { return c.ItemsPerSecond }},
	{"gpu_power_watts_total", func(c *data.Config) any { return c.PowerWatts }},
}

// keysOf are the keys of a configuration of kind k.
func keysOf(k *data.Kind) []rowKey {
	switch k {
	case data.Tokens:
		return rowKeys
	case data.Images:
		return slices.DeleteFunc(slices.Clone(diffusionKeys), func(r rowKey) bool { return r.key == "num_frames" || r.key == "fps" })
	}
	return diffusionKeys
}

// Row is a configuration as documents show it: the dataset row, less the keys
// rowKeys leaves out; nil (JSON null) for no configuration.
func Row(c *data.Config) any {
	if c == nil {
		return nil
	}
	keys := rowKeys
	if c.Diffusion() {
		keys = diffusionKeys
		if c.Frames == 0 {
			keys = keysOf(data.Images)
		}
	}
	o := make(Object, len(keys))
	for i, k := range keys {
		o[i] = Field{k.key, k.value(c)}
	}
	return o
}

// Filename names a download after what it holds, such as
// "tokenjoule-gpqa-H100-40ms-p95-2.5B.csv" for a comparison (the Query of a
// Ranking, without a model) or "tokenjoule-gpqa-gpt-oss-20b-any-40ms-p95-2.5B.json"
// for a scenario (the Query of a Result, whose Model is a slug); an image or
// video task's has no percentile: "tokenjoule-text-to-image-H100-10s-10k.csv".
func Filename(q data.Query, ext string) string {
	parts := []string{"tokenjoule", q.Task}
	if q.Model != "" {
		parts = append(parts, q.Model)
	}
	k := data.TaskKind(q.Task)
	parts = append(parts, q.GPU, k.FormatDeadline(q.DeadlineMS))
	if !k.Diffusion() {
		parts = append(parts, string(q.Percentile))
	}
	parts = append(parts, k.FormatVolume(q.Tokens))
	return strings.Join(parts, "-") + "." + ext
}
