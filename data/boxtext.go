package data

import (
	"errors"
	"strings"
	"unicode/utf8"

	"tokenjoule/data/lang"
)

// A page's text boxes speak its language: a box shows its value as the
// figures around it are written ("0,43", "2,5 Md", "1.500"), and reads what a
// reader of that language types. The parsers (ParseTokens, ParseDeadline,
// footprint's, ParseRate) read one canonical form, the URL's and the command
// line's ("0.43", "2.5B", "1500"), which the URL, the links, the snippets and
// the scenario's JSON keep: a box's text is turned into it before it is
// parsed (Printer.Read), and a value into a box's text from it (Printer.Box).

// Box writes a canonical box text, its leading number in p's format and the
// rest as it is: "0.43" is "0,43" in French, "1 t CO2e" "1 t CO2e", a preset's
// name its name.
func (p Printer) Box(s string) string {
	if p.english() {
		return s
	}
	num, rest := leadingNumber(s)
	if num == "" {
		return s
	}
	mant, exp := num, ""
	if i := strings.IndexAny(num, "eE"); i >= 0 {
		mant, exp = num[:i], num[i:]
	}
	return p.tag().Number(mant) + exp + rest
}

// VolumeBox writes a canonical volume as FormatTokens writes it ("2.5B",
// "1500") as its box shows it in p's language: "2,5 Md", "2,5 Mrd.", "1.500".
func (p Printer) VolumeBox(s string) string {
	if p.english() {
		return s
	}
	n := strings.TrimRight(s, "kMBT")
	if suffix := s[len(n):]; len(suffix) == 1 && n != "" {
		return p.Box(n) + p.T("volume."+suffix)
	}
	return p.Box(s)
}

// RateBox writes a canonical rate as FormatRate writes it ("1B/day") as its
// box shows it in p's language: "1 Md/jour".
func (p Printer) RateBox(s string) string {
	num, per, ok := strings.Cut(s, "/")
	if p.english() || !ok {
		return p.VolumeBox(s)
	}
	return p.VolumeBox(num) + "/" + p.T("rate.per."+per)
}

// Read is the canonical text of a box's text s typed in p's language, for a
// parser to read: "0,43" is "0.43", "1.000 kWh" in German "1000 kWh". Text
// that is no number in the language is returned as it is, for the parser to
// read or refuse.
//
// The rule for text that reads two ways: the page's language wins whenever
// the number is well formed in it, else the text is read canonically. So in
// a French, German or Spanish page the comma is the decimal mark ("1,000" is
// one), a German or Spanish "1.000" is a thousand and "1.000,5" a thousand
// and a half, while "0.43", "2.5" or "1.5B", which no such reader writes (a
// group has three digits and does not start the number with 0), are read as
// the canonical decimals they are, as is "1,000,000" (two decimal marks).
// The language's volume suffixes are read before the canonical ones
// (ReadVolume): in Spanish B is a billón, a million millions (the canonical
// T), as the page writes it; the canonical k, M, B and T still read where
// the language has no suffix of that name. English boxes are canonical,
// unchanged.
func (p Printer) Read(s string) string {
	if p.english() {
		return s
	}
	num, rest := p.localNumber(s)
	return num + unitSpace(rest)
}

// ReadVolume is Read for a volume: the language's suffixes as well ("2,5 Md",
// "10 mil M", "3 Mio.") are read as the canonical ones ("2.5B", "10B", "3M").
func (p Printer) ReadVolume(s string) string {
	if p.english() {
		return s
	}
	num, rest := p.localNumber(s)
	if suffix, ok := p.volumeSuffix(rest); ok {
		return num + suffix
	}
	return num + unitSpace(rest)
}

// ReadRate is Read for a rate: its volume as ReadVolume reads it, then the
// period after "/" in the language's words or the canonical ones
// ("1 Md/jour" is "1B/day").
func (p Printer) ReadRate(s string) string {
	num, per, ok := strings.Cut(s, "/")
	if p.english() || !ok {
		return p.Read(s)
	}
	word := foldWord(per)
	for _, name := range []string{Second.Name, Minute.Name, Hour.Name, Day.Name} {
		if foldWord(p.T("rate.per."+name)) == word {
			per = name
			break
		}
	}
	return strings.TrimSpace(p.ReadVolume(num)) + "/" + strings.TrimSpace(per)
}

// ParseIn parses a box's text s, typed in p's language, with parse, which
// reads the canonical text that read (Printer.Read or its kin) makes of it;
// a refusal quotes s as the reader typed it.
func ParseIn[T any](s string, read func(string) string, parse func(string) (T, error)) (T, error) {
	v, err := parse(read(s))
	var bad *InputError
	if errors.As(err, &bad) {
		bad.Value = s
		// Where the comma is the decimal mark, "commas must separate
		// groups of three digits" would mislead: how the language writes
		// a number instead.
		if bad.Reason == reasonBadCommas && read("1,5") == "1.5" {
			bad.Reason = reasonDecimalComma
		}
	}
	return v, err
}

// reasonDecimalComma is why a box refuses commas in a language whose comma
// is the decimal mark (the catalogue's why.commas.decimal).
const reasonDecimalComma = "a number has one decimal comma, and groups of three digits before it"

func (p Printer) english() bool { return p.tag().Of().Tag == lang.EN }

