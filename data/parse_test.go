package data

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// The expected values below are Go constants, which the compiler evaluates
// exactly and rounds once, so they are an independent statement of what the
// typed decimal means. Several inputs ("1.005k", "1.001M", "0.067B",
// "0.017T", "1.005s") are chosen because multiplying the parsed mantissa by
// the scale in float64 gives a different, wrong answer.

func TestParseTokensAccepted(t *testing.T) {
	tests := []struct {
		in   string
		want float64
	}{
		{"1000000", 1e6},
		{"1,000,000", 1e6},
		{"123,456,789", 123456789},
		{"1,000", 1000},
		{"999", 999},
		{"7", 7},
		{"007", 7},
		{"1e6", 1e6},
		{"1E6", 1e6},
		{"2.5e9", 2.5e9},
		{"1e+18", 1e18},
		{"1e18", 1e18},
		{"1e0", 1},
		{"10E-1", 1},
		{"1", 1},
		{"0.001k", 1},
		{"1.5", 1.5},
		{"1" + strings.Repeat("0", 30) + "e-30", 1},
		{"250k", 250000},
		{"250K", 250000},
		{"5M", 5e6},
		{"5m", 5e6},
		{"2.5B", 2.5e9},
		{"2.5b", 2.5e9},
		{"1T", 1e12},
		{"1t", 1e12},
		{"5 M", 5e6},
		{"250 k", 250000},
		{"  5M\t", 5e6},
		{"\n1,000\n", 1000},
		{"1.1B", 1.1e9},
		{"0.3M", 300000},
		{"0.1k", 100},
		{"0.000001T", 1e6},
		{"1000000T", 1e18},
		{"1,000k", 1e6},
		{"1,000.5", 1000.5},
		{"1.005k", 1005},
		{"1.001M", 1001000},
		{"0.067B", 67000000},
		{"0.017T", 17000000000},
		{"12.345678901234567B", 12345678901.234567},
		// The limit itself, written out.
		{"1,000,000,000,000,000,000", 1e18},
		{"1.000000000000000000000e18", 1e18},
	}
	for _, tt := range tests {
		got, err := ParseTokens(tt.in)
		if err != nil {
			t.Errorf("ParseTokens(%q) error: %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("ParseTokens(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// The limits as numbers are the limits as ParseTokens reads them.
func TestTokenLimits(t *testing.T) {
	if v, err := ParseTokens(minTokenVolume); err != nil || v != MinTokens {
		t.Errorf("ParseTokens(%q) = %v, %v; MinTokens is %v", minTokenVolume, v, err, MinTokens)
	}
	if v, err := ParseTokens(maxTokenVolume); err != nil || v != MaxTokens {
		t.Errorf("ParseTokens(%q) = %v, %v; MaxTokens is %v", maxTokenVolume, v, err, float64(MaxTokens))
	}
}

func TestParseTokensRefused(t *testing.T) {
	const accepted = "optionally with k, M, B or T"
	tests := []struct {
		in     string
		reason string // expected in the message; "" means no specific check
	}{
		// empty
		{"", "no value given"},
		{"   ", "no value given"},
		// words
		{"abc", ""},
		{"five million", ""},
		{"k", ""},
		{"M", ""},
		{"e6", ""},
		// NaN and infinities, which strconv.ParseFloat would accept
		{"NaN", ""},
		{"nan", ""},
		{"Inf", ""},
		{"+Inf", ""},
		{"-Inf", ""},
		{"Infinity", ""},
		{"infinity", ""},
		// hex and underscores, which strconv.ParseFloat would accept
		{"0x10", ""},
		{"0X1p4", ""},
		{"0x1.8p3", ""},
		{"1_000", ""},
		{"1_000_000", ""},
		// signs
		{"-5", "must be greater than 0"},
		{"-1e6", "must be greater than 0"},
		{"-2.5B", "must be greater than 0"},
		{"+5", ""},
		{"--5", ""},
		{"- 5", ""},
		{"-5x", ""},
		{"-", ""},
		// below one token (5e-324 gave "0 mWh"), zero
		// and underflow to zero; below by less than a float64 can tell
		{"0", "below one token"},
		{"0.0", "below one token"},
		{"0k", "below one token"},
		{"0e5", "below one token"},
		{"1e-400", "below one token"},
		{"5e-324", "below one token"},
		{"1E-3", "below one token"},
		{"4.2e-1", "below one token"},
		{"0.5", "below one token"},
		{"0.0009k", "below one token"},
		{"0.99999999999999999999", "below one token"},
		{"0.000000000000999999999999T", "below one token"},
		// too large
		{"1e19", "exceeds the maximum of 1e18"},
		{"1.000001e18", "exceeds the maximum of 1e18"},
		// above 1e18 by less than a float64 can tell: the limit is on the
		// number written, not on the float64 it rounds to
		{"1.0000000000000000001e18", "exceeds the maximum of 1e18"},
		{"1000000000000000001", "exceeds the maximum of 1e18"},
		{"1,000,000,000,000,000,001", "exceeds the maximum of 1e18"},
		{"1000000.000000000001T", "exceeds the maximum of 1e18"},
		{"1.0000000000000000000000001e18", "exceeds the maximum of 1e18"},
		{"1000001T", "exceeds the maximum of 1e18"},
		{"1e400", "exceeds the maximum of 1e18"},
		{"1e99999999999999999999", "exceeds the maximum of 1e18"},
		// trailing junk and two suffixes
		{"5Mx", ""},
		{"5M tokens", ""},
		{"5 tokens", ""},
		{"5MB", ""},
		{"5kk", ""},
		{"5x", ""},
		{"1e3k", "not both"},
		{"5e6M", "not both"},
		{"1.2.3", ""},
		{"5 5", ""},
		// malformed thousands separators
		{"1,0", "commas"},
		{"10,00", "commas"},
		{"1,0000", "commas"},
		{"1234,567", "commas"},
		{"1,000,", "commas"},
		{"1,,000", "commas"},
		{"0,500", "commas"},
		{",100", ""},
		{"1 000 000", ""},
		{"1'000", ""},
		// malformed numbers and spacing
		{".5", ""},
		{"5.", ""},
		{"1..2", ""},
		{"1e", ""},
		{"1e+", ""},
		{"5  M", ""},
		// non-ASCII look-alikes: Kelvin sign, fullwidth digit, NBSP inside
		{"5\u212a", ""},
		{"\uff15", ""},
		{"5\u00a0M", ""},
	}
	for _, tt := range tests {
		v, err := ParseTokens(tt.in)
		if err == nil {
			t.Errorf("ParseTokens(%q) = %v, want error", tt.in, v)
			continue
		}
		var ie *InputError
		if !errors.As(err, &ie) {
			t.Errorf("ParseTokens(%q) error %T is not *InputError", tt.in, err)
			continue
		}
		if ie.Param != "tokens" || ie.Value != tt.in {
			t.Errorf("ParseTokens(%q): Param=%q Value=%q, want \"tokens\" and the input", tt.in, ie.Param, ie.Value)
		}
		msg := err.Error()
		for _, want := range []string{"token volume", fmt.Sprintf("%q", tt.in), accepted, tt.reason} {
			if !strings.Contains(msg, want) {
				t.Errorf("ParseTokens(%q) message %q lacks %q", tt.in, msg, want)
			}
		}
		// Without a specific reason the message is exactly the general one.
		if generic := fmt.Sprintf("token volume %q is not accepted: use a number from 1 to 1e18, optionally with k, M, B or T (250k, 5M, 2.5B, 1e9)", tt.in); tt.reason == "" && msg != generic {
			t.Errorf("ParseTokens(%q) message %q, want %q", tt.in, msg, generic)
		}
	}
}

// TestParseLongInputs covers inputs whose exponent and digit count nearly
// cancel. strconv.ParseFloat alone stops reading exponents past about 10000
// and returns 0 for the first one.
func TestParseLongInputs(t *testing.T) {
	z := strings.Repeat("0", 20000)
	zz := strings.Repeat("0", 100000)
	tokens := []struct {
		in   string
		want float64
	}{
		{"1" + z + "e-20000", 1},
		{"1" + z + "e-19997", 1000},
		{"25" + z + "e-20000k", 0}, // exponent and suffix: refused below
		{"0." + z + "1e20001", 1},
		{"0." + z + "25e20010", 2.5e9},
		{"0." + zz + "1e100001", 1},
		{"1" + zz + "e-100000", 1},
		{"0." + z + "5M", 0}, // far below the smallest float64: refused
		{"1" + z, 0},         // far above the limit: refused
	}
	for _, tt := range tokens {
		got, err := ParseTokens(tt.in)
		if tt.want == 0 {
			if err == nil {
				t.Errorf("ParseTokens(%d-byte input) = %v, want error", len(tt.in), got)
			}
			continue
		}
		// The inputs are too long to print in full, and so are the errors.
		if err != nil || got != tt.want {
			t.Errorf("ParseTokens(%.20q..., %d bytes) = %v, error %t; want %v", tt.in, len(tt.in), got, err != nil, tt.want)
		}
	}
	if got, err := ParseDeadline("1" + z + "e-20003s"); err != nil || got != 1 {
		t.Errorf("ParseDeadline(long seconds) = %v, error %t; want 1", got, err != nil)
	}
}

func TestFormatTokens(t *testing.T) {
	tests := []struct {
		in   float64
		want string
	}{
		{1e6, "1M"},
		{2.5e9, "2.5B"},
		{1e12, "1T"},
		{250000, "250k"},
		{7, "7"},
		{999, "999"},
		{1000, "1k"},
		{1234, "1234"}, // "1.234k" is longer
		{1500, "1.5k"}, // ties go to the suffix
		{1.1e9, "1.1B"},
		{1.7e10, "17B"},
		{123456789, "123456789"},
		{1e15, "1000T"},
		{1e17, "100000T"}, {1e18, "1000000T"}, // never an exponent: the input box shows it
		{0.5, "0.5"},
		{1e-7, "1e-07"},
		{5e-324, "5e-324"},
	}
	for _, tt := range tests {
		if got := FormatTokens(tt.in); got != tt.want {
			t.Errorf("FormatTokens(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// tokenRoundTripValues returns edge cases plus pseudo-random values spread
// across the whole accepted range, reproducibly.
func tokenRoundTripValues() []float64 {
	vs := []float64{
		5e-324, 1e-300, 1e-6, math.Nextafter(1e-6, 0), 0.1, 1, 999, 1000, 1001,
		1e15, math.Nextafter(1e15, 0), math.Nextafter(1e18, 0), 1e18,
		1.1e9, 1.005e3, 12345678901234567, 0.1 + 0.2,
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		vs = append(vs,
			math.Pow(10, r.Float64()*24-6),                           // log-uniform in [1e-6, 1e18)
			float64(r.Int64N(1e18)+1),                                // integers
			float64(r.Int64N(1e6))*math.Pow(10, float64(r.IntN(13))), // short mantissas with suffix scales
		)
	}
	return vs
}

func TestFormatTokensRoundTrip(t *testing.T) {
	for _, v := range tokenRoundTripValues() {
		if !(v >= 1 && v <= 1e18) {
			continue
		}
		s := FormatTokens(v)
		got, err := ParseTokens(s)
		if err != nil || got != v {
			t.Fatalf("ParseTokens(FormatTokens(%v) = %q) = %v, %v; want %v", v, s, got, err, v)
		}
		// Shortest-round-trip digits (at most 17) plus a decimal point and an
		// exponent or a few leading zeros never need more than this.
		if len(s) > 24 {
			t.Errorf("FormatTokens(%v) = %q is %d characters long", v, s, len(s))
		}
	}
}

func TestParseDeadlineAccepted(t *testing.T) {
	tests := []struct {
		in   string
		want float64
	}{
		{"100", 100},
		{"100ms", 100},
		{"100 ms", 100},
		{"100MS", 100},
		{"100Ms", 100},
		{"0.1s", 100},
		{"0.1 s", 100},
		{"0.1S", 100},
		{"  50ms ", 50},
		{"12.5", 12.5},
		{"12.5ms", 12.5},
		{"60000", 60000},
		{"60,000", 60000},
		{"60,000ms", 60000},
		{"60s", 60000},
		{"1e2ms", 100},
		{"5e-2s", 50},
		{"0.001", 0.001},
		{"0.0001s", 0.1},
		{"1.005s", 1005},
		{"0.3s", 300},
	}
	for _, tt := range tests {
		got, err := ParseDeadline(tt.in)
		if err != nil {
			t.Errorf("ParseDeadline(%q) error: %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("ParseDeadline(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestParseDeadlineRefused(t *testing.T) {
	const accepted = "optionally with ms or s"
	tests := []struct {
		in     string
		reason string
	}{
		{"", "no value given"},
		{" \t", "no value given"},
		{"fast", ""},
		{"ms", ""},
		{"s", ""},
		{"NaN", ""},
		{"inf", ""},
		{"Infinity", ""},
		{"0x10", ""},
		{"1_0", ""},
		{"-100", "must be greater than 0"},
		{"-0.1s", "must be greater than 0"},
		{"-100x", ""},
		{"0", "must be greater than 0"},
		{"0ms", "must be greater than 0"},
		{"0s", "must be greater than 0"},
		{"60001", "exceeds the maximum of 60000"},
		{"60000.0000000000001", "exceeds the maximum of 60000"},
		{"60.0000000000000001s", "exceeds the maximum of 60000"},
		{"60.001s", "exceeds the maximum of 60000"},
		{"100s", "exceeds the maximum of 60000"},
		{"1e400s", "exceeds the maximum of 60000"},
		{"100 ms ms", ""},
		{"100msec", ""},
		{"100m", ""}, // minutes are not accepted; m is a token suffix
		{"100us", ""},
		{"100\u00b5s", ""},
		{"100  ms", ""},
		{"100 m s", ""},
		{"5mss", ""},
		{"1,00ms", "commas"},
		{"1.s", ""},
		{"100ms!", ""},
	}
	for _, tt := range tests {
		v, err := ParseDeadline(tt.in)
		if err == nil {
			t.Errorf("ParseDeadline(%q) = %v, want error", tt.in, v)
			continue
		}
		var ie *InputError
		if !errors.As(err, &ie) {
			t.Errorf("ParseDeadline(%q) error %T is not *InputError", tt.in, err)
			continue
		}
		if ie.Param != "deadline" || ie.Value != tt.in {
			t.Errorf("ParseDeadline(%q): Param=%q Value=%q, want \"deadline\" and the input", tt.in, ie.Param, ie.Value)
		}
		msg := err.Error()
		for _, want := range []string{"ITL deadline", fmt.Sprintf("%q", tt.in), accepted, tt.reason} {
			if !strings.Contains(msg, want) {
				t.Errorf("ParseDeadline(%q) message %q lacks %q", tt.in, msg, want)
			}
		}
		// Without a specific reason the message is exactly the general one.
		if generic := fmt.Sprintf("ITL deadline %q is not accepted: use a positive number of milliseconds up to 60000, optionally with ms or s (100, 100ms, 0.1s)", tt.in); tt.reason == "" && msg != generic {
			t.Errorf("ParseDeadline(%q) message %q, want %q", tt.in, msg, generic)
		}
	}
}

func TestFormatDeadline(t *testing.T) {
	tests := []struct {
		in   float64
		want string
	}{
		{50, "50ms"},
		{12.5, "12.5ms"},
		{100, "100ms"},
		{60000, "60000ms"},
		{0.1, "0.1ms"},
		{1e-7, "1e-07ms"},
	}
	for _, tt := range tests {
		if got := FormatDeadline(tt.in); got != tt.want {
			t.Errorf("FormatDeadline(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestFormatDeadlineRoundTrip(t *testing.T) {
	vs := []float64{5e-324, 1e-6, math.Nextafter(1e-6, 0), 0.1, 1, 33.333333333333336, math.Nextafter(60000, 0), 60000}
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		vs = append(vs, math.Pow(10, r.Float64()*10-5.3), r.Float64()*60000)
	}
	for _, v := range vs {
		if !(v > 0 && v <= 60000) {
			continue
		}
		s := FormatDeadline(v)
		got, err := ParseDeadline(s)
		if err != nil || got != v {
			t.Fatalf("ParseDeadline(FormatDeadline(%v) = %q) = %v, %v; want %v", v, s, got, err, v)
		}
	}
}

func TestInputErrorMessage(t *testing.T) {
	tests := []struct {
		err  *InputError
		want string
	}{
		{
			&InputError{Param: "gpu", Value: "H999", Accepted: "one of A100, H100"},
			`gpu "H999" is not accepted: one of A100, H100`,
		},
		{
			&InputError{Param: "model", Label: "model name", Value: "gpt", Reason: "ambiguous", Accepted: "one of gpt-4o, gpt-4o-mini"},
			`model name "gpt" is not accepted: ambiguous; one of gpt-4o, gpt-4o-mini`,
		},
		{
			&InputError{Param: "task", Value: "x", Reason: "unknown task"},
			`task "x" is not accepted: unknown task`,
		},
		{
			&InputError{Value: "\x00"},
			`value "\x00" is not accepted`,
		},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}

	_, err := ParseTokens("abc")
	const want = `token volume "abc" is not accepted: use a number from 1 to 1e18, optionally with k, M, B or T (250k, 5M, 2.5B, 1e9)`
	if err == nil || err.Error() != want {
		t.Errorf("ParseTokens(\"abc\") error = %v, want %q", err, want)
	}
}

// exactlyAbove tells, with exact rational arithmetic, whether an accepted
// input is above max.
func exactlyAbove(t *testing.T, s string, units map[string]int, max string) bool {
	t.Helper()
	r := ratOf(t, s, units)
	m, _ := new(big.Rat).SetString(max)
	return r.Cmp(m) > 0
}

// ratValue independently evaluates an input that a parser accepted, using
// exact rational arithmetic instead of the parser's exponent shifting. units
// maps a lower-case unit to its power of ten.
func ratValue(t *testing.T, s string, units map[string]int) float64 {
	t.Helper()
	f, _ := ratOf(t, s, units).Float64()
	return f
}

// ratOf is an accepted input as an exact rational, in its base unit.
func ratOf(t *testing.T, s string, units map[string]int) *big.Rat {
	t.Helper()
	u := strings.ToLower(strings.TrimSpace(s)) // accepted inputs are ASCII
	u = strings.ReplaceAll(u, ",", "")
	u = strings.Replace(u, " ", "", 1)
	end := len(u)
	for end > 0 && u[end-1] >= 'a' && u[end-1] <= 'z' {
		end--
	}
	num, unit := u[:end], u[end:]
	scale, ok := units[unit]
	if !ok {
		t.Fatalf("%q accepted with unknown unit %q", s, unit)
	}
	r, ok := new(big.Rat).SetString(num)
	if !ok {
		t.Fatalf("%q accepted but big.Rat cannot read %q", s, num)
	}
	return r.Mul(r, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(scale)), nil)))
}

// checkAcceptedChars fails if an accepted input contains anything outside
// the documented alphabet, which catches NaN, Inf, hex and underscores
// sneaking through to strconv.
func checkAcceptedChars(t *testing.T, s, alphabet string) {
	t.Helper()
	for _, c := range strings.TrimSpace(s) {
		if !strings.ContainsRune(alphabet, c) {
			t.Fatalf("%q accepted despite character %q", s, c)
		}
	}
}

func upperASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - ('a' - 'A')
		}
	}
	return string(b)
}

func checkRefusal(t *testing.T, s, param string, err error) {
	t.Helper()
	var ie *InputError
	if !errors.As(err, &ie) {
		t.Fatalf("%q: error %T %v is not *InputError", s, err, err)
	}
	if ie.Param != param || ie.Value != s {
		t.Fatalf("%q: Param=%q Value=%q", s, ie.Param, ie.Value)
	}
	if !strings.Contains(err.Error(), Quote(s)) {
		t.Fatalf("%q: message %q does not quote the value", s, err.Error())
	}
}

var tokenUnits = map[string]int{"": 0, "k": 3, "m": 6, "b": 9, "t": 12}

func FuzzParseTokens(f *testing.F) {
	for _, s := range []string{
		"1000000", "1,000,000", "1e6", "1E6", "2.5e9", "250k", "250K", "5M", "5m",
		"2.5B", "1T", "5 M", "1e+18", "1e-3", "0.5", "1.005k", "0.067B", "5e-324", "0.99999999999999999999", "0.001k",
		"", "abc", "NaN", "Inf", "-Infinity", "0x10", "0x1p-2", "1_000", "-5", "0",
		"1e19", "1e400", "5Mx", "5MB", "1,0", "10,00", "0,500", "5  M", "1e3k",
		".5", "5.", "5\u212a", "\uff15", "1e99999999999999999999",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseTokens(s)
		if err != nil {
			checkRefusal(t, s, "tokens", err)
			return
		}
		if math.IsNaN(v) || math.IsInf(v, 0) || !(v >= 1) || v > 1e18 {
			t.Fatalf("ParseTokens(%q) = %v, outside [1, 1e18]", s, v)
		}
		checkAcceptedChars(t, s, "0123456789,.eE+-kKmMbBtT ")
		if exactlyAbove(t, s, tokenUnits, "1e18") {
			t.Fatalf("ParseTokens(%q) = %v, but the input is above 1e18", s, v)
		}
		if r, one := ratOf(t, s, tokenUnits), big.NewRat(1, 1); r.Cmp(one) < 0 {
			t.Fatalf("ParseTokens(%q) = %v, but the input is below one token", s, v)
		}
		if want := ratValue(t, s, tokenUnits); v != want {
			t.Fatalf("ParseTokens(%q) = %v, exact value rounds to %v", s, v, want)
		}
		if utf8.ValidString(s) {
			if u, err := ParseTokens(upperASCII(s)); err != nil || u != v {
				t.Fatalf("ParseTokens(%q) = %v but upper-cased gives %v, %v", s, v, u, err)
			}
		}
		fs := FormatTokens(v)
		if back, err := ParseTokens(fs); err != nil || back != v {
			t.Fatalf("ParseTokens(FormatTokens(%v) = %q) = %v, %v", v, fs, back, err)
		}
	})
}

var deadlineUnitsMS = map[string]int{"": 0, "ms": 0, "s": 3}

func FuzzParseDeadline(f *testing.F) {
	for _, s := range []string{
		"100", "100ms", "100 ms", "0.1s", "0.1 s", "100MS", "60000", "60s", "60,000",
		"1e2ms", "5e-2s", "1.005s", "12.5", "", "fast", "NaN", "inf", "0x10", "1_0",
		"-100", "0", "60001", "100s", "100m", "100us", "100  ms", "1,00ms", "1e400s",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseDeadline(s)
		if err != nil {
			checkRefusal(t, s, "deadline", err)
			return
		}
		if math.IsNaN(v) || math.IsInf(v, 0) || !(v > 0) || v > 60000 {
			t.Fatalf("ParseDeadline(%q) = %v, outside (0, 60000]", s, v)
		}
		checkAcceptedChars(t, s, "0123456789,.eE+-mMsS ")
		if exactlyAbove(t, s, deadlineUnitsMS, "60000") {
			t.Fatalf("ParseDeadline(%q) = %v, but the input is above 60000 ms", s, v)
		}
		if want := ratValue(t, s, deadlineUnitsMS); v != want {
			t.Fatalf("ParseDeadline(%q) = %v, exact value rounds to %v", s, v, want)
		}
		if utf8.ValidString(s) {
			if u, err := ParseDeadline(upperASCII(s)); err != nil || u != v {
				t.Fatalf("ParseDeadline(%q) = %v but upper-cased gives %v, %v", s, v, u, err)
			}
		}
		fs := FormatDeadline(v)
		if back, err := ParseDeadline(fs); err != nil || back != v {
			t.Fatalf("ParseDeadline(FormatDeadline(%v) = %q) = %v, %v", v, fs, back, err)
		}
	})
}

func BenchmarkParseTokens(b *testing.B) {
	for _, in := range []string{"1000000", "1,000,000", "2.5B", "1e+18", "five million"} {
		b.Run(in, func(b *testing.B) {
			for b.Loop() {
				_, _ = ParseTokens(in)
			}
		})
	}
}
