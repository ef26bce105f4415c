package ui

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/lang"
)

func TestGlossary(t *testing.T) {
	keys := []string{termITL, termPercentile, termTokens, termGPUs, termParallel, termPrecision, termBatchLimit,
		termBatch, termGPUHours, termPareto, termRow, termRate, termPeak, termIdle, termReplicas,
		termGenTime, termImages, termVideos, termBatchSize, termSplit, termSteps, termSpread, termMeasure}
	if len(keys) != len(glossary) {
		t.Errorf("%d terms listed, %d in the glossary", len(keys), len(glossary))
	}
	for _, k := range keys {
		g, ok := glossary[k]
		if !ok {
			t.Errorf("no term %q", k)
			continue
		}
		// Words first, the raw name second, and an explanation in sentences.
		if l := g.Label(); !strings.HasPrefix(l, g.Words) || g.Raw != "" && !strings.HasSuffix(l, " ("+g.Raw+")") {
			t.Errorf("%s: label %q", k, l)
		}
		if g.Words == "" || strings.ContainsAny(g.Words, "_") {
			t.Errorf("%s: %q is not words", k, g.Words)
		}
		if first := g.Means[0]; !strings.HasSuffix(g.Means, ".") || first < 'A' || first > 'Z' {
			t.Errorf("%s: %q is not sentences", k, g.Means)
		}
	}
	// Which to pick for the question people ask: "each token within 50 ms".
	if want := "For “every token within the deadline”, pick p99"; !strings.Contains(glossary[termPercentile].Means, want) {
		t.Errorf("the percentile's help %q does not say %q", glossary[termPercentile].Means, want)
	}
	if got := label(termBatchLimit); got != "Batch size limit (max_num_seqs)" {
		t.Errorf("label(max_num_seqs) = %q", got)
	}
	// The words that explain the terms readers stumble on.
	for k, want := range map[string]string{
		termITL:        "waits between one token",
		termPercentile: "9 in 10 tokens arrive within the deadline",
		termBatchLimit: "requests the server handles at once",
		termParallel:   "N GPUs",
		termPrecision:  "BF16",
		termSpread:     "not a confidence interval",
		termMeasure:    "Zeus",
	} {
		if !strings.Contains(glossary[k].Means, want) {
			t.Errorf("%s: %q does not say %q", k, glossary[k].Means, want)
		}
	}
}

// The published spread's explanation gives the ends the core uses, so that
// neither goes stale alone.
func TestGlossarySpreadEnds(t *testing.T) {
	means := glossary[termSpread].Means
	for _, p := range []*footprint.Param{footprint.Idle, footprint.PUE, footprint.Grid, footprint.WUE} {
		s, _ := footprint.SpanOf(p, 1, 500)
		for _, b := range []footprint.Bound{s.Low, s.High} {
			v := data.FormatNumber(b.Value)
			if p.Share {
				v = "+" + data.FormatNumber(b.Value*100) + "%"
			}
			if b.Value == 0 {
				v = "none"
			}
			if !strings.Contains(means, v) {
				t.Errorf("the spread's explanation lacks %s's end %s (%s): %s", p.Name, v, b.Label, means)
			}
		}
	}
	if !strings.Contains(means, fmt.Sprint(footprint.EcoLogitsHostWatts)+" W a GPU") || !strings.Contains(means, "+43%") {
		t.Errorf("the spread's explanation lacks the host's ends: %s", means)
	}
}

