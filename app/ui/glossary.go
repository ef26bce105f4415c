package ui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/data"
	"tokenjoule/data/lang"
)

// The page's words for the dataset's terms, defined once: every label that
// names one, and the plain explanation a reader opens beside it.

// A term is one of the dataset's notions as the page names and explains it.
type term struct {
	Words string // what the page calls it, in words: "Batch size limit"
	Raw   string // the dataset's or the field's own name, shown second: "max_num_seqs"
	Means string // what it means, in a sentence or two for anyone
}

// Label is the term as a label reads: the words, then the raw name in
// parentheses.
func (t term) Label() string {
	if t.Raw == "" {
		return t.Words
	}
	return t.Words + " (" + t.Raw + ")"
}

// The glossary's keys.
const (
	termITL        = "itl"
	termPercentile = "percentile"
	termTokens     = "tokens"
	termGPUs       = "gpus"
	termParallel   = "parallel"
	termPrecision  = "precision"
	termBatchLimit = "max-num-seqs"
	termBatch      = "running-batch"
	termGPUHours   = "gpu-hours"
	termPareto     = "pareto"
	termRow        = "row"
	// An image or video model's.
	termGenTime   = "generation-time"
	termImages    = "images"
	termVideos    = "videos"
	termBatchSize = "batch-size"
	termSplit     = "split"
	termSteps     = "steps"
	termRate      = "rate"
	termPeak      = "peak"
	termIdle      = "idle-power"
	termReplicas  = "replicas"
	// How sure a figure is.
	termSpread  = "spread"
	termMeasure = "measurement"
)

// volumeTerms are the terms of an image or video workload's volume.
var volumeTerms = map[*data.Kind]string{data.Images: termImages, data.Videos: termVideos}

