package data

import (
	"math"
	"strings"
)

// A Period is what a traffic rate counts output tokens per.
type Period struct {
	Name    string  // as FormatRate writes it: "s", "min", "h" or "day"
	Seconds float64 // its length
}

// The periods a rate may be given per.
var (
	Second = Period{"s", 1}
	Minute = Period{"min", 60}
	Hour   = Period{"h", 3600}
	Day    = Period{"day", 86400}
)

// periodNames maps the spellings ParseRate reads, lower-cased, to periods.
var periodNames = map[string]Period{
	"s": Second, "sec": Second, "second": Second,
	"min": Minute, "minute": Minute,
	"h": Hour, "hr": Hour, "hour": Hour,
	"d": Day, "day": Day,
}

// Rate is an average traffic: Tokens output tokens every Per. The zero Rate
// is no traffic.
type Rate struct {
	Tokens float64
	Per    Period
}

// TokensPerSecond is the rate in output tokens a second.
func (r Rate) TokensPerSecond() float64 { return r.Tokens / r.Per.Seconds }

// TokensPerDay is the rate in output tokens a day.
func (r Rate) TokensPerDay() float64 { return r.Tokens * (Day.Seconds / r.Per.Seconds) }

// IsZero tells whether r is no traffic at all.
func (r Rate) IsZero() bool { return r == Rate{} }

// MaxTokensPerDay bounds a traffic rate. A fleet serving 1e15 output tokens
// a day would be thousands of times today's largest; a rate beyond it is
// almost certainly stray zeros or a period mistaken (a day's volume given
// per second).
const MaxTokensPerDay = 1e15

const rateAccepted = "use output tokens per second or per day: a positive number, optionally with k, M, B or T, " +
	"then /s or /day (1B/day, 12k/s, 500 tokens/s; /min and /h also work), at most 1e15 tokens a day"

// rateTokens reads the number of a rate, which alone may not exceed a day's
// maximum whatever its period.
var rateTokens = quantity{param: "rate", label: "traffic rate", accepted: rateAccepted, units: tokenSuffixExponents,
	max: "1e15", tooLarge: "exceeds the maximum of 1e15 tokens a day"}

// ParseRate reads an average traffic as people write it: a token count as
// ParseTokens reads it, optionally followed by the word tokens, then a
// period after "/" or "per": "1B/day", "1B tokens per day", "12k/s",
// "12,000 / sec", "50M/h". Letters are case-insensitive. The rate must be
// greater than 0 and at most MaxTokensPerDay tokens a day. Any error is an
// *InputError with Param "rate" that quotes s whole.
func ParseRate(s string) (Rate, error) {
	fail := func(reason string) (Rate, error) {
		return Rate{}, &InputError{Param: "rate", Label: "traffic rate", Value: s, Reason: reason, Accepted: rateAccepted}
	}
	t := strings.TrimSpace(s)
	if t == "" {
		return fail(reasonEmptyInput)
	}
	num, per, ok := strings.Cut(t, "/")
	if !ok {
		// " per " is ASCII, so an index into the lower-cased copy is one
		// into t: only ASCII letters change case and length here.
		if i := strings.LastIndex(asciiLower(t), " per "); i >= 0 {
			num, per, ok = t[:i], t[i+len(" per "):], true
		}
	}
	if !ok {
		return fail("a rate needs its period: add /day or /s")
	}
	period, known := periodNames[asciiLower(strings.TrimSpace(per))]
	if !known {
		return fail("the period must be s, min, h or day")
	}
	num = strings.TrimSpace(num)
	for _, word := range []string{"tokens", "token"} {
		if n := len(num) - len(word); n > 0 && asciiLower(num[n:]) == word {
			num = strings.TrimSpace(num[:n])
			break
		}
	}
	v, err := rateTokens.parse(num)
	if err != nil {
		if bad, ok := err.(*InputError); ok {
			return fail(bad.Reason)
		}
		return fail("")
	}
	r := Rate{v, period}
	switch d := r.TokensPerDay(); {
	case d > MaxTokensPerDay || math.IsInf(d, 0):
		return fail(rateTokens.tooLarge)
	case d < MinTokens: // a day's volume, as a volume is, from one token
		return fail("below one token a day, the smallest traffic")
	}
	return r, nil
}

// FormatRate writes r as ParseRate reads it back to r: "1B/day", "12k/s".
func FormatRate(r Rate) string { return FormatTokens(r.Tokens) + "/" + r.Per.Name }

// asciiLower lower-cases ASCII letters only, as the number grammar does (a
// Kelvin sign must not become a k).
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + ('a' - 'A')
		}
	}
	return string(b)
}
