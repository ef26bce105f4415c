package export

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/lang"
)

// A Card is a calculation in the few words a figure in an article carries:
// the question as a title, the answer, one everyday comparison, the caveat
// and the source. The embed's card layout and its picture both show it, so
// that the page and the picture say the same; it depends on the result alone
// (and the footprint's factors), never on the page that shows it.
type Card struct {
	Title   string // the question, one sentence
	Context string // what the title leaves out: the workload and the deadline
	Figure  string // the headline energy; "" when no configuration meets the deadline
	Label   string // what Figure counts: "of GPU energy", or the boundary's energy
	Missed  string // when no configuration meets the deadline: the one that would
	// Comparison is the headline energy in everyday terms at a readable
	// magnitude (footprint.Readable): "About 1.3 days of an average US
	// home's electricity."; "" without a figure.
	Comparison string
	Totals     []string // carbon, water and cost, each set, each one line
	// Range is, in one line, how far apart the published answers are: each
	// figure past the GPU from the lowest to the highest published values of
	// its factors (footprint.Spread.Line); "" when none spreads.
	Range string
	// OtherEnd is what the other end of the percentile's choice gives, at
	// the same boundary (data.OtherEnd): "If 99 in 100 tokens must arrive
	// within 50 ms: 580.8 kWh, 4.4× as much."; "" for images and videos.
	OtherEnd string
	Caveat   string // what the figure leaves out, one line
	Source   data.Source
	Wh       float64  // the energy Figure says, in Wh; 0 without a figure
	Lang     lang.Tag // the language it is written in; "" for English
}

// CardOf is r's card, with the energy at f's boundary and the carbon, water
// and cost that f sets.
func CardOf(r *data.Result, f footprint.Factors) Card { return CardIn(data.Printer{}, r, f) }

// CardIn is r's card in p's language, its figures in p's formats.
func CardIn(p data.Printer, r *data.Result, f footprint.Factors) Card {
	q, m, k := r.Query, r.Model, r.Kind
	title := "card.title"
	if q.Tokens == 1 {
		title = "card.title.one"
	}
	context := "card.context"
	if q.GPU == data.AnyGPU && len(m.GPUs) > 1 {
		context = "card.context.any"
	}
	c := Card{
		Title: p.T(title, "volume", p.VolumeWords(k, q.Tokens), "model", m.Name, "gpus", p.GPUChoice(m.GPUs, q.GPU)),
		Context: p.T(context, "workload", workloadIn(p, m, q.Task),
			"deadline", p.DeadlineWords(k, q.Percentile, q.DeadlineMS)),
		Caveat: p.T("card.caveat"),
		Source: m.Source,
		Lang:   p.Lang,
	}
	if o := r.OtherEnd(); o != nil {
		c.OtherEnd = o.SentenceIn(p, func(gpuWh float64) string { return p.Energy(f.Ladder(gpuWh).FacilityWh) })
	}
	s := r.Selected
	if s == nil {
		c.Missed = p.T("card.missed", "deadline", p.Deadline(k, r.MinDeadlineMS()), "hardware", r.Fastest.Hardware())
		return c
	}
	l := f.Ladder(r.Estimate.EnergyWh)
	c.Figure, c.Label, c.Wh = p.Energy(l.FacilityWh), p.T("card.label"), l.FacilityWh
	if !f.IsGPUOnly() {
		c.Label = p.T("card.fp.label", "name", f.BoundaryNameIn(p))
		c.Caveat = widenedCaveat(p, "card.fp.caveat", f)
	}
	if cmp, ok := readableIn(p, l.FacilityWh); ok {
		c.Comparison = p.T("card.about", "amount", cmp)
	}
	c.Totals = totals(p, f, l, "")
	c.Range = f.SpreadOf(s).LineIn(p, r.Estimate.EnergyWh, "")
	return c
}

// widenedCaveat is a card's caveat at f's boundary wider than the GPU, in
// p's words by key: what multiplies energy (the GPU's, or the plan's), for
// what (key's ".only" form where the boundary leaves some of the host, idle
// capacity and cooling out, the rungs of skip aside: footprint.Factors.Reach),
// and that the network is not counted: "Measured GPU energy × 1.56 for
// cooling only; network not counted."
func widenedCaveat(p data.Printer, key string, f footprint.Factors, skip ...*footprint.Param) string {
	e := f.Effective()
	adds, omits := f.ReachIn(p, skip...)
	if omits != "" {
		key += ".only"
	}
	return p.T(key, "factor", p.Number(roundSig((1+e.Host.Value+e.Idle.Value)*e.PUE.Value, 3)), "adds", adds)
}

