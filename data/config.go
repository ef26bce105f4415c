package data

import (
	"fmt"
	"math"
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

// ShownJoules is Joules as the dataset row has it and the page and the
// charts show it: rounded to 1e-7 J per token, to 0.01 J per image or video.
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

// Throughput is the volume generated per second: output tokens, images or
// videos.
func (c *Config) Throughput() float64 {
	if c.Diffusion() {
		return float64(c.ItemsPerSecond)
	}
	return float64(c.TokensPerSecond)
}

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
		return fmt.Sprintf("%s, max_num_seqs %d", c.Hardware(), c.MaxNumSeqs)
	}
	s := fmt.Sprintf("%s, batch size %d, %s, %s, %d steps", c.Hardware(), c.BatchSize, c.Split(), c.Resolution(), c.Steps)
	if c.Frames > 0 {
		s += fmt.Sprintf(", %d frames at %d fps", c.Frames, c.FPS)
	}
	return s
}

// Split is how a diffusion model's work is split over its GPUs: "Ulysses 2 ×
// ring 1".
func (c *Config) Split() string {
	return fmt.Sprintf("Ulysses %d × ring %d", c.UlyssesDegree, c.RingDegree)
}

// Resolution is the width and height of an image or a video: "1024×1024".
func (c *Config) Resolution() string { return fmt.Sprintf("%d×%d", c.Width, c.Height) }
