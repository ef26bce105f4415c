package state

import (
	"fmt"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tokenjoule/data"
)

func load(t testing.TB) *data.Set {
	t.Helper()
	set, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	return set
}

func TestParseDefaults(t *testing.T) {
	set := load(t)
	q, notices := Parse(set, url.Values{})
	if q != data.DefaultQuery() || len(notices) != 0 {
		t.Fatalf("Parse(empty) = %+v, %v; want the default query and no notice", q, notices)
	}
}

func TestParseRoundTrip(t *testing.T) {
	set := load(t)
	for _, raw := range []string{
		"task=gpqa&model=gpt-oss-20b&gpu=H100&deadline=40ms&p=p90&tokens=2.5B",
		"task=lm-arena-chat&model=qwen-3-14b&gpu=any&deadline=12.5ms&p=p99&tokens=1T",
		"task=image-chat&model=gemma-3-27b&gpu=B200&deadline=1000ms&p=p95&tokens=5M",
	} {
		v, _ := url.ParseQuery(raw)
		q, notices := Parse(set, v)
		if len(notices) != 0 {
			t.Errorf("Parse(%q): unexpected notices %v", raw, notices)
		}
		if got := String(q); got != raw {
			t.Errorf("String(Parse(%q)) = %q", raw, got)
		}
	}
}

func TestParseSpellings(t *testing.T) {
	set := load(t)
	v, _ := url.ParseQuery("model=Qwen/Qwen3-14B&gpu=h100&deadline=0.1s&p=median&tokens=5%20M")
	q, notices := Parse(set, v)
	want := data.Query{Task: "lm-arena-chat", Model: "qwen-3-14b", GPU: "H100", DeadlineMS: 100, Percentile: data.P50, Tokens: 5e6}
	if q != want || len(notices) != 0 {
		t.Fatalf("Parse = %+v, %v; want %+v and no notice", q, notices, want)
	}
}

func TestParseNotices(t *testing.T) {
	set := load(t)
	for _, tc := range []struct {
		raw, param, value string
		check             func(q data.Query) bool
	}{
		{"task=nope", "task", "nope", func(q data.Query) bool { return q == data.DefaultQuery() }},
		{"model=gpt-5", "model", "gpt-5", func(q data.Query) bool { return q.Model == "qwen-3-14b" }},
		{"gpu=A100", "gpu", "A100", func(q data.Query) bool { return q.GPU == data.AnyGPU }},
		{"model=deepseek-v3-1&gpu=H100", "gpu", "H100", func(q data.Query) bool { return q.Model == "deepseek-v3-1" && q.GPU == data.AnyGPU }},
		{"deadline=-5", "deadline", "-5", func(q data.Query) bool { return q.DeadlineMS == 500 }},
		{"deadline=NaN", "deadline", "NaN", func(q data.Query) bool { return q.DeadlineMS == 500 }},
		{"p=p42", "p", "p42", func(q data.Query) bool { return q.Percentile == data.P50 }},
		{"tokens=lots", "tokens", "lots", func(q data.Query) bool { return q.Tokens == 1e6 }},
		{"tokens=", "tokens", "", func(q data.Query) bool { return q.Tokens == 1e6 }},
		// Issue 15, item 11: below one token, a figure underflows to nothing.
		{"tokens=5e-324", "tokens", "5e-324", func(q data.Query) bool { return q.Tokens == 1e6 }},
		{"tokens=0.5", "tokens", "0.5", func(q data.Query) bool { return q.Tokens == 1e6 }},
		// Text Conversation's default model is not a video model: the workload's default is used.
		{"task=video-chat&model=qwen-3-14b", "model", "qwen-3-14b", func(q data.Query) bool { return q.Task == "video-chat" && q.Model == "qwen-3-vl-8b-instruct" }},
	} {
		v, _ := url.ParseQuery(tc.raw)
		q, notices := Parse(set, v)
		if len(notices) != 1 || notices[0].Param != tc.param || notices[0].Value != tc.value {
			t.Errorf("Parse(%q) notices = %+v; want one for %s=%q", tc.raw, notices, tc.param, tc.value)
			continue
		}
		if m := notices[0].Message; !strings.Contains(m, tc.param+"=") || !strings.Contains(m, "\""+tc.value+"\"") {
			t.Errorf("Parse(%q) notice %q does not name the parameter and value", tc.raw, m)
		}
		if !tc.check(q) {
			t.Errorf("Parse(%q) = %+v: wrong fallback", tc.raw, q)
		}
		if _, err := set.Select(q); err != nil {
			t.Errorf("Parse(%q) = %+v, which Select refuses: %v", tc.raw, q, err)
		}
	}
}

