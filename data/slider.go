package data

import (
	"math"
	"strconv"
)

// The deadline's slider on the page: logarithmic between the kind's
// DeadlineMinMS and DeadlineMaxMS (5–1000 ms between tokens), so that 5–50
// ms gets as much travel as 100–1000, and stopping at round deadlines only,
// whether dragged or stepped with the keys: a deadline of 58.7 ms says more
// than the slider knows, and a reader would type 60.

// SliderMax is the slider's last position; its first is 0. It is a range
// input's default max on purpose: go-app sets the attributes of a new
// element in no fixed order, and a value set before a larger max would be
// clamped to the default.
const SliderMax = 100

// stopDigits are the round numbers of a decade the slider stops at, ten a
// decade: each a factor of 1.2 to 1.33 above the last, a tenth of a decade
// on the slider's scale give or take a quarter, and each a number of one or
// two digits that a reader would type. bigStopDigits, the 1-2-5 series among
// them, are the slider's big steps (Page Up and Page Down), about a third
// of a decade each.
var (
	stopDigits    = []float64{1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8}
	bigStopDigits = []float64{1, 2, 5}
)

// SliderStops are the deadlines, in ms, the slider stops at, from
// DeadlineMinMS to DeadlineMaxMS: the numbers of stopDigits times a power of
// ten in the kind's unit (5, 6, 8, 10, 12, 15, … 800, 1000 ms between tokens;
// 0.5, 0.6, 0.8, 1, 1.2, … 200 s for an image).
func (k *Kind) SliderStops() []float64 { return k.stops(stopDigits) }

func (k *Kind) stops(digits []float64) []float64 {
	lo, hi := k.InUnit(k.DeadlineMinMS), k.InUnit(k.DeadlineMaxMS)
	var ms []float64
	for e := int(math.Floor(math.Log10(lo))); e <= int(math.Ceil(math.Log10(hi))); e++ {
		for _, d := range digits {
			// Written in decimal and read back, as a reader types it: 1.2
			// s is 1200 ms exactly, not 1.2*1000's 1200.0000000000002.
			v, _ := strconv.ParseFloat(strconv.FormatFloat(d, 'f', -1, 64)+"e"+strconv.Itoa(e), 64)
			if v < lo || v > hi {
				continue
			}
			if m, err := k.ParseDeadline(strconv.FormatFloat(v, 'f', -1, 64)); err == nil {
				ms = append(ms, m)
			}
		}
	}
	return ms
}

// SliderPosition is where the deadline ms sits on the slider, from 0 at
// DeadlineMinMS to SliderMax at DeadlineMaxMS, logarithmically; a deadline
// beyond either end (the box takes any) pins it to that end.
func (k *Kind) SliderPosition(ms float64) float64 {
	pos := math.Log(ms/k.DeadlineMinMS) / math.Log(k.DeadlineMaxMS/k.DeadlineMinMS) * SliderMax
	if math.IsNaN(pos) {
		return 0
	}
	return math.Max(0, math.Min(SliderMax, pos))
}

// SliderDeadline is the deadline, in ms, that the slider's position pos
// stands for: the stop nearest to it on the slider.
func (k *Kind) SliderDeadline(pos float64) float64 {
	stops := k.SliderStops()
	best := stops[0]
	for _, s := range stops[1:] {
		if math.Abs(k.SliderPosition(s)-pos) < math.Abs(k.SliderPosition(best)-pos) {
			best = s
		}
	}
	return best
}

// StepDeadline is the deadline one step of the slider from ms: the next
// stop above it (below it when down), or with big, the next of the 1-2-5
// stops. From a deadline between stops, typed in the box, the step is to
// the stop beside it, 58.7 ms up to 60; at or beyond the slider's end the
// deadline stays where it is.
func (k *Kind) StepDeadline(ms float64, down, big bool) float64 {
	stops := k.SliderStops()
	if big {
		stops = k.stops(bigStopDigits)
	}
	if down {
		for i := len(stops) - 1; i >= 0; i-- {
			if stops[i] < ms {
				return stops[i]
			}
		}
		return ms
	}
	for _, s := range stops {
		if s > ms {
			return s
		}
	}
	return ms
}
