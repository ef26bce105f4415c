package cli

import (
	"strings"
	"testing"
)

// calc says, under the answer, which choice moves the figure most, at the
// boundary the flags ask for. Qwen 3 14B on H100, 1B tokens within 50 ms:
// the deadline, from the slider's 1,000 ms (row /256, 0.11192 J a token:
// 31.09 kWh) to the strictest an H100 meets, 12.6 ms (row /8, 0.70609 J:
// 196.1 kWh), 6.3×; at the cloud boundary each × 1.744 (54.22, 342.1 kWh).
func TestCalcLever(t *testing.T) {
	args := []string{"calc", "-model", "qwen-3-14b", "-gpu", "H100", "-deadline", "50ms", "-tokens", "1B"}
	for _, tc := range []struct {
		extra []string
		want  string
	}{
		{nil, "\nThe choice that moves this figure most is the deadline: 31.09 kWh within 1,000 ms, 196.1 kWh within 12.6 ms, 6.3× as much.\n"},
		{[]string{"-boundary", "cloud"}, "\nLever:    The choice that moves this figure most is the deadline: 54.22 kWh within 1,000 ms, 342.1 kWh within 12.6 ms, 6.3× as much.\n"},
	} {
		code, out, errs := runArgs(append(args, tc.extra...)...)
		if code != 0 || !strings.Contains(out, tc.want) {
			t.Errorf("calc %v: exit %d, %s\n%s\nwant it to say %q", tc.extra, code, errs, out, tc.want)
		}
		if strings.Count(out, "moves this figure most") != 1 {
			t.Errorf("calc %v says its lever %d times", tc.extra, strings.Count(out, "moves this figure most"))
		}
	}
}
