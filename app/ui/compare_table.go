package ui

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/plan"
)

// The table's columns, by key.
const (
	colRank    = "rank"
	colModel   = "model"
	colEnergy  = "energy"
	colRequest = "request"
	colJoules  = "jpt"
	colConfig  = "config"
	colParams  = "params"
	colActive  = "active"
)

// column is one column of the ranking table: its header, its cells, and
// its order, ascending. A column of figures has one unit, said in its
// header: the one its largest figure reads in.
type column struct {
	key, label string
	cell       func(r rankedRow) string  // a column of words; nil for figures
	value      func(r rankedRow) float64 // a figure, in the base unit of units
	units      []data.Unit               // largest first; one of none for a figure without unit
	less       func(a, b rankedRow) bool
}

// figures is a column of figures, in order of value.
func figures(key, label string, units []data.Unit, value func(r rankedRow) float64) column {
	return column{key: key, label: label, value: value, units: units,
		less: func(a, b rankedRow) bool { return value(a) < value(b) }}
}

// unit is the column's unit for rows: the one its largest figure reads in.
func (col column) unit(rows []rankedRow) data.Unit {
	most := 0.0
	for _, r := range rows {
		most = max(most, math.Abs(col.value(r)))
	}
	return data.Pick(most, col.units...)
}

// columns are the table's columns in order; figures derived from a model's
// energy (a footprint's carbon, water and cost) belong after colJoules.
func (c *Compare) columns() []column {
	if c.planning {
		return c.planColumns()
	}
	est := func(r rankedRow) data.Estimate { return r.Result.Estimate }
	sel := func(r rankedRow) *data.Config { return r.Result.Selected }
	k := c.kind()
	billions := []data.Unit{{Size: 1, Name: "billions"}}
	cols := []column{
		{key: colRank, label: "#", cell: func(r rankedRow) string { return strconv.Itoa(r.rank) },
			less: func(a, b rankedRow) bool { return a.rank < b.rank }},
		{key: colModel, label: "Model", cell: func(r rankedRow) string { return r.Entry.Name },
			less: func(a, b rankedRow) bool { return data.NaturalLess(a.Entry.Name, b.Entry.Name) }},
		figures(colEnergy, "Energy for "+k.VolumeWords(c.q.Tokens), data.WattHours, func(r rankedRow) float64 { return est(r).EnergyWh }),
		figures(colRequest, "Per request", data.Joules, func(r rankedRow) float64 { return est(r).EnergyPerRequest }),
		figures(colJoules, "J/"+k.Item, nil, func(r rankedRow) float64 { return sel(r).Joules() }),
		{key: colConfig, label: "Configuration", cell: func(r rankedRow) string { return batchWords(sel(r), false) },
			less: func(a, b rankedRow) bool {
				x, y := sel(a), sel(b)
				if x.NumGPUs != y.NumGPUs {
					return x.NumGPUs < y.NumGPUs
				}
				if x.GPU != y.GPU {
					return x.GPU < y.GPU
				}
				return x.Batch() < y.Batch()
			}},
		figures(colParams, "Parameters", billions, func(r rankedRow) float64 { return float64(r.Entry.Params) }),
		figures(colActive, "Active", billions, func(r rankedRow) float64 { return float64(r.Entry.ActiveParams) }),
	}
	if k.Diffusion() {
		// A request is one image or video: its energy is the J per item.
		cols = slices.DeleteFunc(cols, func(c column) bool { return c.key == colRequest })
	}
	return slices.Insert(cols, slices.IndexFunc(cols, func(c column) bool { return c.key == colJoules })+1, c.footprintColumns()...)
}

