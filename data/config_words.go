package data

import "strconv"

// BriefIn is Brief in p's language: a language model's as Brief writes it
// (the dataset's own names), an image or video model's in p's words.
func (c *Config) BriefIn(p Printer) string {
	if !c.Diffusion() || p.Lang == "" || p.Lang == "en" {
		return c.Brief()
	}
	s := p.T("brief.diffusion", "hardware", c.Hardware(), "batch", strconv.Itoa(c.BatchSize), "split", c.Split(),
		"resolution", c.Resolution(), "steps", strconv.Itoa(c.Steps))
	if c.Frames > 0 {
		s += ", " + p.T("brief.frames", "frames", strconv.Itoa(c.Frames), "fps", strconv.Itoa(c.FPS))
	}
	return s
}
