package data

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// InputError reports a user-supplied value that was refused. It is shared by
// every entry point (CLI flags, browser form fields, lookups of task, model
// or GPU names) so that both front ends can show the same message and can
// tell, with errors.As, a bad input apart from an internal failure.
//
// The message always quotes the rejected value and says what would have been
// accepted, because a bare "invalid input" leaves the user guessing which
// spelling the tool wants.
type InputError struct {
	// Param is the machine name of the input ("tokens", "deadline", "task",
	// ...). Front ends use it to attach the message to the right field.
	Param string
	// Label is the human name used in the message ("token volume"). It is
	// optional so that callers with a self-explanatory Param need not repeat
	// it; Param is used when Label is empty.
	Label string
	// Value is the input exactly as received, untrimmed, so the user sees
	// what the tool actually saw (stray spaces and invisible characters
	// included, thanks to %q).
	Value string
	// Reason optionally says what was wrong when that is more helpful than
	// the list of accepted forms alone, e.g. "must be greater than 0".
	Reason string
	// Accepted describes the accepted forms, ideally with examples.
	Accepted string
}

func (e *InputError) Error() string {
	name := e.Label
	if name == "" {
		name = e.Param
	}
	if name == "" {
		name = "value"
	}
	msg := fmt.Sprintf("%s %q is not accepted", name, e.Value)
	switch {
	case e.Reason != "" && e.Accepted != "":
		return msg + ": " + e.Reason + "; " + e.Accepted
	case e.Reason != "":
		return msg + ": " + e.Reason
	case e.Accepted != "":
		return msg + ": " + e.Accepted
	}
	return msg
}

// Limits on parsed values. Both sit far above anything meaningful, so a
// value beyond them is almost certainly a typo or a unit mistake rather than
// a real scenario: a token volume past 1e18 usually means stray zeros, and a
// deadline past one minute per token usually means seconds typed where
// milliseconds were meant ("100s" for "100ms").
const (
	maxTokenVolume = 1e18
	maxDeadlineMS  = 60000
)

const (
	tokensAccepted   = "use a positive number up to 1e18, optionally with k, M, B or T (250k, 5M, 2.5B, 1e9)"
	deadlineAccepted = "use a positive number of milliseconds up to 60000, optionally with ms or s (100, 100ms, 0.1s)"

	reasonEmptyInput  = "no value given"
	reasonNotPositive = "must be greater than 0"
	reasonBadCommas   = "commas must separate groups of exactly three digits"
)

// tokenSuffixExponents maps a (lower-cased) suffix to its power of ten. Scales are
// applied by adding to the decimal exponent rather than by multiplying a
// float, so "1.1B" is the same float64 as the literal 1.1e9; multiplying
// 1.1*1e9 would not be, and a volume typed two ways would then disagree.
var tokenSuffixExponents = map[string]int{"": 0, "k": 3, "m": 6, "b": 9, "t": 12}

// deadlineUnitExponents maps a unit to its power of ten relative to milliseconds.
// Minutes and microseconds are deliberately absent: "m" would be easy to
// confuse with the token suffix for million, and sub-millisecond spellings
// (us, µs) invite encoding trouble for no practical gain.
var deadlineUnitExponents = map[string]int{"": 0, "ms": 0, "s": 3}

// ParseTokens reads an output-token volume as people tend to write it:
// "1000000", "1,000,000", "1e6", "250k", "5M", "2.5B", "1T", "5 M".
// Letters are case-insensitive and m means million, since nobody counts
// thousandths of tokens.
//
// The grammar is checked character by character before strconv sees the
// number, because strconv.ParseFloat also accepts "NaN", "Inf", hex floats
// and underscores, none of which a user means as a token count. An exponent
// and a suffix together ("1e3k") are refused as a probable typo.
//
// The result is in (0, 1e18]. Any error is an *InputError with Param
// "tokens".
func ParseTokens(s string) (float64, error) {
	fail := func(reason string) (float64, error) {
		return 0, &InputError{Param: "tokens", Label: "token volume", Value: s, Reason: reason, Accepted: tokensAccepted}
	}
	d, reason, ok := scanNumberInput(s)
	if !ok {
		return fail(reason)
	}
	scale, known := tokenSuffixExponents[d.unit]
	if !known {
		return fail("")
	}
	if d.hasExp && d.unit != "" {
		return fail("use either an exponent or a suffix, not both")
	}
	v, err := d.value(scale)
	switch {
	case v > maxTokenVolume || math.IsInf(v, 0):
		return fail("exceeds the maximum of 1e18")
	case v <= 0:
		return fail(reasonNotPositive)
	case err != nil || math.IsNaN(v):
		return fail("")
	}
	return v, nil
}