// readableIn is an energy in everyday terms at a readable magnitude
// (footprint.Readable): "1.3 days of an average US home's electricity".
// In p's language: "1,3 jours d’électricité d’un foyer américain moyen".
func readableIn(p data.Printer, wh float64) (string, bool) {
	cmp, ok := footprint.Readable(footprint.Energy, wh)
	if !ok {
		return "", false
	}
	n, u := cmp.In(wh)
	num, words := data.FormatNumber(roundSig(n, 2)), u.Many
	if num == "1" {
		words = u.One
	}
	if p.Lang == "" || p.Lang == lang.EN {
		return num + " " + words, true
	}
	// The unit's English word names its key: "day of …" is "unit.day".
	unit, _, _ := strings.Cut(u.One, " ")
	key := "units." + unit
	if num == "1" {
		key = "unit." + unit
	}
	return p.Lang.Number(num) + " " + p.T(key) + " " + p.T("cmp."+cmp.ID), true
}

// workloadIn is a workload's name in p's language; the dataset's in English.
func workloadIn(p data.Printer, m *data.Model, task string) string {
	if p.Lang == "" || p.Lang == lang.EN {
		return workloadName(m, task)
	}
	return p.T("workload." + task)
}

// totals are a card's lines for the carbon, water and cost that f sets, of
// the ladder l, in p's words, each amount followed by per (" a day", or
// nothing).
func totals(p data.Printer, f footprint.Factors, l footprint.Ladder, per string) []string {
	var lines []string
	if g, ok := f.Carbon(l); ok {
		lines = append(lines, p.T("card.carbon", "amount", footprint.Unbroken(p, footprint.Figure(p, footprint.FormatCarbon(g))), "per", per,
			"factor", factorWords(p, footprint.Grid, f.Grid)))
	}
	if w, ok := f.Water(l); ok {
		lines = append(lines, p.T("card.water", "amount", footprint.Unbroken(p, footprint.Figure(p, footprint.FormatWater(w))), "per", per,
			"factor", factorWords(p, footprint.WUE, f.WUE)))
	}
	if v, ok := f.Cost(l); ok {
		lines = append(lines, p.T("card.cost", "amount", footprint.Unbroken(p, footprint.Figure(p, footprint.FormatMoney(v, f.Currency))), "per", per,
			"price", p.Number(f.Price.Value), "currency", f.Currency))
	}
	return lines
}

// Alt is the card as one paragraph, for the alt text of its picture.
func (c Card) Alt() string {
	parts := []string{c.Title, c.Context}
	if c.Figure != "" {
		parts = append(parts, fmt.Sprintf("%s %s.", c.Figure, c.Label))
	}
	parts = append(parts, c.Missed, c.Comparison)
	for _, t := range c.Totals {
		parts = append(parts, t+".")
	}
	parts = append(parts, c.Range, c.OtherEnd, c.Caveat, c.Lang.T("card.data", "source", SourceName(c.Source)))
	return strings.Join(strings.Fields(strings.Join(parts, " ")), " ")
}

// A CompareCard is a ranking as a figure in an article says it: the
// question, the answer in a line, the caveat and the source; the bars go
// with it.
type CompareCard struct {
	Title   string // the question, one sentence
	Context string // the deadline, and how many models meet it
	Answer  string // "GPT OSS 20B uses the least: 37.01 kWh; the most uses 72× as much."
	Caveat  string
	Source  data.Source
	Wh      float64  // the least energy the answer says, in Wh; 0 when no model meets the deadline
	Lang    lang.Tag // the language it is written in; "" for English
}

// CompareCardOf is rk's card; idx gives the source and caveat every model shares.
func CompareCardOf(rk *data.Ranking, idx *data.Index) CompareCard {
	return CompareCardIn(data.Printer{}, rk, idx)
}