func TestPhrases(t *testing.T) {
	for p, want := range map[data.Percentile][2]string{
		data.P50: {"half of the tokens", "Half (median, p50)"},
		data.P90: {"9 in 10 tokens", "9 in 10 (p90)"},
		data.P95: {"19 in 20 tokens", "19 in 20 (p95)"},
		data.P99: {"99 in 100 tokens", "99 in 100 (p99)"},
	} {
		if got := p.Share(); got != want[0] {
			t.Errorf("%s.Share() = %q, want %q", p, got, want[0])
		}
		if got := lang.EN.T("option." + string(p)); got != want[1] {
			t.Errorf("the option of %s = %q, want %q", p, got, want[1])
		}
	}
	if got := data.DeadlineWords(data.Tokens, data.P90, 1500); got != "9 in 10 tokens within 1,500 ms of the one before" {
		t.Errorf("deadlineWords = %q", got)
	}
	if got := data.DeadlineWords(data.Videos, data.P90, 1500e3); got != "each video ready within 1,500 s" {
		t.Errorf("deadlineWords = %q", got)
	}
	for gpus, want := range map[string]string{"B200": "B200 (the only one measured)", "B200,H100": "B200 or H100 (the better)"} {
		if got := gpuOption(lang.EN, strings.Split(gpus, ",")); got != want {
			t.Errorf("gpuOption(%s) = %q, want %q", gpus, got, want)
		}
	}
	if got := measuredOn([]string{"B200", "H100"}); got != "B200 and H100" {
		t.Errorf("measuredOn = %q", got)
	}
	src := data.Source{Name: "ML.ENERGY Leaderboard", Version: "3.0 (released 2025-12-01); data compiled 2026-02-16",
		Released: "2025-12-01", Compiled: "2026-02-16"}
	if got, want := datasetVersion(src, "2026-09-27"), "version 3.0: GPU energy measured on B200 and H100 servers, published 1 December 2025 and last updated 16 February 2026 (copied here 27 September 2026)."; got != want {
		t.Errorf("datasetVersion =\n%s\nwant\n%s", got, want)
	}
	if got := longDate("soon"); got != "soon" {
		t.Errorf("longDate of a non-date = %q", got)
	}
}

func TestQuestion(t *testing.T) {
	set, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		tag  lang.Tag
		q    data.Query
		want string
	}{
		{"", data.DefaultQuery(), "Energy for 1M output tokens of Qwen 3 14B (Text Conversation) on B200 or H100, with half of the tokens within 500 ms of the one before"},
		{"", data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 2.5e9},
			"Energy for 2.5B output tokens of GPT OSS 20B (Reasoning) on H100, with 19 in 20 tokens within 40 ms of the one before"},
		// A model measured on one GPU type: no "best of" a choice that was not there.
		{"", data.Query{Task: "lm-arena-chat", Model: "deepseek-v3-1", GPU: data.AnyGPU, DeadlineMS: 100, Percentile: data.P99, Tokens: 1e6},
			"Energy for 1M output tokens of DeepSeek V3.1 (Text Conversation) on B200, with 99 in 100 tokens within 100 ms of the one before"},
		{"", data.Query{Task: "text-to-image", Model: "flux-1-dev", GPU: "H100", DeadlineMS: 10e3, Percentile: data.P50, Tokens: 10e3},
			"Energy for 10k images of FLUX.1 Dev (Text to Image) on H100, with each image ready within 10 s"},
		{"", data.Query{Task: "text-to-video", Model: "wan-2-1-14b", GPU: data.AnyGPU, DeadlineMS: 90e3, Percentile: data.P50, Tokens: 100},
			"Energy for 100 videos of Wan 2.1 14B (Text to Video) on B200 or H100, with each video ready within 90 s"},
		// In German, with its number formats, the dative of the share and
		// the workload's name from the catalogue; the model's name as it is.
		{lang.DE, data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 1500, Percentile: data.P95, Tokens: 2.5e9},
			"Energie für 2,5\u00a0Mrd. Ausgabe-Tokens von GPT OSS 20B (Schlussfolgern) auf H100, mit 19 von 20 Tokens innerhalb von 1.500\u00a0ms nach dem vorigen"},
		{lang.DE, data.Query{Task: "text-to-video", Model: "wan-2-1-14b", GPU: data.AnyGPU, DeadlineMS: 90e3, Percentile: data.P50, Tokens: 100},
			"Energie für 100 Videos von Wan 2.1 14B (Text zu Video) auf B200 oder H100, mit einer Frist von 90\u00a0s je Video"},
	} {
		r, err := set.Select(c.q)
		if err != nil {
			t.Fatal(err)
		}
		wl, _ := set.Workload(c.q.Task)
		calc := &Calculator{}
		calc.lang = c.tag
		if got := calc.question(r, wl); got != c.want {
			t.Errorf("question(%+v) in %q =\n%q\nwant\n%q", c.q, c.tag, got, c.want)
		}
	}
}

