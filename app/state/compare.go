package state

import (
	"slices"
	"strings"

	"tokenjoule/data"
)

// ParseCompare reads the compare page's query string: the calculator's
// parameters, read as Parse reads them, except the model and the GPU. The
// model is the one the page highlights: only one the URL names, none
// otherwise (Model ""). The compare page ranks every model of the workload,
// so its GPU may be any GPU one of them was measured on, not only one of the
// highlighted model's. The query it returns is one data.Set.Compare
// answers; it may not be one Select answers for its model (Normalize makes
// it one).
func ParseCompare(set *data.Set, v Values) (data.Query, []Notice) {
	q, notices := Parse(set, v)
	if i := slices.IndexFunc(notices, func(n Notice) bool { return n.Param == ParamModel }); i >= 0 {
		s, _ := first(v, ParamModel)
		_, err := set.Entry(q.Task, s)
		notices[i].Message = "The URL's " + ParamModel + "=" + data.Quote(s) + " was not understood (" +
			modelRefusal(err) + "); highlighting none instead."
		q.Model = ""
	} else if _, named := first(v, ParamModel); !named {
		q.Model = ""
	}
	s, ok := first(v, ParamGPU)
	i := slices.IndexFunc(notices, func(n Notice) bool { return n.Param == ParamGPU })
	if !ok || i < 0 {
		return q, notices // no GPU asked for, or one of the model's
	}
	w, _ := set.Workload(q.Task) // Parse returns a workload of set
	gpus := w.GPUs()
	for _, g := range gpus {
		if strings.EqualFold(s, g) {
			q.GPU = g
			return q, slices.Delete(notices, i, i+1)
		}
	}
	notices[i].Message = "The URL's " + ParamGPU + "=" + data.Quote(s) + " was not understood (" + w.Name +
		"'s models were measured on " + strings.Join(gpus, " and ") + "); showing each model's best GPU instead."
	return q, notices
}
