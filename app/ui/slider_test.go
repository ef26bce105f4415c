package ui

import (
	"math"
	"strconv"
	"testing"

	"tokenjoule/data"
)

func TestSlider(t *testing.T) {
	for _, k := range data.Kinds {
		lo, hi := k.DeadlineMinMS, k.DeadlineMaxMS
		if got := sliderToMS(k, 0); got != lo {
			t.Errorf("%s: sliderToMS(0) = %v, want %v", k.Item, got, lo)
		}
		if got := sliderToMS(k, sliderSteps); got != hi {
			t.Errorf("%s: sliderToMS(max) = %v, want %v", k.Item, got, hi)
		}
		// Logarithmic: the middle is the geometric mean.
		if got, want := sliderToMS(k, sliderSteps/2), math.Sqrt(lo*hi); math.Abs(got-want)/want > 0.005 {
			t.Errorf("%s: sliderToMS(middle) = %v, want about %v", k.Item, got, want)
		}
		for _, f := range []float64{1, 2.5, 10, 100, 200} {
			ms := lo * f
			pos, _ := strconv.ParseFloat(msToSlider(k, ms), 64)
			if back := sliderToMS(k, pos); math.Abs(back-ms)/ms > 0.03 {
				t.Errorf("%s: %v ms → position %v → %v ms", k.Item, ms, pos, back)
			}
		}
		// Deadlines beyond the slider's range (the box takes more) pin it to an end.
		if msToSlider(k, lo/5) != "0.0" || msToSlider(k, hi*60) != "100.0" {
			t.Errorf("%s: out-of-range deadlines give %s and %s", k.Item, msToSlider(k, lo/5), msToSlider(k, hi*60))
		}
		// A position is a deadline the box shows in three digits, in the kind's unit.
		for pos := 0.0; pos <= sliderSteps; pos += 7.3 {
			ms := sliderToMS(k, pos)
			if text := k.DeadlineText(ms); len(text) > 6 {
				t.Errorf("%s: position %v is %q", k.Item, pos, text)
			}
		}
	}
}