// CompareCardIn is rk's card in p's language, its figures in p's formats.
func CompareCardIn(p data.Printer, rk *data.Ranking, idx *data.Index) CompareCard {
	q, w, k := rk.Query, rk.Workload, rk.Workload.Kind()
	var meets []*data.Ranked
	for i := range rk.Models {
		if rk.Models[i].Status() == data.Meets {
			meets = append(meets, &rk.Models[i])
		}
	}
	measured, models := rk.MeasuredIn(p)
	c := CompareCard{
		Title: p.T("card.compare.title", "workload", workloadNameIn(p, w), "volume", p.VolumeWords(k, q.Tokens),
			"gpus", p.GPUChoice(w.GPUs(), q.GPU)),
		Context: p.T("card.compare.context", "deadline", p.DeadlineWords(k, q.Percentile, q.DeadlineMS), "n", p.Int(len(meets)),
			"total", p.Int(measured), "models", models),
		Caveat: p.T("card.caveat"),
		Source: idx.Source,
		Lang:   p.Lang,
	}
	switch len(meets) {
	case 0:
		c.Answer = p.T("card.compare.none", "n", p.Int(measured), "models", models)
	case 1:
		c.Answer, c.Wh = p.T("card.compare.only", "model", meets[0].Entry.Name, "energy", p.Energy(meets[0].Result.Estimate.EnergyWh)), meets[0].Result.Estimate.EnergyWh
	default:
		least, most := meets[0].Result.Estimate.EnergyWh, meets[len(meets)-1].Result.Estimate.EnergyWh
		c.Wh = least
		c.Answer = p.T("card.compare.answer", "model", meets[0].Entry.Name, "energy", p.Energy(least), "ratio", p.Ratio(most/least))
	}
	return c
}

// workloadNameIn is a workload's name in p's language; the dataset's in
// English.
func workloadNameIn(p data.Printer, w *data.Workload) string {
	if p.Lang == "" || p.Lang == lang.EN {
		return w.Name
	}
	return p.T("workload." + w.ID)
}

// Alt is the card as one paragraph, for the alt text of its picture.
func (c CompareCard) Alt() string {
	return strings.Join([]string{c.Title, c.Context, c.Answer, c.Caveat, c.Lang.T("card.data", "source", SourceName(c.Source))}, " ")
}

// SourceName is a source as a card's footer names it: "ML.ENERGY
// Leaderboard v3", its name and major version.
func SourceName(s data.Source) string {
	major, _, _ := strings.Cut(s.Version, ".")
	if major == "" || strings.ContainsAny(major, " (") {
		return s.Name
	}
	return s.Name + " v" + major
}

// Edition is a source with the version and the date of its data, as a
// pinned card names the data its figures were computed with: the source's
// name, its major version and the date its data were compiled.
func Edition(s data.Source) string { return EditionIn(lang.EN, s) }

// EditionIn is Edition in t's words, the date in t's format.
func EditionIn(t lang.Tag, s data.Source) string {
	e := s.Name
	if v, _, _ := strings.Cut(s.Version, " "); v != "" {
		e += " v" + v
	}
	if s.Compiled != "" {
		date := s.Compiled
		if t != lang.EN && t != "" {
			date = t.Date(date)
		}
		e = t.T("footer.edition", "source", e, "date", date)
	}
	return e
}

// VersionIn is a source's version and dates, as its Version says them in
// English, in t's words, the dates in t's format.
func VersionIn(t lang.Tag, s data.Source) string {
	if t == lang.EN || t == "" {
		return s.Version
	}
	return versionIn(data.PrinterOf(t), s)
}

// ShortCite keeps the authors and the last reference of a citation written
// "Authors, Title, Venue, arXiv id": "Chung et al., arXiv 2505.06371".
func ShortCite(cite string) string {
	parts := strings.Split(cite, ", ")
	if len(parts) < 3 {
		return cite
	}
	return parts[0] + ", " + parts[len(parts)-1]
}

// factorWords is a factor as a card's line says it in p's words: its
// value and unit, and the preset's name and year, or "your figure".
func factorWords(p data.Printer, param *footprint.Param, x footprint.Factor) string {
	s := footprint.Unbroken(p, footprint.Figure(p, data.FormatNumber(x.Value)+" "+param.Unit))
	pr, ok := param.Preset(x.Preset)
	if !ok || x.Preset == "" {
		return s + " (" + p.T("fp.yours") + ")"
	}
	if pr.Year != "" {
		return s + " (" + pr.LabelIn(p, param) + ", " + pr.Year + ")"
	}
	return s + " (" + pr.LabelIn(p, param) + ")"
}

// roundSig rounds v to n significant digits: a comparison is an order of
// magnitude, and "1.3 days" reads better than "1.261 days".
func roundSig(v float64, n int) float64 {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return v
	}
	f, _ := strconv.ParseFloat(strconv.FormatFloat(v, 'g', n, 64), 64)
	return f
}
