package data

import "sort"

// Curve is one line of the charts: the configurations of one GPU model at one
// GPU count, in order of max_num_seqs.
type Curve struct {
	GPU     string
	NumGPUs int
	Points  []Point
}

// Point is a configuration as a chart shows it.
type Point struct {
	*Config
	ITL   float64 // measured latency at the query's percentile
	Meets bool    // ITL is within the deadline
}

// Curves groups the model's configurations on gpu (all for AnyGPU) by GPU and
// GPU count, for charts against max_num_seqs.
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
		itl := p.ITL(c)
		curves[len(curves)-1].Points = append(curves[len(curves)-1].Points, Point{Config: c, ITL: itl, Meets: p.Meets(c, deadlineMS)})
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
		if pts[i].ITL != pts[j].ITL {
			return pts[i].ITL < pts[j].ITL
		}
		return lessEnergy(pts[i].Config, pts[j].Config)
	})
	var front []Point
	for _, pt := range pts {
		if len(front) == 0 || pt.EnergyPerToken() < front[len(front)-1].EnergyPerToken() {
			front = append(front, pt)
		}
	}
	return front
}
