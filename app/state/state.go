// Package state maps the calculator's query string to a data.Query and back.
//
// It is plain Go, free of go-app and JavaScript, so that the mapping every
// shared link depends on is tested natively, fuzzing included.
package state

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"tokenjoule/data"
	"tokenjoule/data/lang"
)

// The query-string parameters, one per input of the page. The volume's is
// its kind's (data.Kind.Param): tokens, images or videos; ParamTokens also
// names the volume's control, whatever it counts.
const (
	ParamTask       = "task"
	ParamModel      = "model"
	ParamGPU        = "gpu"
	ParamDeadline   = "deadline"
	ParamPercentile = "p"
	ParamTokens     = "tokens"
	ParamImages     = "images"
	ParamVideos     = "videos"
)

// Params lists the parameters of a token workload's query, in the order
// Encode writes them, one per control of the page. A diffusion workload's
// has no ParamPercentile, and its volume's name for ParamTokens.
var Params = []string{ParamTask, ParamModel, ParamGPU, ParamDeadline, ParamPercentile, ParamTokens}

// ours tells whether a query parameter is one that Encode writes for some
// workload.
func ours(key string) bool {
	return slices.Contains(Params, key) || slices.ContainsFunc(data.Kinds, func(k *data.Kind) bool { return k.Param == key })
}

// Notice tells that a parameter of the URL was refused and the default used.
// There is at most one per parameter, and each quotes at most
// data.MaxQuoted characters of a value: a URL may be a megabyte long, and a
// page that repeated it for each of its parts would be gigabytes.
type Notice struct {
	Param   string // query parameter, such as "tokens"; "" for the query string as a whole
	Value   string // the value as it appeared in the URL, cut by data.Excerpt
	Message string // a sentence for the page, naming the parameter and the value
	// Say is Message in a reader's language, from the catalogue; nil
	// where Message is said the same in every language. The reason a
	// parser gives is said in it where the catalogue holds it (data.WhyIn).
	Say func(lang.Tag) string
}

// In is the notice's sentence in t: Message in English.
func (n Notice) In(t lang.Tag) string {
	if n.Say == nil || t == lang.EN || t == "" {
		return n.Message
	}
	return n.Say(t)
}

// sample keeps the first few of a list of refused parts, and how many there
// were: a notice names a few, and a URL may hold hundreds of thousands.
type sample struct {
	first []string
	n     int
}

func (s *sample) add(item string) {
	if len(s.first) < 3 {
		s.first = append(s.first, item)
	}
	s.n++
}

// String quotes the items kept, then says how many more there were:
// "a", "b", "c" and 12 more.
func (s sample) String() string { return s.In(lang.EN) }

// In is String in t's words.
func (s sample) In(t lang.Tag) string {
	parts := make([]string, len(s.first))
	for i, it := range s.first {
		parts[i] = data.Quote(it)
	}
	last := ""
	if s.n > len(s.first) {
		more := "notice.more"
		if s.n-len(s.first) == 1 {
			more = "notice.more.one"
		}
		last = t.T(more, "n", t.Number(strconv.Itoa(s.n-len(s.first))))
	} else if len(parts) > 1 {
		last, parts = parts[len(parts)-1], parts[:len(parts)-1]
	}
	if last == "" {
		return parts[0]
	}
	return t.T("list.and", "list", strings.Join(parts, ", "), "last", last)
}

// ParseQuery reads a raw query string as url.ParseQuery does, keeping the
// same well-formed pairs, but says what it drops: one Notice, for the query
// string as a whole, quoting the first pairs that hold a ";" (which
// url.ParseQuery refuses as a separator) or a malformed %-escape. Unlike
// url.ParseQuery, it keeps the pairs of a query with more than 10,000 of them.
func ParseQuery(raw string) (Values, []Notice) {
	v := Values{}
	var (
		bad sample
		why []string
	)
	note := func(pair, reason string) {
		bad.add(pair)
		if !slices.Contains(why, reason) {
			why = append(why, reason)
		}
	}
	for rest := raw; rest != ""; {
		var pair string
		pair, rest, _ = strings.Cut(rest, "&")
		if strings.Contains(pair, ";") {
			note(pair, "parameters are separated by &, not ;")
			continue
		}
		if pair == "" {
			continue
		}
		k, val, _ := strings.Cut(pair, "=")
		key, err1 := queryUnescape(k)
		value, err2 := queryUnescape(val)
		if err1 != nil || err2 != nil {
			note(pair, "a % must start an escape such as %20")
			continue
		}
		v[key] = append(v[key], value)
	}
	if bad.n == 0 {
		return v, nil
	}
	msg := "The URL's " + bad.String() + " was not understood (" + strings.Join(why, "; ") + "); it is ignored."
	if bad.n > 1 {
		msg = "The URL's " + bad.String() + " were not understood (" + strings.Join(why, "; ") + "); they are ignored."
	}
	return v, []Notice{{Value: data.Excerpt(bad.first[0]), Message: msg}}
}

// misread is the notice of a parameter whose value was not understood: why,
// and the fallback shown instead.
func misread(param, value, why, fallback string) string {
	return "The URL's " + param + "=" + data.Quote(value) + " was not understood (" + why + "); showing " + fallback + " instead."
}