// The hint under the model's selector says what sets the model apart,
// its size and where it was measured, the precision of its weights but in
// the embed (which folds the serving details away), and not its name again:
// the selector says it, as the headline does.
func TestModelHint(t *testing.T) {
	set, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range set.Index.Workloads {
		for i := range w.Models {
			m := &w.Models[i]
			full, compact := modelHint(lang.EN, w.Kind(), m, false), modelHint(lang.EN, w.Kind(), m, true)
			for _, hint := range []string{full, compact} {
				if strings.Contains(hint, m.Name) || !strings.Contains(hint, "parameters") || !strings.Contains(hint, "measured on") {
					t.Errorf("%s: %s's hint %q repeats its name or lacks its size or GPUs", w.ID, m.Slug, hint)
				}
			}
			if !strings.Contains(full, m.Precision) || strings.Contains(compact, "weights in") {
				t.Errorf("%s: %s's hints %q and %q: the precision belongs in the first only", w.ID, m.Slug, full, compact)
			}
		}
	}
}

func TestDeadlineError(t *testing.T) {
	for _, in := range []string{"fast", "40 msec", "-3", ""} {
		_, err := data.ParseDeadline(in)
		if err == nil {
			t.Fatalf("%q parses", in)
		}
		got := deadlineError(lang.EN, data.Tokens, in, err)
		letters := strings.ContainsAny(strings.ToLower(in), "abcdefghijklmnopqrstuvwxyz")
		if letters != strings.HasPrefix(got, "Letters other than the units ms and s are not a number: ") || !strings.HasSuffix(got, err.Error()) {
			t.Errorf("deadlineError(%q) = %q", in, got)
		}
	}
	if got := deadlineError(lang.EN, data.Images, "x", errors.New("e")); !strings.Contains(got, "Letters other than the units s, min and ms") {
		t.Errorf("deadlineError = %q", got)
	}
}

// The Embed dialog's snippet carries the README's resize script, as
// published.
func TestResizeScript(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)\n## Embedding\n.*?<script>\n(.*?)</script>`).FindSubmatch(b)
	if m == nil {
		t.Fatal("README.md's Embedding section has no <script>")
	}
	if want := resizeScript("https://example.org/tokenjoule/embed"); string(m[1]) != want {
		t.Errorf("resizeScript =\n%s\nthe README's =\n%s", want, m[1])
	}
}

// longDateByTime is longDate as package time writes it, which the page
// leaves out of its start (see longDate).
func longDateByTime(iso string) string {
	d, err := time.Parse(time.DateOnly, iso)
	if err != nil {
		return iso
	}
	return d.Format("2 January 2006")
}

// TestLongDate holds longDate to package time over every day of four
// centuries, the days around them that are not, and strings that are not
// dates.
func TestLongDate(t *testing.T) {
	for d := time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC); d.Year() < 2300; d = d.AddDate(0, 0, 1) {
		iso := d.Format(time.DateOnly)
		if got, want := longDate(iso), longDateByTime(iso); got != want {
			t.Fatalf("longDate(%q) = %q, want %q", iso, got, want)
		}
	}
	for _, iso := range []string{"2025-02-29", "2024-02-30", "1900-02-29", "2000-02-29", "2025-04-31", "2025-13-01", "2025-00-10", "2025-01-00",
		"2025-1-01", "2025-01-1", " 2025-01-01", "2025-01-01 ", "2025/01/01", "+025-01-01", "-025-01-01", "2025-0x-01", "0000-01-01", "9999-12-31", "", "soon"} {
		if got, want := longDate(iso), longDateByTime(iso); got != want {
			t.Errorf("longDate(%q) = %q, want %q", iso, got, want)
		}
	}
}

func FuzzLongDate(f *testing.F) {
	for _, s := range []string{"2025-12-01", "2024-02-29", "2025-02-29", "soon", "2025-1-01"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, iso string) {
		if got, want := longDate(iso), longDateByTime(iso); got != want {
			t.Errorf("longDate(%q) = %q, want %q", iso, got, want)
		}
	})
}