// footprintColumns are the compare page's columns past the GPU, after
// J/token, for the factors set: those export.FootprintColumns adds to the
// downloads, in its order.
func (c *Compare) footprintColumns() []column {
	f := c.foot.fp.Factors
	var cols []column
	add := func(key, label string, units []data.Unit, v func(footprint.Ladder) (float64, bool)) {
		cols = append(cols, figures(key, label, units, func(r rankedRow) float64 {
			x, _ := v(f.Ladder(r.Result.Estimate.EnergyWh))
			return x
		}))
	}
	if !f.IsGPUOnly() {
		add(colFacility, "At the boundary", data.WattHours, func(l footprint.Ladder) (float64, bool) { return l.FacilityWh, true })
	}
	if _, ok := f.Carbon(footprint.Ladder{}); ok {
		add(colCarbon, "Carbon", footprint.CarbonUnits, f.Carbon)
	}
	if _, ok := f.Water(footprint.Ladder{}); ok {
		add(colWater, "Water", footprint.WaterUnits, f.Water)
	}
	if _, ok := f.Cost(footprint.Ladder{}); ok {
		add(colCost, "Cost", []data.Unit{{Size: 1, Name: f.Currency}}, f.Cost)
	}
	return cols
}

// The keys of the compare page's columns past the GPU.
const (
	colFacility = "facility"
	colCarbon   = "carbon"
	colWater    = "water"
	colCost     = "cost"
)

// planColumns are the ranking table's columns in plan mode.
func (c *Compare) planColumns() []column {
	best := func(r rankedRow) *plan.Option { return c.plans[r.Entry.Slug].Best() }
	sel := func(r rankedRow) *data.Config { return best(r).Config }
	return []column{
		{key: colRank, label: "#", cell: func(r rankedRow) string { return strconv.Itoa(r.rank) },
			less: func(a, b rankedRow) bool { return a.rank < b.rank }},
		{key: colModel, label: "Model", cell: func(r rankedRow) string { return r.Entry.Name },
			less: func(a, b rankedRow) bool { return data.NaturalLess(a.Entry.Name, b.Entry.Name) }},
		figures(colEnergy, "Energy a day", data.WattHours, func(r rankedRow) float64 { return best(r).WhPerDay }),
		figures(colGPUs, "GPUs", nil, func(r rankedRow) float64 { return float64(best(r).GPUs) }),
		{key: colUtilisation, label: "Busy, on average", cell: func(r rankedRow) string { return plan.FormatPercent(best(r).Utilisation) },
			less: func(a, b rankedRow) bool { return best(a).Utilisation < best(b).Utilisation }},
		{key: colHeadroom, label: "For the peak", cell: func(r rankedRow) string {
			p := c.plans[r.Entry.Slug]
			return data.FormatChange(best(r).WhPerDay, p.BusyWhPerDay())
		}, less: func(a, b rankedRow) bool {
			return c.plans[a.Entry.Slug].HeadroomShare() < c.plans[b.Entry.Slug].HeadroomShare()
		}},
		{key: colConfig, label: "Configuration", cell: func(r rankedRow) string {
			o := best(r)
			return fmt.Sprintf("%d × %s, batch size limit %d", o.Replicas, o.Config.Hardware(), o.Config.MaxNumSeqs)
		}, less: func(a, b rankedRow) bool {
			x, y := sel(a), sel(b)
			if x.NumGPUs != y.NumGPUs {
				return x.NumGPUs < y.NumGPUs
			}
			return x.MaxNumSeqs < y.MaxNumSeqs
		}},
		figures(colActive, "Active", []data.Unit{{Size: 1, Name: "billions"}}, func(r rankedRow) float64 { return float64(r.Entry.ActiveParams) }),
	}
}

// The keys of plan mode's own columns.
const (
	colGPUs        = "gpus"
	colUtilisation = "utilisation"
	colHeadroom    = "headroom"
)

// batchWords is a configuration as the table names it: "H100 × 2, batch
// size limit 256", or "H100 × 2, batch size 4 (Ulysses 2 × ring 1)"; with
// of, as the list of models that miss the deadline does, "H100 × 2 with a
// batch size limit of 256".
func batchWords(s *data.Config, of bool) string {
	sep, a, split := ", ", " ", ""
	if of {
		sep, a = " with a ", " of "
	}
	batch := "batch size limit" + a + strconv.Itoa(s.MaxNumSeqs)
	if s.Diffusion() {
		batch, split = "batch size"+a+strconv.Itoa(s.BatchSize), " ("+s.Split()+")"
	}
	return s.Hardware() + sep + batch + split
}

// configWords says what the table's configuration is.
func (c *Compare) configWords() string {
	if k := c.kind(); k.Diffusion() {
		return fmt.Sprintf("The configuration is the GPUs generating the %s, the batch size (how many are generated together) and how the work is split over the GPUs.", k.Items)
	}
	return "The configuration is the GPUs serving the model and its batch size limit (max_num_seqs), the most requests they handle at once."
}

