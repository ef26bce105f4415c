package e2e

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/plan"
)

// TestComparePlansNarrow: the compare page in plan mode, full and
// embedded, from a phone's width to a desktop's: each row shows its model,
// its energy a day and its GPUs (data/plan's) whole, inside the window and
// the table's box, and the page never scrolls sideways.
func TestComparePlansNarrow(t *testing.T) {
	set, bctx := browserTest(t)
	origin := cspSite(t, "").URL
	q := data.Query{Task: "gpqa", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 1e6}
	tr := plan.DefaultTraffic()
	rk, err := plan.Compare(set, q, tr)
	if err != nil {
		t.Fatal(err)
	}
	// Energy a day in the column's unit (data.ColumnUnit, said in its
	// header).
	want := map[string][2]string{} // by slug: energy a day, GPUs
	var day []float64
	for _, r := range rk.Models {
		if r.Status() == data.Meets {
			day = append(day, r.Plan.Best().WhPerDay)
		}
	}
	for _, r := range rk.Models {
		if r.Status() == data.Meets {
			b := r.Plan.Best()
			n, _, _ := strings.Cut(inUnit(b.WhPerDay, day, data.Energy...), " ")
			want[r.Entry.Slug] = [2]string{n, strconv.Itoa(b.GPUs)}
		}
	}
	if len(want) < 5 {
		t.Fatalf("the test needs a long ranking, got %d models", len(want))
	}
	for _, path := range []string{"/compare", "/embed/compare"} {
		t.Run(path, func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, bctx, origin)
			for i, width := range []int64{360, 479, 480, 1440} {
				tb.do(chromedp.EmulateViewport(width, 900))
				if i == 0 {
					tb.openURL(origin + path + "?" + state.String(q) + "&" + state.TrafficString(tr))
				}
				v := tb.view()
				v.waitFor(`!!document.querySelector("#ranking-table tbody tr")`, "the ranking")
				v.expectNoSidewaysScroll(fmt.Sprintf("%s in plan mode at %d px", path, width))
				// Each cell's box, clipped by the window and by the
				// table's own box, which may scroll sideways.
				cells := evalIn[[]map[string]any](v, `(() => {
					const box = document.querySelector(".table-scroll").getBoundingClientRect();
					const left = Math.max(0, box.left), right = Math.min(innerWidth, box.right);
					return [...document.querySelectorAll("#ranking-table tbody tr")].flatMap(tr =>
						["model", "energy", "gpus"].map(col => {
							const td = tr.querySelector("td[data-col=" + col + "]"), r = td.getBoundingClientRect();
							const shown = td.checkVisibility() && r.width > 0 && r.left >= left - 0.5 && r.right <= right + 0.5;
							return {slug: tr.dataset.model, col, text: td.textContent.replace(td.dataset.label ?? "", "").trim(), shown};
						})) })()`)
				if len(cells) != 3*len(want) {
					t.Fatalf("%d px: %d cells, want 3 for each of %d models", width, len(cells), len(want))
				}
				for _, c := range cells {
					slug, col := c["slug"].(string), c["col"].(string)
					if c["shown"] != true {
						t.Errorf("%d px: %s's %s is cut off or hidden", width, slug, col)
					}
					if w, ok := map[string]string{"energy": want[slug][0], "gpus": want[slug][1]}[col]; ok && c["text"] != w {
						t.Errorf("%d px: %s's %s reads %q, want %q", width, slug, col, c["text"], w)
					}
				}
				if width == 360 && path == "/compare" {
					tb.shot("compare-plan-narrow")
				}
			}
		})
	}
}