// FormatTokens renders a token volume in the shortest form ParseTokens reads
// back to exactly v, so a value can travel between the CLI, the URL of the
// browser UI and the user's clipboard without drifting. Suffixed forms are
// preferred on ties because "1.5k" is quicker to read than "1500".
//
// Values outside (0, 1e18] are formatted without a round-trip guarantee.
func FormatTokens(v float64) string {
	best := ""
	for _, sf := range [...]struct {
		suffix string
		scale  float64
	}{{"T", 1e12}, {"B", 1e9}, {"M", 1e6}, {"k", 1e3}} {
		if !(v >= sf.scale) {
			continue
		}
		c := strconv.FormatFloat(v/sf.scale, 'f', -1, 64) + sf.suffix
		if best != "" && len(c) >= len(best) {
			continue
		}
		// v/scale is rounded, so the decimal printed for it need not scale
		// back to v; only a real round trip proves the candidate.
		if got, err := ParseTokens(c); err == nil && got == v {
			best = c
		}
	}
	plain := formatPlainNumber(v, 1e15)
	if best == "" || len(plain) < len(best) {
		return plain
	}
	return best
}

// ParseDeadline reads an inter-token latency deadline and returns it in
// milliseconds: "100", "100ms", "100 ms", "0.1s", "0.1 s". A bare number is
// taken as milliseconds because that is how ITL targets are usually quoted.
// The same character-level validation as ParseTokens applies (no NaN, Inf,
// hex or underscores); seconds are converted by shifting the decimal
// exponent so that "0.1s" is exactly 100.
//
// The result is in (0, 60000]. Any error is an *InputError with Param
// "deadline".
func ParseDeadline(s string) (ms float64, err error) {
	fail := func(reason string) (float64, error) {
		return 0, &InputError{Param: "deadline", Label: "ITL deadline", Value: s, Reason: reason, Accepted: deadlineAccepted}
	}
	d, reason, ok := scanNumberInput(s)
	if !ok {
		return fail(reason)
	}
	scale, known := deadlineUnitExponents[d.unit]
	if !known {
		return fail("")
	}
	v, perr := d.value(scale)
	switch {
	case v > maxDeadlineMS || math.IsInf(v, 0):
		return fail("exceeds the maximum of 60000 ms (60 s)")
	case v <= 0:
		return fail(reasonNotPositive)
	case perr != nil || math.IsNaN(v):
		return fail("")
	}
	return v, nil
}

// FormatDeadline renders milliseconds as ParseDeadline reads them back
// exactly, e.g. "50ms" or "12.5ms". Milliseconds are kept as the unit even
// for whole seconds so that values in a table line up and compare at a
// glance.
func FormatDeadline(ms float64) string {
	return formatPlainNumber(ms, math.Inf(1)) + "ms"
}

