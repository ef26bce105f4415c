package ui

import (
	"strings"
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/lang"
)

// TestSourceWords: a source the catalogue says is said in the page's
// language, its English key the very title footprint.Sources gives (the
// command line's and the English page's); only a publication's bare title
// stays English.
func TestSourceWords(t *testing.T) {
	bare := 0
	for _, s := range footprint.Sources {
		key := "source." + s.ID
		if en := lang.EN.T(key); en != key && en != s.Title {
			t.Errorf("%s reads %q in English, footprint.Sources %q", key, en, s.Title)
		}
		for _, tag := range lang.Tags()[1:] {
			text, english := sourceWords(data.PrinterOf(tag), s)
			if english {
				bare++
				if strings.Contains(s.Title, ": ") || strings.Contains(s.Title, " as ") {
					t.Errorf("%s in %s: %q, a title with our words after it, is left English", s.ID, tag, text)
				}
				continue
			}
			if text == s.Title && s.ID != "unit" && s.ID != "mlenergy" {
				t.Errorf("%s in %s is the English title %q", s.ID, tag, text)
			}
		}
		if text, english := sourceWords(data.Printer{}, s); english || text != s.Title {
			t.Errorf("%s in English: %q (%v), want its title", s.ID, text, english)
		}
	}
	if bare == 0 || bare > 3*3 {
		t.Errorf("%d sources left in English across the languages, want only the bare titles", bare)
	}
}

func TestQuoted(t *testing.T) {
	got := quoted(`Shehabi et al., "United States Data Center Energy Usage Report", LBNL (2016), as used by Mytton, "Data centre water consumption", npj`)
	if strings.Join(got, "|") != "United States Data Center Energy Usage Report|Data centre water consumption" {
		t.Errorf("quoted = %q", got)
	}
	if got := quoted(`no title, or "one unclosed`); len(got) != 0 {
		t.Errorf("quoted = %q, want none", got)
	}
}
