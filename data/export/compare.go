package export

import (
	"tokenjoule/data"
	"tokenjoule/data/footprint"
)

// CompareTable is the ranking rk as a table (see Table), with the columns
// past the GPU for the factors f sets (footprintColumns: none for the
// default factors, so that a GPU-only comparison keeps its plain columns).
// compare prints it, and the compare page draws and downloads it.
func CompareTable(rk *data.Ranking, f footprint.Factors) *Table {
	return CompareTableIn(data.Printer{}, rk, f)
}

// CompareTableIn is CompareTable with the page's headers and words in p's
// language (the page's cells in its format: Column.PageIn).
func CompareTableIn(p data.Printer, rk *data.Ranking, f footprint.Factors) *Table {
	k := rk.Workload.Kind()
	gpuHours := Column{key: "gpu_hours", value: estimate(func(e data.Estimate) float64 { return e.GPUHours })}
	t := &Table{
		Model: modelColumnsIn(p),
		Size: []Column{
			{id: "params", key: "params_b", label: p.T("col.params"), in: files | Page, scale: billions, value: params},
			{id: "active", key: "active_params_b", label: p.T("col.active"), in: files | Page, scale: billions, value: activeParams},
			{label: "Parameters", in: Text, value: size},
		},
		Energy: []Column{{id: "energy", key: "energy_wh", label: p.T("col.energy", "volume", p.VolumeWords(k, rk.Query.Tokens)), textLabel: "Energy",
			scale: wattHours, value: estimate(func(e data.Estimate) float64 { return e.EnergyWh })}},
		Detail: []Column{
			{id: "request", key: "energy_per_request_j", label: p.T("col.request"), scale: joules,
				value: estimate(func(e data.Estimate) float64 { return e.EnergyPerRequest })},
			// The downloads give the dataset's figure, the readers the measured one.
			{key: "joules_per_token", value: selected(func(c *data.Config) any { return c.JoulesPerToken })},
			{id: "jpt", label: p.T("col.jpt"), value: selected(func(c *data.Config) any { return c.Joules() })},
			gpuHours,
			{key: "requests", value: estimate(func(e data.Estimate) float64 { return e.Requests })},
		},
		Footprint: footprintColumns(p, f, false, func(r Ranked) (float64, footprint.Spread, bool) {
			if r.Status() != data.Meets {
				return 0, footprint.Spread{}, false
			}
			return r.Result.Estimate.EnergyWh, f.SpreadOf(r.Result.Selected), true
		}),
		Config: []Column{
			{key: minDeadlineKey(k), sparse: true, value: minDeadline},
			{id: "config", label: p.T("col.config"), in: Page, value: selected(func(c *data.Config) any { return c.BatchWordsIn(p, false) }),
				less: func(a, b Ranked) bool {
					x, y := a.Result.Selected, b.Result.Selected
					if x.NumGPUs != y.NumGPUs {
						return x.NumGPUs < y.NumGPUs
					}
					if x.GPU != y.GPU {
						return x.GPU < y.GPU
					}
					return x.Batch() < y.Batch()
				}},
			{label: "Selected configuration", in: Text, value: selected(func(c *data.Config) any { return c.Brief() })},
			{label: "Dataset row", in: Text, value: selected(func(c *data.Config) any { return c.RowID })},
		},
	}
	if k.Diffusion() {
		// A request is one image or video: its energy is the J per item.
		t.Detail = []Column{
			{id: "jpt", key: "energy_per_item_j", label: p.T("col.j-per-item." + k.Item), scale: joulesEach,
				value: estimate(func(e data.Estimate) float64 { return e.EnergyPerRequest })},
			gpuHours,
		}
	}
	for _, c := range keysOf(k) {
		// joules_per_output_token is joules_per_token; joules_per_item, energy_per_item_j.
		if c.key != "joules_per_output_token" && c.key != "joules_per_item" {
			t.Config = append(t.Config, Column{key: c.key, in: CSV, value: selected(c.value)})
		}
	}
	t.Config = append(t.Config, Column{key: "selected", in: JSON, value: func(r Ranked) any {
		if r.Result == nil {
			return Row(nil)
		}
		return Row(r.Result.Selected)
	}})
	t.Rows = make([]Ranked, len(rk.Models))
	for i := range rk.Models {
		t.Rows[i] = Ranked{Rank: i + 1, Ranked: &rk.Models[i]}
	}
	return t
}

// CompareJSON is the ranking as an indented array ending in a newline, one
// object per model in rank order (CompareTable's JSON), the exact bytes
// compare -json prints.
func CompareJSON(rk *data.Ranking, f footprint.Factors) ([]byte, error) {
	return CompareTable(rk, f).JSON()
}

// CompareCSV is the ranking as CSV (CompareTable's), one line per model in
// rank order under a header of keys with their units, the exact bytes
// compare -csv prints.
func CompareCSV(rk *data.Ranking, f footprint.Factors) []byte { return CompareTable(rk, f).CSV() }

// modelColumnsIn say who a model is, in every table of models: its rank
// (the downloads' JSON gives it by its place), slug, name and status; the
// readers' headers in p's language.
func modelColumnsIn(p data.Printer) []Column {
	return []Column{
		{id: "rank", key: "rank", label: "#", in: CSV | readers, value: func(r Ranked) any { return r.Rank }},
		{key: "model", value: func(r Ranked) any { return r.Entry.Slug }},
		{id: "model", key: "display_name", label: p.T("field.model"), value: func(r Ranked) any { return r.Entry.Name }},
		{key: "status", value: func(r Ranked) any { return r.Status() }},
	}
}

// The model's size: its parameters in billions, and in words for the
// command line ("21B, 4B active").
func params(r Ranked) any       { return r.Entry.Params }
func activeParams(r Ranked) any { return r.Entry.ActiveParams }
func size(r Ranked) any         { return r.Entry.Size() }

// estimate is a figure of a model that meets the deadline, nil for the others.
func estimate(f func(data.Estimate) float64) func(Ranked) any {
	return func(r Ranked) any {
		if r.Status() != data.Meets {
			return nil
		}
		return f(r.Result.Estimate)
	}
}

// selected is a figure of the configuration selected for a model that meets
// the deadline, nil for the others.
func selected(f func(*data.Config) any) func(Ranked) any {
	return func(r Ranked) any {
		if r.Status() != data.Meets {
			return nil
		}
		return f(r.Result.Selected)
	}
}

// minDeadlineKey names the smallest deadline a model meets, in k's unit.
func minDeadlineKey(k *data.Kind) string { return "min_deadline_" + k.DeadlineUnit() }

// minDeadline is the smallest deadline a model that misses the deadline
// meets, in its kind's unit.
func minDeadline(r Ranked) any {
	if r.Status() != data.MissesDeadline {
		return nil
	}
	return r.Result.Kind.InUnit(r.Result.MinDeadlineMS())
}
