package data

import "sort"

// Curve is one line of the charts: the configurations of one GPU model at one
// GPU count, in order of batch (max_num_seqs, or a diffusion model's batch
// size and then its sequence-parallel degrees).
type Curve struct {
	GPU     string
	NumGPUs int
	Points  []Point
}

// Point is a configuration as a chart shows it.
type Point struct {
	*Config
	LatencyMS float64 // measured, what the deadline bounds (Config.Latency), at the query's percentile
	Meets     bool    // LatencyMS is within the deadline
}

// Curves groups the model's configurations on gpu (all for AnyGPU) by GPU and
// GPU count, for charts against the batch (Config.Batch).
func (m *Model) Curves(gpu string, p Percentile, deadlineMS float64) []Curve {
	var curves []Curve
	for i := range m.Configurations {
		c := &m.Configurations[i]
		if gpu != AnyGPU && c.GPU != gpu {
			continue
		}
		// Configurations are sorted by GPU and count, so a curve's points are adjacent.
		if n := len(curves); n == 0 || curves[n-1].GPU != c.GPU || curves[n-1].NumGPUs != c.NumGPUs {
			curves = append(curves, Curve{GPU: c.GPU, NumGPUs: c.NumGPUs})
		}
		lat := c.Latency(p)
		curves[len(curves)-1].Points = append(curves[len(curves)-1].Points, Point{Config: c, LatencyMS: lat, Meets: p.Meets(c, deadlineMS)})
	}
	return curves
}

// Frontier returns the energy–latency Pareto frontier of the model's
// configurations on gpu (all for AnyGPU): those no other configuration beats on
// both latency at p and energy per token, fastest first.
func (m *Model) Frontier(gpu string, p Percentile, deadlineMS float64) []Point {
	var pts []Point
	for _, c := range m.Curves(gpu, p, deadlineMS) {
		pts = append(pts, c.Points...)
	}
	sort.SliceStable(pts, func(i, j int) bool {
		if pts[i].LatencyMS != pts[j].LatencyMS {
			return pts[i].LatencyMS < pts[j].LatencyMS
		}
		return lessEnergy(pts[i].Config, pts[j].Config)
	})
	var front []Point
	for _, pt := range pts {
		if len(front) == 0 || pt.Joules() < front[len(front)-1].Joules() {
			front = append(front, pt)
		}
	}
	return front
}

// Line is the curve as a line against the batch draws it: for a diffusion
// model, whose configurations of one GPU count differ at one batch size by
// how the work is split over the GPUs (the sequence-parallel degrees), one
// point per batch size, the split with the least energy among those that
// meet the deadline, or among all when none does. A language model's curve
// has one point per batch size limit already, and is drawn as it is.
func (c Curve) Line() []Point {
	var line []Point
	for _, pt := range c.Points {
		if !pt.Diffusion() {
			return c.Points
		}
		n := len(line)
		switch {
		case n == 0 || line[n-1].BatchSize != pt.BatchSize:
			line = append(line, pt)
		case pt.Meets && !line[n-1].Meets || pt.Meets == line[n-1].Meets && lessEnergy(pt.Config, line[n-1].Config):
			line[n-1] = pt
		}
	}
	return line
}
