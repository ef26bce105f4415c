package export

import (
	"strings"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
	"tokenjoule/data/plan"
)

// A Table is a table of models, each column declared once for every place
// it is written: the downloads (CSV, JSON), the page's table and the
// command line's text. CompareTable and PlanCompareTable make the two there
// are; a column added to one of their parts appears in each output that
// part reaches, with its unit, in its place.
//
// The columns come in parts, which each output lays out in its own order
// (Columns): the downloads keep the documented order (the package doc), who
// then what then how; the command line puts what the energy comes to past
// the GPU beside it; the page leads with the figures a reader sorts by and
// leaves the model's size for last.
type Table struct {
	// Rows holds every model of the ranking, in its order. The readers'
	// tables show those that meet the deadline (Meets).
	Rows []Ranked

	Model     []Column // who: rank, slug, name, status
	Size      []Column // the model's parameters
	Fleet     []Column // a plan's GPUs and their load
	Energy    []Column // the energy asked for
	Detail    []Column // what else follows from the configuration
	Footprint []Column // what the energy comes to past the GPU, for the factors set
	Config    []Column // the configuration, and the deadline a model that misses would meet
}

// Ranked is one line of a Table: a model, its rank in the ranking (1 for
// the least energy) and, in a planned comparison, its plan.
type Ranked struct {
	Rank int
	*data.Ranked
	Plan *plan.Plan // nil but in a planned comparison, and there for a model not measured
}

// An Output is a place a Table is written.
type Output uint8

const (
	CSV  Output = 1 << iota // the CSV download, compare -csv
	JSON                    // the JSON download, compare -json
	Page                    // the page's table
	Text                    // the command line's table

	files   = CSV | JSON
	readers = Page | Text
)

// Columns are the columns written in o, in its order.
func (t *Table) Columns(o Output) []Column {
	parts := [][]Column{t.Model, t.Size, t.Fleet, t.Energy, t.Detail, t.Footprint, t.Config}
	switch o {
	case Text:
		parts = [][]Column{t.Model, t.Size, t.Energy, t.Footprint, t.Fleet, t.Detail, t.Config}
	case Page:
		parts = [][]Column{t.Model, t.Energy, t.Fleet, t.Detail, t.Footprint, t.Config, t.Size}
	}
	var cols []Column
	for _, p := range parts {
		for _, c := range p {
			if c.outputs()&o != 0 {
				cols = append(cols, c)
			}
		}
	}
	return cols
}

// Meets are the rows of the models that meet the deadline, in rank order:
// the lines of the readers' tables.
func (t *Table) Meets() []Ranked {
	var rows []Ranked
	for _, r := range t.Rows {
		if r.Status() == data.Meets {
			rows = append(rows, r)
		}
	}
	return rows
}

// CSV is the table as CSV: a header of keys with their units, then one line
// per model in rank order. Numbers are written in full, unformatted; a
// figure a model does not have is empty.
func (t *Table) CSV() []byte {
	cols := t.Columns(CSV)
	head := make([]string, len(cols))
	for j, c := range cols {
		head[j] = c.key
	}
	return csvTable(head, len(t.Rows), func(i, j int) any { return cols[j].file(t.Rows[i]) })
}

// Objects are the table's JSON objects, one per model in rank order: a
// figure a model does not have is null, or left out where its column says so.
func (t *Table) Objects() []Object {
	cols := t.Columns(JSON)
	out := make([]Object, len(t.Rows))
	for i, r := range t.Rows {
		o := make(Object, 0, len(cols))
		for _, c := range cols {
			if v := c.file(r); v != nil || !c.sparse {
				o = append(o, Field{c.key, v})
			}
		}
		out[i] = o
	}
	return out
}

// JSON is Objects as an indented array ending in a newline.
func (t *Table) JSON() ([]byte, error) { return indent(t.Objects()) }

// A Column is one column of a Table: its names, the outputs it is written
// in, its figure (or words) per model, and how each output writes it.
type Column struct {
	id        string // the page's name of it (data-col, sort-<id>)
	key       string // the downloads' key, its unit in its name (energy_wh)
	label     string // the readers' header
	textLabel string // the command line's header, where it is not label
	in        Output // the outputs that write it; 0: the downloads if it has a key, the readers' tables if it has a label
	sparse    bool   // JSON leaves the key out where the model has no figure, rather than write null

	// value is the model's figure (a float64, data.Float or int) in the
	// base unit of scale, or its words (a string); nil where it has none.
	value func(Ranked) any
	scale scale
	less  func(a, b Ranked) bool // the page's order; nil orders by value

	// low and high are, for a figure past the GPU, the model's figure at
	// either end of the published spread of its factors (the columns
	// <key>_low and <key>_high of the downloads); nil for any other.
	low, high func(Ranked) any
}

// A scale is how a column's figures are rounded and given a unit. The
// downloads write them in full; the page in one unit per column, said in
// its header (data.ColumnUnit of units, chosen from the middle figure); the
// command line each in its own unit (text).
type scale struct {
	units []data.Unit          // the page's, largest first; nil where the label says the unit, or none
	page  func(float64) string // the page's figure where units is nil; nil is data.FormatNumber
	text  func(float64) string // the command line's figure; nil is data.FormatNumber
	file  float64              // the downloads' unit in the base unit (1e3: kWh of a scale in Wh); 0 is the base unit
}

