package state

import (
	"net/url"
	"strings"
	"testing"

	"tokenjoule/data"
)

func TestParseCompare(t *testing.T) {
	set := load(t)
	for _, tc := range []struct {
		raw     string
		gpu     string
		notices []string // the params refused
	}{
		// DeepSeek V3.1 was measured on B200 only; GPQA's other models on H100 too.
		{"task=gpqa&model=deepseek-v3-1&gpu=H100", "H100", nil},
		{"task=gpqa&model=deepseek-v3-1&gpu=h100", "H100", nil},
		{"task=gpqa&model=gpt-oss-20b&gpu=B200", "B200", nil},
		{"task=gpqa&gpu=any", data.AnyGPU, nil},
		{"task=gpqa", data.AnyGPU, nil},
		{"task=gpqa&gpu=A100", data.AnyGPU, []string{"gpu"}},
		{"task=nope&gpu=TPU&tokens=lots", data.AnyGPU, []string{"task", "gpu", "tokens"}},
		// Code completion's 480B models were measured on B200 only, its 30B on both.
		{"task=sourcegraph-fim&model=qwen-3-coder-480b-a35b&gpu=H100", "H100", nil},
	} {
		v, _ := url.ParseQuery(tc.raw)
		q, notices := ParseCompare(set, v)
		if q.GPU != tc.gpu {
			t.Errorf("ParseCompare(%q).GPU = %q, want %q", tc.raw, q.GPU, tc.gpu)
		}
		var params []string
		for _, n := range notices {
			params = append(params, n.Param)
			if n.Param == ParamGPU && (!strings.Contains(n.Message, `"`+v.Get("gpu")+`"`) || !strings.Contains(n.Message, "B200 and H100")) {
				t.Errorf("ParseCompare(%q): the GPU notice %q names neither the value nor the workload's GPUs", tc.raw, n.Message)
			}
		}
		if strings.Join(params, ",") != strings.Join(tc.notices, ",") {
			t.Errorf("ParseCompare(%q) notices for %v, want %v", tc.raw, params, tc.notices)
		}
		if _, err := set.Compare(q); err != nil {
			t.Errorf("ParseCompare(%q) = %+v, which Compare refuses: %v", tc.raw, q, err)
		}
		// The page's own URL reads back to the same query.
		v2, _ := url.ParseQuery(String(q))
		if q2, n2 := ParseCompare(set, v2); q2 != q || len(n2) != 0 {
			t.Errorf("String(%+v) reads back as %+v, %v", q, q2, n2)
		}
	}
}

// FuzzParseCompare: whatever the query string, the compare page gets a
// query Compare answers, and Normalize one the calculator answers.
func FuzzParseCompare(f *testing.F) {
	set := load(f)
	for _, s := range []string{"", "task=gpqa&model=deepseek-v3-1&gpu=H100", "gpu=b200&task=video-chat", "gpu=%zz&task=gpqa", "gpu=any&gpu=H100"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		v, _ := url.ParseQuery(raw)
		q, _ := ParseCompare(set, v)
		if _, err := set.Compare(q); err != nil {
			t.Fatalf("ParseCompare(%q) = %+v, which Compare refuses: %v", raw, q, err)
		}
		if _, err := set.Select(Normalize(set, q)); err != nil {
			t.Fatalf("Normalize(ParseCompare(%q)) = %+v, which Select refuses: %v", raw, Normalize(set, q), err)
		}
	})
}

// TestParseCompareHighlight: the compare page highlights a model only when
// its URL names one of the workload's, and writes back only what it read.
func TestParseCompareHighlight(t *testing.T) {
	set := load(t)
	for _, tc := range []struct {
		raw, model string
		notice     bool
	}{
		{"", "", false},
		{"task=gpqa&gpu=H100", "", false},
		{"task=gpqa&model=gpt-oss-20b", "gpt-oss-20b", false},
		{"task=gpqa&model=GPT-OSS-20B", "gpt-oss-20b", false},
		{"task=gpqa&model=gpt-5", "", true},
		{"task=video-chat&model=qwen-3-14b", "", true}, // not a model of video chat
	} {
		v, _ := url.ParseQuery(tc.raw)
		q, notices := ParseCompare(set, v)
		if q.Model != tc.model {
			t.Errorf("ParseCompare(%q).Model = %q, want %q", tc.raw, q.Model, tc.model)
		}
		if got := len(notices) == 1 && notices[0].Param == ParamModel && strings.Contains(notices[0].Message, "highlighting none"); got != tc.notice {
			t.Errorf("ParseCompare(%q) notices %+v, want one that highlights none: %v", tc.raw, notices, tc.notice)
		}
		// Read back, the state is the same, with no notice.
		again, n := ParseCompare(set, mustParse(t, String(q)))
		if again != q || len(n) != 0 {
			t.Errorf("ParseCompare(String(%+v)) = %+v, %v", q, again, n)
		}
		if strings.Contains(String(q), "model=") != (tc.model != "") {
			t.Errorf("String(%+v) = %q", q, String(q))
		}
	}
}

func mustParse(t *testing.T, raw string) url.Values {
	t.Helper()
	v, err := url.ParseQuery(raw)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
