package footprint

import (
	"strings"
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/lang"
)

// The levers past the GPU and the spread's ends in French, German and
// Spanish: the published values' names (a preset's, EcoLogits') in the
// language, not in the English of the presets' table.
func TestLeversInLanguages(t *testing.T) {
	s, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	r, err := s.Select(data.Query{Task: "lm-arena-chat", Model: "qwen-3-14b", GPU: "H100", DeadlineMS: 50, Percentile: data.P50, Tokens: 1e9})
	if err != nil {
		t.Fatal(err)
	}
	f := Factors{}.WithBoundary("cloud")
	english := []string{"Large cloud provider", "Industry average", "EcoLogits, 150 W a GPU", "none counted", "at PUE", "at +"}
	for _, tag := range []lang.Tag{lang.FR, lang.DE, lang.ES} {
		p := data.PrinterOf(tag)
		var words []string
		for _, l := range Levers(r, f) {
			words = append(words, l.SentenceIn(p))
		}
		for _, sp := range f.SpreadOf(r.Selected).Spans {
			words = append(words, sp.DescribeIn(p, sp.Low), sp.DescribeIn(p, sp.High))
		}
		text := strings.Join(words, "\n")
		for _, en := range english {
			if strings.Contains(text, en) {
				t.Errorf("%s still says %q:\n%s", tag, en, text)
			}
		}
		if left := lang.English(text, tag); len(left) > 0 {
			t.Errorf("%s still says in English %q:\n%s", tag, left, text)
		}
	}
}
