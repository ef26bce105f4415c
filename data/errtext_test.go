package data

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"strings"
	"testing"
)

// TestErrText holds the package's messages, written without fmt, to what
// fmt's verbs wrote in them: %.80q, %v and %g of a float, %+.1f (in
// FormatGrowth), %+v of an Estimate, %v of a nil error and %w.
func TestErrText(t *testing.T) {
	for _, s := range []string{"", "gen-abc", "a\"b\\c\n", strings.Repeat("é", 79), strings.Repeat("é", 80), strings.Repeat("é", 81),
		strings.Repeat("x", 200), "\xff\xfe" + strings.Repeat("y", 90), "ü\x00\t"} {
		if got, want := quoteAtMost(s, 80), fmt.Sprintf("%.80q", s); got != want {
			t.Errorf("quoteAtMost(%q, 80) = %s, want %s", s, got, want)
		}
	}
	floats := []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 1e6, 1e12, 1e21, 123456789, 1.5e-5, 0.00012, math.MaxFloat64, math.SmallestNonzeroFloat64,
		math.NaN(), math.Inf(1), math.Inf(-1), 104.34999, -12.04, 24792.55, 0.04, -0.04, 99.95}
	for _, x := range floats {
		if got, want := formatG(x), fmt.Sprintf("%v", x); got != want {
			t.Errorf("formatG(%v) = %s, want %%v's %s", x, got, want)
		}
		if got, want := formatG(x), fmt.Sprintf("%g", x); got != want {
			t.Errorf("formatG(%v) = %s, want %%g's %s", x, got, want)
		}
		if !finite(x * 100) {
			continue
		}
		if got, want := FormatGrowth(x), groupThousands(fmt.Sprintf("%+.1f", x*100))+"%"; got != want {
			t.Errorf("FormatGrowth(%v) = %s, want %s", x, got, want)
		}
	}
	e := Estimate{EnergyWh: math.Inf(1), EnergyPerRequest: 1.5, GPUHours: math.NaN(), Requests: 1e9}
	if got, want := e.fields(), fmt.Sprintf("%+v", e); got != want {
		t.Errorf("Estimate.fields() = %s, want %%+v's %s", got, want)
	}
	if got, want := errorText(nil), fmt.Sprintf("%v", error(nil)); got != want {
		t.Errorf("errorText(nil) = %s, want %s", got, want)
	}
	err := wrap("gpqa/measured.bin", fs.ErrNotExist)
	if want := fmt.Errorf("%s: %w", "gpqa/measured.bin", fs.ErrNotExist); err.Error() != want.Error() || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("wrap = %v (errors.Is: %v), want %v", err, errors.Is(err, fs.ErrNotExist), want)
	}
}