// Parse reads the query string into a query that set.Select answers without
// an error. A value that is unknown or malformed is replaced by its default
// (or, for a model or GPU, by the nearest valid choice) and reported in a
// Notice; parameters that are not the calculator's are ignored, since go-app
// and people add their own.
func Parse(set *data.Set, v Values) (data.Query, []Notice) {
	q := data.DefaultQuery()
	var notices []Notice
	refuse := func(param, value, why, fallback string) {
		notices = append(notices, refused(param, value, why, fallback, func(lang.Tag) string { return fallback }))
	}

	// Notices name workloads and models as the page does, by their names.
	workload := func(id string) string {
		if w, err := set.Workload(id); err == nil {
			return w.Name
		}
		return id
	}
	// workloadIn names them in a reader's language, as the page in it does.
	workloadIn := func(id string) func(lang.Tag) string {
		return func(t lang.Tag) string {
			if t == lang.EN || t == "" {
				return workload(id)
			}
			return t.T("workload." + id)
		}
	}
	if s, ok := first(v, ParamTask); ok {
		if _, err := set.Workload(s); err != nil {
			notices = append(notices, refused(ParamTask, s, refusal(err), workload(q.Task), workloadIn(q.Task)))
		} else {
			q = q.WithTask(s)
		}
	}
	k := data.TaskKind(q.Task)
	// A value the workload has no use for: the token tasks' percentile
	// and volume on an image or video task, or the reverse.
	// whyIn says why in a reader's language: the catalogue's sentence of
	// key, the workload named as the page in it names it.
	ignore := func(param, value, why string, whyIn func(lang.Tag) string) {
		notices = append(notices, Notice{Param: param, Value: data.Excerpt(value),
			Message: "The URL's " + param + "=" + data.Quote(value) + " " + why + "; it is ignored.",
			Say: func(t lang.Tag) string {
				return t.T("notice.ignored", "param", param, "value", data.Quote(value), "why", whyIn(t))
			}})
	}
	if s, ok := first(v, ParamModel); ok {
		if e, err := set.Entry(q.Task, s); err != nil {
			q.Model = ""
			q = Normalize(set, q)
			name := q.Model
			if d, err := set.Entry(q.Task, q.Model); err == nil {
				name = d.Name
			}
			refuse(ParamModel, s, modelRefusal(err), name)
		} else {
			q.Model = e.Slug
		}
	}
	q = Normalize(set, q)
	if s, ok := first(v, ParamGPU); ok {
		e, _ := set.Entry(q.Task, q.Model)
		if g, ok := matchGPU(e, s); ok {
			q.GPU = g
		} else if len(e.GPUs) == 1 {
			refuse(ParamGPU, s, e.Name+" was measured on "+e.GPUs[0]+" only", e.GPUs[0])
		} else {
			n := refused(ParamGPU, s, e.Name+" was measured on "+strings.Join(e.GPUs, " and "),
				"the better of "+strings.Join(e.GPUs, " and "), nil)
			name, gpus, value := e.Name, e.GPUs, s
			n.Say = func(t lang.Tag) string {
				both := t.T("list.and", "list", strings.Join(gpus[:len(gpus)-1], ", "), "last", gpus[len(gpus)-1])
				return t.T("notice.refused", "param", ParamGPU, "value", data.Quote(value), "why", t.T("why.gpu.on", "model", name, "gpus", both),
					"fallback", t.T("notice.gpu.better", "gpus", both))
			}
			notices = append(notices, n)
		}
	}
	if s, ok := first(v, ParamDeadline); ok {
		if ms, err := k.ParseDeadline(s); err != nil {
			refuse(ParamDeadline, s, refusal(err), k.FormatDeadline(q.DeadlineMS))
		} else {
			q.DeadlineMS = ms
		}
	}
	if s, ok := first(v, ParamPercentile); ok && k.Diffusion() {
		task := q.Task
		ignore(ParamPercentile, s, "applies to token tasks only: "+workload(task)+" times a batch as a whole, with no percentile",
			func(t lang.Tag) string { return t.T("why.percentile.diffusion", "workload", workloadIn(task)(t)) })
	} else if ok {
		if p, err := data.ParsePercentile(s); err != nil {
			refuse(ParamPercentile, s, refusal(err), string(q.Percentile))
		} else {
			q.Percentile = p
		}
	}
	for _, vk := range data.Kinds {
		s, ok := first(v, vk.Param)
		switch {
		case !ok:
		case vk != k:
			task := q.Task
			ignore(vk.Param, s, "counts "+vk.Items+", and "+workload(task)+" generates "+k.Items+" ("+k.Param+"=)",
				func(t lang.Tag) string {
					return t.T("why.volume.other", "items", t.T("items."+vk.Item+"s"), "workload", workloadIn(task)(t),
						"generates", t.T("items."+k.Item+"s"), "param", k.Param)
				})
		default:
			if t, err := k.ParseVolume(s); err != nil {
				refuse(k.Param, s, refusal(err), k.FormatVolume(q.Tokens))
			} else {
				q.Tokens = t
			}
		}
	}
	return q, notices
}

