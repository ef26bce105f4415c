package export

import (
	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/lang"
	"tokenjoule/data/plan"
)

// ScenarioJSONIn is ScenarioJSON with its words for a reader in p's
// language: the caveat the catalogue holds, the boundary's name (at f, the
// footprint's factors) and the dataset's version and dates are said in it;
// keys, ids and numbers stay the command line's. In English it is ScenarioJSON, byte for byte.
func ScenarioJSONIn(p data.Printer, f footprint.Factors, r *data.Result, more ...Field) ([]byte, error) {
	if p.Lang == "" || p.Lang == lang.EN {
		return ScenarioJSON(r, more...)
	}
	return indent(saidIn(p, f, r.Model.Source, append(Scenario(r), more...)))
}

// PlanJSONIn is PlanJSON with its words for a reader in pr's language, as
// ScenarioJSONIn says them (the plan page's download). In English it is
// PlanJSON, byte for byte.
func PlanJSONIn(pr data.Printer, p *plan.Plan, f footprint.Factors) ([]byte, error) {
	if pr.Lang == "" || pr.Lang == lang.EN {
		return PlanJSON(p, f)
	}
	return indent(saidIn(pr, plan.Footprint(f), p.Busy.Model.Source, Plan(p, f)))
}

// saidIn is o with its words in p's language, nested objects included.
func saidIn(p data.Printer, f footprint.Factors, src data.Source, o Object) Object {
	out := make(Object, len(o))
	for i, x := range o {
		switch v := x.Value.(type) {
		case Object:
			x.Value = saidIn(p, f, src, v)
		case string:
			switch {
			case x.Key == "caveat" && v == lang.EN.T("footer.caveat"):
				x.Value = p.T("footer.caveat")
			case x.Key == "boundary_name" && v == f.BoundaryName():
				x.Value = f.BoundaryNameIn(p)
			case x.Key == "version" && v == src.Version:
				x.Value = versionIn(p, src)
			}
		}
		out[i] = x
	}
	return out
}
