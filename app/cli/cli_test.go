package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"tokenjoule/data"
)

func runArgs(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = Run(args, &o, &e)
	return code, o.String(), e.String()
}

func TestCalcIssueExample(t *testing.T) {
	code, out, errs := runArgs("calc", "-task", "lm-arena-chat", "-model", "qwen-3-14b", "-gpu", "H100",
		"-deadline", "50ms", "-percentile", "p50", "-tokens", "1M")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %s", code, errs)
	}
	for _, want := range []string{"31.09 Wh", "max_num_seqs 256", "qwen-3-14b/H100/1/256", "GPU energy only", "Chung et al."} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestCalcJSON(t *testing.T) {
	code, out, errs := runArgs("calc", "-model", "Qwen/Qwen3-14B", "-gpu", "h100", "-deadline", "0.05s", "-tokens", "2.5B", "-json")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %s", code, errs)
	}
	var got map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not one JSON object: %v\n%s", err, out)
	}
	for _, k := range []string{"task", "model", "gpu", "deadline_ms", "percentile", "tokens", "selected", "energy_wh",
		"energy_per_request_j", "gpu_hours", "requests"} {
		if _, ok := got[k]; !ok {
			t.Errorf("JSON lacks %q", k)
		}
	}
	var sel data.Config
	json.Unmarshal(got["selected"], &sel)
	var energy, tokens float64
	json.Unmarshal(got["energy_wh"], &energy)
	json.Unmarshal(got["tokens"], &tokens)
	if sel.RowID != "qwen-3-14b/H100/1/256" || tokens != 2.5e9 || !nearly(energy, float64(sel.JoulesPerToken)*2.5e9/3600) {
		t.Errorf("selected %s, tokens %v, energy %v Wh", sel.RowID, tokens, energy)
	}
	// The selected object is the dataset's configuration, key for key.
	s, _ := data.Load()
	m, _ := s.Model("lm-arena-chat", "qwen-3-14b")
	for _, c := range m.Configurations {
		if c.RowID == sel.RowID {
			want, _ := json.Marshal(c)
			var a, b any
			json.Unmarshal(want, &a)
			json.Unmarshal(got["selected"], &b)
			if !jsonEqual(a, b) {
				t.Errorf("selected = %s, want the dataset row %s", got["selected"], want)
			}
		}
	}
}

func nearly(a, b float64) bool { return a-b < 1e-9*b && b-a < 1e-9*b }

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

func TestCalcInfeasible(t *testing.T) {
	code, out, _ := runArgs("calc", "-deadline", "2ms", "-json")
	if code != exitInfeasible {
		t.Fatalf("exit %d, want %d", code, exitInfeasible)
	}
	var got struct {
		Selected *data.Config `json:"selected"`
		MinMS    float64      `json:"min_deadline_ms"`
	}
	json.Unmarshal([]byte(out), &got)
	if got.Selected != nil || got.MinMS <= 2 {
		t.Errorf("selected %v, min_deadline_ms %v", got.Selected, got.MinMS)
	}
	code, out, _ = runArgs("calc", "-deadline", "2ms")
	if code != exitInfeasible || !strings.Contains(out, "No measured configuration meets") {
		t.Errorf("exit %d, text output:\n%s", code, out)
	}
}

func TestCalcBadInput(t *testing.T) {
	cases := []struct {
		args []string
		want []string // in stderr: the bad value and what is accepted
	}{
		{[]string{"-task", "chat"}, []string{`"chat"`, "lm-arena-chat", "gpqa"}},
		{[]string{"-model", "gpt-5"}, []string{`"gpt-5"`, "qwen-3-14b", "llama-3-1-8b-instruct"}},
		{[]string{"-gpu", "A100"}, []string{`"A100"`, "H100", "B200", "any"}},
		{[]string{"-percentile", "p75"}, []string{`"p75"`, "p90"}},
		{[]string{"-tokens", "lots"}, []string{`"lots"`, "2.5B"}},
		{[]string{"-tokens", "-5M"}, []string{`"-5M"`}},
		{[]string{"-deadline", "fast"}, []string{`"fast"`, "ms"}},
		{[]string{"-deadline", "2m"}, []string{`"2m"`}},
		{[]string{"-frobnicate"}, []string{"frobnicate"}},
		{[]string{"extra"}, []string{`"extra"`}},
	}
	for _, c := range cases {
		code, out, errs := runArgs(append([]string{"calc"}, c.args...)...)
		if code != exitBadInput {
			t.Errorf("%v: exit %d, want %d", c.args, code, exitBadInput)
		}
		if out != "" {
			t.Errorf("%v: printed a result on bad input: %s", c.args, out)
		}
		for _, w := range c.want {
			if !strings.Contains(errs, w) {
				t.Errorf("%v: stderr %q lacks %q", c.args, errs, w)
			}
		}
	}
	if code, _, _ := runArgs("nonsense"); code != exitBadInput {
		t.Errorf("unknown command: exit %d, want %d", code, exitBadInput)
	}
}

