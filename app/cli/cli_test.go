package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/footprint"
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
	// The leaderboard's measured 0.11191693587449492 J per token; the row
	// holds it rounded.
	if sel.RowID != "qwen-3-14b/H100/1/256" || tokens != 2.5e9 || !nearly(energy, 0.11191693587449492*2.5e9/3600) {
		t.Errorf("selected %s, tokens %v, energy %v Wh", sel.RowID, tokens, energy)
	}
	// What calc prints is the page's scenario download, byte for byte.
	s, _ := data.Load()
	r, err := s.Select(data.Query{Task: "lm-arena-chat", Model: "qwen-3-14b", GPU: "H100", DeadlineMS: 50, Percentile: data.P50, Tokens: 2.5e9})
	if err != nil {
		t.Fatal(err)
	}
	// The default footprint (GPU only, nothing else set) follows the scenario.
	if want, _ := export.ScenarioJSON(r, export.Footprint(r, footprint.Factors{}, footprint.Budget{}, nil)...); out != string(want) {
		t.Errorf("calc -json differs from export.ScenarioJSON:\n%s\nwant\n%s", out, want)
	}
}

func nearly(a, b float64) bool { return a-b < 1e-9*b && b-a < 1e-9*b }

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
	if code != exitInfeasible || !strings.Contains(out, "No measured configuration of Qwen 3 14B on B200 or H100 meets a p50 ITL of 2 ms") {
		t.Errorf("exit %d, text output:\n%s", code, out)
	}
}

// badInput is a command's arguments and what stderr must then say: the bad
// value and what is accepted.
type badInput struct {
	args []string
	want []string
}

// checkBadInput runs each case: exit 2, nothing on stdout, and the message.
func checkBadInput(t *testing.T, command string, cases []badInput) {
	t.Helper()
	for _, c := range cases {
		code, out, errs := runArgs(append([]string{command}, c.args...)...)
		if code != exitBadInput {
			t.Errorf("%s %v: exit %d, want %d", command, c.args, code, exitBadInput)
		}
		if out != "" {
			t.Errorf("%s %v: printed a result on bad input: %s", command, c.args, out)
		}
		for _, w := range c.want {
			if !strings.Contains(errs, w) {
				t.Errorf("%s %v: stderr %q lacks %q", command, c.args, errs, w)
			}
		}
	}
}

func TestCalcBadInput(t *testing.T) {
	checkBadInput(t, "calc", []badInput{
		{[]string{"-task", "chat"}, []string{`"chat"`, "lm-arena-chat", "gpqa"}},
		{[]string{"-model", "gpt-5"}, []string{`"gpt-5"`, "Qwen 3 14B", "Llama 3.1 8B Instruct"}},
		{[]string{"-task", "video-chat", "-model", "qwen-3-14b"}, []string{`"qwen-3-14b"`, "not a model of Video Chat", "Qwen 3 VL 8B Instruct"}},
		{[]string{"-gpu", "A100"}, []string{`"A100"`, "H100", "B200", "any"}},
		{[]string{"-percentile", "p75"}, []string{`"p75"`, "p90"}},
		{[]string{"-tokens", "lots"}, []string{`"lots"`, "2.5B"}},
		{[]string{"-tokens", "-5M"}, []string{`"-5M"`}},
		{[]string{"-deadline", "fast"}, []string{`"fast"`, "ms"}},
		{[]string{"-deadline", "2m"}, []string{`"2m"`}},
		{[]string{"-frobnicate"}, []string{"frobnicate"}},
		{[]string{"extra"}, []string{`"extra"`}},
	})
}

// TestLongValues: a 100 KB value of any flag is refused
// with a message that quotes at most 40 characters of it.
func TestLongValues(t *testing.T) {
	long := strings.Repeat("x", 100<<10)
	for _, args := range [][]string{
		{"calc", "-task"}, {"calc", "-model"}, {"calc", "-gpu"}, {"calc", "-deadline"}, {"calc", "-percentile"}, {"calc", "-tokens"},
		{"calc", "-boundary"}, {"calc", "-host"}, {"calc", "-idle"}, {"calc", "-pue"}, {"calc", "-grid"}, {"calc", "-wue"},
		{"calc", "-price"}, {"calc", "-currency"}, {"calc", "-budget"},
		{"compare", "-task"}, {"compare", "-gpu"}, {"compare", "-tokens"}, {"compare", "-pue"},
		{"list", "-task"}, {"build", "-base", "x y" + long}, {"build", "-domain"}, {"serve", "-domain"},
		{"calc", "-tokens", "1", long}, {long},
	} {
		if len(args) == 2 {
			args = append(args, long)
		}
		code, out, errs := runArgs(args...)
		quoted := 0 // the longest run of the value's characters
		for _, run := range strings.FieldsFunc(errs, func(r rune) bool { return r != 'x' }) {
			quoted = max(quoted, len(run))
		}
		if code != exitBadInput || out != "" || len(errs) > 2000 || quoted > 40 || !strings.Contains(errs, `…"`) {
			t.Errorf("%.20q and 100 KB: exit %d, %d bytes on stdout, %d on stderr: %.300q", args, code, len(out), len(errs), errs)
		}
	}
}

