package ui

import (
	"fmt"
	"strings"
	"testing"

	"tokenjoule/app/cardhtml"
	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/footprint"
	"tokenjoule/data/plan"
)

// The snippet is the iframe for the author's choices, escaped for an
// attribute, at the height the preview reported for its src and width (an
// estimate until then), then the README's script.
func TestBuilderSnippet(t *testing.T) {
	set, err := dataset()
	if err != nil {
		t.Fatal(err)
	}
	q := data.DefaultQuery()
	r, err := set.Select(q)
	if err != nil {
		t.Fatal(err)
	}
	b := &Builder{Query: q, Result: r, Footprint: state.DefaultFootprint()}
	b.OnInit()
	b.origin = "https://example.org"
	b.look.Hidden = state.AllHidden() // kept for the interactive layout only
	if got, want := b.query(), state.String(q)+"&layout=card"; got != want {
		t.Errorf("card query %q, want %q", got, want)
	}
	amp := strings.ReplaceAll(state.String(q), "&", "&amp;")
	title := cardhtml.Escape(export.CardOf(r, b.Footprint.Factors).Title)
	// The card's record of the data and the figure it is made with, its
	// energy to the four digits the card shows.
	made := fmt.Sprintf("&amp;made=%s&amp;made_wh=%s", set.Index.DataVersion, strings.TrimSuffix(fmt.Sprintf("%.4g", r.Estimate.EnergyWh), ".0"))
	if got := data.FormatEnergy(r.Estimate.EnergyWh); !strings.HasPrefix(strings.ReplaceAll(made[strings.LastIndex(made, "=")+1:], ".", ""), strings.ReplaceAll(strings.Fields(got)[0], ".", "")) {
		t.Fatalf("the test's record %s does not read as the card's figure %s", made, got)
	}
	// Before any frame reports, the card's estimated height at a phone's
	// width, and an article's column as its largest width.
	want := `<iframe src="https://example.org/embed?` + amp + `&amp;layout=card` + made + `" title="` + title + `" loading="lazy" height="420"` +
		` style="width:100%;max-width:720px;border:0"></iframe>` + "\n<script>\n" + resizeScript("https://example.org/embed") + "</script>"
	if got := b.snippet(); got != want {
		t.Errorf("snippet =\n%s\nwant\n%s", got, want)
	}
	// The preview's height at 720 px is the preview's, not the snippet's;
	// the height reported at 360 px is the snippet's.
	b.heights[b.previewSrc()+"@720"] = 287
	if got := b.previewHeight(); got != 287 {
		t.Errorf("the preview's height %d, want the 287 px it reported", got)
	}
	if got := b.snippet(); got != want {
		t.Errorf("the preview's height at 720 px changed the snippet: %s", got)
	}
	b.heights[b.previewSrc()+"@360"] = 431
	pinned := strings.Replace(want, ` height="420"`, ` height="431"`, 1)
	if got := b.snippet(); got != pinned {
		t.Errorf("snippet ignores the height at 360 px:\n%s\nwant\n%s", got, pinned)
	}
	// Previewing at a phone's width changes nothing in the snippet.
	b.width = 360
	if got := b.snippet(); got != pinned {
		t.Errorf("snippet previewed at 360 px:\n%s\nwant\n%s", got, pinned)
	}
	b.look.Layout, b.look.Theme = state.LayoutInteractive, "dark"
	if got, want := b.query(), state.String(q)+"&theme=dark&hide=all"; got != want {
		t.Errorf("interactive query %q, want %q", got, want)
	}
}

// The card's picture says what the card says, then the source, the
// citation and the link.
func TestCardBlocks(t *testing.T) {
	set, _ := dataset()
	r, _ := set.Select(data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 2.5e9})
	f := footprint.Factors{}.WithBoundary("cloud")
	f.Grid, _ = footprint.Grid.Parse("world")
	c := export.CardOf(r, f)
	const link = "https://example.org/?task=gpqa"
	var text []string
	for _, b := range cardBlocks(c, link) {
		text = append(text, b.Text)
	}
	all := strings.Join(text, "\n")
	// Past the GPU, its range too (footprint.Spread.Line).
	for _, want := range append([]string{c.Title, c.Context, c.Figure, c.Label, c.Comparison, c.Range, c.Caveat,
		"ML.ENERGY Leaderboard v3", r.Model.Source.Cite, link, "Published spread, not a confidence interval: "}, c.Totals...) {
		if want == "" || !strings.Contains(all, want) {
			t.Errorf("the picture lacks %q:\n%s", want, all)
		}
	}
}

// Natively (as when prerendering) appURL leaves the sub-path to go-app's
// resolver; the browser tests check the other branch under /repo/.
func TestAppURLServer(t *testing.T) {
	if got := appURL("/", "task=gpqa"); got != "/?task=gpqa" {
		t.Errorf(`appURL("/", "task=gpqa") = %q`, got)
	}
	if got := appURL("/embed", ""); got != "/embed" {
		t.Errorf(`appURL("/embed", "") = %q`, got)
	}
}

// The builder of each page names its layouts' pictures after the page's
// question and writes their alt text, for every chart of the page.
func TestBuilderPictures(t *testing.T) {
	set, _ := dataset()
	q := data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 2.5e9}
	r, _ := set.Select(q)
	tr := plan.Traffic{Rate: data.Rate{Tokens: 1e9, Per: data.Day}, Peak: 2}
	p, err := plan.Make(set, q, tr)
	if err != nil {
		t.Fatal(err)
	}
	calc := &Builder{Query: q, Result: r}
	planned := &Builder{Query: q, Plan: p}
	for _, c := range []struct {
		b      *Builder
		charts []string
		names  []string
	}{
		{calc, state.Charts, []string{"latency", "concurrency", "power"}},
		{planned, state.PlanCharts, state.PlanCharts},
	} {
		c.b.OnInit()
		c.b.look.Layout = state.LayoutChart
		for i, chart := range c.charts {
			c.b.look.Chart = chart
			if got, want := c.b.chartFilename(), c.b.filename(c.names[i]+".png"); got != want || !strings.HasSuffix(got, "."+c.names[i]+".png") {
				t.Errorf("%s: picture %q, want %q", chart, got, want)
			}
			headline, _, _, option, err := c.b.chart()
			if err != nil || len(option) == 0 || !strings.HasPrefix(c.b.alt(), "Chart: "+headline+". ") {
				t.Errorf("%s: option %d bytes, %v; alt %q", chart, len(option), err, c.b.alt())
			}
		}
	}
	if got, want := planned.filename("card.png"), export.PlanFilename(p, "card.png"); got != want {
		t.Errorf("the plan's card picture %q, want %q", got, want)
	}
	if got := planned.path(); got != "/embed/plan" {
		t.Errorf("the plan's embed is at %q", got)
	}
	if got := calc.path(); got != "/embed" {
		t.Errorf("the calculator's embed is at %q", got)
	}
}