func TestNormalize(t *testing.T) {
	set := load(t)
	q := data.DefaultQuery()
	q.GPU = "H100"
	q.Task = "video-chat" // has no Qwen 3 14B
	n := Normalize(set, q)
	if _, err := set.Select(n); err != nil {
		t.Fatalf("Normalize(%+v) = %+v, which Select refuses: %v", q, n, err)
	}
	// The page answers for the model the command line answers for without
	// one: the workload's default, which on video chat is not its first.
	w, _ := set.Workload("video-chat")
	if want := w.DefaultModel().Slug; n.Model != want || want == w.Models[0].Slug {
		t.Errorf("Normalize model = %q, want the workload's default, %q (its first is %q)", n.Model, want, w.Models[0].Slug)
	}
	for _, w := range set.Index.Workloads {
		q, _ := Parse(set, url.Values{ParamTask: {w.ID}})
		if want := w.DefaultModel().Slug; q.Model != want {
			t.Errorf("?task=%s opens %q, want the default model %q", w.ID, q.Model, want)
		}
	}
}

// Notices name the workload and the model shown instead by their names, as
// the page does, and a GPU choice as the page words it.
func TestParseNoticeNames(t *testing.T) {
	set := load(t)
	for raw, want := range map[string][]string{
		"task=nope":                    {"showing Text Conversation instead"},
		"task=video-chat&model=gpt-5":  {"not a model of Video Chat", "showing Qwen 3 VL 8B Instruct instead"},
		"gpu=A100":                     {"Qwen 3 14B was measured on B200 and H100", "showing the better of B200 and H100 instead"},
		"model=deepseek-v3-1&gpu=H100": {"DeepSeek V3.1 was measured on B200 only", "showing B200 instead"},
	} {
		v, _ := url.ParseQuery(raw)
		_, notices := Parse(set, v)
		if len(notices) != 1 {
			t.Fatalf("Parse(%q): %d notices", raw, len(notices))
		}
		for _, w := range want {
			if !strings.Contains(notices[0].Message, w) {
				t.Errorf("Parse(%q) notice %q does not say %q", raw, notices[0].Message, w)
			}
		}
	}
}

// TestParseModelNames: the URL's model= takes what people type, the slug,
// the name or the model id in any case and punctuation, and a short form
// that fits one model; a name that fits none or several keeps the default
// model, with a notice that suggests the closest names or lists those it
// fits. The percentile's p= takes 99 as p99.
func TestParseModelNames(t *testing.T) {
	set := load(t)
	for raw, want := range map[string]string{
		"model=llama-3.1-70b":                            "llama-3-1-70b-instruct",
		"model=Llama%203.1%2070B":                        "llama-3-1-70b-instruct",
		"model=LLAMA+3.1+70B+INSTRUCT":                   "llama-3-1-70b-instruct",
		"model=meta-llama%2FLlama-3.1-70B-Instruct":      "llama-3-1-70b-instruct",
		"model=Llama%203.1%20405B":                       "llama-3-1-405b-instruct",
		"task=gpqa&model=gpt_oss_120b":                   "gpt-oss-120b",
		"task=text-to-image&model=FLUX.1%20Dev":          "flux-1-dev",
		"task=image-chat&model=Maverick":                 "llama-4-maverick-17b-128e-instruct-fp8",
		"task=lm-arena-chat&model=nvidia-nemotron-9b":    "nvidia-nemotron-nano-9b-v2",
		"task=lm-arena-chat&model=Qwen%2FQwen3-14B&p=99": "qwen-3-14b",
	} {
		q, notices := Parse(set, mustParse(t, raw))
		if q.Model != want || len(notices) != 0 {
			t.Errorf("Parse(%q) = model %q, notices %v; want %s and no notice", raw, q.Model, notices, want)
		}
	}
	if q, _ := Parse(set, mustParse(t, "p=99")); q.Percentile != data.P99 {
		t.Errorf("Parse(p=99) = percentile %q, want p99", q.Percentile)
	}
	for raw, says := range map[string][]string{
		"model=Llama%203.1%2070":   {"did you mean Llama 3.1 70B Instruct?", "showing Qwen 3 14B instead"},
		"model=lama-3.1-70b":       {"did you mean Llama 3.1 70B Instruct?", "showing Qwen 3 14B instead"},
		"model=Llama%203.1":        {"Llama 3.1 8B Instruct, Llama 3.1 70B Instruct, Llama 3.1 405B Instruct or Llama 3.1 405B Instruct FP8", "showing Qwen 3 14B instead"},
		"task=gpqa&model=gpt-4o":   {"did you mean GPT OSS 20B or GPT OSS 120B?", "showing Qwen 3 14B instead"},
		"task=gpqa&model=deepseek": {"DeepSeek R1 or DeepSeek V3.1", "showing Qwen 3 14B instead"},
	} {
		q, notices := Parse(set, mustParse(t, raw))
		if def := data.DefaultQuery().Model; q.Model != def || len(notices) != 1 {
			t.Errorf("Parse(%q) = model %q, notices %v; want the default, %s, and one notice", raw, q.Model, notices, def)
			continue
		}
		for _, w := range says {
			if !strings.Contains(notices[0].Message, w) {
				t.Errorf("Parse(%q) notice %q does not say %q", raw, notices[0].Message, w)
			}
		}
	}
}

