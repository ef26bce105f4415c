package export

import "tokenjoule/data"

// Scenario is a calculation as one document: the inputs, the answer's figures
// at full precision, the selected dataset row, and the dataset it comes from.
// calc -json prints it and the page's "Download the scenario as JSON" saves
// it. Figures are null when no configuration meets the deadline; the document
// then gives the smallest deadline that one meets and that configuration.
//
// It is an Object so that a later feature can add its fields in place.
func Scenario(r *data.Result) Object {
	q, m, k := r.Query, r.Model, r.Kind
	status := data.Meets
	if r.Selected == nil {
		status = data.MissesDeadline
	}
	o := append(question(q, m), Field{volumeKey(k), q.Tokens}, Field{"status", status})
	o = append(o, figures(k, r.Selected, r.Estimate)...)
	o = append(o, Field{"selected", Row(r.Selected)})
	if r.Selected == nil {
		o = append(o, Field{minDeadlineKey(k), k.InUnit(r.MinDeadlineMS())}, Field{"fastest", Row(r.Fastest)})
	}
	if r.Other != nil {
		other := figures(k, r.Other, r.OtherEstimate)
		o = append(o, Field{"other", append(other, Field{"selected", Row(r.Other)})})
	}
	if e := r.OtherEnd(); e != nil {
		o = append(o, Field{"other_percentile", otherEnd(e)})
	}
	return append(o, dataset(m)...)
}

// otherEnd is the question at the other end of the percentile's choice, as
// the page says it under the answer: its energy and how many times the
// answer's it is, or the smallest deadline it needs.
func otherEnd(e *data.OtherEnd) Object {
	r := e.Result
	o := Object{{"percentile", r.Query.Percentile}, {"status", data.Meets}, {"energy_wh", r.Estimate.EnergyWh}, {"ratio", e.Ratio}}
	if r.Selected == nil {
		o[1].Value, o[2].Value = data.MissesDeadline, nil
	}
	if e.Ratio == 0 {
		o[3].Value = nil
	}
	o = append(o, Field{"selected", Row(r.Selected)})
	if r.Selected == nil {
		o = append(o, Field{"min_deadline_ms", r.MinDeadlineMS()})
	}
	return o
}

// question is a document's first fields: what was asked of which model.
func question(q data.Query, m *data.Model) Object {
	o := Object{
		{"task", q.Task},
		{"model", q.Model},
		{"display_name", m.Name},
		{"gpu", q.GPU},
	}
	if k := data.TaskKind(q.Task); k.Diffusion() {
		// The deadline in seconds, and what the volume counts.
		return append(o, Field{"deadline_s", k.InUnit(q.DeadlineMS)}, Field{"unit", k.Item})
	}
	return append(o, Field{"deadline_ms", q.DeadlineMS}, Field{"percentile", q.Percentile})
}

// volumeKey names the volume of a workload of kind k: tokens, or items (of
// the unit question gives) for an image or video workload.
func volumeKey(k *data.Kind) string {
	if k.Diffusion() {
		return "items"
	}
	return "tokens"
}

// ScenarioJSON is Scenario, followed by the fields of more (such as
// Footprint's), as an indented document ending in a newline: the exact bytes
// calc -json prints.
func ScenarioJSON(r *data.Result, more ...Field) ([]byte, error) {
	return indent(append(Scenario(r), more...))
}

// figures are an estimate's fields, null without a configuration; an image
// or video's request is one item, so that its energy per request is per
// item, and its number of requests the volume.
func figures(k *data.Kind, c *data.Config, e data.Estimate) Object {
	f := Object{{"energy_wh", e.EnergyWh}, {"energy_per_request_j", e.EnergyPerRequest},
		{"gpu_hours", e.GPUHours}, {"requests", e.Requests}}
	if k.Diffusion() {
		f = Object{{"energy_wh", e.EnergyWh}, {"energy_per_item_j", e.EnergyPerRequest}, {"gpu_hours", e.GPUHours}}
	}
	if c == nil {
		for i := range f {
			f[i].Value = nil
		}
	}
	return f
}

// dataset says where the figures come from, what they leave out, and whom to cite.
func dataset(m *data.Model) Object {
	s := m.Source
	return Object{
		{"dataset", Object{
			{"name", s.Name},
			{"version", s.Version},
			{"data_version", m.DataVersion},
			{"url", s.URL},
			{"licence", s.Licence},
			{"cite", s.Cite},
			{"cite_url", s.CiteURL},
		}},
		{"boundary", m.Boundary},
		{"caveat", m.Caveat},
	}
}
