package export

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math"
	"strconv"
	"strings"

	"tokenjoule/data"
)

// Column is one figure per model of a comparison: a CSV column and a key of
// each model's JSON object. A feature that derives more figures from a
// model's GPU energy (r.Result.Estimate.EnergyWh, or GPUHours for what scales
// with time) passes them as extra Columns to CompareCSV and CompareJSON; they
// follow the energy figures.
type Column struct {
	Key   string                   // with its unit, as in energy_wh
	Value func(r *data.Ranked) any // nil (empty, JSON null) where the model has no figure
}

// summary is what every model's line starts with, for a token workload.
var summary = []Column{
	{"model", func(r *data.Ranked) any { return r.Entry.Slug }},
	{"display_name", func(r *data.Ranked) any { return r.Entry.Name }},
	{"status", func(r *data.Ranked) any { return r.Status() }},
	{"params_b", func(r *data.Ranked) any { return r.Entry.Params }},
	{"active_params_b", func(r *data.Ranked) any { return r.Entry.ActiveParams }},
	{"energy_wh", estimate(func(e data.Estimate) float64 { return e.EnergyWh })},
	{"energy_per_request_j", estimate(func(e data.Estimate) float64 { return e.EnergyPerRequest })},
	{"joules_per_token", func(r *data.Ranked) any {
		if r.Status() != data.Meets {
			return nil
		}
		return r.Result.Selected.JoulesPerToken
	}},
	{"gpu_hours", estimate(func(e data.Estimate) float64 { return e.GPUHours })},
	{"requests", estimate(func(e data.Estimate) float64 { return e.Requests })},
}

// diffusionSummary is summary for an image or video workload, whose
// request is one item.
var diffusionSummary = []Column{
	summary[0], summary[1], summary[2], summary[3], summary[4], summary[5],
	{"energy_per_item_j", estimate(func(e data.Estimate) float64 { return e.EnergyPerRequest })},
	{"gpu_hours", estimate(func(e data.Estimate) float64 { return e.GPUHours })},
}

// summaryOf is the summary for a workload of kind k.
func summaryOf(k *data.Kind) []Column {
	if k.Diffusion() {
		return diffusionSummary
	}
	return summary
}

// minDeadlineKey names the smallest deadline a model meets, in k's unit.
func minDeadlineKey(k *data.Kind) string { return "min_deadline_" + k.DeadlineUnit() }

// estimate is a figure of a model that meets the deadline, nil for the others.
func estimate(f func(data.Estimate) float64) func(*data.Ranked) any {
	return func(r *data.Ranked) any {
		if r.Status() != data.Meets {
			return nil
		}
		return f(r.Result.Estimate)
	}
}

// minDeadline is the smallest deadline a model that misses the deadline
// meets, in its kind's unit.
func minDeadline(r *data.Ranked) any {
	if r.Status() != data.MissesDeadline {
		return nil
	}
	return r.Result.Kind.InUnit(r.Result.MinDeadlineMS())
}

// Comparison is a ranking as JSON objects, in its order: per model the
// summary keys, the extra columns, min_deadline_ms (min_deadline_s for an
// image or video workload) for a model that misses the deadline, and
// selected (the dataset row, or null).
func Comparison(rk *data.Ranking, extra ...Column) []Object {
	k := rk.Workload.Kind()
	sum := summaryOf(k)
	out := make([]Object, len(rk.Models))
	for i := range rk.Models {
		r := &rk.Models[i]
		var o Object
		for _, c := range append(sum[:len(sum):len(sum)], extra...) {
			o = append(o, Field{c.Key, c.Value(r)})
		}
		if r.Status() == data.MissesDeadline {
			o = append(o, Field{minDeadlineKey(k), minDeadline(r)})
		}
		var sel *data.Config
		if r.Result != nil {
			sel = r.Result.Selected
		}
		out[i] = append(o, Field{"selected", Row(sel)})
	}
	return out
}

// CompareJSON is Comparison as an indented array ending in a newline, the
// exact bytes compare -json prints.
func CompareJSON(rk *data.Ranking, extra ...Column) ([]byte, error) {
	return indent(Comparison(rk, extra...))
}

// CompareCSV is the ranking as CSV, one line per model in rank order under a
// header of keys with their units: rank, the summary keys, the extra columns,
// min_deadline_ms (or _s), and the selected row's keys (without its
// joules_per_output_token, which is joules_per_token, or its
// joules_per_item, which is energy_per_item_j). Numbers are written in
// full, unformatted; a figure a model does not have is empty.
func CompareCSV(rk *data.Ranking, extra ...Column) []byte {
	kind := rk.Workload.Kind()
	cols := []Column{{"rank", nil}}
	cols = append(cols, summaryOf(kind)...)
	cols = append(cols, extra...)
	cols = append(cols, Column{minDeadlineKey(kind), minDeadline})
	for _, k := range keysOf(kind) {
		if k.key == "joules_per_output_token" || k.key == "joules_per_item" {
			continue
		}
		cols = append(cols, Column{k.key, func(r *data.Ranked) any {
			if r.Status() != data.Meets {
				return nil
			}
			return k.value(r.Result.Selected)
		}})
	}

	head := make([]string, len(cols))
	for i, c := range cols {
		head[i] = c.Key
	}
	return csvTable(head, len(rk.Models), func(i, j int) any {
		if j == 0 {
			return i + 1
		}
		return cols[j].Value(&rk.Models[i])
	})
}

// csvTable is a CSV document: the header, then n lines, cell(i, j) the
// j-th value of the i-th line, written by csvValue.
func csvTable(head []string, n int, cell func(i, j int) any) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	line := make([]string, len(head))
	for j, h := range head {
		line[j] = csvText(h)
	}
	w.Write(line)
	for i := range n {
		for j := range line {
			line[j] = csvValue(cell(i, j))
		}
		w.Write(line)
	}
	w.Flush() // a bytes.Buffer does not fail
	return b.Bytes()
}

// csvValue writes a figure in full: the shortest decimal that reads back as
// the same float64, never an exponent; and a text as csvText does. A figure
// that is not a finite number, which only a bug upstream makes, is written
// as one that is missing: an empty cell, never "NaN" or "+Inf".
func csvValue(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case float64:
		return csvFloat(v)
	case data.Float:
		return csvFloat(float64(v))
	case int:
		return strconv.Itoa(v)
	}
	return csvText(fmt.Sprint(v))
}

func csvFloat(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return ""
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// csvText keeps a text from being run as a formula by the spreadsheet that
// opens the CSV: a cell that begins with =, +, -, @, a tab or a carriage
// return gets a ' before it, as OWASP advises (CSV injection). A model's
// name comes from the leaderboard's files, not from this program.
func csvText(s string) string {
	if s != "" && strings.IndexByte("=+-@\t\r", s[0]) >= 0 {
		return "'" + s
	}
	return s
}