// TestFailedOutput: a command whose output is lost exits
// 1 and says why; compare -csv > /dev/full exited 0.
func TestFailedOutput(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no /dev/full here: %v", err)
	}
	defer full.Close()
	for _, args := range [][]string{
		{"compare", "-csv"}, {"compare", "-json"}, {"compare"}, {"calc"}, {"calc", "-json"}, {"calc", "-deadline", "2ms"},
		{"calc", "-grid", "world", "-budget", "1 t"}, {"list"}, {"list", "-json"}, {"list", "-task", "gpqa"}, {"help"},
	} {
		var errs bytes.Buffer
		if code := Run(args, full, &errs); code != exitFailure || !strings.Contains(errs.String(), "no space left on device") {
			t.Errorf("%v > /dev/full: exit %d, %q; want 1 and the reason", args, code, errs.String())
		}
	}
	// Output lost part of the way through, as a pipe closed early loses it.
	for _, args := range [][]string{{"compare", "-csv"}, {"calc"}, {"list", "-json"}} {
		var errs bytes.Buffer
		w := &failingWriter{room: 100}
		if code := Run(args, w, &errs); code != exitFailure || !strings.Contains(errs.String(), "writing the output") {
			t.Errorf("%v, output lost after 100 bytes: exit %d, %q; want 1", args, code, errs.String())
		}
	}
}

// failingWriter takes room bytes, then fails.
type failingWriter struct{ room int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) > w.room {
		n := w.room
		w.room = 0
		return n, errors.New("the reader went away")
	}
	w.room -= len(p)
	return len(p), nil
}

func TestUsage(t *testing.T) {
	code, out, errs := runArgs()
	if code != exitBadInput || out != "" {
		t.Errorf("no command: exit %d, stdout %q; want %d and the usage on stderr", code, out, exitBadInput)
	}
	for _, c := range commands {
		if !strings.Contains(errs, c.name) {
			t.Errorf("usage lacks %s:\n%s", c.name, errs)
		}
	}
	for _, help := range []string{"help", "-h", "-help", "--help"} {
		if code, out, _ := runArgs(help); code != exitOK || !strings.Contains(out, "usage: tokenjoule") || !strings.Contains(out, "compare") {
			t.Errorf("%s: exit %d, stdout %q", help, code, out)
		}
	}
	code, _, errs = runArgs("nonsense")
	if code != exitBadInput || !strings.Contains(errs, `unknown command "nonsense"`) {
		t.Errorf("unknown command: exit %d, stderr %q", code, errs)
	}
}

// Without -model, calc answers for the workload's default model, the one the
// data package names for the page too.
func TestCalcDefaultModel(t *testing.T) {
	s, _ := data.Load()
	for _, w := range s.Index.Workloads {
		code, out, errs := runArgs("calc", "-task", w.ID, "-json")
		if code != exitOK {
			t.Errorf("calc -task %s: exit %d, stderr %s", w.ID, code, errs)
			continue
		}
		var got struct{ Model string }
		json.Unmarshal([]byte(out), &got)
		if want := w.DefaultModel().Slug; got.Model != want {
			t.Errorf("calc -task %s answered for %q, want the default model %q", w.ID, got.Model, want)
		}
	}
	code, out, _ := runArgs("calc", "-task", "video-chat")
	if code != exitOK || !strings.Contains(out, "Qwen 3 VL 8B Instruct (Video Chat)") {
		t.Errorf("calc -task video-chat: exit %d\n%s", code, out)
	}
}

