package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"tokenjoule/data"
)

// TestModelNames: -model takes what people type, the slug, the name or the
// model id in any case and punctuation, or a short form that fits one
// model, and answers for that model under its full name; calc and plan
// alike.
func TestModelNames(t *testing.T) {
	for _, cmd := range []string{"calc", "plan"} {
		for _, typed := range []string{"llama-3-1-70b-instruct", "Llama 3.1 70B", "llama-3.1-70b", "meta-llama/Llama-3.1-70B-Instruct", "LLAMA_3.1_70B_INSTRUCT"} {
			code, out, errs := runArgs(cmd, "-model", typed)
			first, _, _ := strings.Cut(out, "\n")
			if code != exitOK || errs != "" || !strings.Contains(first, "of Llama 3.1 70B Instruct (Text Conversation) on") {
				t.Errorf("%s -model %q: exit %d, first line %q, stderr %q", cmd, typed, code, first, errs)
			}
			code, out, _ = runArgs(cmd, "-model", typed, "-json")
			var doc struct{ Model, DisplayName string }
			json.Unmarshal([]byte(out), &doc)
			if code != exitOK || doc.Model != "llama-3-1-70b-instruct" {
				t.Errorf("%s -model %q -json: exit %d, model %q, want the slug llama-3-1-70b-instruct", cmd, typed, code, doc.Model)
			}
		}
	}
}

// TestModelNameRefused: a name that fits no model, or several, exits 2
// with a message that names the value and suggests the closest names or
// lists those it fits, and prints nothing: never another model's answer.
func TestModelNameRefused(t *testing.T) {
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"calc", "-model", "Llama 3.1 70"}, `calc: model "Llama 3.1 70" is not accepted: not a model of Text Conversation; did you mean Llama 3.1 70B Instruct?`},
		{[]string{"plan", "-model", "lama-3.1-70b"}, `plan: model "lama-3.1-70b" is not accepted: not a model of Text Conversation; did you mean Llama 3.1 70B Instruct?`},
		{[]string{"calc", "-task", "gpqa", "-model", "gpt-oss-12b"}, `did you mean GPT OSS 120B?`},
		{[]string{"calc", "-model", "Llama 3.1"}, `it matches 4 models of Text Conversation: Llama 3.1 8B Instruct, Llama 3.1 70B Instruct, Llama 3.1 405B Instruct or Llama 3.1 405B Instruct FP8`},
		{[]string{"calc", "-model", "gpt-5"}, `not a model of Text Conversation; one of its models, by name, slug or model id: DeepSeek V3.1, Gemma 3 12B`},
	} {
		code, out, errs := runArgs(c.args...)
		if code != exitBadInput || out != "" || !strings.Contains(errs, c.says) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errs, c.says)
		}
	}
}

// TestPercentileNumber: -percentile 99 is p99, as are P99 and 99th.
func TestPercentileNumber(t *testing.T) {
	for _, p := range []string{"99", "P99", "99th"} {
		code, out, errs := runArgs("calc", "-percentile", p)
		if first, _, _ := strings.Cut(out, "\n"); code != exitOK || !strings.Contains(first, "p99 ITL ≤ 500 ms") {
			t.Errorf("calc -percentile %s: exit %d, first line %q, stderr %q", p, code, first, errs)
		}
	}
	code, _, errs := runArgs("calc", "-percentile", "75")
	if code != exitBadInput || !strings.Contains(errs, `percentile "75" is not accepted`) {
		t.Errorf("calc -percentile 75: exit %d, stderr %q", code, errs)
	}
}

// TestStrayArgument: an argument that is not a flag's exits 2 and says
// which flag takes it: -model for a model, quoted where it has spaces,
// whole where its spaces split it, and -task for a workload's id.
func TestStrayArgument(t *testing.T) {
	for _, c := range []struct {
		args []string
		says string
	}{
		{[]string{"calc", "llama-3-1-70b-instruct"}, `calc: unexpected argument "llama-3-1-70b-instruct"; to choose a model, use -model llama-3-1-70b-instruct`},
		{[]string{"plan", "-gpu", "H100", "Llama 3.1 70B"}, `plan: unexpected argument "Llama 3.1 70B"; to choose a model, use -model "Llama 3.1 70B"`},
		{[]string{"calc", "-model", "Llama", "3.1", "70B", "-gpu", "H100"}, `calc: unexpected argument "3.1"; a name with spaces needs quotes: -model "Llama 3.1 70B"`},
		{[]string{"calc", "-model=Llama", "3.1", "70B"}, `calc: unexpected argument "3.1"; a name with spaces needs quotes: -model "Llama 3.1 70B"`},
		{[]string{"calc", "gpqa"}, `calc: unexpected argument "gpqa"; to choose a workload, use -task gpqa`},
		{[]string{"compare", "gpqa"}, `compare: unexpected argument "gpqa"; to choose a workload, use -task gpqa`},
		{[]string{"list", "gpqa"}, `list: unexpected argument "gpqa"; to choose a workload, use -task gpqa`},
		{[]string{"compare", "qwen-3-14b"}, `compare: unexpected argument "qwen-3-14b"` + "\n"},
	} {
		code, out, errs := runArgs(c.args...)
		if code != exitBadInput || out != "" || !strings.Contains(errs, c.says) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errs, c.says)
		}
	}
}

// TestWorkloadNameAndID: the text answers name the workload as the page
// does, "Reasoning", and not by its id, which -json keeps; -h and list,
// where one chooses the flags' values, give both, "Reasoning (gpqa)", so
// that a reader can map one to the other.
func TestWorkloadNameAndID(t *testing.T) {
	s, _ := data.Load()
	_, _, help := runArgs("calc", "-h")
	_, list, _ := runArgs("list")
	for _, w := range s.Index.Workloads {
		both := w.Name + " (" + w.ID + ")"
		if !strings.Contains(help, both) {
			t.Errorf("calc -h does not say %q:\n%s", both, help)
		}
		if _, l, _ := runArgs("list", "-task", w.ID); !strings.Contains(list, w.ID) || !strings.HasPrefix(l, both) {
			t.Errorf("list does not give %s's id, or list -task %s does not begin %q", w.ID, w.ID, both)
		}
		commands := [][]string{{"calc", "-task", w.ID}, {"compare", "-task", w.ID}}
		if w.Kind() == data.Tokens {
			commands = append(commands, []string{"plan", "-task", w.ID}, []string{"compare", "-task", w.ID, "-rate", "1B/day"})
		}
		for _, args := range commands {
			_, out, _ := runArgs(args...)
			first, _, _ := strings.Cut(out, "\n")
			if !strings.Contains(first, w.Name) || strings.Contains(out, "("+w.ID+")") {
				t.Errorf("%q begins %q, want %q, and not its id", args, first, w.Name)
			}
		}
	}
}
