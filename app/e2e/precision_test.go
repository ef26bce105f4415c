package e2e

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"tokenjoule/app/cli"
	"tokenjoule/app/state"
	"tokenjoule/data"
)

// TestEdgeOfTheDeadline: Llama 3.1 70B Instruct on lm-arena-chat, on H100, at a 20 ms median deadline. Its configuration at a
// batch size limit of 32 was measured at 20.047 ms (its row says 20.0) and
// misses the deadline; the leaderboard selects the one at 16 (17.7 ms),
// 2.0910 J per token, 741.1 J per request. The calculator page, its
// summary, the compare page, its CSV and its summary select what the
// command line selects, with the leaderboard's figures.
func TestEdgeOfTheDeadline(t *testing.T) {
	_, bctx := browserTest(t)
	origin := cspSite(t, "").URL
	q := data.Query{Task: "lm-arena-chat", Model: "llama-3-1-70b-instruct", GPU: "H100", DeadlineMS: 20, Percentile: data.P50, Tokens: 1e6}
	const (
		selected    = "llama-3-1-70b-instruct/H100/4/16"
		missed      = "llama-3-1-70b-instruct/H100/4/32"
		jPerToken   = 2.0910101791292157 // the leaderboard's energy_per_token_joules of the row
		jPerRequest = 741.1058743374467  // and its energy_per_request_joules
	)
	energy := data.FormatEnergy(jPerToken * q.Tokens / 3600)
	request := data.FormatJoules(jPerRequest)

	run := func(args ...string) []byte {
		t.Helper()
		var out, errs bytes.Buffer
		if code := cli.Run(args, &out, &errs); code != 0 {
			t.Fatalf("tokenjoule %s: exit %d, %s", strings.Join(args, " "), code, errs.String())
		}
		return out.Bytes()
	}
	var calc struct {
		EnergyWh   float64 `json:"energy_wh"`
		PerRequest float64 `json:"energy_per_request_j"`
		Selected   struct {
			RowID string `json:"row_id"`
		}
	}
	if err := json.Unmarshal(run("calc", "-task", q.Task, "-model", q.Model, "-gpu", q.GPU, "-deadline", "20", "-tokens", "1M", "-json"), &calc); err != nil {
		t.Fatal(err)
	}
	if calc.Selected.RowID != selected || calc.PerRequest != jPerRequest || data.FormatEnergy(calc.EnergyWh) != energy {
		t.Errorf("calc -json selects %s at %v J per request and %v Wh; want %s, %v J, %s", calc.Selected.RowID, calc.PerRequest, calc.EnergyWh, selected, jPerRequest, energy)
	}
	copied := func(tb *tab) string {
		t.Helper()
		setClipboard(t, tb, origin, cdpbrowser.PermissionSettingGranted)
		tb.do(chromedp.Click(chromedp.ID("copy-summary")))
		tb.waitText("#share-status", "Summary copied to the clipboard.")
		clip, err := clipboardText(tb)
		if err != nil {
			t.Fatal(err)
		}
		return clip
	}

	t.Run("Calculator", func(t *testing.T) {
		tb := newTab(t, bctx, origin)
		tb.open(state.String(q))
		tb.waitText("#cfg-row", selected)
		for sel, want := range map[string]string{"#energy": energy, "#energy-per-request": request, "#cfg-itl-p50": "17.7 ms"} {
			if got := tb.text(sel); got != want {
				t.Errorf("%s = %q, want %q", sel, got, want)
			}
		}
		// The chart shows the configuration that misses by 0.047 ms as
		// missing, in figures that say so.
		series, _, _ := tb.chart("chart-latency")
		var tip string
		for _, s := range series {
			for _, n := range s.Names {
				if strings.Contains(n, missed) {
					tip = n
				}
			}
		}
		if !strings.Contains(tip, "20.05 ms: misses the 20 ms deadline") {
			t.Errorf("the tooltip of %s reads %q, want it to miss the deadline at 20.05 ms", missed, tip)
		}
		summary := copied(tb)
		for _, want := range []string{energy, request, "H100 × 4, max_num_seqs 16; dataset row " + selected} {
			if !strings.Contains(summary, want) {
				t.Errorf("the summary %q lacks %q", summary, want)
			}
		}
	})

	t.Run("Compare", func(t *testing.T) {
		tb := newTab(t, bctx, origin)
		dl := captureDownloads(t, bctx)
		tb.openURL(origin + comparePath(q))
		tb.view().waitFor(`!!document.querySelector('#ranking-table tr[data-model="llama-3-1-70b-instruct"]')`, "Llama 3.1 70B's row")
		page := rows(tb.view())
		i := slices.IndexFunc(page, func(r row) bool { return r["slug"] == q.Model })
		if want := (row{"config": "H100 × 4, batch size limit 16", "request": request, "energy": energy, "jpt": "2.091"}); i < 0 ||
			page[i]["config"] != want["config"] || page[i]["request"] != want["request"] || page[i]["energy"] != want["energy"] || page[i]["jpt"] != want["jpt"] {
			t.Errorf("the page's row: %v, want %v", page[max(i, 0)], want)
		}

		tb.do(chromedp.Click(chromedp.ID("download-csv")))
		got := dl.expect(t, "tokenjoule-lm-arena-chat-H100-20ms-p50-1M.csv")
		// With the carbon and water the page shows by default, which the
		// command line shows only when asked.
		if cliCSV := run("compare", "-task", q.Task, "-gpu", q.GPU, "-deadline", "20", "-tokens", "1M", "-csv",
			"-grid", state.DefaultGrid, "-wue", state.DefaultWUE); !bytes.Equal(got, cliCSV) {
			t.Errorf("the page's CSV differs from compare -csv:\n%s\nwant\n%s", got, cliCSV)
		}
		records, err := csv.NewReader(bytes.NewReader(got)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		col := map[string]int{}
		for j, k := range records[0] {
			col[k] = j
		}
		for _, rec := range records[1:] {
			if rec[col["model"]] == q.Model && (rec[col["row_id"]] != selected || rec[col["energy_per_request_j"]] != fmt.Sprint(jPerRequest)) {
				t.Errorf("the CSV's line for %s: row %s, %s J per request; want %s, %v", q.Model, rec[col["row_id"]], rec[col["energy_per_request_j"]], selected, jPerRequest)
			}
		}

		if summary, want := copied(tb), fmt.Sprintf("Llama 3.1 70B Instruct, %s (2.091\u00a0J/output token", energy); !strings.Contains(summary, want) {
			t.Errorf("the summary %q lacks %q", summary, want)
		}
	})
}