var glossary = map[string]term{
	termITL: {"Longest wait between tokens", "ITL deadline",
		"Inter-token latency (ITL) is how long a reader waits between one token (a word or part of a word) and the next while an answer appears. " +
			"The deadline is the longest wait you accept: a shorter one rules out the busiest, most frugal ways of serving the model."},
	termPercentile: {"Tokens that must meet it", "percentile",
		"With p90, 9 in 10 tokens arrive within the deadline, and the slowest 1 in 10 may take longer. " +
			"The median (p50) holds half of the tokens to it, p95 19 in 20, and p99 all but 1 in 100. " +
			"For “every token within the deadline”, pick p99, the strictest the measurements have: with the median, half of the tokens may wait longer."},
	termTokens: {"Output tokens", "",
		"The text the model writes, counted in tokens: a token is a word or a piece of one. " +
			"The energy to read the question is included in the measurements."},
	termGPUs: {"GPUs", "",
		"The graphics processors the model runs on: NVIDIA's H100 or B200. " +
			"“H100 × 2” means that the model is served by 2 H100 GPUs working together."},
	termParallel: {"How the model is split", "TP · DP · EP",
		"How the model is spread over its N GPUs (the “× N”): tensor parallelism (TP) splits each layer across GPUs, " +
			"data parallelism (DP) runs copies side by side, and expert parallelism (EP) puts the experts of a mixture-of-experts model on different GPUs."},
	termPrecision: {"Number format of the weights", "precision",
		"How the model's numbers (its weights) are stored: BF16 uses 16 bits each, FP8 8 bits and MXFP4 about 4 bits. " +
			"Fewer bits mean less memory and less data to move for each token."},
	termBatchLimit: {"Batch size limit", "max_num_seqs",
		"The most requests the server handles at once. " +
			"A larger batch shares the GPUs' work among more readers, so each token costs less energy, but each reader waits longer between tokens."},
	termBatch: {"Requests at once, on average", "average running batch",
		"How many requests the server actually handled at once, on average, while it was measured: at most the batch size limit."},
	termGPUHours: {"GPU-hours for the volume", "",
		"How long the GPUs are busy writing the volume at the measured speed, times the number of GPUs: 2 GPUs for an hour are 2 GPU-hours."},
	termPareto: {"Pareto frontier", "",
		"The configurations that no other beats on both counts at once: none is both faster and more frugal. " +
			"Along it, a shorter wait between tokens costs more energy."},
	termRow: {"Dataset row", "",
		"Where the figures come from: one measurement of the ML.ENERGY data, named model/GPU/number of GPUs/batch size limit (and /r2 for a repeated run); " +
			"for an image or video model, model/GPU/number of GPUs/b batch size/u Ulysses r ring degrees. " +
			"The downloads and the command line name it the same way."},
	termGenTime: {"Longest wait for an image or video", "generation-time deadline",
		"An image or video model makes a batch of them at once, and every one in the batch is ready when the batch is: the generation time is how long a batch takes. " +
			"The deadline is the longest wait you accept: a shorter one rules out the larger batches, which often spend less energy on each."},
	termImages: {"Images", "",
		"The pictures the model generates, at the resolution and number of denoising steps the leaderboard measured it with (shown in the configuration)."},
	termVideos: {"Videos", "",
		"The clips the model generates, each a few seconds long: the frames, frame rate and resolution the leaderboard measured it with are in the configuration."},
	termBatchSize: {"Batch size", "batch_size",
		"How many images or videos the model generates together. " +
			"A larger batch keeps the GPUs busier, which can lower the energy for each, but the whole batch takes longer."},
	termSplit: {"How the work is split", "Ulysses · ring",
		"How one batch's work is spread over the N GPUs (the “× N”): Ulysses attention and ring attention each divide the picture or video the model works on across GPUs, " +
			"and their degrees multiply to N."},
	termSteps: {"Denoising steps", "inference_steps",
		"How many times the model refines the image or video from noise: more steps take longer and spend more energy."},
	termRate: {"Average traffic", "rate",
		"How many output tokens the deployment serves, on average, per second or per day: 1B/day or 12k/s. " +
			"A billion tokens a day is about 11,574 tokens each second."},
	termPeak: {"Peak over average", "peak",
		"How much busier the busiest moment is than the average: 2 means that at the peak twice the average rate arrives. " +
			"The fleet is sized for the peak, so the rest of the day some of it waits, idle."},
	termIdle: {"Idle power of a GPU", "idle_w",
		"What a GPU draws while it holds a model but serves nothing, in watts. " +
			"Between idle and fully busy, a replica is counted in proportion to its load. Empty, each GPU's published measurement is used."},
	termSpread: {"Published spread", "",
		"Past the GPU, every figure multiplies the measured GPU energy by factors nobody measured for this calculation, and the published figures disagree. " +
			"The range works the figure out with each factor at the lowest value published for it, then at the highest: " +
			"the host from EcoLogits' 150 W a GPU (over the configuration's measured GPU power) to Google's +43% of GPU energy (2025); " +
			"idle capacity from none (EcoLogits counts none) to Google's +17%; PUE from Google's 1.09 (2025) to the industry's 1.56 (Uptime Institute, 2024); " +
			"the grid from Norway's 30 to India's 713 g CO2e/kWh (2023); water on site from none (dry cooling) to 1.8 L/kWh (US average). " +
			"It is the spread of published values, not a confidence interval: no source gives odds, and one data centre may lie outside it. " +
			"Your own figures stay the headline: a preset is spread, being one published figure among several; a number you type is yours and is held " +
			"at both ends, said beside the range (\"your PUE of 1.2 held\"); a rung your boundary leaves out stays out."},
	termMeasure: {"How the benchmark measures", "",
		"The ML.ENERGY benchmark serves each configuration on one server (language models with vLLM), sends it the workload's requests, and measures the GPUs' energy with Zeus, " +
			"from the GPUs' own energy counters, over the steady state, while the batch is full: that energy over the tokens written then. " +
			"It counts the GPUs only, on a busy server. It does not vary the server, the requests, the software's versions or the time of day, " +
			"and it ran most configurations once: where it ran one again, the runs show how far one measurement lies from the next."},
	termReplicas: {"Replicas", "",
		"Copies of the chosen configuration, each on its own GPUs, sharing the traffic. " +
			"There are as many as the peak needs, at the configuration's measured throughput."},
}

// label is the label of a glossary term.
func label(key string) string { return glossary[key].Label() }

// termIn is the term of key in t's language: its words and explanation
// from the catalogue, its raw name as it is.
func termIn(t lang.Tag, key string) term {
	g := glossary[key]
	if t == lang.EN || t == "" {
		return g
	}
	return term{Words: t.T("term." + key), Raw: g.Raw, Means: t.T("term." + key + ".means")}
}

// labelIn is label in t's language.
func labelIn(t lang.Tag, key string) string { return termIn(t, key).Label() }

// explainIn is the plain explanation of a glossary term, to put right after
// where the term appears: a native disclosure, which opens by click, touch,
// Enter or Space, and works before the app runs. Its button shows "?" and
// is named for people who hear the page: What is "Batch size limit"?
// In tag's language.
func explainIn(tag lang.Tag, key string) app.UI {
	t := termIn(tag, key)
	return app.Details().Class("term").DataSet("term", key).Body(
		app.Summary().Body(
			app.Span().Aria("hidden", "true").Text("?"),
			app.Span().Class("sr-only").Text(tag.T("term.what", "term", t.Words)),
		),
		folded(func() app.UI { return app.Span().Class("term-text").Text(t.Means) }),
	)
}

// labelledIn is a label naming a glossary term for the control with the id,
// with the term's explanation after it.
// In t's language.
func labelledIn(t lang.Tag, id, key, text string) app.UI {
	return app.Div().Class("label-row").Body(
		app.Label().For(id).Text(text),
		explainIn(t, key),
	)
}