// Text rounds as the page does; the numbers below are the dataset's
// (qwen-3-14b/B200/1/2048: 15875.0 tokens/s, 0.0547711 J/token, 2044.6 running;
// on H100 0.1119169 J/token, and 0.1119169 / 0.0547711 = 2.0434).
func TestCalcTextRoundsAsThePage(t *testing.T) {
	code, out, _ := runArgs("calc")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"of Qwen 3 14B (Text Conversation) on B200 or H100, p50 ITL ≤ 500 ms", "15.21 Wh (54.77 kJ)",
		"15,875 tokens/s", "0.05477 J per token", "average running batch 2,045", "1,631 requests", "ITL median 112.6 ms",
		"Best on H100 at the same deadline: 31.09 Wh (+104.3%)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	for _, raw := range []string{"15875", "0.0547711", "best of", "2044.6"} {
		if strings.Contains(out, raw) {
			t.Errorf("output has the unrounded or unphrased %q:\n%s", raw, out)
		}
	}
	// A model measured on one GPU is not offered a choice.
	code, out, _ = runArgs("calc", "-task", "gpqa", "-model", "deepseek-r1", "-deadline", "1ms")
	if code != exitInfeasible || !strings.Contains(out, "No measured configuration of DeepSeek R1 on B200 meets") || strings.Contains(out, " or ") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

