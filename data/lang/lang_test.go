package lang

import (
	"slices"
	"strings"
	"testing"
)

// The expected strings are written by hand from each language's rules
// (CLDR and the RAE for Spanish's four-digit numbers), not from the code.
func TestNumber(t *testing.T) {
	const nnbsp, nbsp = "\u202f", "\u00a0"
	cases := []struct {
		tag     Tag
		in, out string
	}{
		{EN, "1,234,567", "1,234,567"},
		{FR, "1,234,567", "1" + nnbsp + "234" + nnbsp + "567"},
		{DE, "1,234,567", "1.234.567"},
		{ES, "1,234,567", "1.234.567"},
		{FR, "1,234", "1" + nnbsp + "234"},
		{DE, "1,234", "1.234"},
		{ES, "1,234", "1234"},
		{ES, "12,345", "12.345"},
		{FR, "15.21", "15,21"},
		{DE, "-1,234.5", "-1.234,5"},
		{ES, "+104.3", "+104,3"},
		{FR, "0.04823", "0,04823"},
		{DE, "less than 0.0001", "weniger als 0,0001"},
		{FR, "–", "–"},
		{DE, "3.1 70B", "3.1 70B"}, // not a figure: untouched
	}
	for _, c := range cases {
		if got := c.tag.Number(c.in); got != c.out {
			t.Errorf("%s.Number(%q) = %q, want %q", c.tag, c.in, got, c.out)
		}
	}
}

func TestFigure(t *testing.T) {
	const nnbsp, nbsp = "\u202f", "\u00a0"
	cases := []struct {
		tag     Tag
		in, out string
	}{
		{EN, "15.21 Wh", "15.21 Wh"},
		{FR, "15.21 Wh", "15,21" + nbsp + "Wh"},
		{DE, "15.21 Wh", "15,21" + nbsp + "Wh"},
		{ES, "15.21 Wh", "15,21" + nbsp + "Wh"},
		{FR, "1,234,567 GWh", "1" + nnbsp + "234" + nnbsp + "567" + nbsp + "GWh"},
		{ES, "1,500 ms", "1500" + nbsp + "ms"},
		{FR, "less than 0.0001 mJ", "moins de 0,0001" + nbsp + "mJ"},
	}
	for _, c := range cases {
		if got := c.tag.Figure(c.in); got != c.out {
			t.Errorf("%s.Figure(%q) = %q, want %q", c.tag, c.in, got, c.out)
		}
	}
}

func TestPercentAndDate(t *testing.T) {
	cases := []struct{ got, want string }{
		{FR.Percent("+104.3%"), "+104,3\u202f%"},
		{DE.Percent("-12.0%"), "-12,0\u00a0%"},
		{ES.Percent("+24,792.6%"), "+24.792,6\u00a0%"},
		{EN.Percent("+24,792.6%"), "+24,792.6%"},
		{EN.Date("2026-12-05"), "5 December 2026"},
		{FR.Date("2026-02-01"), "1 février 2026"},
		{DE.Date("2026-03-15"), "15. März 2026"},
		{ES.Date("2026-12-05"), "5 de diciembre de 2026"},
		{FR.Date("December 2026"), "December 2026"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func TestParseAndPreferred(t *testing.T) {
	for in, want := range map[string]Tag{"fr": FR, " DE ": DE, "es-MX": ES, "en_GB": EN} {
		if got, ok := Parse(in); !ok || got != want {
			t.Errorf("Parse(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "it", "french", "f"} {
		if got, ok := Parse(in); ok || got != EN {
			t.Errorf("Parse(%q) = %q, %v; want en, false", in, got, ok)
		}
	}
	if got := Preferred([]string{"it-IT", "de-AT", "fr"}); got != DE {
		t.Errorf("Preferred = %q, want de (the first the site speaks)", got)
	}
	if got := Preferred([]string{"ja", "zh"}); got != EN {
		t.Errorf("Preferred = %q, want en", got)
	}
}

func TestFill(t *testing.T) {
	got := Fill("{a} and {b}, {a}; {c}", "a", "x", "b", "{a}")
	if want := "x and {a}, x; {c}"; got != want {
		t.Errorf("Fill = %q, want %q", got, want)
	}
	if got := FR.T("card.about", "amount", "3 jours"); got != "Environ 3 jours." {
		t.Errorf("T = %q", got)
	}
}

// TestCatalogues fails when a language lacks a key English has, has one
// English lacks, or writes a sentence with other placeholders than
// English's, or an empty one.
func TestCatalogues(t *testing.T) {
	for _, tag := range Tags()[1:] {
		l := tag.Of()
		if l.Tag != tag {
			t.Errorf("%s has no catalogue", tag)
			continue
		}
		for key, en := range english.Words {
			s, ok := l.Words[key]
			if !ok {
				t.Errorf("%s lacks %q (English: %q)", l.Tag, key, en)
				continue
			}
			want, got := Placeholders(en), Placeholders(s)
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(slices.Compact(want), slices.Compact(got)) {
				t.Errorf("%s %q has placeholders %v, English %v", l.Tag, key, got, want)
			}
			if strings.TrimSpace(s) == "" {
				t.Errorf("%s %q is empty", l.Tag, key)
			}
		}
		for key := range l.Words {
			if _, ok := english.Words[key]; !ok {
				t.Errorf("%s has %q, which English lacks", l.Tag, key)
			}
		}
		if tag.Name() == "" || l.Date == "" || l.Months[11] == "" {
			t.Errorf("%s lacks its name, date or months", l.Tag)
		}
	}
	if got := Tags(); !slices.Equal(got, []Tag{EN, FR, DE, ES}) {
		t.Errorf("Tags() = %v", got)
	}
}

func TestEnglish(t *testing.T) {
	caveat := "GPU energy only, a floor: host, network, cooling and idle time are not counted."
	if got := English("Énergie. "+caveat, FR); !slices.Contains(got, caveat) {
		t.Errorf("English found nothing in a French text with an English part")
	}
	if got := English(FR.T("card.caveat")+" "+FR.T("card.about", "amount", "3 jours"), FR); len(got) != 0 {
		t.Errorf("English found %q in French sentences", got)
	}
	if got := English("How much energy do 1M output tokens of Qwen take?", DE); !slices.Contains(got, "How much energy do") {
		t.Errorf("English(…) = %q, want it to find the title's start", got)
	}
}

// TestUnbrokenGPUs fails when the plan card's title can break at a hyphen
// inside its GPUs, as German's "2 B200-GPUs" did at 360 px ("B200-" at a
// line's end, "GPUs," on the next): such a compound takes U+2011, the
// hyphen no line breaks at.
func TestUnbrokenGPUs(t *testing.T) {
	for _, tag := range Tags() {
		for _, key := range []string{"card.plan.gpus.one", "card.plan.gpus.many"} {
			s := tag.Of().Words[key]
			if i := strings.IndexAny(s, "-\u00ad\u2010"); i >= 0 || s == "" {
				t.Errorf("%s %q = %q: a line can break at its hyphen (byte %d); use \\u2011", tag, key, s, i)
			}
		}
	}
}
