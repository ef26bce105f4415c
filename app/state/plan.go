package state

import (
	"errors"
	"maps"
	"slices"
	"strings"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/lang"
	"tokenjoule/data/plan"
)

// The traffic's query-string parameters: the plan page's inputs besides the
// calculator's (less the volume), and the compare page's plan mode.
const (
	ParamRate  = "rate"   // average traffic: 1B/day, 12k/s
	ParamPeak  = "peak"   // peak-to-average ratio
	ParamIdleW = "idle_w" // idle power of one GPU, in W
)

// TrafficParams lists the traffic's parameters in the order PlanString
// writes them.
var TrafficParams = []string{ParamRate, ParamPeak, ParamIdleW}

// ParseTraffic reads the traffic's parameters. A refused value falls back
// to the default (1B/day, a peak of 2, each GPU's published idle power)
// with a Notice naming it. given tells whether the URL asks for a rate at
// all, even a refused one: the compare page then plans.
func ParseTraffic(v Values) (t plan.Traffic, given bool, notices []Notice) {
	t = plan.DefaultTraffic()
	refuse := func(param, value string, err error, fallback string) {
		notices = append(notices, Notice{Param: param, Value: data.Excerpt(value),
			Message: misread(param, value, refusal(err), fallback)})
	}
	if s, ok := first(v, ParamRate); ok {
		given = true
		if r, err := data.ParseRate(s); err != nil {
			refuse(ParamRate, s, err, data.FormatRate(t.Rate))
		} else {
			t.Rate = r
		}
	}
	if s, ok := first(v, ParamPeak); ok {
		if f, err := plan.Peak.Parse(s); err != nil {
			refuse(ParamPeak, s, err, data.FormatNumber(t.Peak))
		} else {
			t.Peak = f.Value
		}
	}
	if s, ok := first(v, ParamIdleW); ok {
		if f, err := plan.IdleW.Parse(s); err != nil {
			refuse(ParamIdleW, s, err, "each GPU's published idle power")
		} else {
			t.Idle, t.IdleSet = f.Value, true
		}
	}
	return t, given, notices
}

// ParsePlan reads the plan page's query string: the calculator's
// parameters as Parse reads them, less the volume, which the traffic
// replaces (a link from the calculator may carry it: it is ignored, refused
// or not), and the traffic's.
func ParsePlan(set *data.Set, v Values) (data.Query, plan.Traffic, []Notice) {
	// An image or video task has no traffic of tokens to plan: the default
	// task is planned instead, and said so.
	var refused []Notice
	if s, ok := first(v, ParamTask); ok {
		if err := plan.Plannable(set, s); err != nil {
			v = maps.Clone(v)
			delete(v, ParamTask)
			var bad *data.InputError
			errors.As(err, &bad)
			refused = append(refused, Notice{Param: ParamTask, Value: data.Excerpt(s),
				Message: misread(ParamTask, s, bad.Reason, workloadName(set, data.DefaultQuery().Task))})
		}
	}
	q, notices := Parse(set, v)
	notices = append(refused, notices...)
	q.Tokens = data.DefaultQuery().Tokens
	notices = slices.DeleteFunc(notices, func(n Notice) bool { return n.Param == ParamTokens })
	t, _, tn := ParseTraffic(v)
	return q, t, append(notices, tn...)
}

// EncodeTraffic writes t's parameters as ParseTraffic reads them back:
// the rate and the peak always, so that a copied link keeps its meaning if
// a default changes, and the idle power only when set.
func EncodeTraffic(t plan.Traffic) Values {
	v := Values{
		ParamRate: {data.FormatRate(t.Rate)},
		ParamPeak: {plan.Peak.Format(footprint.Number(t.Peak))},
	}
	if t.IdleSet {
		v[ParamIdleW] = []string{plan.IdleW.Format(footprint.Number(t.Idle))}
	}
	return v
}

// TrafficString is EncodeTraffic's query string in TrafficParams' order.
// A rate's slash stays as it is ("rate=1B/day"), which a query string
// allows and a reader of the link prefers.
func TrafficString(t plan.Traffic) string {
	v := EncodeTraffic(t)
	var parts []string
	for _, k := range TrafficParams {
		if s, ok := v[k]; ok {
			parts = append(parts, k+"="+strings.ReplaceAll(queryEscape(s[0]), "%2F", "/"))
		}
	}
	return strings.Join(parts, "&")
}

// PlanString is the plan page's query string: the calculator's parameters
// as String writes them, less the volume, then the traffic's.
func PlanString(q data.Query, t plan.Traffic) string {
	var parts []string
	for _, p := range strings.Split(String(q), "&") {
		if !strings.HasPrefix(p, ParamTokens+"=") {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, "&") + "&" + TrafficString(t)
}

// PlanEmbedString is the plan embed's query string: PlanString, then e's
// parameters as Embed.String writes them, the traffic's inputs hidden as
// "traffic".
func PlanEmbedString(q data.Query, t plan.Traffic, e Embed) string {
	s := PlanString(q, t)
	if es := e.string(PlanHiddenString(e.Hidden)); es != "" {
		s += "&" + es
	}
	return s
}

// PlanHiddenString is the value of ParamHide that ParsePlanHidden reads
// back to h: Hidden.String, with "traffic" for the volume's control.
func PlanHiddenString(h Hidden) string {
	names := strings.Split(h.String(), ",")
	for i, n := range names {
		if n == ParamTokens {
			names[i] = "traffic"
		}
	}
	return strings.Join(names, ",")
}

// ParsePlanHidden reads the plan embed's ParamHide: the calculator's
// controls, with "traffic" (or any of rate, peak and idle_w, or the
// volume's own tokens) for the traffic's inputs, which take the volume's
// place.
func ParsePlanHidden(v Values) (Hidden, []Notice) {
	w := Values{}
	for _, value := range v[ParamHide] {
		names := strings.Split(value, ",")
		for i, n := range names {
			switch strings.ToLower(strings.TrimSpace(n)) {
			case "traffic", ParamRate, ParamPeak, ParamIdleW:
				names[i] = ParamTokens
			}
		}
		w[ParamHide] = append(w[ParamHide], strings.Join(names, ","))
	}
	h, notices := ParseHidden(w)
	controls := strings.Join(append(Params[:len(Params)-1:len(Params)-1], "traffic"), ", ")
	for i := range notices {
		say := notices[i].Say
		notices[i].Say = func(t lang.Tag) string { return strings.Replace(say(t), strings.Join(Params, ", "), controls, 1) }
		notices[i].Message = notices[i].Say(lang.EN)
	}
	return h, notices
}

// TokensAsRate is the plan's traffic for a link from the calculator: the
// calculator's volume as a day's traffic, the other parameters as t. A
// volume beyond the largest a plan takes is that largest, which the link
// then names, so that it never carries a traffic other than the one it says.
func TokensAsRate(q data.Query, t plan.Traffic) plan.Traffic {
	if q.Tokens > 0 {
		t.Rate = data.Rate{Tokens: min(q.Tokens, data.MaxTokensPerDay), Per: data.Day}
	}
	return t
}

// workloadName is the name of the workload with the id, as notices name it;
// the id where there is none.
func workloadName(set *data.Set, id string) string {
	if w, err := set.Workload(id); err == nil {
		return w.Name
	}
	return id
}
