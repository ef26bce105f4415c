package data

import (
	"errors"
	"math"
	"strings"
	"testing"

	"tokenjoule/data/lang"
)

// A box shows its value as the page writes figures, in each language;
// English boxes stay canonical.
func TestBoxShows(t *testing.T) {
	for _, c := range []struct {
		tag       lang.Tag
		canonical string
		box       func(Printer, string) string
		want      string
	}{
		{lang.EN, "0.43", Printer.Box, "0.43"},
		{lang.EN, "2.5B", Printer.VolumeBox, "2.5B"},
		{lang.EN, "1B/day", Printer.RateBox, "1B/day"},
		{lang.FR, "0.43", Printer.Box, "0,43"},
		{lang.FR, "1500", Printer.Box, "1\u202f500"},
		{lang.FR, "1e-7", Printer.Box, "1e-7"},
		{lang.FR, "1.5e-7", Printer.Box, "1,5e-7"},
		{lang.FR, "1 t CO2e", Printer.Box, "1 t CO2e"},
		{lang.FR, "world", Printer.Box, "world"},
		{lang.FR, "2.5B", Printer.VolumeBox, "2,5\u00a0Md"},
		{lang.FR, "1B/day", Printer.RateBox, "1\u00a0Md/jour"},
		{lang.DE, "1500", Printer.Box, "1.500"},
		{lang.DE, "2.5B", Printer.VolumeBox, "2,5\u00a0Mrd."},
		{lang.DE, "10k/s", Printer.RateBox, "10\u00a0Tsd./s"},
		{lang.ES, "1500", Printer.Box, "1500"},
		{lang.ES, "10B", Printer.VolumeBox, "10\u00a0mil M"},
		{lang.ES, "1T", Printer.VolumeBox, "1\u00a0B"},
	} {
		if got := c.box(PrinterOf(c.tag), c.canonical); got != c.want {
			t.Errorf("%s: %q shows %q, want %q", c.tag, c.canonical, got, c.want)
		}
	}
}

// A box reads the language's numbers and suffixes, and the canonical form
// where it reads one way only (the rule in boxtext.go).
func TestBoxReads(t *testing.T) {
	for _, c := range []struct {
		tag  lang.Tag
		text string
		read func(Printer, string) string
		want string
	}{
		{lang.EN, "1,000", Printer.Read, "1,000"},
		{lang.EN, "2.5 Md", Printer.ReadVolume, "2.5 Md"},
		{lang.FR, "0,43", Printer.Read, "0.43"},
		{lang.FR, " 0,5 ", Printer.Read, "0.5"},
		{lang.FR, "0.43", Printer.Read, "0.43"},
		{lang.FR, "1 000,5", Printer.Read, "1000.5"},
		{lang.FR, "1\u202f000", Printer.Read, "1000"},
		{lang.FR, "1,000", Printer.Read, "1.000"}, // the decimal comma wins
		{lang.FR, "1,000,000", Printer.Read, "1,000,000"},
		{lang.FR, "1,5\u00a0t CO2e", Printer.Read, "1.5 t CO2e"},
		{lang.FR, "10 Md", Printer.ReadVolume, "10B"},
		{lang.FR, "2,5md", Printer.ReadVolume, "2.5B"},
		{lang.FR, "10B", Printer.ReadVolume, "10B"},
		{lang.FR, "5 M", Printer.ReadVolume, "5M"},
		{lang.FR, "1 Md/jour", Printer.ReadRate, "1B/day"},
		{lang.FR, "12k/s", Printer.ReadRate, "12k/s"},
		{lang.DE, "1.000", Printer.Read, "1000"},
		{lang.DE, "1.000,5", Printer.Read, "1000.5"},
		{lang.DE, "0.43", Printer.Read, "0.43"},
		{lang.DE, "1.5", Printer.Read, "1.5"},
		{lang.DE, "0.430", Printer.Read, "0.430"},
		{lang.DE, "1234.567", Printer.Read, "1234.567"},
		{lang.DE, "2,5 Mrd.", Printer.ReadVolume, "2.5B"},
		{lang.DE, "2.5 Mrd.", Printer.ReadVolume, "2.5B"},
		{lang.DE, "3 mio", Printer.ReadVolume, "3M"},
		{lang.DE, "4 Tsd.", Printer.ReadVolume, "4k"},
		{lang.DE, "1 Bio.", Printer.ReadVolume, "1T"},
		{lang.DE, "1 Mrd./Tag", Printer.ReadRate, "1B/day"},
		{lang.ES, "10 mil M", Printer.ReadVolume, "10B"},
		{lang.ES, "10 mil", Printer.ReadVolume, "10k"},
		{lang.ES, "1 B", Printer.ReadVolume, "1T"}, // a billón
		{lang.ES, "1.000 mil", Printer.ReadVolume, "1000k"},
		{lang.ES, "1 mil M/día", Printer.ReadRate, "1B/day"},
	} {
		if got := c.read(PrinterOf(c.tag), c.text); got != c.want {
			t.Errorf("%s: %q reads as %q, want %q", c.tag, c.text, got, c.want)
		}
	}
}

