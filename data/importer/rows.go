package importer

// What every task's rows go through, whatever their schema: the keys
// checked, the values written checked once rounded, and the rows grouped
// into models, numbered when a configuration was run more than once.

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

	"tokenjoule/data"
)

// modelInfo is what a row says of its model, which every row of the model
// must repeat.
type modelInfo struct {
	ModelID, Nickname, Architecture string
	TotalParams, ActiveParams       float64
}

// check refuses a model without a name to show or to make a slug of, or
// with an implausible size; model names the row's model for messages.
func (m modelInfo) check(file string, i int, model string) error {
	for _, f := range []struct {
		name string
		v    string
		max  int
	}{{"model_id", m.ModelID, maxModelID}, {"nickname", m.Nickname, maxText}, {"architecture", m.Architecture, maxText}} {
		if why := badText(f.v, f.max); why != "" {
			return rowError(file, i, model, f.name, strconv.Quote(f.v), why)
		}
		if why := badName(f.v); why != "" {
			return rowError(file, i, model, f.name, strconv.Quote(f.v), why)
		}
	}
	if data.Slug(m.Nickname) == "" {
		return rowError(file, i, model, "nickname", strconv.Quote(m.Nickname), "has no letter or digit to make a slug from")
	}
	for _, f := range []struct {
		name   string
		v, max float64
		bound  string
	}{{"total_params_billions", m.TotalParams, maxParamsB, "billion parameters"},
		{"activated_params_billions", m.ActiveParams, m.TotalParams, "total_params_billions"}} {
		if !(f.v > 0 && f.v <= f.max) {
			return rowError(file, i, model, f.name, f.v, fmt.Sprintf("must be greater than 0 and at most %s (%s)", data.FormatNumber(f.max), f.bound))
		}
	}
	return nil
}

// jsonKeys are the JSON keys of a row struct's fields, in order.
func jsonKeys(row any) []string {
	t := reflect.TypeOf(row)
	keys := make([]string, t.NumField())
	for i := range keys {
		keys[i] = t.Field(i).Tag.Get("json")
	}
	return keys
}

// rowFields splits a row into its fields, and names its model for messages
// ("?" when it has no model id to name).
func rowFields(file string, i int, raw json.RawMessage) (fields map[string]json.RawMessage, model string, err error) {
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil, "", inputErrorf("%s: row %d: not a JSON object: %v", file, i, err)
	}
	if err := json.Unmarshal(fields["model_id"], &model); err != nil || model == "" {
		model = "?"
	}
	return fields, model, nil
}

// checkKeys refuses a row that lacks a required key, which would decode as
// zero, or spells one twice: encoding/json matches keys ignoring case, and
// the last one wins, so a "NUM_GPUS" beside "num_gpus" would silently
// replace it.
func checkKeys(file string, i int, model string, fields map[string]json.RawMessage, required []string) error {
	for _, k := range required {
		if _, ok := fields[k]; !ok {
			return rowError(file, i, model, k, "(missing)", "the field is required")
		}
	}
	for k := range fields {
		for _, want := range required {
			if k != want && strings.EqualFold(k, want) {
				return rowError(file, i, model, strconv.Quote(k), string(fields[k]),
					fmt.Sprintf("differs from the field %q only by case; a row must spell each field once, in lower case", want))
			}
		}
	}
	return nil
}

// written checks the values of a row as they will be written, not only as
// they were read: rounding makes 0.04 tok/s 0.0, and 1e300 W does not fit an
// int. It keeps the first value refused.
type written struct {
	file  string
	row   int
	model string
	name  func(key string) string // the leaderboard's name for a key; nil: the key itself
	err   error
}

func (w *written) refuse(key string, raw, v float64, why string) {
	if w.err != nil {
		return
	}
	if w.name != nil {
		key = w.name(key)
	}
	w.err = rowError(w.file, w.row, w.model, key, raw, fmt.Sprintf("would be written as %v %s", v, why))
}

// value is v, written for the raw value of key; it must be greater than 0
// and at most maxWritten.
func (w *written) value(key string, raw, v float64, unit string) data.Float {
	if !(v > 0 && v <= maxWritten) {
		w.refuse(key, raw, v, fmt.Sprintf("%s; a written value must be greater than 0 and at most %g", unit, maxWritten))
	}
	return data.Float(v)
}

// rounded is raw rounded to decimals, written.
func (w *written) rounded(key string, raw float64, decimals int, unit string) data.Float {
	return w.value(key, raw, float64(round(raw, decimals)), unit)
}

// whole is raw rounded to a whole number (ties to even, as the reference
// file rounds), from 1 to the largest int32.
func (w *written) whole(key string, raw float64, unit string) int {
	v := float64(round(raw, 0))
	if !(v >= 1 && v <= math.MaxInt32) {
		w.refuse(key, raw, v, fmt.Sprintf("%s; a written count must be a whole number from 1 to %d", unit, math.MaxInt32))
		return 0
	}
	return int(v)
}

