package cli

import (
	"strings"
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/export"
)

// compareArgs and compareQuery are the same question: gpqa on H100 at 15 ms
// p95, where some models meet the deadline, some miss it and two were not
// measured on H100.
var compareArgs = []string{"compare", "-task", "gpqa", "-gpu", "h100", "-deadline", "0.015s", "-percentile", "P95", "-tokens", "2.5B"}

func compareQuery(t *testing.T) *data.Ranking {
	t.Helper()
	s, _ := data.Load()
	rk, err := s.Compare(data.Query{Task: "gpqa", GPU: "H100", DeadlineMS: 15, Percentile: data.P95, Tokens: 2.5e9})
	if err != nil {
		t.Fatal(err)
	}
	return rk
}

// compare -csv and -json print the page's downloads byte for byte.
func TestCompareDownloads(t *testing.T) {
	rk := compareQuery(t)
	code, out, errs := runArgs(append(compareArgs, "-csv")...)
	if code != exitOK {
		t.Fatalf("exit %d, stderr %s", code, errs)
	}
	if want := export.CompareCSV(rk); out != string(want) {
		t.Errorf("compare -csv differs from export.CompareCSV:\n%s\nwant\n%s", out, want)
	}
	code, out, _ = runArgs(append(compareArgs, "-json")...)
	want, err := export.CompareJSON(rk)
	if code != exitOK || err != nil || out != string(want) {
		t.Errorf("compare -json (exit %d) differs from export.CompareJSON (%v):\n%s\nwant\n%s", code, err, out, want)
	}
}

// The text lists the models in rank order with the page's rounding.
func TestCompareText(t *testing.T) {
	rk := compareQuery(t)
	code, out, errs := runArgs(compareArgs...)
	if code != exitOK {
		t.Fatalf("exit %d, stderr %s", code, errs)
	}
	lines := strings.Split(out, "\n")
	last := -1
	statuses := map[data.Status]int{}
	for _, r := range rk.Models {
		statuses[r.Status()]++
		var row string // what identifies the model's line
		switch r.Status() {
		case data.Meets:
			row = r.Result.Selected.RowID
		case data.MissesDeadline:
			row = r.Result.Fastest.RowID
		default:
			continue
		}
		i := -1
		for j, l := range lines {
			if strings.HasSuffix(l, "  "+row) {
				i = j
			}
		}
		if i <= last {
			t.Fatalf("%s (%s) is not listed after the models ranked above it:\n%s", r.Entry.Name, row, out)
		}
		last = i
		want := data.FormatMS(r.Result.MinDeadlineMS())
		if r.Status() == data.Meets {
			want = data.FormatEnergy(r.Result.Estimate.EnergyWh)
		}
		if !strings.Contains(lines[i], r.Entry.Name) || !strings.Contains(lines[i], want) {
			t.Errorf("line %q lacks %s or %s", lines[i], r.Entry.Name, want)
		}
	}
	if statuses[data.Meets] == 0 || statuses[data.MissesDeadline] == 0 || statuses[data.NotMeasured] == 0 {
		t.Fatalf("the test query should have every status: %v", statuses)
	}
	for _, want := range []string{"Reasoning (gpqa): 2.5B output tokens on H100 at p95 ITL ≤ 15 ms", "Missing the deadline",
		"Not measured on H100: DeepSeek R1 (measured on B200), DeepSeek V3.1 (measured on B200).", "GPU energy only", "Chung et al."} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestCompareNoModelMeetsTheDeadline(t *testing.T) {
	code, out, _ := runArgs("compare", "-task", "video-chat", "-deadline", "1ms")
	if code != exitInfeasible || !strings.Contains(out, "No model meets the deadline.") || !strings.Contains(out, "Missing the deadline") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

func TestCompareBadInput(t *testing.T) {
	checkBadInput(t, "compare", []badInput{
		{[]string{"-task", "chat"}, []string{`"chat"`, "lm-arena-chat", "gpqa"}},
		{[]string{"-gpu", "A100"}, []string{`"A100"`, "H100", "B200", "any"}},
		{[]string{"-percentile", "p75"}, []string{`"p75"`, "p90"}},
		{[]string{"-tokens", "lots"}, []string{`"lots"`, "2.5B"}},
		{[]string{"-tokens", "0"}, []string{`"0"`}},
		{[]string{"-deadline", "fast"}, []string{`"fast"`, "ms"}},
		{[]string{"-deadline", "-40ms"}, []string{`"-40ms"`}},
		{[]string{"-json", "-csv"}, []string{"-json", "-csv"}},
		{[]string{"-model", "qwen-3-14b"}, []string{"model"}},
		{[]string{"extra"}, []string{`"extra"`}},
	})
}
