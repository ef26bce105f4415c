package data

import (
	"strconv"
	"strings"
)

// The benchmark ran most configurations once; a few it ran again with the
// same settings, and those runs show how far one measurement lies from the
// next. The importer keeps every run, numbering them (Config.Repeat; the
// second's row id ends in /r2).

// Runs are the runs of c's settings in m: the configurations with c's row
// id but for its repeat, c among them, in the order they were run; c
// alone when it was measured once.
func (m *Model) Runs(c *Config) []*Config {
	var out []*Config
	for i := range m.Configurations {
		if o := &m.Configurations[i]; o.settings() == c.settings() {
			out = append(out, o)
		}
	}
	if len(out) == 0 {
		return []*Config{c}
	}
	return out
}

// settings is c's row id without its repeat's suffix.
func (c *Config) settings() string {
	if c.Repeat > 1 {
		return strings.TrimSuffix(c.RowID, "/r"+strconv.Itoa(c.Repeat))
	}
	return c.RowID
}

// A RunSpread is the spread of the runs of the selected configuration's
// settings: their energy per token (or image, or video) and, at this
// volume, the GPU energy each gives.
type RunSpread struct {
	Runs          []*Config
	Low, High     float64 // J per item, over the runs
	LowWh, HighWh float64 // the volume's GPU energy at each
	kind          *Kind
}

// RunSpread is the spread of the runs of r's selected configuration's
// settings; false when it was measured once or nothing is selected.
func (r *Result) RunSpread() (RunSpread, bool) {
	if r.Selected == nil {
		return RunSpread{}, false
	}
	runs := r.Model.Runs(r.Selected)
	if len(runs) < 2 {
		return RunSpread{}, false
	}
	s := RunSpread{Runs: runs, Low: runs[0].Joules(), High: runs[0].Joules(), kind: r.Kind}
	for _, c := range runs[1:] {
		s.Low, s.High = min(s.Low, c.Joules()), max(s.High, c.Joules())
	}
	s.LowWh, s.HighWh = s.Low*r.Query.Tokens/3600, s.High*r.Query.Tokens/3600
	return s, true
}

// Sentence says s in a line, beside the selected configuration: "Measured
// twice with these settings: 0.08763 to 0.09217 J per token, 5.2% apart;
// 24.34 to 25.6 Wh of GPU energy for this volume."; "" for a single run.
func (s RunSpread) Sentence() string {
	if len(s.Runs) < 2 {
		return ""
	}
	times := strconv.Itoa(len(s.Runs)) + " times"
	if len(s.Runs) == 2 {
		times = "twice"
	}
	apart := strings.TrimPrefix(FormatChange(s.High, s.Low), "+") + " apart"
	if s.High == s.Low {
		apart = "the same"
	}
	u := Pick(s.HighWh, WattHours...)
	return "Measured " + times + " with these settings: " + FormatNumber(s.Low) + " to " + FormatNumber(s.High) + " J per " + s.kind.Item + ", " + apart +
		"; " + FormatNumber(s.LowWh/u.Size) + " to " + FormatNumber(s.HighWh/u.Size) + " " + u.Name + " of GPU energy for this volume."
}
