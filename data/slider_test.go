package data

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestSliderStops(t *testing.T) {
	// The stops between tokens, as a reader would list round deadlines.
	want := []float64{5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100, 120, 150, 200, 250, 300, 400, 500, 600, 800, 1000}
	if got := Tokens.SliderStops(); !slices.Equal(got, want) {
		t.Errorf("token stops = %v\nwant %v", got, want)
	}
	for _, k := range Kinds {
		stops := k.SliderStops()
		if stops[0] != k.DeadlineMinMS || stops[len(stops)-1] != k.DeadlineMaxMS {
			t.Errorf("%s: stops run from %v to %v ms, want the slider's ends %v and %v", k.Item, stops[0], stops[len(stops)-1], k.DeadlineMinMS, k.DeadlineMaxMS)
		}
		for i, ms := range stops {
			// Round: at most two significant digits, written exactly in the unit.
			text := k.DeadlineText(ms)
			if digits := strings.Trim(strings.ReplaceAll(text, ".", ""), "0"); len(digits) > 2 {
				t.Errorf("%s: stop %v ms reads %q, not a round number", k.Item, ms, text)
			}
			if back, err := k.ParseDeadline(text); err != nil || back != ms {
				t.Errorf("%s: stop %v ms reads %q, which is %v ms", k.Item, ms, text, back)
			}
			if i == 0 {
				continue
			}
			// Evenly spaced on the slider's logarithmic scale: each step a
			// factor of 1.2 to 1.34, ten a decade.
			if r := ms / stops[i-1]; r < 1.19 || r > 1.34 {
				t.Errorf("%s: the step from %v to %v ms is a factor of %.3f", k.Item, stops[i-1], ms, r)
			}
		}
		if decades := math.Log10(k.DeadlineMaxMS / k.DeadlineMinMS); math.Abs(float64(len(stops)-1)-10*decades) > 1 {
			t.Errorf("%s: %d steps over %.2f decades, want ten a decade", k.Item, len(stops)-1, decades)
		}
	}
	if got := Images.SliderStops()[:5]; !slices.Equal(got, []float64{500, 600, 800, 1000, 1200}) {
		t.Errorf("image stops begin %v ms, want 0.5, 0.6, 0.8, 1 and 1.2 s", got)
	}
}

func TestSliderPosition(t *testing.T) {
	for _, k := range Kinds {
		lo, hi := k.DeadlineMinMS, k.DeadlineMaxMS
		if k.SliderPosition(lo) != 0 || k.SliderPosition(hi) != SliderMax {
			t.Errorf("%s: the ends sit at %v and %v", k.Item, k.SliderPosition(lo), k.SliderPosition(hi))
		}
		// Logarithmic: the geometric mean is the middle.
		if got := k.SliderPosition(math.Sqrt(lo * hi)); math.Abs(got-SliderMax/2) > 1e-9 {
			t.Errorf("%s: the geometric mean of the ends sits at %v", k.Item, got)
		}
		// Deadlines beyond the slider's ends (the box takes more) pin it to an end.
		if k.SliderPosition(lo/5) != 0 || k.SliderPosition(hi*60) != SliderMax {
			t.Errorf("%s: out-of-range deadlines sit at %v and %v", k.Item, k.SliderPosition(lo/5), k.SliderPosition(hi*60))
		}
		// Every position is a stop, the nearest: a stop's own position (as
		// the page writes it, to a tenth) gives it back, and a position
		// between two stops gives the nearer.
		stops := k.SliderStops()
		for i, s := range stops {
			pos, _ := strconv.ParseFloat(strconv.FormatFloat(k.SliderPosition(s), 'f', 1, 64), 64)
			if got := k.SliderDeadline(pos); got != s {
				t.Errorf("%s: the stop %v ms sits at %v, which gives %v ms", k.Item, s, pos, got)
			}
			if i == 0 {
				continue
			}
			a, b := k.SliderPosition(stops[i-1]), k.SliderPosition(s)
			if got := k.SliderDeadline(a + (b-a)*0.4); got != stops[i-1] {
				t.Errorf("%s: 40%% of the way from %v to %v ms gives %v", k.Item, stops[i-1], s, got)
			}
			if got := k.SliderDeadline(a + (b-a)*0.6); got != s {
				t.Errorf("%s: 60%% of the way from %v to %v ms gives %v", k.Item, stops[i-1], s, got)
			}
		}
		for pos := -5.0; pos <= SliderMax+5; pos += 0.7 {
			if ms := k.SliderDeadline(pos); !slices.Contains(stops, ms) {
				t.Errorf("%s: position %v gives %v ms, not a stop", k.Item, pos, ms)
			}
		}
	}
	// The middle of the token slider, √(5·1000) ≈ 70.7 ms, is nearer 80 than 60 on it.
	if got := Tokens.SliderDeadline(SliderMax / 2); got != 80 {
		t.Errorf("the token slider's middle gives %v ms, want 80", got)
	}
}

func TestStepDeadline(t *testing.T) {
	for _, tc := range []struct {
		k         *Kind
		ms        float64
		down, big bool
		want      float64
	}{
		{Tokens, 40, false, false, 50},
		{Tokens, 50, false, false, 60},
		{Tokens, 60, false, false, 80},
		{Tokens, 80, false, false, 100},
		{Tokens, 100, false, false, 120},
		{Tokens, 100, true, false, 80},
		{Tokens, 58.7, false, false, 60}, // typed between two stops: to the next
		{Tokens, 58.7, true, false, 50},
		{Tokens, 1000, false, false, 1000}, // the top stays
		{Tokens, 5, true, false, 5},        // the bottom stays
		{Tokens, 2000, false, false, 2000}, // beyond the top, typed: up does not bring it down
		{Tokens, 2000, true, false, 1000},
		{Tokens, 2, false, false, 5},
		{Tokens, 2, true, false, 2},
		{Tokens, 58.7, false, true, 100},
		{Tokens, 58.7, true, true, 50},
		{Tokens, 50, false, true, 100},
		{Tokens, 50, true, true, 20},
		{Tokens, 1000, false, true, 1000},
		{Images, 30e3, false, false, 40e3},
		{Images, 1000, true, false, 800},
		{Images, 800, true, false, 600},
		{Images, 600, true, false, 500},
		{Images, 500, true, true, 500},
		{Images, 30e3, false, true, 50e3},
		{Videos, 300e3, false, false, 400e3},
		{Videos, 10e6, false, false, 10e6},
	} {
		if got := tc.k.StepDeadline(tc.ms, tc.down, tc.big); got != tc.want {
			t.Errorf("%s: StepDeadline(%v ms, down %v, big %v) = %v, want %v", tc.k.Item, tc.ms, tc.down, tc.big, got, tc.want)
		}
	}
}