// readRows reads a task's file into its models, sorted, each with its
// configurations sorted and numbered (see finish), and their measured
// values. decode decodes and checks the i-th row: its model, its
// configuration with a row id that does not yet say which run it is, and
// the row itself, which table turns, by row id, into the measured values.
func readRows[R any](file string, w workload, compiled string,
	decode func(file string, i int, raw json.RawMessage) (modelInfo, data.Config, R, error),
	table func(rows map[string]R) *data.MeasuredTable) ([]*data.Model, *data.MeasuredTable, error) {
	var task struct {
		Task           string            `json:"task"`
		Configurations []json.RawMessage `json:"configurations"`
	}
	if err := readJSON(file, &task); err != nil {
		return nil, nil, err
	}
	if task.Task != w.ID {
		return nil, nil, inputErrorf("%s: task is %s, want %q", file, data.Quote(task.Task), w.ID)
	}
	if len(task.Configurations) == 0 {
		return nil, nil, inputErrorf("%s: no configurations", file)
	}
	bySlug := map[string]*data.Model{}
	byID := map[string]*data.Model{} // model id → its model: one nickname each
	seen := map[string]int{}         // row id without repeat suffix → runs so far
	rows := map[string]R{}           // by row id
	for i, raw := range task.Configurations {
		r, c, measured, err := decode(file, i, raw)
		if err != nil {
			return nil, nil, err
		}
		slug := data.Slug(r.Nickname)
		m := bySlug[slug]
		if m == nil {
			if other := byID[r.ModelID]; other != nil {
				return nil, nil, rowError(file, i, r.ModelID, "nickname", strconv.Quote(r.Nickname),
					fmt.Sprintf("model %s is already named %q: one model, one nickname", r.ModelID, other.Name))
			}
			m = newModel(w, r, compiled, len(task.Configurations))
			bySlug[slug] = m
			byID[r.ModelID] = m
		}
		if m.ModelID != r.ModelID {
			return nil, nil, rowError(file, i, r.ModelID, "nickname", strconv.Quote(r.Nickname),
				fmt.Sprintf("slug %q is already used by model %s", slug, m.ModelID))
		}
		if m.Name != r.Nickname || float64(m.Params) != r.TotalParams || float64(m.ActiveParams) != r.ActiveParams || m.Architecture != r.Architecture {
			return nil, nil, rowError(file, i, r.ModelID, "nickname/params/architecture", r.Nickname,
				"differs from the model's first row")
		}
		key := c.RowID
		seen[key]++
		c.Repeat = seen[key]
		if c.Repeat > 1 {
			c.RowID += "/r" + strconv.Itoa(c.Repeat)
		}
		m.Configurations = append(m.Configurations, c)
		rows[c.RowID] = measured
	}
	// The best configurations are chosen on the measured values, as the
	// data package reads them back.
	t := table(rows)
	measured, err := t.Measurements(w.kind)
	if err != nil {
		return nil, nil, err
	}
	models := make([]*data.Model, 0, len(bySlug))
	for _, m := range bySlug {
		for i := range m.Configurations {
			m.Configurations[i].Measured = measured[m.Configurations[i].RowID]
		}
		finish(m, w.kind)
		models = append(models, m)
	}
	// Natural order, then plain order and the slug (unique in a workload):
	// "Model 1" and "Model 01" are equal in natural order, and the map
	// the models come from has no order, so without the tie-breaks two
	// runs could write two different index.json.
	sort.Slice(models, func(i, j int) bool {
		a, b := models[i], models[j]
		switch {
		case data.NaturalLess(a.Name, b.Name):
			return true
		case data.NaturalLess(b.Name, a.Name):
			return false
		case a.Name != b.Name:
			return a.Name < b.Name
		}
		return a.Slug < b.Slug
	})
	return models, t, nil
}

// newModel is the model a row names, without configurations yet; rows is the
// number of rows of its task.
func newModel(w workload, r modelInfo, compiled string, rows int) *data.Model {
	m := &data.Model{
		Version: data.SchemaVersion, Updated: dataVersion, DataVersion: dataVersion,
		Unit:   unit,
		Source: source(compiled, w.ID, w.Name, rows),
		Caveat: caveat, Boundary: boundary,
		Slug: data.Slug(r.Nickname), Name: r.Nickname, ModelID: r.ModelID,
		Params: data.Float(r.TotalParams), ActiveParams: data.Float(r.ActiveParams),
		Architecture: r.Architecture,
	}
	if k := w.kind; k.Diffusion() {
		m.Unit = "J per " + k.Item
		m.DeadlineS = int(k.DefaultDeadlineMS / 1000)
		diffusionSource(&m.Source, k)
	} else {
		m.DeadlineMS = data.DefaultDeadlineMS
	}
	return m
}

// finish sorts a model's configurations (by GPU, number of GPUs, batch,
// sequence-parallel split and run) and fills the fields derived from them:
// its GPUs, and its best configuration on each at the kind's default
// deadline.
func finish(m *data.Model, k *data.Kind) {
	sort.SliceStable(m.Configurations, func(i, j int) bool {
		a, b := &m.Configurations[i], &m.Configurations[j]
		switch {
		case a.GPU != b.GPU:
			return a.GPU < b.GPU
		case a.NumGPUs != b.NumGPUs:
			return a.NumGPUs < b.NumGPUs
		case a.Batch() != b.Batch():
			return a.Batch() < b.Batch()
		case a.UlyssesDegree != b.UlyssesDegree:
			return a.UlyssesDegree < b.UlyssesDegree
		}
		return a.Repeat < b.Repeat
	})
	m.Best = map[string]data.Config{}
	for _, c := range m.Configurations {
		if !slices.Contains(m.GPUs, c.GPU) {
			m.GPUs = append(m.GPUs, c.GPU)
		}
	}
	sort.Strings(m.GPUs)
	for _, gpu := range m.GPUs {
		if best := data.Best(m.Configurations, gpu, data.P50, k.DefaultDeadlineMS); best != nil {
			m.Best[gpu] = *best
		}
	}
}
