package ui

import (
	"slices"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"tokenjoule/data"
	"tokenjoule/data/export"
)

// The keys of the table's columns the page treats apart: the rank, its
// order by default, and the model, whose name is a link.
const (
	colRank  = "rank"
	colModel = "model"
)

// table is the ranking as the page draws it and downloads it: by a volume,
// or planned.
func (c *Compare) table() *export.Table {
	if c.planning {
		return export.PlanCompareTableIn(c.printer(), c.prk, c.foot.fp.Factors)
	}
	return export.CompareTableIn(c.printer(), c.rk, c.foot.fp.Factors)
}

// spreadWords says, where the table shows them, what the ranges under its
// figures past the GPU are.
func (c *Compare) spreadWords(shown bool) string {
	if !shown {
		return ""
	}
	return " " + c.tr("compare.spread")
}

// configWords says what the table's configuration is.
func (c *Compare) configWords() string {
	if k := c.kind(); k.Diffusion() {
		return c.tr("compare.config.diffusion", "items", c.tr("items."+k.Item+"s"))
	}
	return c.tr("compare.config.tokens")
}

// renderTable is the models that meet the deadline as a table, in the order
// the reader chose; every header is a button that sorts by its column, and
// says so in aria-sort. Wider than a phone, it scrolls in its own box.
// Below the first screen, it is kept as prerendered while the page starts
// (later).
func (c *Compare) renderTable() app.UI {
	class := "ranking card " + answerPart
	if c.planning {
		class += " planned" // a row a block of lines on a phone (web/style.css)
	}
	return later(app.Section().ID("ranking").Class(class).Aria("labelledby", "ranking-title"), c.tableBody)
}

// tableBody is the ranking's title, note and table.
func (c *Compare) tableBody() []app.UI {
	t := c.table()
	ranked, cols := t.Meets(), t.Columns(export.Page)
	key := c.sortKey
	if key == "" {
		key = colRank
	}
	i := slices.IndexFunc(cols, func(col export.Column) bool { return col.ID() == key })
	if i < 0 {
		i, key = 0, colRank
	}
	rows := slices.Clone(ranked)
	slices.SortStableFunc(rows, func(a, b export.Ranked) int {
		switch {
		case cols[i].Less(a, b):
			return -1
		case cols[i].Less(b, a):
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
		labels[j] = col.Label(export.Page)
		if u, ok := col.Unit(ranked); ok {
			units[j] = u
			// The unit whole on a line: "g CO2e" never breaks.
			name := u.Name
			if name == "billions" { // the one unit in words
				name = c.tr("col.billions")
			}
			labels[j] += " (" + strings.ReplaceAll(name, " ", "\u00a0") + ")"
		}
	}
	heads := make([]app.UI, len(cols))
	for j, col := range cols {
		th := app.Th().Scope("col").DataSet("col", col.ID())
		mark := ""
		if col.ID() == key {
			dir := "ascending" // aria-sort's value, not words
			mark = " ▲"
			if c.desc {
				dir, mark = "descending", " ▼"
			}
			th = th.Aria("sort", dir)
		}
		if units[j].Name != "" {
			th = th.DataSet("unit", units[j].Name)
		}
		heads[j] = th.Body(disabledUntilStart(app.Button().Type("button").ID("sort-"+col.ID()).Class("sort").
			Title(c.tr("compare.sort", "column", col.Label(export.Page))).OnClick(c.onSort(col.ID()))).Body(
			app.Text(labels[j]), app.Span().Class("sort-mark").Aria("hidden", "true").Text(mark)))
	}
	body := make([]app.UI, len(rows))
	spread := false
	for j, r := range rows {
		cells := make([]app.UI, len(cols))
		for k, col := range cols {
			// data-label: a phone lays a row out as lines, each named.
			td := app.Td().DataSet("col", col.ID()).DataSet("label", labels[k])
			if col.ID() == colModel {
				a := app.A().Href(c.calcURL(r.Entry.Slug)).Text(r.Entry.Name).Title(c.openWords(r.Entry.Name))
				if c.embedded {
					a = a.Target("_blank").Rel("noopener")
				}
				cells[k] = td.Body(a)
				continue
			}
			cell := []app.UI{app.Text(col.PageIn(c.printer(), r, units[k]))}
			if rng := col.PageRangeIn(c.printer(), r, units[k]); rng != "" {
				cell = append(cell, app.Span().Class("cell-range").Title(c.tr("compare.spread.title")).Text(rng))
				spread = true
			}
			cells[k] = td.Body(cell...)
		}
		tr := app.Tr().DataSet("model", r.Entry.Slug).Body(cells...)
		if r.Entry.Slug == c.q.Model {
			tr = tr.Class("current").Aria("current", "true")
		}
		body[j] = tr
	}
	return []app.UI{
		app.H2().ID("ranking-title").Text(c.tr("compare.ranking")),
		c.renderExample("ranking-example"),
		app.P().ID("ranking-note").Class("small").Text(c.tr(c.noteKey()) + " " + c.configWords() + c.spreadWords(spread)),
		app.Div().Class("table-scroll").TabIndex(0).Role("region").Aria("label", c.tr("compare.table.label")).Body(
			app.Table().ID("ranking-table").Aria("describedby", "ranking-note").Body(
				app.THead().Body(app.Tr().Body(heads...)),
				app.TBody().Body(body...),
			),
		),
	}
}