// renderTable is the models that meet the deadline as a table, in the order
// the reader chose; every header is a button that sorts by its column, and
// says so in aria-sort. Wider than a phone, it scrolls in its own box.
func (c *Compare) renderTable() app.UI {
	ranked, _, _ := c.groups()
	cols := c.columns()
	key := c.sortKey
	if key == "" {
		key = colRank
	}
	i := slices.IndexFunc(cols, func(col column) bool { return col.key == key })
	if i < 0 {
		i, key = 0, colRank
	}
	less := cols[i].less
	rows := slices.Clone(ranked)
	slices.SortStableFunc(rows, func(a, b rankedRow) int {
		switch {
		case less(a, b):
			return -1
		case less(b, a):
			return 1
		}
		return 0
	})
	if c.desc {
		slices.Reverse(rows)
	}
	// Each column of figures in one unit, said in its header.
	labels := make([]string, len(cols))
	units := make([]data.Unit, len(cols))
	for j, col := range cols {
		labels[j] = col.label
		if col.value != nil && col.units != nil {
			units[j] = col.unit(ranked)
			// The unit whole on a line: "g CO2e" never breaks.
			labels[j] += " (" + strings.ReplaceAll(units[j].Name, " ", "\u00a0") + ")"
		}
	}
	heads := make([]app.UI, len(cols))
	for j, col := range cols {
		th := app.Th().Scope("col").DataSet("col", col.key)
		mark := ""
		if col.key == key {
			dir := "ascending"
			mark = " ▲"
			if c.desc {
				dir, mark = "descending", " ▼"
			}
			th = th.Aria("sort", dir)
		}
		if units[j].Name != "" {
			th = th.DataSet("unit", units[j].Name)
		}
		heads[j] = th.Body(disabledUntilStart(app.Button().Type("button").ID("sort-"+col.key).Class("sort").
			Title("Sort by "+col.label).OnClick(c.onSort(col.key))).Body(
			app.Text(labels[j]), app.Span().Class("sort-mark").Aria("hidden", "true").Text(mark)))
	}
	body := make([]app.UI, len(rows))
	for j, r := range rows {
		cells := make([]app.UI, len(cols))
		for k, col := range cols {
			// data-label: a phone lays a row out as lines, each named.
			td := app.Td().DataSet("col", col.key).DataSet("label", labels[k])
			if col.key == colModel {
				a := app.A().Href(c.calcURL(r.Entry.Slug)).Text(r.Entry.Name).Title(c.openWords() + r.Entry.Name)
				if c.embedded {
					a = a.Target("_blank").Rel("noopener")
				}
				cells[k] = td.Body(a)
				continue
			}
			if col.cell != nil {
				cells[k] = td.Text(col.cell(r))
				continue
			}
			size := 1.0
			if units[k].Size != 0 {
				size = units[k].Size
			}
			cells[k] = td.Text(data.FormatNumber(col.value(r) / size))
		}
		tr := app.Tr().DataSet("model", r.Entry.Slug).Body(cells...)
		if r.Entry.Slug == c.q.Model {
			tr = tr.Class("current").Aria("current", "true")
		}
		body[j] = tr
	}
	class := "ranking card " + answerPart
	if c.planning {
		class += " planned" // a row a block of lines on a phone (web/style.css)
	}
	return app.Section().ID("ranking").Class(class).Aria("labelledby", "ranking-title").Body(
		app.H2().ID("ranking-title").Text("Ranking"),
		c.renderExample("ranking-example"),
		app.P().ID("ranking-note").Class("small").Text("The models that meet the deadline. A header sorts by its column; a model's name opens "+c.openWhere()+" with this state. "+
			c.configWords()),
		app.Div().Class("table-scroll").TabIndex(0).Role("region").Aria("label", "Ranking table, scrolls sideways").Body(
			app.Table().ID("ranking-table").Aria("describedby", "ranking-note").Body(
				app.THead().Body(app.Tr().Body(heads...)),
				app.TBody().Body(body...),
			),
		),
	)
}
