package export

import (
	"fmt"

	"tokenjoule/data"
)

// Updated is the note a live card shows beside its figure when the data it
// computes with now (version, of the source src) are not those it was
// embedded with (made, whose figure read madeWh) and its figure, now wh,
// reads differently: the date of the new data and the figure as it read
// when embedded (TestUpdated has the wording). It is "" when nothing was recorded, when the
// data are the same, or when the figure reads as it did.
func Updated(made string, madeWh float64, version string, src data.Source, wh float64) string {
	if made == "" || madeWh <= 0 || made == version || data.FormatEnergy(madeWh) == data.FormatEnergy(wh) {
		return ""
	}
	of := src.Compiled
	if of == "" {
		of = version
	}
	return fmt.Sprintf("Updated with data of %s; when this was embedded it read %s.", of, data.FormatEnergy(madeWh))
}
