package charts

// Panels: a frame whose y axes each have a plot of their own, one above the
// other, against the same x axis (the power chart). ECharts cannot share a
// chart's height between two plots less the bands around them (the legend,
// the x labels under each plot, the name above the lower one), so the
// panels are laid out for a chart PanelsHeight px tall; the y labels lie
// outside the plots, which then start at the same x and so line up.

import "math"

// stack is where the panels go: the plots' left edge, each plot's height,
// and the lower one's top (the upper one's is the placement's gridTop).
type stack struct{ left, height, lowerTop float64 }

// panelsLeft is the plots' left edge: room for the widest y labels of
// either panel.
func (f frame) panelsLeft() float64 {
	w := 0.0
	for _, m := range f.yMax {
		w = max(w, yLabelWidth(m))
	}
	return math.Ceil(gridLeft + w + labelMargin)
}

// stackPanels shares out PanelsHeight below p's gridTop between the two
// plots, given how far the x labels reach below an axis: under the upper
// plot its x labels and the lower one's name, under the lower plot its x
// labels and the x axis' name.
func (p *placement) stackPanels(reach float64) {
	between := math.Ceil(labelMargin+reach) + nameBand
	below := p.xNameGap + textHeight + 4
	h := math.Floor((PanelsHeight - p.gridTop - between - below) / 2)
	p.stack.height, p.stack.lowerTop = h, p.gridTop+h+between
}

// grids are the panels' grid options, the upper one's top at top.
func (s stack) grids(top float64) []any {
	return []any{
		map[string]any{"top": top, "height": s.height, "left": s.left, "right": gridRight},
		map[string]any{"top": s.lowerTop, "height": s.height, "left": s.left, "right": gridRight},
	}
}
