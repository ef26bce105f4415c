package export

import (
	"tokenjoule/data"
	"tokenjoule/data/lang"
)

// Updated is the note a live card shows beside its figure when the data it
// computes with now (version, of the source src) are not those it was
// embedded with (made, whose figure read madeWh) and its figure, now wh,
// reads differently: the date of the new data and the figure as it read
// when embedded (TestUpdated has the wording). It is "" when nothing was recorded, when the
// data are the same, or when the figure reads as it did.
func Updated(made string, madeWh float64, version string, src data.Source, wh float64) string {
	return UpdatedIn(lang.EN, made, madeWh, version, src, wh)
}

// UpdatedIn is Updated in t's words, the date and the figure in its formats.
func UpdatedIn(t lang.Tag, made string, madeWh float64, version string, src data.Source, wh float64) string {
	if made == "" || madeWh <= 0 || made == version || data.FormatEnergy(madeWh) == data.FormatEnergy(wh) {
		return ""
	}
	p := data.PrinterOf(t)
	of := src.Compiled
	if of == "" {
		of = version
	} else if t != lang.EN && t != "" {
		of = t.Date(of)
	}
	return p.T("card.updated", "date", of, "energy", p.Energy(madeWh))
}
