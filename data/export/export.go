package export

import (
	"bytes"
	"encoding/json"
	"fmt"
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

// rowKeys are a configuration's keys in a document, in order, with the
// dataset's names. A document leaves out three keys of the dataset's rows:
// avg_requests_in_flight (always equal to avg_running_batch), repeat (in
// row_id as "/r2") and under_itl_deadline (whether the median ITL is under
// the leaderboard's 500 ms, not under the query's deadline).
var rowKeys = []struct {
	key   string
	value func(c *data.Config) any
}{
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

// Row is a configuration as documents show it: the dataset row, less the keys
// rowKeys leaves out; nil (JSON null) for no configuration.
func Row(c *data.Config) any {
	if c == nil {
		return nil
	}
	o := make(Object, len(rowKeys))
	for i, k := range rowKeys {
		o[i] = Field{k.key, k.value(c)}
	}
	return o
}

// Filename names a download after what it holds, such as
// "tokenjoule-gpqa-H100-40ms-p95-2.5B.csv" for a comparison (the Query of a
// Ranking, without a model) or "tokenjoule-gpqa-gpt-oss-20b-any-40ms-p95-2.5B.json"
// for a scenario (the Query of a Result, whose Model is a slug).
func Filename(q data.Query, ext string) string {
	parts := []string{"tokenjoule", q.Task}
	if q.Model != "" {
		parts = append(parts, q.Model)
	}
	parts = append(parts, q.GPU, data.FormatDeadline(q.DeadlineMS), string(q.Percentile), data.FormatTokens(q.Tokens))
	return strings.Join(parts, "-") + "." + ext
}
