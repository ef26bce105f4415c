package data

import (
	"errors"
	"math"
	"strings"
	"testing"
)

func TestGenerationDeadline(t *testing.T) {
	for _, tc := range []struct {
		in   string
		ms   float64
		text string // FormatDeadline of the result
	}{
		{"10", 10e3, "10s"},
		{"10s", 10e3, "10s"},
		{"10 s", 10e3, "10s"},
		{"1.5min", 90e3, "90s"},
		{"2 MIN", 120e3, "120s"},
		{"500ms", 500, "0.5s"},
		{"0.6446", 644.6, "0.6446s"},
		{"1,800", 1.8e6, "1800s"},
		{"86400", 86.4e6, "86400s"},
		{"1440min", 86.4e6, "86400s"},
		{"2.5e1", 25e3, "25s"},
		{"1e-7", 1e-4, "1e-7s"},
		{"2e-6", 2e-3, "0.000002s"},
	} {
		ms, err := Images.ParseDeadline(tc.in)
		if err != nil || ms != tc.ms {
			t.Errorf("ParseDeadline(%q) = %v, %v; want %v ms", tc.in, ms, err, tc.ms)
			continue
		}
		if got := Videos.FormatDeadline(ms); got != tc.text {
			t.Errorf("FormatDeadline(%v) = %q, want %q", ms, got, tc.text)
		}
	}
	for _, tc := range []struct{ in, reason string }{
		{"86401", "exceeds the maximum of 86400 s"},
		{"1441min", "exceeds the maximum of 86400 s"},
		{"0", "must be greater than 0"},
		{"-3s", "must be greater than 0"},
		{"10m", "seconds"}, // not minutes: m is a million for volumes, and refused here
		{"10h", "seconds"},
		{"ten", "seconds"},
	} {
		_, err := Images.ParseDeadline(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.reason) || !strings.Contains(err.Error(), `generation-time deadline "`+tc.in+`"`) {
			t.Errorf("ParseDeadline(%q) = %v, want a refusal naming the generation-time deadline and %q", tc.in, err, tc.reason)
		}
	}
	// Tokens keep milliseconds.
	if ms, _ := Tokens.ParseDeadline("10"); ms != 10 || Tokens.FormatDeadline(ms) != "10ms" || Tokens.Deadline(1500) != "1,500 ms" {
		t.Errorf("tokens: 10 is %v ms, written %q", ms, Tokens.FormatDeadline(ms))
	}
	if got := Images.InUnit(644.6); got != 0.6446 {
		t.Errorf("InUnit(644.6 ms) = %v s", got)
	}
	if got := Images.Deadline(1.8e6); got != "1,800 s" {
		t.Errorf("Deadline(1.8e6 ms) = %q for images", got)
	}
	if got := Videos.Latency(6288440.2); got != "6,288 s" {
		t.Errorf("Latency(6288440.2 ms) = %q for videos", got)
	}
}

func TestVolumeParams(t *testing.T) {
	for _, k := range Kinds {
		v, err := k.ParseVolume("2.5k")
		if err != nil || v != 2500 || k.FormatVolume(v) != "2.5k" {
			t.Errorf("%s: 2.5k is %v, %v", k.Param, v, err)
		}
		_, err = k.ParseVolume("0")
		var ie *InputError
		if !errors.As(err, &ie) || ie.Param != k.Param || !strings.Contains(err.Error(), k.Items) && k != Tokens {
			t.Errorf("%s: 0 refused with %v", k.Param, err)
		}
		if !(k.DeadlineMinMS < k.DefaultDeadlineMS && k.DefaultDeadlineMS < k.DeadlineMaxMS) {
			t.Errorf("%s: the default deadline %v ms is off the slider's %v–%v", k.Item, k.DefaultDeadlineMS, k.DeadlineMinMS, k.DeadlineMaxMS)
		}
	}
	if TaskKind("gpqa") != Tokens || TaskKind("unknown") != Tokens || Images.Param != "images" || Videos.Param != "videos" {
		t.Error("kinds are misnamed")
	}
}

// The slider's ends span every latency measured for the kind, so that every
// configuration can be reached by dragging.
func TestSliderSpansTheLatencies(t *testing.T) {
	s := mustLoad(t)
	for key, m := range allModels(t, s) {
		k := TaskKind(key[:strings.Index(key, "/")])
		for _, c := range m.Configurations {
			if l := c.Latency(P50); k.Diffusion() && (l < k.DeadlineMinMS || l > k.DeadlineMaxMS) {
				t.Errorf("%s: %s takes %v ms, off the slider's %v–%v", key, c.RowID, l, k.DeadlineMinMS, k.DeadlineMaxMS)
			}
		}
	}
}

func TestShiftDecimal(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		by   int
		want string
	}{
		{644.6, -3, "0.6446"}, {30000, -3, "30"}, {1, -3, "0.001"}, {123456789, -3, "123456.789"},
		{0.5, -3, "0.0005"}, {1e-4, -3, "1e-7"}, {2e-3, -3, "0.000002"}, {1e-5, -3, "1e-8"}, {1e20, -3, "1e17"}, {0, -3, "0"},
	} {
		if got := shiftDecimal(tc.v, tc.by); got != tc.want {
			t.Errorf("shiftDecimal(%v, %d) = %q, want %q", tc.v, tc.by, got, tc.want)
		}
	}
}

// generationUnitsMS are the generation-time deadline's units as powers of ten
// of ms, minutes aside (their factor of 60 is not one).
var generationUnitsMS = map[string]int{"": 3, "s": 3, "ms": 0}

func FuzzParseGenerationDeadline(f *testing.F) {
	for _, s := range []string{
		"10", "10s", "10 s", "1.5min", "1.5 MIN", "500ms", "0.6446", "86400", "86401", "1440min", "1441min",
		"", "fast", "NaN", "1e400s", "-5", "0", "10m", "10h", "1,800", "1e-7", "5e-324",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := Videos.ParseDeadline(s)
		if err != nil {
			checkRefusal(t, s, "deadline", err)
			return
		}
		if math.IsNaN(v) || math.IsInf(v, 0) || !(v > 0) || v > 86.4e6 {
			t.Fatalf("ParseDeadline(%q) = %v ms, outside (0, 86400 s]", s, v)
		}
		checkAcceptedChars(t, s, "0123456789,.eE+-mMsSiInN ")
		if lower := strings.ToLower(s); !strings.HasSuffix(strings.TrimSpace(lower), "min") {
			if want := ratValue(t, s, generationUnitsMS); v != want {
				t.Fatalf("ParseDeadline(%q) = %v, exact value rounds to %v", s, v, want)
			}
		}
		fs := Videos.FormatDeadline(v)
		if back, err := Videos.ParseDeadline(fs); err != nil || back != v {
			t.Fatalf("ParseDeadline(FormatDeadline(%v) = %q) = %v, %v", v, fs, back, err)
		}
	})
}