func TestParseHidden(t *testing.T) {
	for _, tc := range []struct {
		raw    string
		hidden []string // parameters whose control is hidden
		all    bool
		str    string // Hidden.String
		bad    []string
	}{
		{"", nil, false, "", nil},
		{"hide=", nil, false, "", nil},
		{"hide=all", Params, true, "all", nil},
		{"hide=ALL,task", Params, true, "all", nil},
		{"hide=tokens,task", []string{"task", "tokens"}, false, "task,tokens", nil},
		{"hide=%20Model%20,,gpu,", []string{"model", "gpu"}, false, "model,gpu", nil},
		{"hide=task&hide=p", []string{"task", "p"}, false, "task,p", nil},
		{"hide=task,model,gpu,deadline,p,tokens", Params, true, "all", nil},
		{"hide=task,percentile,%3Cb%3E", []string{"task"}, false, "task", []string{"percentile", "<b>"}},
		{"hide=x&hide=task,y", []string{"task"}, false, "task", []string{"x", "y"}},
		{"controls=0", nil, false, "", nil}, // not this page's parameter: ignored like any other
	} {
		v, _ := url.ParseQuery(tc.raw)
		h, notices := ParseHidden(v)
		for _, p := range Params {
			if want := slices.Contains(tc.hidden, p); h.Has(p) != want {
				t.Errorf("ParseHidden(%q).Has(%q) = %v, want %v", tc.raw, p, h.Has(p), want)
			}
		}
		if h.All() != tc.all || h.String() != tc.str {
			t.Errorf("ParseHidden(%q) = %v (All %v), want %q (All %v)", tc.raw, h, h.All(), tc.str, tc.all)
		}
		// One notice for the parameter, naming every name it ignores.
		if len(notices) != min(len(tc.bad), 1) {
			t.Errorf("ParseHidden(%q) notices = %+v, want one naming %q", tc.raw, notices, tc.bad)
			continue
		}
		for _, n := range notices {
			if n.Param != ParamHide || n.Value != tc.bad[0] || !strings.Contains(n.Message, "hide names") {
				t.Errorf("ParseHidden(%q) notice %+v does not name hide and %q", tc.raw, n, tc.bad[0])
			}
			for _, b := range tc.bad {
				if !strings.Contains(n.Message, fmt.Sprintf("%q", b)) {
					t.Errorf("ParseHidden(%q) notice %q does not name %q", tc.raw, n.Message, b)
				}
			}
		}
	}
	if h := Hidden(0); h.Has("nope") || h.Has("") {
		t.Error("Has of an unknown parameter is true")
	}
}