func TestList(t *testing.T) {
	s, _ := data.Load()
	code, out, errs := runArgs("list")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %s", code, errs)
	}
	for _, w := range s.Index.Workloads {
		if !strings.Contains(out, w.ID) || !strings.Contains(out, w.Name) || !strings.Contains(out, w.DefaultModel().Slug) {
			t.Errorf("list lacks %s (%s, default %s):\n%s", w.ID, w.Name, w.DefaultModel().Slug, out)
		}
	}

	code, out, _ = runArgs("list", "-task", "gpqa")
	w, _ := s.Workload("gpqa")
	lines := strings.Split(out, "\n")
	for _, m := range w.Models {
		i := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, m.Slug+" ") })
		if code != exitOK || i < 0 || !strings.Contains(lines[i], m.Name) || !strings.HasSuffix(lines[i], strings.Join(m.GPUs, ", ")) {
			t.Errorf("list -task gpqa: no line for %s with its name and GPUs:\n%s", m.Slug, out)
		}
	}

	code, out, _ = runArgs("list", "-json")
	var all []struct {
		Task         string `json:"task"`
		DefaultModel string `json:"default_model"`
		Models       []struct {
			Model       string   `json:"model"`
			DisplayName string   `json:"display_name"`
			GPUs        []string `json:"gpus"`
		} `json:"models"`
	}
	if err := json.Unmarshal([]byte(out), &all); code != exitOK || err != nil || len(all) != len(s.Index.Workloads) {
		t.Fatalf("list -json: exit %d, %v, %d workloads", code, err, len(all))
	}
	for i, w := range s.Index.Workloads {
		got := all[i]
		if got.Task != w.ID || got.DefaultModel != w.DefaultModel().Slug || len(got.Models) != len(w.Models) {
			t.Errorf("workload %d = %+v, want %s", i, got, w.ID)
			continue
		}
		for j, m := range w.Models {
			if g := got.Models[j]; g.Model != m.Slug || g.DisplayName != m.Name || !slices.Equal(g.GPUs, m.GPUs) {
				t.Errorf("%s model %d = %+v, want %s", w.ID, j, g, m.Slug)
			}
		}
	}
	code, out, _ = runArgs("list", "-task", "video-chat", "-json")
	var one map[string]any
	if err := json.Unmarshal([]byte(out), &one); code != exitOK || err != nil || one["task"] != "video-chat" {
		t.Errorf("list -task video-chat -json: exit %d, %v: %v", code, err, one)
	}

	for _, args := range [][]string{{"-task", "chat"}, {"extra"}, {"-model", "x"}} {
		code, out, errs := runArgs(append([]string{"list"}, args...)...)
		if code != exitBadInput || out != "" || errs == "" {
			t.Errorf("list %v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	if _, _, errs := runArgs("list", "-task", "chat"); !strings.Contains(errs, `"chat"`) || !strings.Contains(errs, "video-chat") {
		t.Errorf("stderr %q does not name the value and the workloads", errs)
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

// TestCalcTinyVolume: a volume below one token is
// refused, naming it and what is accepted (5e-324 printed "0 mWh" with exit
// 0, and compare ranked by name); one token gives readable figures.
func TestCalcTinyVolume(t *testing.T) {
	for _, cmd := range []string{"calc", "compare"} {
		for _, v := range []string{"5e-324", "1e-30", "0.5", "0.99999999999999999999", "0.0009k"} {
			code, out, errs := runArgs(cmd, "-tokens", v)
			if code != exitBadInput || out != "" || !strings.Contains(errs, `"`+v+`"`) || !strings.Contains(errs, "below one token") ||
				!strings.Contains(errs, "from 1 to 1e18") {
				t.Errorf("%s -tokens %s: exit %d, %q", cmd, v, code, errs)
			}
		}
	}
	code, out, errs := runArgs("calc", "-tokens", "1")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if strings.Contains(out, "00000") || strings.Contains(out, " 0 ") {
		t.Errorf("one token's figures are unreadable:\n%s", out)
	}
	if code, _, errs := runArgs("calc", "-tokens", "1000000000000000001"); code != exitBadInput || !strings.Contains(errs, "exceeds the maximum of 1e18") {
		t.Errorf("-tokens 1000000000000000001: exit %d, %s", code, errs)
	}
}

// TestJSONCarriesTheMeasuredEnergyPerRequest: calc -json and compare -json
// give the leaderboard's measured energy_per_request_joules of the row they
// select, not J/token × the output length rounded; and at the edge of the
// deadline, the row the leaderboard selects.
func TestJSONCarriesTheMeasuredEnergyPerRequest(t *testing.T) {
	// The leaderboard's figures (lm-arena-chat.json): Qwen 3 14B on one H100
	// at 256, and Llama 3.1 70B on four H100s at 16 (17.7 ms; at 32, the
	// row rounded to 20.0 ms was measured at 20.047 ms).
	_, out, _ := runArgs("calc", "-model", "qwen-3-14b", "-gpu", "H100", "-deadline", "50", "-json")
	var calc struct {
		PerRequest float64 `json:"energy_per_request_j"`
		Selected   struct {
			RowID string `json:"row_id"`
		}
	}
	if err := json.Unmarshal([]byte(out), &calc); err != nil || calc.Selected.RowID != "qwen-3-14b/H100/1/256" || calc.PerRequest != 69.89933984987961 {
		t.Errorf("calc -json: %s, %v J per request (%v), want 69.89933984987961", calc.Selected.RowID, calc.PerRequest, err)
	}
	code, out, errs := runArgs("compare", "-task", "lm-arena-chat", "-gpu", "H100", "-deadline", "20", "-json")
	if code != exitOK {
		t.Fatalf("compare: exit %d: %s", code, errs)
	}
	type ranked struct {
		Model      string  `json:"model"`
		PerRequest float64 `json:"energy_per_request_j"`
		Selected   struct {
			RowID string `json:"row_id"`
		}
	}
	var models []ranked
	if err := json.Unmarshal([]byte(out), &models); err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(models, func(m ranked) bool { return m.Model == "llama-3-1-70b-instruct" })
	if i < 0 || models[i].Selected.RowID != "llama-3-1-70b-instruct/H100/4/16" || models[i].PerRequest != 741.1058743374467 {
		t.Errorf("compare -json: Llama 3.1 70B: %+v, want row llama-3-1-70b-instruct/H100/4/16 at 741.1058743374467 J per request", models[max(i, 0)])
	}
}

// The output writer is where every figure leaves the program: it refuses
// one that is not a finite number, even cut between two writes, and lets
// words that only begin like one through.
func TestOutputRefusesNonFiniteFigures(t *testing.T) {
	for _, tc := range []struct {
		writes []string
		bad    bool
	}{
		{[]string{"Energy: +Inf GWh\n"}, true},
		{[]string{"a,b\n1,NaN\n"}, true},
		{[]string{"-Inf\n"}, true},
		{[]string{"x,+In", "f,y\n"}, true},
		{[]string{"energy ", "NaN", "\n"}, true},
		{[]string{"no newline at the end: NaN"}, true},
		{[]string{"Automated Inference Energy Measurement\n"}, false},
		{[]string{"Infinity and NaNo are words; Info\n"}, false},
		{[]string{"1,234 Wh\n", "InfiniBand\n"}, false},
	} {
		var b bytes.Buffer
		w := &checkedWriter{w: &b}
		var err error
		for _, s := range tc.writes {
			if _, err = w.Write([]byte(s)); err != nil {
				break
			}
		}
		if err == nil {
			err = w.flush()
		}
		if got := err != nil; got != tc.bad {
			t.Errorf("writes %q: error %v, want an error: %v", tc.writes, err, tc.bad)
		}
		if tc.bad && (strings.Contains(b.String(), "Inf") || strings.Contains(b.String(), "NaN")) {
			t.Errorf("writes %q: written %q", tc.writes, b.String())
		}
	}
}
