package ui

import (
	"math"
	"strconv"
	"testing"
)

func TestSlider(t *testing.T) {
	if got := sliderToMS(0); got != sliderMinMS {
		t.Errorf("sliderToMS(0) = %v, want %v", got, sliderMinMS)
	}
	if got := sliderToMS(sliderSteps); got != sliderMaxMS {
		t.Errorf("sliderToMS(max) = %v, want %v", got, sliderMaxMS)
	}
	// Logarithmic: the middle is the geometric mean.
	if got, want := sliderToMS(sliderSteps/2), math.Sqrt(sliderMinMS*sliderMaxMS); math.Abs(got-want) > 0.5 {
		t.Errorf("sliderToMS(middle) = %v, want about %v", got, want)
	}
	for _, ms := range []float64{5, 12.5, 50, 500, 1000} {
		pos, _ := strconv.ParseFloat(msToSlider(ms), 64)
		if back := sliderToMS(pos); math.Abs(back-ms)/ms > 0.03 {
			t.Errorf("%v ms → position %v → %v ms", ms, pos, back)
		}
	}
	// Deadlines beyond the slider's range (the box takes up to 60 s) pin it to an end.
	if msToSlider(1) != "0.0" || msToSlider(60000) != "100.0" {
		t.Errorf("out-of-range deadlines give %s and %s", msToSlider(1), msToSlider(60000))
	}
}
