// Package state maps the calculator's query string to a data.Query and back.
//
// It is plain Go, free of go-app and JavaScript, so that the mapping every
// shared link depends on is tested natively, fuzzing included.
package state

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
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

// ParamHide lists the embed's controls to hide, for an author who wants a
// fixed scenario: hide=all, or the controls' parameter names separated by
// commas, such as hide=task,model,gpu. The full calculator ignores it.
const ParamHide = "hide"

// HideAll hides every control.
const HideAll = "all"

// Hidden is the set of the embed's controls that are hidden, one bit per
// parameter of Params (bit i for Params[i]). The zero value hides nothing.
type Hidden uint8

// hideAll is every bit of Params.
var hideAll = Hidden(1)<<len(Params) - 1

// Has tells whether the control of param is hidden.
func (h Hidden) Has(param string) bool {
	for i, p := range Params {
		if p == param {
			return h&(1<<i) != 0
		}
	}
	return false
}

// AllHidden hides every control, as hide=all does.
func AllHidden() Hidden { return hideAll }

// All tells whether every control is hidden.
func (h Hidden) All() bool { return h&hideAll == hideAll }

// String is the value of ParamHide that ParseHidden reads back to h: "" for
// none, "all" for every control, else the names in the page's order.
func (h Hidden) String() string {
	h &= hideAll
	switch {
	case h == 0:
		return ""
	case h.All():
		return HideAll
	}
	var names []string
	for i, p := range Params {
		if h&(1<<i) != 0 {
			names = append(names, p)
		}
	}
	return strings.Join(names, ",")
}

// ParseHidden reads ParamHide: names separated by commas, in any order and
// case, with blanks and empty names ignored; every occurrence of the
// parameter counts. A name that is not a control is ignored and reported in a
// Notice naming it.
func ParseHidden(v url.Values) (Hidden, []Notice) {
	var (
		h       Hidden
		notices []Notice
	)
	for _, value := range v[ParamHide] {
		for _, name := range strings.Split(value, ",") {
			name = strings.TrimSpace(name)
			if name == "" {
				continue
			}
			if strings.EqualFold(name, HideAll) {
				h = hideAll
				continue
			}
			i := slices.IndexFunc(Params, func(p string) bool { return strings.EqualFold(p, name) })
			if i < 0 {
				notices = append(notices, Notice{Param: ParamHide, Value: name,
					Message: fmt.Sprintf("The URL's %s=%q names %q, which is not a control (use %s or %s, separated by commas); it is ignored.",
						ParamHide, value, name, strings.Join(Params, ", "), HideAll)})
				continue
			}
			h |= 1 << i
		}
	}
	return h, notices
}

// EmbedString is the embed's query string: String(q), then ParamHide when
// something is hidden.
func EmbedString(q data.Query, h Hidden) string {
	s := String(q)
	if hs := h.String(); hs != "" {
		// Names and commas only: nothing to escape, and "task,model" reads
		// better in a snippet than "task%2Cmodel".
		s += "&" + ParamHide + "=" + hs
	}
	return s
}