// countIn is n of a noun, in words, in p's language: "1 image", "4 Bilder".
func countIn(p data.Printer, n int, noun string) string {
	if n == 1 {
		return "1 " + p.T("item."+noun)
	}
	return p.Int(n) + " " + p.T("items."+noun+"s")
}

// gpuOption is the label of the "any GPU" choice for GPUs a model (or a
// workload's models) was measured on: short, to fit a phone's selector.
func gpuOption(t lang.Tag, gpus []string) string {
	if len(gpus) == 1 {
		return t.T("option.gpu.only", "gpu", gpus[0])
	}
	return t.T("option.gpu.better", "gpus", data.PrinterOf(t).GPUChoice(gpus, data.AnyGPU))
}

// measuredOn lists GPUs as "B200 and H100".
func measuredOn(gpus []string) string { return measuredOnIn(lang.EN, gpus) }

// measuredOnIn is measuredOn in t's language.
func measuredOnIn(t lang.Tag, gpus []string) string {
	if len(gpus) < 2 {
		return strings.Join(gpus, "")
	}
	return t.T("list.and", "list", strings.Join(gpus[:len(gpus)-1], ", "), "last", gpus[len(gpus)-1])
}

// modelHint is what sets a model apart, said under its name in the
// selector: "14B parameters, all active for each token · weights in BF16 ·
// measured on B200 and H100"; an image or video model's parameters are just
// counted.
// compact (the embed's) leaves the weights' precision to the serving
// details, which it folds away.
func modelHint(t lang.Tag, k *data.Kind, m *data.ModelEntry, compact bool) string {
	// "14B" in English, the language's own words for a billion elsewhere.
	count := func(billions data.Float) string {
		if t == lang.EN || t == "" {
			return data.FormatParams(float64(billions))
		}
		return data.PrinterOf(t).Volume(float64(billions) * 1e9)
	}
	size := t.T("hint.all", "params", count(m.Params))
	switch {
	case k.Diffusion():
		size = t.T("hint.params", "params", count(m.Params))
	case m.ActiveParams != m.Params:
		size = t.T("hint.active", "params", count(m.Params), "active", count(m.ActiveParams))
	}
	on := t.T("hint.measured", "gpus", measuredOnIn(t, m.GPUs))
	if compact {
		return size + " · " + on
	}
	return size + " · " + t.T("hint.weights", "precision", m.Precision) + " · " + on
}

// datasetVersion says, after the source's name, what was measured when, in
// words a reader follows: the leaderboard's version, on which GPUs, when it
// was published and last updated, and when this copy of it was made.
func datasetVersion(src data.Source, copied string) string {
	version, _, _ := strings.Cut(src.Version, " ")
	return fmt.Sprintf("version %s: GPU energy measured on %s servers, published %s and last updated %s (copied here %s).",
		version, measuredOn(data.GPUs), longDate(src.Released), longDate(src.Compiled), longDate(copied))
}

// datasetVersionIn is datasetVersion in t's language.
func datasetVersionIn(t lang.Tag, src data.Source, copied string) string {
	if t == lang.EN || t == "" {
		return datasetVersion(src, copied)
	}
	version, _, _ := strings.Cut(src.Version, " ")
	return t.T("footer.version", "version", version, "gpus", measuredOnIn(t, data.GPUs), "released", t.Date(src.Released),
		"updated", t.Date(src.Compiled), "copied", t.Date(copied))
}

// longDate writes an ISO date as people read it: "1 December 2025"; a value
// that is not one is left as it is. Every render of a page's footer says
// three dates: written out by hand rather than with package time, whose
// parser and formatter took 25 ms of the page's start (app/bench -profile:
// their first run, in the browser's baseline compiler).
func longDate(iso string) string {
	m, d, ok := isoDate(iso)
	if !ok {
		return iso
	}
	return strconv.Itoa(d) + " " + monthNames[m-1] + " " + iso[:4] // the year's four digits, as time writes them
}

var monthNames = [...]string{"January", "February", "March", "April", "May", "June", "July",
	"August", "September", "October", "November", "December"}

// isoDate reads YYYY-MM-DD, a day of the Gregorian calendar, as
// time.Parse(time.DateOnly, s) does.
func isoDate(s string) (m, d int, ok bool) {
	if len(s) != len("2006-01-02") || s[4] != '-' || s[7] != '-' {
		return 0, 0, false
	}
	y, m, d := digits(s[:4]), digits(s[5:7]), digits(s[8:])
	if y < 0 || m < 1 || m > 12 || d < 1 {
		return 0, 0, false
	}
	days := [...]int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m-1]
	if m == 2 && y%4 == 0 && (y%100 != 0 || y%400 == 0) {
		days = 29
	}
	return m, d, d <= days
}

// digits is the number s writes in decimal digits alone, or -1.
func digits(s string) int {
	n := 0
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}
