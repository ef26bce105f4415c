package data

import (
	"math"
	"strconv"
	"strings"
)

// A Kind is what a workload's models generate, and so what its volume counts
// and which latency its deadline bounds. Language models write tokens, and
// their deadline bounds the inter-token latency, in milliseconds, at a
// percentile. Diffusion models generate images or videos a batch at a time,
// every item of a batch being ready when the batch is, so their deadline
// bounds the time to generate a batch (the generation time), in seconds.
//
// Whatever the unit shown, a Query's deadline is held in milliseconds: the
// Kind reads and writes it in its own unit.
type Kind struct {
	Item  string // what one unit of volume is: "token", "image" or "video"
	Items string // its plural as a volume is written: "output tokens", "images", "videos"
	// Param is the name of the volume's URL parameter and command-line
	// flag: "tokens", "images" or "videos".
	Param string

	DefaultVolume     float64
	DefaultDeadlineMS float64
	// DeadlineMinMS and DeadlineMaxMS are the ends of the deadline's slider
	// on the page, spanning the dataset's latencies.
	DeadlineMinMS, DeadlineMaxMS float64
	// Presets are the volumes the page offers at a click.
	Presets []float64

	unit     string  // the deadline's unit as written: "ms" or "s"
	unitMS   float64 // its size in ms
	deadline quantity
	volume   quantity
}

// The kinds of the dataset's workloads.
var (
	Tokens = &Kind{Item: "token", Items: "output tokens", Param: "tokens",
		DefaultVolume: 1e6, DefaultDeadlineMS: DefaultDeadlineMS, DeadlineMinMS: 5, DeadlineMaxMS: 1000,
		Presets: []float64{1e6, 1e9, 1e12}, unit: "ms", unitMS: 1, deadline: deadline, volume: tokens}
	Images = diffusionKind("image", 10e3, 30, 0.5, 200, []float64{1e3, 1e6, 1e9})
	Videos = diffusionKind("video", 100, 300, 10, 10e3, []float64{100, 10e3, 1e6})
)

// Kinds lists every kind, tokens first.
var Kinds = []*Kind{Tokens, Images, Videos}

func diffusionKind(item string, volume, deadlineS, minS, maxS float64, presets []float64) *Kind {
	k := &Kind{Item: item, Items: item + "s", Param: item + "s",
		DefaultVolume: volume, DefaultDeadlineMS: deadlineS * 1000, DeadlineMinMS: minS * 1000, DeadlineMaxMS: maxS * 1000,
		Presets: presets, unit: "s", unitMS: 1000, deadline: generationDeadline}
	k.volume = tokens
	k.volume.param, k.volume.label = k.Param, "number of "+k.Items
	k.volume.tooSmall = "below one " + item + ", the smallest volume"
	k.volume.accepted = strings.Replace(tokensAccepted, "a number", "a number of "+k.Items, 1)
	return k
}

// taskKinds are the leaderboard's workloads that generate something other
// than tokens: its diffusion tasks.
var taskKinds = map[string]*Kind{"text-to-image": Images, "text-to-video": Videos}

// TaskKind is what the workload with the id generates: images or videos for
// the leaderboard's diffusion tasks, tokens for any other (its language
// models' tasks, and ids it does not have, which Select refuses anyway). The
// index's workloads say it too, in their unit.
func TaskKind(task string) *Kind {
	if k := taskKinds[task]; k != nil {
		return k
	}
	return Tokens
}

// Diffusion tells whether the kind is a diffusion model's, images or videos.
func (k *Kind) Diffusion() bool { return k != Tokens }

// DeadlineUnit is the unit the kind's deadline is written in: "ms" or "s".
func (k *Kind) DeadlineUnit() string { return k.unit }

// ParseDeadline reads a deadline in the kind's unit and returns it in ms: as
// ParseDeadline for tokens; for images and videos, seconds: "10", "10s",
// "1.5min", "500ms". Any error is an *InputError with Param "deadline".
func (k *Kind) ParseDeadline(s string) (ms float64, err error) { return k.deadline.parse(s) }

// FormatDeadline writes a deadline as ParseDeadline reads it back exactly,
// in the kind's unit: "500ms", "30s", "0.6446s".
func (k *Kind) FormatDeadline(ms float64) string { return k.DeadlineText(ms) + k.unit }

// DeadlineText is a deadline as a box in the kind's unit shows it: the
// number alone, exactly, "500" or "30".
func (k *Kind) DeadlineText(ms float64) string {
	if k.unitMS == 1 {
		return formatPlainNumber(ms, math.Inf(1))
	}
	return shiftDecimal(ms, -3)
}

// Deadline writes a deadline for a reader, exactly, with thousands
// separators and the unit: "1,500 ms", "30 s", "0.5 s".
func (k *Kind) Deadline(ms float64) string {
	if math.IsNaN(ms) || math.IsInf(ms, 0) {
		return FormatMS(ms)
	}
	return groupThousands(k.DeadlineText(ms)) + " " + k.unit
}

// Latency writes a measured latency for a reader, to four significant
// digits, in the kind's unit: "12.5 ms", "6,288 s".
func (k *Kind) Latency(ms float64) string { return FormatNumber(k.InUnit(ms)) + " " + k.unit }