// modelRefusal is why the URL's model names no model, in the resolver's
// words ("not a model of Reasoning; did you mean GPT OSS 120B?"), without
// the list of every model that the model's select shows.
func modelRefusal(err error) string {
	var bad *data.InputError
	if errors.As(err, &bad) && bad.Reason != "" {
		return bad.Reason
	}
	return refusal(err)
}

// Normalize makes q answerable after one of its inputs changed: the model
// stays if the workload has it, else the workload's default model is used,
// the one the command line answers for without a model
// (data.Workload.DefaultModel); the GPU stays if the model was measured on
// it, else the best of its GPUs is asked for. q.Task must be a workload of
// set.
func Normalize(set *data.Set, q data.Query) data.Query {
	e, err := set.Entry(q.Task, q.Model)
	if err != nil {
		w, werr := set.Workload(q.Task)
		if werr != nil {
			return q
		}
		if e = w.DefaultModel(); e == nil {
			return q
		}
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
// thing if a default changes; the model only when there is one (the compare
// page may highlight none). For a token workload: task, model, gpu,
// deadline (ms), p and tokens; for an image or video workload, task, model,
// gpu, deadline (s) and images or videos.
func Encode(q data.Query) Values {
	v := Values{}
	for _, p := range params(q) {
		v[p.key] = []string{p.value}
	}
	return v
}

type param struct{ key, value string }

// params are Encode's parameters in the page's order.
func params(q data.Query) []param {
	k := data.TaskKind(q.Task)
	ps := []param{{ParamTask, q.Task}}
	if q.Model != "" { // none: the compare page highlights no model
		ps = append(ps, param{ParamModel, q.Model})
	}
	ps = append(ps, param{ParamGPU, q.GPU}, param{ParamDeadline, k.FormatDeadline(q.DeadlineMS)})
	if !k.Diffusion() {
		ps = append(ps, param{ParamPercentile, string(q.Percentile)})
	}
	return append(ps, param{k.Param, k.FormatVolume(q.Tokens)})
}

// String is Encode's query string with the parameters in the page's order
// (task, model, gpu, deadline, p, tokens) rather than Values' sorted one.
func String(q data.Query) string {
	var parts []string
	for _, p := range params(q) {
		parts = append(parts, p.key+"="+queryEscape(p.value))
	}
	return strings.Join(parts, "&")
}

// first returns the first value of a parameter that is present.
func first(v Values, key string) (string, bool) {
	vs := v[key]
	if len(vs) == 0 {
		return "", false
	}
	return vs[0], true
}

// ParamHide lists the embed's controls to hide, for an author who wants a
// fixed scenario: hide=all, or the controls' parameter names separated by
// commas, such as hide=task,model,gpu; the volume's control is tokens,
// images or videos alike. The full calculator ignores it.
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
func (h Hidden) String() string { return h.names(ParamTokens) }

// names is String, with volume the name of the volume's control.
func (h Hidden) names(volume string) string {
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
			if p == ParamTokens {
				p = volume
			}
			names = append(names, p)
		}
	}
	return strings.Join(names, ",")
}

// ParseHidden reads ParamHide: names separated by commas, in any order and
// case, with blanks and empty names ignored; every occurrence of the
// parameter counts. Names that are not controls are ignored and reported in
// one Notice naming the first of them.
func ParseHidden(v Values) (Hidden, []Notice) {
	var (
		h       Hidden
		unknown sample
	)
	for _, value := range v[ParamHide] {
		for name := range strings.SplitSeq(value, ",") {
			name = strings.TrimSpace(name)
			if name == "" {
				continue
			}
			if strings.EqualFold(name, HideAll) {
				h = hideAll
				continue
			}
			for _, k := range data.Kinds {
				if strings.EqualFold(name, k.Param) {
					name = ParamTokens // the volume's control, whatever it counts
				}
			}
			i := slices.IndexFunc(Params, func(p string) bool { return strings.EqualFold(p, name) })
			if i < 0 {
				unknown.add(name)
				continue
			}
			h |= 1 << i
		}
	}
	if unknown.n == 0 {
		return h, nil
	}
	key := "notice.hide.one"
	if unknown.n > 1 {
		key = "notice.hide.many"
	}
	say := func(t lang.Tag) string {
		return t.T(key, "param", ParamHide, "names", unknown.In(t), "controls", strings.Join(Params, ", "), "all", HideAll)
	}
	return h, []Notice{{Param: ParamHide, Value: data.Excerpt(unknown.first[0]), Message: say(lang.EN), Say: say}}
}

// refused is the notice of a value of param not understood, why, and
// what is shown instead: fallback in English, fallbackIn in a reader's
// language.
func refused(param, value, why, fallback string, fallbackIn func(lang.Tag) string) Notice {
	return Notice{Param: param, Value: data.Excerpt(value),
		Message: misread(param, value, why, fallback),
		Say: func(t lang.Tag) string {
			return t.T("notice.refused", "param", param, "value", data.Quote(value), "why", data.WhyIn(data.PrinterOf(t), why),
				"fallback", fallbackIn(t))
		}}
}
