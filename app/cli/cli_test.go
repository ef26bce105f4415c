package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

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