// leadingNumber splits a canonical text after its leading number: digits,
// a point and digits, an exponent whose digits follow ("1e-7").
func leadingNumber(s string) (num, rest string) {
	i := 0
	digits := func() {
		for i < len(s) && isDecimalDigit(s[i]) {
			i++
		}
	}
	digits()
	if i == 0 {
		return "", s
	}
	if i+1 < len(s) && s[i] == '.' && isDecimalDigit(s[i+1]) {
		i++
		digits()
	}
	if j := i + 1; j < len(s) && (s[i] == 'e' || s[i] == 'E') {
		if s[j] == '-' || s[j] == '+' {
			j++
		}
		if j < len(s) && isDecimalDigit(s[j]) {
			i = j
			digits()
		}
	}
	return s[:i], s[i:]
}

// isSpace tells whether r is a space a reader or a page may put between
// digit groups or before a unit: ASCII, no-break, narrow no-break or thin.
func isSpace(r rune) bool { return r == ' ' || r == '\u00a0' || r == '\u202f' || r == '\u2009' }

// localNumber splits s, trimmed, after its leading number and writes that
// number canonically when it is well formed in p's language: digits grouped
// by threes with the language's separator (or a space), then the decimal
// comma and digits, then an exponent. The number is followed by nothing, a
// space or a letter; else (a point or a comma left over, "0.43" in a French
// box) the number is not the language's, and is returned as it is
// (canonicalNumber), for the parser to read or refuse.
func (p Printer) localNumber(s string) (num, rest string) {
	t := strings.TrimFunc(s, isSpace)
	n := p.tag().Of().Numbers
	i := 0
	sign := ""
	if strings.HasPrefix(t, "-") || strings.HasPrefix(t, "+") {
		sign, i = t[:1], 1
	}
	start := i
	run := func() int {
		j := i
		for i < len(t) && isDecimalDigit(t[i]) {
			i++
		}
		return i - j
	}
	first := run()
	if first == 0 {
		return canonicalNumber(t)
	}
	whole := t[start:i]
	// Groups: a separator, three digits, and no fourth.
	for grouped := false; ; grouped = true {
		r, size := utf8.DecodeRuneInString(t[i:])
		if !(string(r) == n.Group || isSpace(r)) || size == 0 {
			break
		}
		j := i + size
		k := j
		for k < len(t) && isDecimalDigit(t[k]) {
			k++
		}
		if k-j != 3 {
			break
		}
		if !grouped && (first > 3 || t[start] == '0') {
			return canonicalNumber(t) // "0.430", "1234.567": canonical decimals
		}
		whole += t[j:k]
		i = k
	}
	num = sign + whole
	if strings.HasPrefix(t[i:], n.Decimal) && i+len(n.Decimal) < len(t) && isDecimalDigit(t[i+len(n.Decimal)]) {
		i += len(n.Decimal)
		j := i
		run()
		num += "." + t[j:i]
	}
	if i < len(t) && (t[i] == 'e' || t[i] == 'E') {
		j := i + 1
		if j < len(t) && (t[j] == '-' || t[j] == '+') {
			j++
		}
		if j < len(t) && isDecimalDigit(t[j]) {
			num += t[i:j]
			i = j
			j = i
			run()
			num += t[j:i]
		}
	}
	if rest = t[i:]; rest != "" {
		if c := rest[0]; isDecimalDigit(c) || c == '.' || c == ',' {
			return canonicalNumber(t)
		}
	}
	return num, rest
}

// canonicalNumber splits t after what may be a canonical number: a sign,
// digits, commas and points, an exponent whose digits follow.
func canonicalNumber(t string) (num, rest string) {
	i := 0
	if strings.HasPrefix(t, "-") || strings.HasPrefix(t, "+") {
		i = 1
	}
	for i < len(t) && (isDecimalDigit(t[i]) || t[i] == ',' || t[i] == '.') {
		i++
	}
	if j := i + 1; i > 0 && j < len(t) && (t[i] == 'e' || t[i] == 'E') {
		if t[j] == '-' || t[j] == '+' {
			j++
		}
		if j < len(t) && isDecimalDigit(t[j]) {
			for i = j; i < len(t) && isDecimalDigit(t[i]); i++ {
			}
		}
	}
	return t[:i], t[i:]
}

// unitSpace writes the spaces before a unit as the one ASCII space the
// parsers read: a page writes a no-break one.
func unitSpace(rest string) string {
	if t := strings.TrimLeftFunc(rest, isSpace); t != rest {
		return " " + t
	}
	return rest
}

// volumeSuffix is the canonical suffix of a volume's unit text in p's
// language ("Md", "mil M", "Mrd." or "mrd"), read without case, spaces or a
// final point.
func (p Printer) volumeSuffix(rest string) (string, bool) {
	word := foldWord(rest)
	if word == "" {
		return "", false
	}
	for _, suffix := range []string{"k", "M", "B", "T"} {
		if foldWord(p.T("volume."+suffix)) == word {
			return suffix, true
		}
	}
	return "", false
}

// foldWord is a unit's words as volumeSuffix compares them: ASCII letters
// in lower case (never a Kelvin sign as k), every run of spaces one space,
// without the spaces around them or a final point.
func foldWord(s string) string {
	f := strings.FieldsFunc(s, isSpace)
	w := asciiLower(strings.Join(f, " "))
	return strings.TrimSuffix(w, ".")
}