// formatPlainNumber prints v in positional notation, which people read without
// thinking, but switches to exponent notation below 1e-6 and at or above
// eHigh, where positional notation would run to dozens of digits. Both forms
// are shortest-round-trip, so either parses back to v.
func formatPlainNumber(v, eHigh float64) string {
	if v >= 1e-6 && v < eHigh {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// scannedNumber is a syntactically valid number split into its parts, with
// thousands separators already removed.
type scannedNumber struct {
	mant   string // digits, optionally '.' and more digits
	exp    int    // explicit exponent, clamped to ±maxExplicitExponent
	hasExp bool
	unit   string // lower-cased text after the number and at most one space
}

// maxExplicitExponent bounds explicit exponents before any scale is added. It is far
// beyond float64 range (so clamping never changes the outcome) yet small
// enough that adding a scale cannot overflow an int.
const maxExplicitExponent = 99999

// value returns the number times 10^scale, rounded once, as a float64.
func (d scannedNumber) value(scale int) (float64, error) {
	return strconv.ParseFloat(d.mant+"e"+strconv.Itoa(d.exp+scale), 64)
}

// scanNumberInput checks the shared number grammar:
//
//	digits [ "," 3digits ]... [ "." digits ] [ ("e"|"E") [+|-] digits ] [ " " ] [ unit ]
//
// after trimming surrounding white space. Only ASCII is accepted, and
// letters are lower-cased by hand rather than with strings.ToLower, which
// would turn the Kelvin sign (U+212A) into a "k". The unit is returned
// unchecked; each caller knows its own units.
//
// On failure reason may be empty, meaning that the list of accepted forms is
// the best explanation.
func scanNumberInput(s string) (d scannedNumber, reason string, ok bool) {
	t := strings.TrimSpace(s)
	if t == "" {
		return d, reasonEmptyInput, false
	}
	b := []byte(t)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + ('a' - 'A')
		}
	}
	t = string(b)
	if t[0] == '-' {
		if _, _, valid := scanNumberInput(t[1:]); valid {
			return d, reasonNotPositive, false
		}
		return d, "", false
	}

	i := 0
	for i < len(t) && (isDecimalDigit(t[i]) || t[i] == ',') {
		i++
	}
	intPart := t[:i]
	if intPart == "" || !isDecimalDigit(intPart[0]) {
		return d, "", false
	}
	if strings.Contains(intPart, ",") {
		if !validThousandsGrouping(intPart) {
			return d, reasonBadCommas, false
		}
		intPart = strings.ReplaceAll(intPart, ",", "")
	}
	mant := intPart

	if i < len(t) && t[i] == '.' {
		j := i + 1
		for j < len(t) && isDecimalDigit(t[j]) {
			j++
		}
		if j == i+1 {
			return d, "", false
		}
		mant += t[i:j]
		i = j
	}
	d.mant = mant

	if i < len(t) && t[i] == 'e' {
		j := i + 1
		neg := false
		if j < len(t) && (t[j] == '+' || t[j] == '-') {
			neg = t[j] == '-'
			j++
		}
		k := j
		for k < len(t) && isDecimalDigit(t[k]) {
			k++
		}
		if k == j {
			return d, "", false
		}
		d.exp = clampExponent(t[j:k])
		if neg {
			d.exp = -d.exp
		}
		d.hasExp = true
		i = k
	}

	rest := t[i:]
	if strings.HasPrefix(rest, " ") {
		rest = rest[1:]
		if rest == "" || rest[0] == ' ' {
			return d, "", false
		}
	}
	for j := 0; j < len(rest); j++ {
		if c := rest[j]; c < 'a' || c > 'z' {
			return d, "", false
		}
	}
	d.unit = rest
	return d, "", true
}

// validThousandsGrouping reports whether s (digits and commas) uses commas only as
// thousands separators. A leading zero group such as "0,500" is refused
// because in much of the world that means one half.
func validThousandsGrouping(s string) bool {
	groups := strings.Split(s, ",")
	first := groups[0]
	if len(first) < 1 || len(first) > 3 || first[0] == '0' {
		return false
	}
	for _, g := range groups[1:] {
		if len(g) != 3 {
			return false
		}
	}
	return true // digits were checked by the caller
}

// clampExponent converts a run of decimal digits to an int no larger than maxExplicitExponent.
func clampExponent(digits string) int {
	digits = strings.TrimLeft(digits, "0")
	if len(digits) > len(strconv.Itoa(maxExplicitExponent)) {
		return maxExplicitExponent
	}
	n, err := strconv.Atoi(digits)
	if err != nil && digits != "" {
		return maxExplicitExponent
	}
	return min(n, maxExplicitExponent)
}

func isDecimalDigit(c byte) bool { return '0' <= c && c <= '9' }