// TestParseQuery: the pairs url.ParseQuery drops without a word (a ";", a
// malformed escape) get a notice naming them; the well-formed ones are kept.
func TestParseQuery(t *testing.T) {
	for _, tc := range []struct {
		raw   string
		named []string // quoted in the notice; none for no notice
		why   string
	}{
		{"task=gpqa&tokens=5M", nil, ""},
		{"task=gpqa;tokens=5M", []string{"task=gpqa;tokens=5M"}, "separated by &"},
		{"task=gpqa%zz&tokens=5M", []string{"task=gpqa%zz"}, "escape"},
		{"%zz=1&tokens=5M&a=b;c&p=%", []string{"%zz=1", "a=b;c", "p=%"}, "a % must start an escape such as %20; parameters are separated by &"},
		{"a;b&c;d&e;f&g;h&i;j", []string{"a;b", "c;d", "e;f", "2 more"}, "separated by &"},
		{"&&=&tokens=%2035%20M&", nil, ""},
	} {
		v, notices := ParseQuery(tc.raw)
		want, _ := url.ParseQuery(tc.raw)
		if !reflect.DeepEqual(url.Values(v), want) {
			t.Errorf("ParseQuery(%q) = %v, want url.ParseQuery's %v", tc.raw, v, want)
		}
		if len(notices) != min(1, len(tc.named)) {
			t.Errorf("ParseQuery(%q) notices = %+v, want one naming %q", tc.raw, notices, tc.named)
			continue
		}
		for _, n := range notices {
			for _, w := range append(tc.named, tc.why) {
				if !strings.Contains(n.Message, w) {
					t.Errorf("ParseQuery(%q) notice %q does not say %q", tc.raw, n.Message, w)
				}
			}
		}
	}
	// A link with a malformed pair: the good pair is read, the malformed one reported.
	set := load(t)
	v, notices := ParseQuery("task=gpqa%zz&tokens=5M")
	if q, _ := Parse(set, v); q.Tokens != 5e6 || q.Task != data.DefaultQuery().Task || len(notices) != 1 {
		t.Errorf("task=gpqa%%zz&tokens=5M reads as %+v with %v", q, notices)
	}
}

// TestNoticesAreBounded: whatever the URL, at most one notice per parameter
// (and one for the query string), each of a bounded length; an
// /embed?hide= with 16,000 unknown names made one notice per name, each
// quoting the whole value.
func TestNoticesAreBounded(t *testing.T) {
	set := load(t)
	long := strings.Repeat("x", 1<<20)
	names := strings.Repeat("nope,", 200000)
	for _, raw := range []string{
		"hide=" + names,
		"hide=" + long + "&hide=" + long,
		"tokens=" + long + "&deadline=" + long + "&task=" + long + "&model=" + long + "&gpu=" + long + "&p=" + long,
		// A value that holds the words the old notice cut on.
		"tokens=" + url.QueryEscape("x is not accepted: "+long),
		strings.Repeat("a;b&", 100000) + strings.Repeat("%zz&", 100000),
		strings.Repeat("&", 20000) + "tokens=" + long,
	} {
		v, all := ParseQuery(raw)
		_, n := Parse(set, v)
		_, h := ParseHidden(v)
		all = append(append(all, n...), h...)
		seen := map[string]bool{}
		for _, n := range all {
			if seen[n.Param] {
				t.Errorf("%.30q…: two notices for %q", raw, n.Param)
			}
			seen[n.Param] = true
			if len(n.Message) > 600 || len(n.Value) > 4*data.MaxQuoted+3 {
				t.Errorf("%.30q…: a notice of %d bytes quoting %d: %.200q…", raw, len(n.Message), len(n.Value), n.Message)
			}
		}
	}
}

// TestEveryParameterBounded: each parameter of every page
// (the calculator's, the compare page's, the embed's, the footprint's and
// the plan's traffic), given a 100 KB value, is refused in one notice that quotes
// at most 40 characters of it. The footprint's and the compare page's gpu
// quoted the whole value: /?pue= and 60,000 characters made a 60,184-character
// notice.
func TestEveryParameterBounded(t *testing.T) {
	set := load(t)
	long := strings.Repeat("x", 100<<10)
	params := slices.Concat(Params, EmbedParams, FootprintParams, TrafficParams)
	for _, p := range params {
		v := url.Values{p: {long}}
		_, calc := Parse(set, v)
		_, cmp := ParseCompare(set, v)
		_, fp := ParseFootprint(v)
		_, look := ParseEmbed(v, []string{LayoutInteractive, LayoutCard, LayoutChart})
		_, _, traffic := ParsePlan(set, v)
		all := slices.Concat(calc, cmp, fp, look, traffic)
		if len(all) == 0 {
			t.Errorf("%s=%.10s… (100 KB): no notice", p, long)
		}
		for _, n := range all {
			quoted := 0 // the longest run of the value's characters
			for _, run := range strings.FieldsFunc(n.Message, func(r rune) bool { return r != 'x' }) {
				quoted = max(quoted, len(run))
			}
			if n.Param != p || len(n.Message) > 600 || quoted > data.MaxQuoted || !strings.Contains(n.Message, strconv.Quote(n.Value)) ||
				!strings.Contains(n.Message, `"`+strings.Repeat("x", data.MaxQuoted)+`…"`) {
				t.Errorf("%s=%.10s… (100 KB): a notice of %d bytes quoting %d characters: %.200q…", p, long, len(n.Message), quoted, n.Message)
			}
		}
	}
}

