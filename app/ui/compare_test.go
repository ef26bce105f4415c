package ui

import "testing"

func TestTimes(t *testing.T) {
	for x, want := range map[float64]string{72.14: "72", 10: "10", 9.96: "10", 9.94: "9.9", 3.44: "3.4", 1: "1.0"} {
		if got := times(x); got != want {
			t.Errorf("times(%v) = %q, want %q", x, got, want)
		}
	}
}
