package data

import (
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
	// included, thanks to Quote); the message quotes its first MaxQuoted
	// characters.
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
	msg := name + " " + Quote(e.Value) + " is not accepted"
	if why := e.Why(); why != "" {
		return msg + ": " + why
	}
	return msg
}

// Why is the message without the value: the reason, then the accepted
// forms, for a front end that names the value in its own words.
func (e *InputError) Why() string {
	switch {
	case e.Reason != "" && e.Accepted != "":
		return e.Reason + "; " + e.Accepted
	case e.Reason != "":
		return e.Reason
	}
	return e.Accepted
}

// MaxQuoted is how many characters of a refused value a message quotes: a
// value may be a megabyte long (a URL's, a flag's), and a message, or a page
// of notices, that repeated it whole would be as long.
const MaxQuoted = 40

// Excerpt is s cut to MaxQuoted characters, with "…" where it was cut.
func Excerpt(s string) string {
	n := 0
	for i := range s {
		if n == MaxQuoted {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

// Quote is Excerpt(s) in Go's double-quoted form, as every message quotes a
// value it refuses.
func Quote(s string) string { return strconv.Quote(Excerpt(s)) }

// Limits on parsed values. The maxima sit far above anything meaningful, so
// a value beyond them is almost certainly a typo or a unit mistake rather
// than a real scenario: a token volume past 1e18 usually means stray zeros,
// and a deadline past one minute per token usually means seconds typed where
// milliseconds were meant ("100s" for "100ms"). A volume is at least one
// token: below it, a figure is a fraction of one step of the model, and
// underflows towards zero (5e-324 tokens gave "0 mWh", and every model tied).
// They are decimals, compared with the input's digits exactly.
const (
	minTokenVolume = "1"
	maxTokenVolume = "1e18"
	maxDeadlineMS  = "60000"
)

// The smallest and largest token volumes, as numbers: what a volume worked
// out rather than typed (a budget's answer) must be within.
const (
	MinTokens = 1
	MaxTokens = 1e18
)

const (
	tokensAccepted   = "use a number from 1 to 1e18, optionally with k, M, B or T (250k, 5M, 2.5B, 1e9)"
	deadlineAccepted = "use a positive number of milliseconds up to 60000, optionally with ms or s (100, 100ms, 0.1s)"

	reasonEmptyInput  = "no value given"
	reasonNotPositive = "must be greater than 0"
	reasonBadCommas   = "commas must separate groups of exactly three digits"
)

// tokenSuffixExponents maps a lower-cased suffix to its power of ten. The
// scale is added to the decimal exponent rather than applied by multiplying
// floats, so "1.005k" is exactly the float64 nearest 1005, as "1005" is;
// 1.005*1e3 in float64 is 1004.9999999999999, and one volume typed two ways
// would then give two different answers.
var tokenSuffixExponents = map[string]int{"": 0, "k": 3, "m": 6, "b": 9, "t": 12}

// deadlineUnitExponents maps a unit to its power of ten relative to
// milliseconds. Minutes and microseconds are deliberately absent: "m" would
// be easy to confuse with the token suffix for million, and sub-millisecond
// spellings (us, µs) invite encoding trouble for no practical gain.
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
// The result is in [1, 1e18]. Any error is an *InputError with Param
// "tokens".
func ParseTokens(s string) (float64, error) { return tokens.parse(s) }

// quantity is what ParseTokens and ParseDeadline need to know of their input.
// A volume's bounds are its min and max: a parser of another volume (images,
// videos) is one more quantity, refused below one of its units the same way.
type quantity struct {
	param, label, accepted string
	units                  map[string]int     // unit → power of ten it scales by
	factors                map[string]float64 // unit → a factor it also scales by, not a power of ten (minutes)
	min                    string             // the smallest value accepted, as a decimal; "" for any above 0
	tooSmall               string             // the reason given below min
	max                    string             // the largest value accepted, as a decimal
	tooLarge               string             // the reason given above max
	exponentWithUnit       bool               // whether "5e-2s" is fine
}

var (
	tokens = quantity{param: "tokens", label: "token volume", accepted: tokensAccepted, units: tokenSuffixExponents,
		min: minTokenVolume, tooSmall: "below one token, the smallest volume",
		max: maxTokenVolume, tooLarge: "exceeds the maximum of 1e18"}
	deadline = quantity{param: "deadline", label: "ITL deadline", accepted: deadlineAccepted, units: deadlineUnitExponents,
		max: maxDeadlineMS, tooLarge: "exceeds the maximum of 60000 ms (60 s)", exponentWithUnit: true}
)

// check refuses v as parse refuses its shortest decimal: for a value that
// did not come from text (a Query built by code).
func (k quantity) check(v float64) error {
	_, err := k.parse(strconv.FormatFloat(v, 'g', -1, 64))
	return err
}

func (k quantity) parse(s string) (float64, error) {
	fail := func(reason string) (float64, error) {
		return 0, &InputError{Param: k.param, Label: k.label, Value: s, Reason: reason, Accepted: k.accepted}
	}
	d, reason, ok := scanNumberInput(s)
	if !ok {
		return fail(reason)
	}
	scale, known := k.units[d.unit]
	if !known {
		return fail("")
	}
	if d.hasExp && d.unit != "" && !k.exponentWithUnit {
		return fail("use either an exponent or a suffix, not both")
	}
	if d.negative {
		return fail(reasonNotPositive)
	}
	// The limits are checked on the decimal digits, not on the float64 they
	// round to: 1000000000000000001 rounds to exactly 1e18, and
	// 0.99999999999999999999 to 1.
	if min, _, _ := scanNumberInput(k.min); k.min != "" && min.above(0, d, scale) {
		return fail(k.tooSmall)
	}
	if max, _, _ := scanNumberInput(k.max); d.above(scale, max, 0) {
		return fail(k.tooLarge)
	}
	v, err := d.value(scale)
	if f, ok := k.factors[d.unit]; ok {
		max, _ := strconv.ParseFloat(k.max, 64)
		if v *= f; v > max {
			return fail(k.tooLarge)
		}
	}
	switch {
	case math.IsInf(v, 0):
		return fail(k.tooLarge)
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
// preferred on ties because "1.5k" is quicker to read than "1500", and
// none has an exponent, which the input box would show: 1e17 is "100000T".
// ReadableVolume adds thousands separators for text.
//
// Values outside (0, 1e18] are formatted without a round-trip guarantee.
func FormatTokens(v float64) string {
	if !finite(v) {
		return NoFigure
	}
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
	plain := formatPlainNumber(v, math.Inf(1))
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
func ParseDeadline(s string) (ms float64, err error) { return deadline.parse(s) }

// FormatDeadline renders milliseconds as ParseDeadline reads them back
// exactly, e.g. "50ms" or "12.5ms". Milliseconds are kept as the unit even
// for whole seconds so that values in a table line up and compare at a
// glance.
func FormatDeadline(ms float64) string {
	return formatPlainNumber(ms, math.Inf(1)) + "ms"
}

// formatPlainNumber prints v in positional notation, which people read
// without thinking, but switches to exponent notation below 1e-6 and at or
// above eHigh, where positional notation would run to dozens of digits. Both
// forms use the shortest digits that round-trip, so either parses back to v.
func formatPlainNumber(v, eHigh float64) string {
	if v >= 1e-6 && v < eHigh {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// scannedNumber is a syntactically valid number split into its parts, with
// thousands separators already removed.
type scannedNumber struct {
	intDigits  string // digits before the point, commas removed
	fracDigits string // digits after the point, if any
	exp        int64  // explicit exponent, clamped to ±maxExplicitExponent
	hasExp     bool
	negative   bool   // a leading '-'; always refused, but with a clear reason
	unit       string // lower-cased text after the number and at most one space
}

// maxExplicitExponent bounds explicit exponents so that arithmetic on them
// cannot overflow, even on 32-bit targets where int is small. An input would
// need about 1e15 digits for the clamp to change its outcome.
const maxExplicitExponent int64 = 1e15

// value returns the number times 10^scale, rounded once, as a float64.
//
// The digits are normalised to 0.ddd×10^mag before strconv sees them
// because strconv.ParseFloat caps the exponent it reads at about 10000 and
// so misreads a huge exponent offset by many digits: "1" followed by 20000
// zeros and "e-20000" comes back as 0. With leading and trailing zeros moved
// into mag, anything with |mag| above 400 is decided without strconv
// (float64 spans roughly 1e-324 to 1.8e308) and the exponent strconv reads
// stays small.
func (d scannedNumber) value(scale int) (float64, error) {
	sig, mag := d.normal(scale)
	if sig == "" {
		return 0, nil
	}
	switch {
	case mag > 400:
		return math.Inf(1), nil
	case mag < -400:
		return 0, nil
	}
	return strconv.ParseFloat("0."+sig+"e"+strconv.FormatInt(mag, 10), 64)
}

// normal writes the number times 10^scale as 0.sig × 10^mag, sig having
// neither leading nor trailing zeros; sig is "" for zero.
func (d scannedNumber) normal(scale int) (sig string, mag int64) {
	digits := strings.TrimLeft(d.intDigits+d.fracDigits, "0")
	sig = strings.TrimRight(digits, "0")
	// The number is digits × 10^(exp+scale-len(frac)), which is
	// 0.digits × 10^mag, and trailing zeros after the point change nothing.
	return sig, d.exp + int64(scale) + int64(len(digits)) - int64(len(d.fracDigits))
}

// above tells whether d × 10^scale is greater than max × 10^maxScale, exactly.
// Both are taken as positive.
func (d scannedNumber) above(scale int, max scannedNumber, maxScale int) bool {
	sig, mag := d.normal(scale)
	msig, mmag := max.normal(maxScale)
	switch {
	case sig == "":
		return false
	case msig == "":
		return true
	case mag != mmag:
		return mag > mmag
	}
	// Same magnitude: digit strings without leading or trailing zeros
	// compare as their values do.
	return sig > msig
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
		if len(t) < 2 || !isDecimalDigit(t[1]) {
			return d, "", false
		}
		// Accept the syntax here so the caller, once it has checked the
		// unit, can say "must be greater than 0" instead of listing forms.
		d, reason, ok = scanNumberInput(t[1:])
		d.negative = true
		return d, reason, ok
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
	d.intDigits = intPart

	if i < len(t) && t[i] == '.' {
		j := i + 1
		for j < len(t) && isDecimalDigit(t[j]) {
			j++
		}
		if j == i+1 {
			return d, "", false
		}
		d.fracDigits = t[i+1 : j]
		i = j
	}

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

// clampExponent converts a run of decimal digits to an int64 no larger than
// maxExplicitExponent.
func clampExponent(digits string) int64 {
	digits = strings.TrimLeft(digits, "0")
	if digits == "" {
		return 0
	}
	if len(digits) > 16 {
		return maxExplicitExponent
	}
	n, err := strconv.ParseInt(digits, 10, 64)
	if err != nil {
		return maxExplicitExponent
	}
	return min(n, maxExplicitExponent)
}

func isDecimalDigit(c byte) bool { return '0' <= c && c <= '9' }
