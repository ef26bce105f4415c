package data

import (
	"errors"
	"strings"
	"testing"

	"tokenjoule/data/lang"
)

// The parsers' reasons a notice quotes are said in a reader's language:
// each one that the catalogue holds, with none of its English left.
func TestWhyIn(t *testing.T) {
	for _, key := range whyKeys {
		if lang.EN.T(key) == key {
			t.Errorf("the English catalogue lacks %s", key)
		}
	}
	var whys []string
	for _, s := range []string{"", "-5", "1e3k", "5e19", "lots", "1,00"} {
		_, err := ParseTokens(s)
		var bad *InputError
		if !errors.As(err, &bad) {
			t.Fatalf("ParseTokens(%q) = %v", s, err)
		}
		whys = append(whys, bad.Why())
	}
	_, err := ParseDeadline("99999")
	var bad *InputError
	if !errors.As(err, &bad) {
		t.Fatalf("ParseDeadline: %v", err)
	}
	whys = append(whys, bad.Why())
	for _, tag := range []lang.Tag{lang.FR, lang.DE, lang.ES} {
		p := PrinterOf(tag)
		for _, why := range whys {
			said := WhyIn(p, why)
			if left := lang.English(said, tag); len(left) > 0 || said == why {
				t.Errorf("WhyIn(%s, %q) = %q, English left: %q", tag, why, said, left)
			}
		}
	}
	if got := WhyIn(PrinterOf(lang.FR), "must be from 0 to 2.5; something new"); !strings.HasPrefix(got, "doit être compris entre 0 et 2,5") ||
		!strings.HasSuffix(got, "something new") {
		t.Errorf("WhyIn(fr) = %q: a part the catalogue lacks stays as it is, the others are said in French", got)
	}
	if got := WhyIn(Printer{}, "no value given"); got != "no value given" {
		t.Errorf("WhyIn(en) = %q", got)
	}
}

// An image model's configuration in another language; a language model's
// and English as Brief writes them.
func TestBriefIn(t *testing.T) {
	set, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []Query{{Task: "text-to-image", Model: "flux-1-dev", GPU: AnyGPU, DeadlineMS: 30000, Percentile: P50, Tokens: 1e4}, DefaultQuery()} {
		task := q.Task
		r, err := set.Select(q)
		if err != nil || r.Selected == nil {
			t.Fatalf("%s: %v", task, err)
		}
		c := r.Selected
		if got := c.BriefIn(Printer{}); got != c.Brief() {
			t.Errorf("BriefIn(en) = %q, want %q", got, c.Brief())
		}
		de := c.BriefIn(PrinterOf(lang.DE))
		if c.Diffusion() == (de == c.Brief()) || c.Diffusion() && !strings.Contains(de, "Stapelgröße") {
			t.Errorf("%s: BriefIn(de) = %q", task, de)
		}
	}
}
