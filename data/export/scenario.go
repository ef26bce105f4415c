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
	q, m := r.Query, r.Model
	status := data.Meets
	if r.Selected == nil {
		status = data.MissesDeadline
	}
	o := append(question(q, m), Field{"tokens", q.Tokens}, Field{"status", status})
	o = append(o, figures(r.Selected, r.Estimate)...)
	o = append(o, Field{"selected", Row(r.Selected)})
	if r.Selected == nil {
		o = append(o, Field{"min_deadline_ms", r.MinDeadlineMS()}, Field{"fastest", Row(r.Fastest)})
	}
	if r.Other != nil {
		other := figures(r.Other, r.OtherEstimate)
		o = append(o, Field{"other", append(other, Field{"selected", Row(r.Other)})})
	}
	return append(o, dataset(m)...)
}

// question is a document's first fields: what was asked of which model.
func question(q data.Query, m *data.Model) Object {
	return Object{
		{"task", q.Task},
		{"model", q.Model},
		{"display_name", m.Name},
		{"gpu", q.GPU},
		{"deadline_ms", q.DeadlineMS},
		{"percentile", q.Percentile},
	}
}

// ScenarioJSON is Scenario, followed by the fields of more (such as
// Footprint's), as an indented document ending in a newline: the exact bytes
// calc -json prints.
func ScenarioJSON(r *data.Result, more ...Field) ([]byte, error) {
	return indent(append(Scenario(r), more...))
}

// figures are an estimate's fields, null without a configuration.
func figures(c *data.Config, e data.Estimate) Object {
	f := Object{{"energy_wh", e.EnergyWh}, {"energy_per_request_j", e.EnergyPerRequest},
		{"gpu_hours", e.GPUHours}, {"requests", e.Requests}}
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
