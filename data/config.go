package data

import (
	"math"
	"strconv"
)

// The figures every configuration has, whatever its kind, under one name:
// what the selection, the curves and the charts compare.

// Diffusion tells whether c is a diffusion model's configuration (it
// generates images or videos by the batch).
func (c *Config) Diffusion() bool { return c.BatchSize > 0 }

// Latency is what a deadline bounds, in ms: the inter-token latency at
// percentile p, or for a diffusion configuration the time to generate a
// batch, whatever p.
//
// It is the measured value (see Measured) where the configuration has one,
// as Percentile.ITL is; ShownLatency is the dataset row's.
func (c *Config) Latency(p Percentile) float64 {
	if !c.Diffusion() {
		return p.ITL(c)
	}
	if c.Measured == nil {
		return c.ShownLatency(p)
	}
	return c.Measured.BatchLatency
}

// ShownLatency is Latency as the dataset row has it and the page shows it:
// rounded to 0.1 ms for tokens, to the millisecond for a batch.
func (c *Config) ShownLatency(p Percentile) float64 {
	if c.Diffusion() {
		return secondsToMS(float64(c.BatchLatencyS))
	}
	return p.ShownITL(c)
}

// Joules is the GPU energy per unit of volume, as measured (see Measured):
// per output token, image or video.
func (c *Config) Joules() float64 {
	switch {
	case !c.Diffusion():
		return c.EnergyPerToken()
	case c.Measured == nil:
		return float64(c.JoulesPerItem)
	}
	return c.Measured.JoulesPerItem
}

// ShownJoules is Joules as the dataset row has it: rounded to 1e-7 J per
// token, to 0.01 J per image or video. The charts plot it; a figure written
// for people is Joules, rounded once where it is written (FormatNumber), so
// that a measured 0.20634999 J reads 0.2063, not 0.20635's 0.2064.
func (c *Config) ShownJoules() float64 {
	if c.Diffusion() {
		return float64(c.JoulesPerItem)
	}
	return float64(c.JoulesPerToken)
}

// Batch is the configuration's batch: the batch size limit (max_num_seqs)
// of a language model's server, the batch size of a diffusion model's.
func (c *Config) Batch() int {
	if c.Diffusion() {
		return c.BatchSize
	}
	return c.MaxNumSeqs
}

// Throughput is the volume generated per second, as measured (see
// Measured): output tokens, images or videos. Like Joules, it is rounded
// once, where it is written: a measured 1398.47 tokens/s reads 1,398, where
// the row's 1398.5 would read 1,399.
func (c *Config) Throughput() float64 {
	if c.Measured != nil && c.Measured.Throughput > 0 {
		return c.Measured.Throughput
	}
	return c.ShownThroughput()
}

// ShownThroughput is Throughput as the dataset row has it (0.1 tokens/s,
// 1e-7 images or videos a second), which the charts plot.
func (c *Config) ShownThroughput() float64 {
	if c.Diffusion() {
		return float64(c.ItemsPerSecond)
	}
	return float64(c.TokensPerSecond)
}

// Watts is the measured power of the configuration's GPUs, all of them
// together: its energy per output token (or image, or video) times their
// number a second, both as measured; the leaderboard's avg_power_watts,
// which the dataset's gpu_power_watts_total rounds.
func (c *Config) Watts() float64 { return c.Joules() * c.Throughput() }

// WhPerMillion is the GPU energy of a million output tokens in Wh, from the
// measured energy per token (the row's wh_per_million_output_tokens is
// rounded to 0.01, and would be rounded twice where it is written).
func (c *Config) WhPerMillion() float64 { return c.EnergyPerToken() * 1e6 / 3600 }

// PerRequest is the volume of a request: the measured average output length
// (OutputTokensPerRequest), or for a diffusion model one image or video.
func (c *Config) PerRequest() float64 {
	if c.Diffusion() {
		return 1
	}
	return c.OutputTokensPerRequest()
}

// secondsToMS converts a latency in seconds, as a diffusion configuration
// stores it, to ms as deadlines are held, rounded to the nanosecond: s×1000
// alone is off by an ulp for many decimals (0.6446 s would be
// 644.6000000000001 ms, over a deadline typed as 0.6446 s), and the division
// of two whole numbers is the float nearest to the decimal.
func secondsToMS(s float64) float64 { return math.Round(s*1e9) / 1e6 }

// Brief names the configuration in a few words: its GPUs and what sets it
// apart from the model's others, "H100 × 2, max_num_seqs 256", or for a
// diffusion model "H100 × 2, batch size 4, Ulysses 2 × ring 1, 1024×1024,
// 50 steps" (and for a video "…, 81 frames at 15 fps").
func (c *Config) Brief() string {
	if !c.Diffusion() {
		return c.Hardware() + ", max_num_seqs " + strconv.Itoa(c.MaxNumSeqs)
	}
	s := c.Hardware() + ", batch size " + strconv.Itoa(c.BatchSize) + ", " + c.Split() + ", " + c.Resolution() + ", " + strconv.Itoa(c.Steps) + " steps"
	if c.Frames > 0 {
		s += ", " + strconv.Itoa(c.Frames) + " frames at " + strconv.Itoa(c.FPS) + " fps"
	}
	return s
}

// BatchWords is the configuration as the compare page names it: "H100 × 2,
// batch size limit 256", or "H100 × 2, batch size 4 (Ulysses 2 × ring 1)";
// with of, as its list of the models that miss the deadline does, "H100 × 2
// with a batch size limit of 256".
func (c *Config) BatchWords(of bool) string { return c.BatchWordsIn(Printer{}, of) }

// BatchWordsIn is BatchWords in p's language.
func (c *Config) BatchWordsIn(p Printer, of bool) string {
	key, n, split := "batch.limit", strconv.Itoa(c.MaxNumSeqs), ""
	if c.Diffusion() {
		key, n, split = "batch.size", strconv.Itoa(c.BatchSize), c.Split()
	}
	if of {
		key += ".of"
	}
	return p.T(key, "hardware", c.Hardware(), "n", n, "split", split)
}

// Split is how a diffusion model's work is split over its GPUs: "Ulysses 2 ×
// ring 1".
func (c *Config) Split() string {
	return "Ulysses " + strconv.Itoa(c.UlyssesDegree) + " × ring " + strconv.Itoa(c.RingDegree)
}

// Resolution is the width and height of an image or a video: "1024×1024".
func (c *Config) Resolution() string { return strconv.Itoa(c.Width) + "×" + strconv.Itoa(c.Height) }