// The scales of the tables' figures.
var (
	wattHours     = scale{units: data.Energy, text: data.FormatEnergy}
	kilowattHours = scale{units: data.Energy, text: data.FormatEnergy, file: 1e3} // figures in Wh, downloaded in kWh
	joules        = scale{units: data.Joules, text: data.FormatJoules}
	// joulesEach is an energy in J under a label that says so ("J/image"):
	// bare figures on the page, each in J, kJ… on the command line.
	joulesEach = scale{text: data.FormatJoules}
	billions   = scale{units: []data.Unit{{Size: 1, Name: "billions"}}}
	percent    = scale{page: plan.FormatPercent, text: plan.FormatPercent}
	growth     = scale{page: data.FormatGrowth, text: data.FormatGrowth}
)

// outputs are the outputs that write c.
func (c *Column) outputs() Output {
	if c.in != 0 {
		return c.in
	}
	var o Output
	if c.key != "" {
		o |= files
	}
	if c.label != "" {
		o |= readers
	}
	return o
}

// ID is the page's name of the column: its cells' data-col, its sort
// button's id after "sort-".
func (c *Column) ID() string { return c.id }

// Label is the column's header in o: its key in the downloads.
func (c *Column) Label(o Output) string {
	switch {
	case o&files != 0:
		return c.key
	case o == Text && c.textLabel != "":
		return c.textLabel
	}
	return c.label
}

// Unit is the one unit the page writes the column in for rows, said in its
// header (data.ColumnUnit); false for a column of words or of figures whose
// label says their unit.
func (c *Column) Unit(rows []Ranked) (data.Unit, bool) {
	if c.scale.units == nil {
		return data.Unit{}, false
	}
	values := make([]float64, 0, len(rows))
	for _, r := range rows {
		if v, ok := number(c.value(r)); ok {
			values = append(values, v)
		}
	}
	return data.ColumnUnit(values, c.scale.units...), true
}

// Page is the page's cell of r, in the column's unit u (from Unit).
func (c *Column) Page(r Ranked, u data.Unit) string {
	v := c.value(r)
	x, ok := number(v)
	switch {
	case !ok:
		s, _ := v.(string)
		return s
	case u.Size != 0:
		return data.FormatNumber(x / u.Size)
	case c.scale.page != nil:
		return c.scale.page(x)
	}
	return data.FormatNumber(x)
}

// PageIn is Page in p's language: its figure in the language's format.
func (c *Column) PageIn(p data.Printer, r Ranked, u data.Unit) string {
	s := c.Page(r, u)
	if _, ok := number(c.value(r)); !ok {
		return s
	}
	if strings.HasSuffix(s, "%") {
		return p.Lang.Percent(s)
	}
	return p.Lang.Number(s)
}

// PageRangeIn is PageRange in p's language: "1,2–56".
func (c *Column) PageRangeIn(p data.Printer, r Ranked, u data.Unit) string {
	low, high, ok := strings.Cut(c.PageRange(r, u), "–")
	if !ok {
		return ""
	}
	return p.Lang.Number(low) + "–" + p.Lang.Number(high)
}

// PageRange is the page's published spread of r's figure, in the column's
// unit u, each end rounded outward to two significant digits ("1.2–56"):
// "" where the column has none or r's figure does not spread.
func (c *Column) PageRange(r Ranked, u data.Unit) string {
	if c.low == nil || c.high == nil {
		return ""
	}
	lo, ok := number(c.low(r))
	hi, ok2 := number(c.high(r))
	if !ok || !ok2 || lo == hi {
		return ""
	}
	if u.Size == 0 {
		u.Size = 1
	}
	return footprint.Range{Low: lo / u.Size, High: hi / u.Size}.Ends()
}

// Text is the command line's cell of r, and whether it is a figure (which
// the table aligns right) rather than words.
func (c *Column) Text(r Ranked) (string, bool) {
	v := c.value(r)
	x, ok := number(v)
	switch {
	case !ok:
		s, _ := v.(string)
		return s, false
	case c.scale.text != nil:
		return c.scale.text(x), true
	}
	return data.FormatNumber(x), true
}

// Less orders the page's rows by the column: by its own order, or by
// figure, or by words as people order names (data.NaturalLess).
func (c *Column) Less(a, b Ranked) bool {
	if c.less != nil {
		return c.less(a, b)
	}
	x, y := c.value(a), c.value(b)
	if s, ok := x.(string); ok {
		t, _ := y.(string)
		return data.NaturalLess(s, t)
	}
	p, _ := number(x)
	q, _ := number(y)
	return p < q
}

// file is r's value as the downloads write it, in the downloads' unit.
func (c *Column) file(r Ranked) any {
	v := c.value(r)
	if x, ok := v.(float64); ok && c.scale.file != 0 {
		return x / c.scale.file
	}
	return v
}

// number is v as a figure; false for words or none.
func number(v any) (float64, bool) {
	switch v := v.(type) {
	case float64:
		return v, true
	case data.Float:
		return float64(v), true
	case int:
		return float64(v), true
	}
	return 0, false
}
