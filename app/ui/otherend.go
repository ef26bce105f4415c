package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// renderOtherEnd is the line beside the answer that says what the other end
// of the percentile's choice gives (data.OtherEnd): at the median, the
// energy when 99 in 100 tokens must meet the deadline; at p90 to p99, the
// median's. An image or video workload has no percentile: an empty slot.
func (c *Calculator) renderOtherEnd() app.UI {
	o := c.res.OtherEnd()
	return slot(o != nil, func() app.UI {
		return app.P().ID("other-percentile").Class("other-end").Text(o.SentenceIn(c.printer(), c.energyAtBoundary))
	})
}

// atBoundary is the energy the headline shows for gpuWh of GPU energy: the
// total at the footprint's boundary, which on the dataset's own boundary is
// the GPU energy.
func (c *Calculator) atBoundary(gpuWh float64) float64 {
	return c.foot.fp.Factors.Ladder(gpuWh).FacilityWh
}

// energyAtBoundary is atBoundary as the headline writes it.
func (c *Calculator) energyAtBoundary(gpuWh float64) string {
	return c.printer().Energy(c.atBoundary(gpuWh))
}