// TestCalcNeverPrintsANonFiniteFigure: a dataset row that gives an infinite
// figure (a throughput rounded to 0 by an old import) is a failure, said so,
// never an empty answer with exit 0 (-json) nor "+Inf" (text).
func TestCalcNeverPrintsANonFiniteFigure(t *testing.T) {
	m := data.Model{Version: data.SchemaVersion, Slug: "m", Name: "M", GPUs: []string{"H100"},
		Configurations: []data.Config{{GPU: "H100", NumGPUs: 1, MaxNumSeqs: 8, JoulesPerToken: 0.2, MedianITL: 10, P90ITL: 10,
			P95ITL: 10, P99ITL: 10, TokensPerSecond: 0, AvgOutputTokens: 500, RowID: "m/H100/1/8", Repeat: 1}}}
	idx := data.Index{Version: data.SchemaVersion, Workloads: []data.Workload{{ID: "w", Models: []data.ModelEntry{{Slug: "m", Name: "M", GPUs: m.GPUs}}}}}
	ib, _ := json.Marshal(idx)
	mb, _ := json.Marshal(m)
	loadSet = func() (*data.Set, error) {
		return data.LoadFS(fstest.MapFS{"index.json": {Data: ib}, "w/m.json": {Data: mb}})
	}
	t.Cleanup(func() { loadSet = data.Load })
	for _, args := range [][]string{{"-json"}, {}} {
		code, out, errs := runArgs(append([]string{"calc", "-task", "w", "-model", "m", "-gpu", "H100"}, args...)...)
		if code != exitFailure || strings.TrimSpace(out) != "" || !strings.Contains(errs, "not a finite number") {
			t.Errorf("calc %v: exit %d, stdout %q, stderr %q; want exit 1, no output and the reason", args, code, out, errs)
		}
	}
}

// TestCalcQuotesTheGPUAsTyped: the refusal quotes the value typed, not an
// upper-cased one ("ı" upper-cases to "I"); known GPUs match in any case.
func TestCalcQuotesTheGPUAsTyped(t *testing.T) {
	for _, gpu := range []string{"ı", "h100ı", "ǆ"} {
		code, _, errs := runArgs("calc", "-gpu", gpu)
		if code != exitBadInput || !strings.Contains(errs, fmt.Sprintf("%q", gpu)) {
			t.Errorf("-gpu %s: exit %d, stderr %q; want 2 and the value as typed", gpu, code, errs)
		}
	}
	for _, gpu := range []string{"h100", "H100", "b200", "ANY"} {
		if code, _, errs := runArgs("calc", "-gpu", gpu); code != exitOK {
			t.Errorf("-gpu %s: exit %d, %s", gpu, code, errs)
		}
	}
}

// TestCalcTinyVolume: tokens=1e-30 reads as a power of ten, not as a run of
// zeros.
func TestCalcTinyVolume(t *testing.T) {
	code, out, errs := runArgs("calc", "-tokens", "1e-30")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if strings.Contains(out, "00000") || !strings.Contains(out, "× 10⁻") {
		t.Errorf("tiny figures are unreadable:\n%s", out)
	}
	if code, _, errs := runArgs("calc", "-tokens", "1000000000000000001"); code != exitBadInput || !strings.Contains(errs, "exceeds the maximum of 1e18") {
		t.Errorf("-tokens 1000000000000000001: exit %d, %s", code, errs)
	}
}
