package e2e

// A live card against data changed since it was embedded: the snippet the
// Embed dialog gives records the data and the figure it was made with, and
// a site serving other data says, beside the new figure, what it read.

import (
	"bufio"
	"context"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"tokenjoule/data"
)

// changedDataset is a copy of the embedded dataset as a new import could
// make it: a new data version and compilation date, and every Reasoning
// model's energy a tenth higher (the workload's rows alone, without the
// measured values that measured.bin holds bit for bit).
func changedDataset(t *testing.T) (dir, version, compiled string) {
	t.Helper()
	gen, err := data.Current(os.DirFS(filepath.Join(repoRoot, "data", "dataset")))
	if err != nil {
		t.Fatal(err)
	}
	dir = t.TempDir()
	if err := copyTree(filepath.Join(repoRoot, "data", "dataset", gen), dir); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "gpqa", data.MeasuredFile)); err != nil {
		t.Fatal(err)
	}
	version, compiled = "2027-01-15", "2026-11-30"
	energy := regexp.MustCompile(`"(joules_per_output_token|wh_per_million_output_tokens)": ([0-9.]+)`)
	err = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		s := regexp.MustCompile(`"data_version": "[0-9-]+"`).ReplaceAllString(string(b), `"data_version": "`+version+`"`)
		s = regexp.MustCompile(`"compiled": "[0-9-]+"`).ReplaceAllString(s, `"compiled": "`+compiled+`"`)
		if filepath.Base(filepath.Dir(path)) == "gpqa" {
			s = energy.ReplaceAllStringFunc(s, func(m string) string {
				p := energy.FindStringSubmatch(m)
				v, _ := strconv.ParseFloat(p[2], 64)
				return fmt.Sprintf(`"%s": %s`, p[1], strconv.FormatFloat(v*1.1, 'g', 8, 64))
			})
		}
		return os.WriteFile(path, []byte(s), 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir, version, compiled
}

// serveDataset serves the app as tokenjoule serve does, its pages
// prerendered for each query from the dataset in dir, and returns its origin.
func serveDataset(t *testing.T, dir string) string {
	t.Helper()
	root := builtWeb(t)
	cmd := exec.Command(filepath.Join(root, "bin", "sitebuild"), "-root", root, "-dataset", dir, "-listen", "127.0.0.1:0")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	addr, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("serving the changed dataset: %v", err)
	}
	return "http://" + strings.TrimSpace(addr)
}

var snippetSrc = regexp.MustCompile(`<iframe src="([^"]+)"`)

// TestCardUpdated takes the live snippet of each card from the Embed
// dialog, then loads its frame from a site whose data have changed since:
// the card shows the new figure, and beside it the date of the new data and
// what it read when embedded; from the site it was made on, no such note.
func TestCardUpdated(t *testing.T) {
	set, bctx := browserTest(t)
	origin := cspSite(t, "").URL
	dir, version, compiled := changedDataset(t)
	changed, err := data.LoadFS(os.DirFS(dir))
	if err != nil {
		t.Fatalf("loading the changed dataset: %v", err)
	}
	if changed.Index.DataVersion != version || changed.Index.DataVersion == set.Index.DataVersion {
		t.Fatalf("the changed dataset's version is %q", changed.Index.DataVersion)
	}
	other := serveDataset(t, dir)
	q := data.Query{Task: "gpqa", Model: "gpt-oss-120b", GPU: "B200", DeadlineMS: 30, Percentile: data.P50, Tokens: 10e9}
	now := cardPages(t, changed, q)
	for i, c := range cardPages(t, set, q) {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if now[i].figure == c.figure {
				t.Fatalf("the changed dataset gives the same figure %q: the test needs another", c.figure)
			}
			m := snippetSrc.FindStringSubmatch(liveSnippet(t, bctx, origin, c.page, c.title))
			if m == nil {
				t.Fatal("no frame in the snippet")
			}
			src := html.UnescapeString(m[1])
			path := strings.TrimPrefix(src, origin)

			// The site of the changed data, its page as prerendered: with
			// scripts off, the app there (whose wasm embeds the old data)
			// does not replace it.
			tb := newTab(t, bctx, other, chromedp.EmulateViewport(720, 900), chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
				_, err := cdp.Call(ctx, tg, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
				return err
			}))
			tb.noApp = true
			tb.do(chromedp.Navigate(other+path), chromedp.WaitReady(chromedp.CSS("#result")))
			got := eval[map[string]string](tb, `(() => { const n = document.querySelector("#figure-updated"), f = n?.previousElementSibling;
				return {note: n?.textContent ?? "", before: f?.id || f?.querySelector("[id]")?.id || "", result: document.querySelector("#result").textContent} })()`)
			want := fmt.Sprintf("Updated with data of %s; when this was embedded it read %s.", compiled, firstEnergy(t, c.figure))
			if got["note"] != want {
				t.Errorf("the card on the changed data says %q, want %q", got["note"], want)
			}
			if got["before"] != "energy" && got["before"] != "answer" {
				t.Errorf("the note follows #%s, not the figure", got["before"])
			}
			if !strings.Contains(got["result"], now[i].figure) {
				t.Errorf("the card on the changed data does not show its figure %q: %s", now[i].figure, got["result"])
			}
			tb.shot("card-updated-" + c.name)

			// The site it was made on: the same data, no note.
			same := newTab(t, bctx, origin, chromedp.EmulateViewport(720, 900))
			same.openURL(src)
			if same.has("#figure-updated") {
				t.Errorf("the card on the data it was made with says %q", same.text("#figure-updated"))
			}
		})
	}
}

// firstEnergy is the first energy a card's figure or answer says.
func firstEnergy(t *testing.T, s string) string {
	t.Helper()
	m := regexp.MustCompile(`[0-9][0-9.,]* [kMGT]?Wh`).FindString(s)
	if m == "" {
		t.Fatalf("no energy in %q", s)
	}
	return m
}
