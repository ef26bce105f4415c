package plan

import (
	"math"
	"strings"

	"tokenjoule/data"
	"tokenjoule/data/lang"
)

// The words and figures a plan is shown in, the same on the page and from
// the command line.

// FormatPercent writes a share as a percentage to a tenth: 0.4876 is
// "48.8%".
func FormatPercent(v float64) string { return data.FormatNumber(math.Round(v*1000)/10) + "%" }

// FormatPower writes a power in W, kW or MW, to four significant digits.
func FormatPower(w float64) string {
	return data.FormatIn(w, data.Unit{Size: 1e6, Name: "MW"}, data.Unit{Size: 1e3, Name: "kW"}, data.Unit{Size: 1, Name: "W"})
}

// FormatRatePerSecond writes tokens a second: "11,574 tokens/s", "0.1157 tokens/s".
func FormatRatePerSecond(tps float64) string { return RatePerSecondIn(data.Printer{}, tps) }

// RatePerSecondIn is FormatRatePerSecond in p's language: "11 574 tokens/s".
func RatePerSecondIn(p data.Printer, tps float64) string { return p.T("rate.tps", "n", p.Number(tps)) }

// PercentIn is FormatPercent in p's language: "48,8 %".
func PercentIn(p data.Printer, v float64) string { return p.Lang.Percent(FormatPercent(v)) }

// PowerIn is FormatPower in p's language: "1,2 kW".
func PowerIn(p data.Printer, w float64) string { return p.Lang.Figure(FormatPower(w)) }

// Words says the traffic: "1B output tokens a day (11,574 tokens/s on
// average; 23,148 tokens/s at the peak, 2 × the average)".
func (t Traffic) Words() string { return t.WordsIn(data.Printer{}) }

// WordsIn is Words in p's language.
func (t Traffic) WordsIn(p data.Printer) string {
	return p.T("traffic.words", "volume", CountWordsIn(p, t.Rate.TokensPerDay()),
		"average", RatePerSecondIn(p, t.Rate.TokensPerSecond()),
		"peak", RatePerSecondIn(p, t.Rate.TokensPerSecond()*t.Peak), "ratio", p.Number(t.Peak))
}

// CountWordsIn is a count of output tokens in words, in p's language: "1B
// output tokens", "1 output token", "1 Md de tokens de sortie".
func CountWordsIn(p data.Printer, v float64) string {
	n := CountIn(p, v)
	if FormatCount(v) == "1" {
		return n + " " + p.T("item.token")
	}
	return n + " " + p.T("items.tokens")
}

// FormatCount writes a count of tokens to four significant digits with the
// largest of k, M, B and T it reaches: 1.037B, 25.92M, 8,640.
func FormatCount(v float64) string {
	for _, u := range []struct {
		size float64
		name string
	}{{1e12, "T"}, {1e9, "B"}, {1e6, "M"}, {1e3, "k"}} {
		if x := roundSig4(v / u.size); x >= 1 && v >= 1e4 || u.size == 1e3 && x >= 10 {
			return data.FormatNumber(x) + u.name
		}
	}
	return data.FormatNumber(v)
}

// CountIn is FormatCount in p's language, its suffix the language's:
// "1,037 Md", "1,037 Mrd.".
func CountIn(p data.Printer, v float64) string {
	s := FormatCount(v)
	n := strings.TrimRight(s, "kMBT")
	if suffix := s[len(n):]; suffix != "" {
		return p.Lang.Number(n) + p.T("volume."+suffix)
	}
	return p.Lang.Number(s)
}

// roundSig4 rounds v to four significant digits.
func roundSig4(v float64) float64 {
	if v == 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return v
	}
	p := math.Pow(10, 3-math.Floor(math.Log10(math.Abs(v))))
	return math.Round(v*p) / p
}

// Caveat says what a plan's energy counts, in place of the dataset's
// caveat, which says that idle time is not counted: a plan counts it.
var Caveat = lang.EN.T("plan.caveat")

// IdleWords says where the idle power of a plan's chosen configuration
// comes from: the reader's figure, a GPU's published one (label, year and
// where to read it), or none.
func (p *Plan) IdleWords() string {
	b := p.Best()
	switch {
	case b == nil:
		return ""
	case p.Traffic.IdleSet:
		return data.FormatNumber(p.Traffic.Idle) + " W per GPU (your figure)"
	case !b.IdleKnown:
		return "not counted: no published idle power for " + b.Config.GPU + ", so 0 W"
	}
	pr, _ := IdleW.Preset(b.Config.GPU)
	s := data.FormatNumber(pr.Value) + " W per " + b.Config.GPU + " GPU: " + pr.Label + " (" + pr.Year + "; " + pr.Source().URL + ")"
	if u := p.UnknownIdle(); len(u) > 0 {
		s += "; not counted for " + strings.Join(u, ", ") + ", for want of a published figure"
	}
	return s
}