// FuzzParse checks that no query string panics Parse and that whatever Parse
// returns is a query the calculator answers.
func FuzzParse(f *testing.F) {
	set := load(f)
	for _, s := range []string{
		"", "task=gpqa&model=gpt-oss-20b&gpu=H100&deadline=40ms&p=p90&tokens=2.5B",
		"task=&model=&gpu=&deadline=&p=&tokens=", "model=%zz", "task=gpqa;tokens=5M", "a=1&&b=%2", "deadline=1e999&tokens=1e-999",
		"task=video-chat&model=qwen-3-14b&gpu=b200", "tokens=1,000,000&deadline=0.1s&p=MEDIAN",
		"task=text-to-image&model=flux-1-dev&gpu=H100&deadline=10s&images=10k", "task=text-to-video&p=p90&tokens=5&videos=2&deadline=1.5min&hide=videos,p",
		"gpu=any&gpu=H100&model=DeepSeek%20V3.1",
		"hide=all", "hide=task,,MODEL,%20p%20&hide=tokens", "hide=nope,deadline", "hide=%E2%80%AE,",
		"layout=card&theme=dark", "layout=CHART&chart=Power", "layout=chart", "layout=grid&chart=pie&theme=sepia", "chart=batch&layout=interactive",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		v, bad := ParseQuery(raw)
		if want, _ := url.ParseQuery(raw); strings.Count(raw, "&") < 10000 && !reflect.DeepEqual(url.Values(v), want) {
			t.Fatalf("ParseQuery(%q) = %v, url.ParseQuery keeps %v", raw, v, want)
		}
		if len(bad) > 1 || len(bad) == 1 && !strings.Contains(bad[0].Message, strconv.Quote(bad[0].Value)) {
			t.Fatalf("ParseQuery(%q) notices %+v: want at most one, quoting its value", raw, bad)
		}
		q, notices := Parse(set, v)
		if _, err := set.Select(q); err != nil {
			t.Fatalf("Parse(%q) = %+v, which Select refuses: %v", raw, q, err)
		}
		for _, n := range notices {
			if n.Param == "" || n.Message == "" {
				t.Fatalf("Parse(%q): empty notice %+v", raw, n)
			}
		}
		v2, _ := url.ParseQuery(String(q))
		if q2, n2 := Parse(set, v2); q2 != q || len(n2) != 0 {
			t.Fatalf("String(%+v) = %q reads back as %+v, %v", q, String(q), q2, n2)
		}

		// The embed's hide parameter, from the same query string.
		h, hn := ParseHidden(v)
		for _, n := range hn {
			if n.Param != ParamHide || !strings.Contains(n.Message, fmt.Sprintf("%q", n.Value)) {
				t.Fatalf("ParseHidden(%q): notice %+v does not name its value", raw, n)
			}
		}
		// And the embed's layout, chart and theme.
		e, en := ParseEmbed(v, []string{LayoutInteractive, LayoutCard, LayoutChart})
		if e.Hidden != h || len(en) < len(hn) {
			t.Fatalf("ParseEmbed(%q) = %+v, %v: hidden %v, %v", raw, e, en, h, hn)
		}
		for _, n := range en {
			if !slices.Contains(EmbedParams, n.Param) || !strings.Contains(n.Message, strconv.Quote(n.Value)) {
				t.Fatalf("ParseEmbed(%q): notice %+v does not name its value", raw, n)
			}
		}
		v3, _ := url.ParseQuery(EmbedString(q, e))
		if e3, n3 := ParseEmbed(v3, []string{LayoutInteractive, LayoutCard, LayoutChart}); e3 != e || len(n3) != 0 {
			t.Fatalf("EmbedString(%+v, %+v) = %q reads back as %+v, %v", q, e, EmbedString(q, e), e3, n3)
		}
		if q3, n3 := Parse(set, v3); q3 != q || len(n3) != 0 {
			t.Fatalf("EmbedString(%+v, %+v) = %q reads back as %+v, %v", q, e, EmbedString(q, e), q3, n3)
		}
	})
}
