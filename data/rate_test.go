package data

import (
	"math"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseRateAccepted(t *testing.T) {
	tests := []struct {
		in   string
		want Rate
		tps  float64 // tokens a second, written out
	}{
		{"1B/day", Rate{1e9, Day}, 1e9 / 86400},
		{"1b/DAY", Rate{1e9, Day}, 1e9 / 86400},
		{"12k/s", Rate{12000, Second}, 12000},
		{"12,000 / sec", Rate{12000, Second}, 12000},
		{"500 tokens/s", Rate{500, Second}, 500},
		{"1B tokens per day", Rate{1e9, Day}, 1e9 / 86400},
		{"1 token per second", Rate{1, Second}, 1},
		{"50M/h", Rate{5e7, Hour}, 5e7 / 3600},
		{"3.6M/hour", Rate{3.6e6, Hour}, 1000},
		{"60k/min", Rate{60000, Minute}, 1000},
		{"2.5e9/d", Rate{2.5e9, Day}, 2.5e9 / 86400},
		{"  1B/day\n", Rate{1e9, Day}, 1e9 / 86400},
		{"1e15/day", Rate{1e15, Day}, 1e15 / 86400},
		{"1,000T/day", Rate{1e15, Day}, 1e15 / 86400},
		{"11574074074/s", Rate{11574074074, Second}, 11574074074}, // 9.99999999994e14 a day
	}
	for _, tt := range tests {
		got, err := ParseRate(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("ParseRate(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
			continue
		}
		if tps := got.TokensPerSecond(); math.Abs(tps-tt.tps) > 1e-9*tt.tps {
			t.Errorf("ParseRate(%q).TokensPerSecond() = %v, want %v", tt.in, tps, tt.tps)
		}
		if back, err := ParseRate(FormatRate(got)); err != nil || back != got {
			t.Errorf("FormatRate(%+v) = %q reads back as %+v, %v", got, FormatRate(got), back, err)
		}
	}
	if got := FormatRate(Rate{1e9, Day}); got != "1B/day" {
		t.Errorf("FormatRate(1B a day) = %q, want 1B/day", got)
	}
	if got := FormatRate(Rate{12000, Second}); got != "12k/s" {
		t.Errorf("FormatRate(12k a second) = %q, want 12k/s", got)
	}
}

func TestParseRateRefused(t *testing.T) {
	tests := []struct {
		in, reason string
	}{
		{"", "no value given"},
		{"   ", "no value given"},
		{"1B", "needs its period"},
		{"1B tokens", "needs its period"},
		{"0/day", "greater than 0"},
		{"0/s", "greater than 0"},
		{"-5/s", "greater than 0"},
		{"1e-400/day", "greater than 0"},
		{"2e15/day", "1e15 tokens a day"},
		{"1,001T/day", "1e15 tokens a day"},
		{"1e15/s", "1e15 tokens a day"},
		{"11574074075/s", "1e15 tokens a day"}, // 1.00000000008e15 a day
		{"1e400/s", "1e15 tokens a day"},
		{"1B/week", "s, min, h or day"},
		{"1B/", "s, min, h or day"},
		{"1B/ms", "s, min, h or day"},
		{"/day", ""},
		{"NaN/day", ""},
		{"Inf/s", ""},
		{"0x10/s", ""},
		{"1e3k/s", "exponent or a suffix"},
		{"1B/day/s", "s, min, h or day"},
		{"5\u212a/s", ""}, // Kelvin sign, not a k
		{"fast", "needs its period"},
	}
	for _, tt := range tests {
		r, err := ParseRate(tt.in)
		if err == nil {
			t.Errorf("ParseRate(%q) = %+v, want a refusal", tt.in, r)
			continue
		}
		var ie *InputError
		if !asInputError(err, &ie) || ie.Param != "rate" || ie.Value != tt.in {
			t.Errorf("ParseRate(%q): %T %v, want an *InputError for rate quoting the value", tt.in, err, err)
			continue
		}
		if !strings.Contains(err.Error(), tt.reason) || !strings.Contains(err.Error(), "1B/day") {
			t.Errorf("ParseRate(%q) = %q, want the reason %q and the accepted forms", tt.in, err, tt.reason)
		}
	}
}

func asInputError(err error, ie **InputError) bool {
	e, ok := err.(*InputError)
	*ie = e
	return ok
}

// FuzzParseRate checks that any input is read as a rate within bounds that
// writes back to itself, or refused with an *InputError that quotes it.
func FuzzParseRate(f *testing.F) {
	for _, s := range []string{
		"1B/day", "12k/s", "12,000 / sec", "500 tokens/s", "1B tokens per day", "50M/h", "60k/min", "2.5e9/d",
		"1e15/day", "1e15/s", "", "1B", "0/day", "-5/s", "1B/week", "/day", "NaN/day", "1e3k/s", "1B/day/s",
		"5\u212a/s", "1e99999999999999999999/s", "1e-400/day", "1 per per day", "tokens/s", "1tokens/s",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRate(s)
		if err != nil {
			checkRefusal(t, s, "rate", err)
			return
		}
		d := r.TokensPerDay()
		if math.IsNaN(d) || math.IsInf(d, 0) || !(d > 0) || d > MaxTokensPerDay {
			t.Fatalf("ParseRate(%q) = %+v: %v tokens a day, outside (0, 1e15]", s, r, d)
		}
		if tps := r.TokensPerSecond(); !(tps > 0) || math.IsInf(tps, 0) {
			t.Fatalf("ParseRate(%q) = %+v: %v tokens a second", s, r, tps)
		}
		if p, ok := periodNames[r.Per.Name]; !ok || p != r.Per {
			t.Fatalf("ParseRate(%q) = %+v: not one of the periods", s, r)
		}
		if back, err := ParseRate(FormatRate(r)); err != nil || back != r {
			t.Fatalf("ParseRate(%q) = %+v, written %q, reads back as %+v, %v", s, r, FormatRate(r), back, err)
		}
		if utf8.ValidString(s) {
			if u, err := ParseRate(upperASCII(s)); err != nil || u != r {
				t.Fatalf("ParseRate(%q) = %+v but upper-cased gives %+v, %v", s, r, u, err)
			}
		}
	})
}

// A rate whose day is less than one token is refused as a volume below one
// token is: 5e-324/s made a day's figures of nothing.
func TestParseRateBelowOneTokenADay(t *testing.T) {
	for _, in := range []string{"5e-324/s", "0.5/day", "0.00001/s", "0.0006/min"} {
		if r, err := ParseRate(in); err == nil || !strings.Contains(err.Error(), "below one token a day") {
			t.Errorf("ParseRate(%q) = %+v, %v; want it refused below one token a day", in, r, err)
		}
	}
	for _, in := range []string{"1/day", "0.0000116/s", "0.5/s"} {
		if r, err := ParseRate(in); err != nil {
			t.Errorf("ParseRate(%q) = %+v, %v; want it accepted", in, r, err)
		}
	}
}