// LatencyAgainst writes a measured latency as Latency does, unless that
// puts it on the other side of the deadline it is compared with: then with
// the fewest decimals that keep it where it is, as FormatITL does for
// tokens ("20.05 ms" against 20 ms, "30.0004 s" against 30 s), so that no
// figure reads as meeting a deadline it misses, nor the reverse.
func (k *Kind) LatencyAgainst(ms, deadlineMS float64) string {
	if k.unitMS == 1 {
		return FormatITL(ms, deadlineMS) + " ms"
	}
	v, d := k.InUnit(ms), k.InUnit(deadlineMS)
	s := FormatNumber(v)
	for n := 1; n <= 17; n++ {
		if shown, _ := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64); (shown <= d) == (v <= d) {
			break
		}
		s = groupThousands(strings.TrimSuffix(strings.TrimRight(strconv.FormatFloat(v, 'f', n, 64), "0"), "."))
	}
	return s + " " + k.unit
}

// InUnit is ms in the kind's deadline unit, as the charts plot it and the
// documents write it: the number DeadlineText writes, so that 644.6 ms is
// 0.6446 s, not ms/1000's 0.6446000000000001.
func (k *Kind) InUnit(ms float64) float64 {
	if k.unitMS == 1 {
		return ms
	}
	v, err := strconv.ParseFloat(k.DeadlineText(ms), 64)
	if err != nil {
		return ms / k.unitMS // not a number to write
	}
	return v
}

// CeilDeadline rounds a latency in ms up to a tenth of the kind's unit, as
// the smallest deadline the page offers: 12.53 ms is 12.6 ms, and an image's
// 0.6446 s is 0.7 s. The rounding is decimal, in the unit (see CeilTenth),
// so that the deadline it gives is never below ms.
func (k *Kind) CeilDeadline(ms float64) float64 {
	if k.unitMS == 1 {
		return CeilTenth(ms)
	}
	v, err := strconv.ParseFloat(shiftDecimal(CeilTenth(k.InUnit(ms)), 3), 64)
	if err != nil || v < ms { // not a number to write
		return ms
	}
	return v
}

// ParseVolume reads a volume in the kind's unit, as ParseTokens reads tokens;
// any error is an *InputError whose Param is the kind's.
func (k *Kind) ParseVolume(s string) (float64, error) { return k.volume.parse(s) }

// FormatVolume writes a volume as ParseVolume reads it back exactly: "10k".
func (k *Kind) FormatVolume(v float64) string { return FormatTokens(v) }

// VolumeWords is a volume in words: "2.5B output tokens", "10k images", "1
// video", "1,861 output tokens".
func (k *Kind) VolumeWords(v float64) string {
	if v == 1 {
		return "1 " + strings.TrimSuffix(k.Items, "s")
	}
	return ReadableVolume(v) + " " + k.Items
}

// generationDeadline reads a diffusion deadline: seconds by default, and at
// most a day, far beyond the slowest video measured (under two hours).
var generationDeadline = quantity{param: "deadline", label: "generation-time deadline",
	accepted: "use a positive number of seconds up to 86400 (a day), optionally with s, min or ms (10, 10s, 1.5min, 500ms)",
	units:    map[string]int{"": 3, "s": 3, "ms": 0, "min": 3}, factors: map[string]float64{"min": 60},
	max: "86400000", tooLarge: "exceeds the maximum of 86400 s (a day)", exponentWithUnit: true}

// shiftDecimal writes v times 10^by in positional notation, as
// formatPlainNumber does, by moving the decimal point of v's shortest
// digits rather than by multiplying, so that the text reads back to what v
// was read from: 644.6 ms is "0.6446" s, where 644.6/1000 would print
// 0.6446000000000001.
func shiftDecimal(v float64, by int) string {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return formatPlainNumber(v, math.Inf(1))
	}
	mant, exp, _ := strings.Cut(strconv.FormatFloat(v, 'e', -1, 64), "e") // "6.446", "+02"
	e, _ := strconv.Atoi(exp)
	e += by
	sign := ""
	if strings.HasPrefix(mant, "-") {
		sign, mant = "-", mant[1:]
	}
	digits := strings.Replace(mant, ".", "", 1) // d.ddd: the point follows the first digit
	if e < -6 || e >= 15 {
		return sign + mant + "e" + strconv.Itoa(e)
	}
	// The value is 0.digits × 10^(e+1).
	point := e + 1
	switch {
	case point <= 0:
		return sign + "0." + strings.Repeat("0", -point) + digits
	case point >= len(digits):
		return sign + digits + strings.Repeat("0", point-len(digits))
	}
	return sign + digits[:point] + "." + digits[point:]
}

// WithTask is q asked of another workload: the deadline, the percentile and
// the volume stay when the workload generates what q's does, and are else
// the new kind's defaults (500 ms of one token is no deadline for a video,
// nor a million tokens a number of images). The model and the GPU are q's,
// for the caller to make valid.
func (q Query) WithTask(task string) Query {
	k := TaskKind(task)
	if k != TaskKind(q.Task) {
		q.DeadlineMS, q.Percentile, q.Tokens = k.DefaultDeadlineMS, P50, k.DefaultVolume
	}
	q.Task = task
	return q
}