// A refusal quotes what the reader typed, not its canonical text.
func TestParseInQuotes(t *testing.T) {
	p := PrinterOf(lang.FR)
	v, err := ParseIn("2,5 Md", p.ReadVolume, ParseTokens)
	if err != nil || v != 2.5e9 {
		t.Errorf("2,5 Md = %v, %v", v, err)
	}
	_, err = ParseIn("0,0 k", p.ReadVolume, ParseTokens)
	var bad *InputError
	if !errors.As(err, &bad) || bad.Value != "0,0 k" {
		t.Errorf("0,0 k: %v", err)
	}
	// Commas that are not the language's: said as the language writes a
	// number, not as groups between commas.
	for _, tag := range []lang.Tag{lang.FR, lang.DE, lang.ES} {
		p := PrinterOf(tag)
		_, err = ParseIn("1,5,5", p.ReadVolume, ParseTokens)
		if !errors.As(err, &bad) || bad.Reason != reasonDecimalComma || !strings.HasPrefix(WhyIn(p, bad.Why()), p.T("why.commas.decimal")) {
			t.Errorf("%s 1,5,5: %v", tag, err)
		}
	}
	if _, err = ParseIn("1,5,5", Printer{}.ReadVolume, ParseTokens); !errors.As(err, &bad) || bad.Reason != reasonBadCommas {
		t.Errorf("en 1,5,5: %v", err)
	}
}

// Every volume a box can show reads back to itself in every language.
func TestVolumeBoxRoundTrip(t *testing.T) {
	for _, tag := range lang.Tags() {
		p := PrinterOf(tag)
		for _, v := range []float64{1, 12, 999, 1000, 1234, 1500, 12345, 1e6, 2.5e9, 1.005e3, 3.3e12, 1e17, 1e18, 123456789} {
			box := p.VolumeBox(FormatTokens(v))
			got, err := ParseIn(box, p.ReadVolume, ParseTokens)
			if err != nil || got != v {
				t.Errorf("%s: %v shows %q, which reads %v, %v", tag, v, box, got, err)
			}
		}
	}
}

// FuzzVolumeBox: what a box shows of a volume reads back to it, in every
// language; any text a reader types reads without a panic, to a finite
// volume within bounds or a refusal.
func FuzzVolumeBox(f *testing.F) {
	for _, s := range []string{"2,5 Md", "10 mil M", "1.000", "0.43", "1e9", "1 000,5 k", "-1", "1,5e-3", "١٢"} {
		f.Add(s, 1.5e9)
	}
	f.Fuzz(func(t *testing.T, s string, v float64) {
		for _, tag := range lang.Tags() {
			p := PrinterOf(tag)
			if got, err := ParseIn(s, p.ReadVolume, ParseTokens); err == nil && (math.IsNaN(got) || got < MinTokens || got > MaxTokens) {
				t.Fatalf("%s: %q reads as %v", tag, s, got)
			}
			if got, err := ParseIn(s, p.ReadRate, ParseRate); err == nil && !(got.TokensPerDay() > 0 && got.TokensPerDay() <= MaxTokensPerDay) {
				t.Fatalf("%s: rate %q reads as %v", tag, s, got)
			}
			if !(v >= MinTokens && v <= MaxTokens) {
				continue
			}
			box := p.VolumeBox(FormatTokens(v))
			if got, err := ParseIn(box, p.ReadVolume, ParseTokens); err != nil || got != v {
				t.Fatalf("%s: %v shows %q, which reads %v, %v", tag, v, box, got, err)
			}
			r := Rate{Tokens: v, Per: Day}
			if r.TokensPerDay() > MaxTokensPerDay {
				continue
			}
			box = p.RateBox(FormatRate(r))
			if got, err := ParseIn(box, p.ReadRate, ParseRate); err != nil || got != r {
				t.Fatalf("%s: %v shows %q, which reads %v, %v", tag, r, box, got, err)
			}
		}
	})
}

// FuzzDeadlineBox: a deadline a box shows reads back to it in every
// language and kind; any text reads without a panic, to a finite deadline
// or a refusal.
func FuzzDeadlineBox(f *testing.F) {
	for _, s := range []string{"0,5", "1.500", "50 ms", "0,5 s", "1,5min", "1e3", "60.000", "−5"} {
		f.Add(s, 50.0)
	}
	f.Fuzz(func(t *testing.T, s string, ms float64) {
		for _, tag := range lang.Tags() {
			p := PrinterOf(tag)
			for _, k := range Kinds {
				if got, err := ParseIn(s, p.Read, k.ParseDeadline); err == nil && !(got > 0 && !math.IsInf(got, 0)) {
					t.Fatalf("%s %s: %q reads as %v", tag, k.Item, s, got)
				}
				if _, err := k.ParseDeadline(k.DeadlineText(ms)); err != nil {
					continue // not a deadline the kind takes
				}
				want, _ := k.ParseDeadline(k.DeadlineText(ms))
				box := p.Box(k.DeadlineText(ms))
				if got, err := ParseIn(box, p.Read, k.ParseDeadline); err != nil || got != want {
					t.Fatalf("%s %s: %v shows %q, which reads %v, %v", tag, k.Item, ms, box, got, err)
				}
			}
		}
	})
}
