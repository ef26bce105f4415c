// Package state maps the calculator's query string to a data.Query and back.
//
// It is plain Go, free of go-app and JavaScript, so that the mapping every
// shared link depends on is tested natively, fuzzing included.
package state

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"tokenjoule/data"
)

// The query-string parameters, one per input of the page.
const (
	ParamTask       = "task"
	ParamModel      = "model"
	ParamGPU        = "gpu"
	ParamDeadline   = "deadline"
	ParamPercentile = "p"
	ParamTokens     = "tokens"
)

// Params lists the parameters in the order Encode writes them.
var Params = []string{ParamTask, ParamModel, ParamGPU, ParamDeadline, ParamPercentile, ParamTokens}

// Notice tells that a parameter of the URL was refused and the default used.
type Notice struct {
	Param   string // query parameter, such as "tokens"
	Value   string // the value as it appeared in the URL
	Message string // a sentence for the page, naming the parameter and the value
}

// Parse reads the query string into a query that set.Select answers without
// an error. A value that is unknown or malformed is replaced by its default
// (or, for a model or GPU, by the nearest valid choice) and reported in a
// Notice; parameters that are not the calculator's are ignored, since go-app
// and people add their own.
func Parse(set *data.Set, v url.Values) (data.Query, []Notice) {
	q := data.DefaultQuery()
	var notices []Notice
	refuse := func(param, value, why, fallback string) {
		notices = append(notices, Notice{Param: param, Value: value,
			Message: fmt.Sprintf("The URL's %s=%q was not understood (%s); showing %s instead.", param, value, why, fallback)})
	}
	why := func(err error) string {
		var bad *data.InputError
		if errors.As(err, &bad) {
			// The parser's message without its "name "value" is not accepted: "
			// lead, which the notice already says in its own words.
			if _, rest, ok := strings.Cut(bad.Error(), " is not accepted: "); ok {
				return rest
			}
		}
		return err.Error()
	}

	if s, ok := first(v, ParamTask); ok {
		if _, err := set.Workload(s); err != nil {
			refuse(ParamTask, s, why(err), q.Task)
		} else {
			q.Task = s
		}
	}
	if s, ok := first(v, ParamModel); ok {
		if e, err := set.Entry(q.Task, s); err != nil {
			q.Model = ""
			q = Normalize(set, q)
			refuse(ParamModel, s, "not a model of "+q.Task, q.Model)
		} else {
			q.Model = e.Slug
		}
	}
	q = Normalize(set, q)
	if s, ok := first(v, ParamGPU); ok {
		e, _ := set.Entry(q.Task, q.Model)
		if g, ok := matchGPU(e, s); ok {
			q.GPU = g
		} else {
			refuse(ParamGPU, s, fmt.Sprintf("%s was measured on %s", e.Name, strings.Join(e.GPUs, " and ")), "the best of its GPUs")
		}
	}
	if s, ok := first(v, ParamDeadline); ok {
		if ms, err := data.ParseDeadline(s); err != nil {
			refuse(ParamDeadline, s, why(err), data.FormatDeadline(q.DeadlineMS))
		} else {
			q.DeadlineMS = ms
		}
	}
	if s, ok := first(v, ParamPercentile); ok {
		if p, err := data.ParsePercentile(s); err != nil {
			refuse(ParamPercentile, s, why(err), string(q.Percentile))
		} else {
			q.Percentile = p
		}
	}
	if s, ok := first(v, ParamTokens); ok {
		if t, err := data.ParseTokens(s); err != nil {
			refuse(ParamTokens, s, why(err), data.FormatTokens(q.Tokens))
		} else {
			q.Tokens = t
		}
	}
	return q, notices
}

// Normalize makes q answerable after one of its inputs changed: the model
// stays if the workload has it, else the default model does, else the
// workload's first; the GPU stays if the model was measured on it, else the
// best of its GPUs is asked for. q.Task must be a workload of set.
func Normalize(set *data.Set, q data.Query) data.Query {
	e, err := set.Entry(q.Task, q.Model)
	if err != nil {
		e, err = set.Entry(q.Task, data.DefaultQuery().Model)
	}
	if err != nil {
		w, werr := set.Workload(q.Task)
		if werr != nil || len(w.Models) == 0 {
			return q
		}
		e = &w.Models[0]
	}
	q.Model = e.Slug
	if g, ok := matchGPU(e, q.GPU); ok {
		q.GPU = g
	} else {
		q.GPU = data.AnyGPU
	}
	return q
}

// matchGPU finds s, ignoring case, among e's GPUs or as data.AnyGPU.
func matchGPU(e *data.ModelEntry, s string) (string, bool) {
	if strings.EqualFold(s, data.AnyGPU) {
		return data.AnyGPU, true
	}
	for _, g := range e.GPUs {
		if strings.EqualFold(s, g) {
			return g, true
		}
	}
	return "", false
}

// Encode writes q as the query string Parse reads back to q. Every input is
// written, defaults included, so that a copied link keeps meaning the same
// thing if a default changes.
func Encode(q data.Query) url.Values {
	return url.Values{
		ParamTask:       {q.Task},
		ParamModel:      {q.Model},
		ParamGPU:        {q.GPU},
		ParamDeadline:   {data.FormatDeadline(q.DeadlineMS)},
		ParamPercentile: {string(q.Percentile)},
		ParamTokens:     {data.FormatTokens(q.Tokens)},
	}
}

// String is Encode's query string with the parameters in the page's order
// (task, model, gpu, deadline, p, tokens) rather than url.Values' sorted one.
func String(q data.Query) string {
	v := Encode(q)
	var b strings.Builder
	for i, k := range Params {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(k + "=" + url.QueryEscape(v.Get(k)))
	}
	return b.String()
}

// first returns the first value of a parameter that is present.
func first(v url.Values, key string) (string, bool) {
	vs := v[key]
	if len(vs) == 0 {
		return "", false
	}
	return vs[0], true
}
