package data

import "strconv"

// SentenceIn is Sentence in p's language.
func (s RunSpread) SentenceIn(p Printer) string {
	if len(s.Runs) < 2 || p.Lang == "" || p.Lang == "en" {
		return s.Sentence()
	}
	times := p.T("runs.times", "n", strconv.Itoa(len(s.Runs)))
	if len(s.Runs) == 2 {
		times = p.T("runs.twice")
	}
	apart := p.T("runs.apart", "pct", p.Lang.Percent(FormatChange(s.High, s.Low)[1:]))
	if s.High == s.Low {
		apart = p.T("runs.same")
	}
	u := Pick(s.HighWh, WattHours...)
	return p.T("runs.sentence", "times", times, "low", p.Number(s.Low), "high", p.Number(s.High), "item", p.T("item."+s.kind.Item),
		"apart", apart, "lowwh", p.Number(s.LowWh/u.Size), "highwh", p.Number(s.HighWh/u.Size)+p.Lang.Of().Numbers.UnitSpace+u.Name)
}
