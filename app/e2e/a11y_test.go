package e2e

// Accessibility in the browser: axe-core (WCAG 2.2 A and AA, and its best
// practices) on every state a reader meets, light and dark; the Embed
// dialog's keyboard behaviour; and the whole calculator by keyboard alone.

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"html"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"tokenjoule/app/state"
	"tokenjoule/data"
)

// axePath is where `make axe` puts axe-core, outside web/: the site never
// serves it.
const axePath = ".cache/axe.min.js"

var (
	axeOnce   sync.Once
	axeSource string
	axeErr    error
)

// axeScript is axe-core's source, checked against the checksum `make axe`
// checks it against. The test skips where it is missing (fails in CI).
func axeScript(t *testing.T) string {
	t.Helper()
	axeOnce.Do(func() {
		b, err := os.ReadFile(filepath.Join(repoRoot, axePath))
		if err != nil {
			axeErr = err
			return
		}
		want, err := checksum(filepath.Join("testdata", "axe.sha256"), axePath)
		if err != nil {
			axeErr = err
			return
		}
		if sum := sha256.Sum256(b); hex.EncodeToString(sum[:]) != want {
			axeErr = fmt.Errorf("%s does not match testdata/axe.sha256: run `make axe` again", axePath)
			return
		}
		axeSource = string(b)
	})
	if os.IsNotExist(axeErr) {
		need(t, "accessibility tests need %s: run `make axe` (npm pack axe-core, checked against app/e2e/testdata/axe.sha256)", axePath)
	}
	if axeErr != nil {
		t.Fatal(axeErr)
	}
	return axeSource
}

// checksum is the hex SHA-256 a sha256sum file lists for name.
func checksum(file, name string) (string, error) {
	f, err := os.Open(file)
	if err != nil {
		return "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if sum, n, ok := strings.Cut(sc.Text(), "  "); ok && n == name {
			return sum, nil
		}
	}
	return "", fmt.Errorf("%s lists no checksum for %s", file, name)
}

type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target  string `json:"target"`
		HTML    string `json:"html"`
		Summary string `json:"summary"`
	} `json:"nodes"`
}

// axe runs axe-core on the view's document and returns its violations. The
// script is evaluated through the DevTools protocol, which the page's
// Content-Security-Policy does not govern, and only once per document.
func (v view) axe(script string) []axeViolation {
	v.t.Helper()
	if !evalIn[bool](v, `typeof axe === "object"`) {
		if _, err := chromedp.Run(v.ctx, chromedp.Evaluate[chromedp.Void](script)); err != nil {
			v.t.Fatalf("injecting axe-core: %v", err)
		}
	}
	got, err := chromedp.Run(v.ctx, chromedp.Evaluate[[]axeViolation](`axe.run(document, {resultTypes: ["violations"]}).then(r =>
		r.violations.map(v => ({id: v.id, impact: v.impact || "", help: v.help,
			nodes: v.nodes.map(n => ({target: n.target.flat().join(" "), html: n.html.slice(0, 200), summary: n.failureSummary || ""}))})))`,
		chromedp.EvalAwaitPromise))
	if err != nil {
		v.t.Fatalf("running axe-core: %v", err)
	}
	return got
}

// expectAccessible fails the test for every serious or critical violation
// axe-core finds in the view's document, and logs the others.
func (v view) expectAccessible(script, what string) {
	v.t.Helper()
	for _, vi := range v.axe(script) {
		report := v.t.Logf
		if vi.Impact == "serious" || vi.Impact == "critical" {
			report = v.t.Errorf
		}
		var nodes []string
		for _, n := range vi.Nodes {
			nodes = append(nodes, fmt.Sprintf("    %s\n      %s\n      %s", n.Target, n.HTML, strings.ReplaceAll(n.Summary, "\n", "\n      ")))
		}
		report("%s: axe %s (%s): %s, %d nodes:\n%s", what, vi.ID, vi.Impact, vi.Help, len(vi.Nodes), strings.Join(nodes, "\n"))
	}
}

func TestAccessibility(t *testing.T) {
	set, bctx := browserTest(t)
	script := axeScript(t)
	origin := cspSite(t, "").URL
	q := data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 2.5e9}
	infeasible := with(data.DefaultQuery(), func(q *data.Query) { q.DeadlineMS = 1; q.GPU = "H100" })
	if r, _ := set.Select(infeasible); r.Selected != nil {
		t.Fatal("the test needs a deadline nothing meets")
	}
	// Refused values and a deadline nothing meets, at once.
	bad := "model=gpt-5&gpu=H100&deadline=1&p=p42&tokens=lots"
	if v, _ := url.ParseQuery(bad); func() bool { q, n := state.Parse(set, v); return q != infeasible || len(n) != 3 }() {
		t.Fatalf("the test needs %q to be the infeasible query with three refused values", bad)
	}

	// Each case is a tab that visits its pages in turn: a page load costs
	// more than an axe run.
	type visit struct {
		name, path string
		then       func(tb *tab) // after the page mounted
	}
	for _, c := range []struct {
		name   string
		visits []visit
	}{
		{"Page", []visit{
			{"page", "/?" + state.String(q), nil},
			{"open Embed dialog", "", func(tb *tab) {
				tb.do(chromedp.Click(chromedp.ID("embed-open")))
				tb.waitFor(`document.querySelector("#embed-dialog")?.matches("[open]") ?? false`, "the open Embed dialog")
			}},
			{"explanations open", "", func(tb *tab) {
				tb.do(chromedp.Click(chromedp.ID("embed-close")))
				tb.waitFor(`!document.querySelector("#embed-dialog")`, "the dialog to close")
				// Every explanation and the configuration open.
				eval[bool](tb, `document.querySelectorAll("main details").forEach(d => d.open = true), true`)
			}},
		}},
		{"NoticesInfeasible", []visit{
			{"notices and a deadline nothing meets", "/?" + bad, func(tb *tab) {
				tb.waitFor(`!!document.querySelector("#notices") && !!document.querySelector("#infeasible")`, "the notices and the infeasible deadline")
			}},
		}},
		{"Embed", []visit{
			{"embed", "/embed?" + state.String(q), nil},
			{"embed with notices and a deadline nothing meets", "/embed?" + state.String(infeasible) + "&hide=task,colour", func(tb *tab) {
				tb.waitFor(`!!document.querySelector("#notices") && !!document.querySelector("#infeasible")`, "the notices and the infeasible deadline")
			}},
		}},
		{"Compare", []visit{
			{"compare", "/compare?" + state.String(with(q, func(q *data.Query) { q.DeadlineMS = 15 })), nil},
			{"embedded compare", "/embed/compare?" + state.String(q) + "&hide=bogus", nil},
		}},
		{"Plan", []visit{
			{"plan", "/plan?" + state.String(q) + "&rate=12k/s&peak=3&boundary=cloud&grid=world", func(tb *tab) {
				eval[bool](tb, `document.querySelectorAll("main details").forEach(d => d.open = true), true`)
			}},
			{"plan with notices and a deadline nothing meets", "/plan?deadline=1&rate=0/day&peak=x&idle=0.2", func(tb *tab) {
				tb.waitFor(`!!document.querySelector("#notices") && !!document.querySelector("#infeasible")`, "the notices and the infeasible deadline")
			}},
			{"embedded plan", "/embed/plan?" + state.String(q) + "&rate=1B/day&hide=traffic,bogus", nil},
			{"compare in plan mode", "/compare?" + state.String(q) + "&rate=1B/day", nil},
			{"compare in plan mode at a phone's width, each row a block", "", func(tb *tab) {
				tb.do(chromedp.EmulateViewport(360, 800))
				tb.waitFor(`getComputedStyle(document.querySelector("#ranking-table tbody")).display === "block"`, "the rows as blocks")
			}},
		}},
		// The embed's layouts, and the builder that makes them.
		{"EmbedLayouts", []visit{
			{"card", "/embed?" + state.EmbedString(q, state.Embed{Layout: state.LayoutCard}) + "&" + cardFootprint, nil},
			{"card, a deadline nothing meets", "/embed?" + state.EmbedString(infeasible, state.Embed{Layout: state.LayoutCard}), nil},
			{"chart", "/embed?" + state.EmbedString(q, state.Embed{Layout: state.LayoutChart, Chart: "power"}), nil},
			{"compare card", "/embed/compare?" + state.EmbedString(q, state.Embed{Layout: state.LayoutCard}), nil},
			{"embed, serving details open", "/embed?" + state.String(q), func(tb *tab) {
				tb.do(chromedp.Click(chromedp.ID("cfg-summary")))
				tb.waitFor(`document.querySelector("#cfg-details").open`, "the serving details")
			}},
		}},
		// The plan's layouts, and the builder on the plan page and on the
		// compare page in plan mode.
		{"PlanEmbeds", []visit{
			{"plan card", "/embed/plan?" + state.PlanEmbedString(q, planTraffic, state.Embed{Layout: state.LayoutCard}) + "&" + cardFootprint, nil},
			{"plan card, a deadline nothing meets", "/embed/plan?" + state.PlanEmbedString(infeasible, planTraffic, state.Embed{Layout: state.LayoutCard}), nil},
			{"plan chart", "/embed/plan?" + state.PlanEmbedString(q, planTraffic, state.Embed{Layout: state.LayoutChart, Chart: "gpus"}), nil},
			{"compare card in plan mode", "/embed/compare?" + state.EmbedString(q, state.Embed{Layout: state.LayoutCard}) + "&" + state.TrafficString(planTraffic), nil},
		}},
		{"PlanBuilder", []visit{
			{"plan page's builder", "/plan?" + state.PlanString(q, planTraffic), func(tb *tab) {
				tb.do(chromedp.Click(chromedp.ID("embed-open")))
				tb.waitFor(`document.querySelector("#embed-dialog")?.matches("[open]") ?? false`, "the open Embed dialog")
			}},
			{"plan page's builder, chart", "", func(tb *tab) {
				tb.change("#embed-layout", "chart", "change")
				tb.waitFor(`!!document.querySelector("#embed-chart")`, "the chart's choice")
			}},
			{"plan page's builder, interactive", "", func(tb *tab) {
				tb.change("#embed-layout", "interactive", "change")
				tb.waitFor(`!!document.querySelector("#embed-hide")`, "the controls' boxes")
			}},
			{"compare page's builder in plan mode", "/compare?" + state.String(q) + "&" + state.TrafficString(planTraffic), func(tb *tab) {
				tb.do(chromedp.Click(chromedp.ID("embed-open")))
				tb.waitFor(`document.querySelector("#embed-dialog")?.matches("[open]") ?? false`, "the open Embed dialog")
			}},
		}},
		{"Builder", []visit{
			{"builder, card", "/?" + state.String(q), func(tb *tab) {
				tb.do(chromedp.Click(chromedp.ID("embed-open")))
				tb.waitFor(`document.querySelector("#embed-dialog")?.matches("[open]") ?? false`, "the open Embed dialog")
			}},
			{"builder, chart", "", func(tb *tab) {
				tb.change("#embed-layout", "chart", "change")
				tb.waitFor(`!!document.querySelector("#embed-chart")`, "the chart's choice")
			}},
			{"builder, interactive, at a phone's width", "", func(tb *tab) {
				tb.change("#embed-layout", "interactive", "change")
				tb.change("#embed-width", "360", "change")
				tb.waitFor(`!!document.querySelector("#embed-hide")`, "the controls' boxes")
			}},
			{"compare page's builder", "/compare?" + state.String(q), func(tb *tab) {
				tb.do(chromedp.Click(chromedp.ID("embed-open")))
				tb.waitFor(`document.querySelector("#embed-dialog")?.matches("[open]") ?? false`, "the open Embed dialog")
			}},
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, bctx, origin)
			for _, v := range c.visits {
				if v.path != "" {
					tb.do(scheme("light"))
					tb.openURL(origin + v.path)
				}
				if v.then != nil {
					v.then(tb)
				}
				for _, s := range []string{"light", "dark"} {
					tb.do(scheme(s))
					tb.view().expectAccessible(script, v.name+", "+s)
				}
			}
		})
	}
}

// activeID is the id of the focused element, or its tag where it has none.
const activeID = `(() => { const a = document.activeElement; return a ? (a.id || a.tagName.toLowerCase()) : "" })()`

func TestKeyboard(t *testing.T) {
	set, bctx := browserTest(t)
	origin := cspSite(t, "").URL
	q := data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 2.5e9}
	key := func(tb *tab, k string, n int) {
		tb.t.Helper()
		for range n {
			tb.do(chromedp.KeyEvent(k))
		}
	}
	shiftTab := func(tb *tab) {
		tb.t.Helper()
		tb.do(chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(chromedp.ModifierShift)))
	}

	t.Run("Dialog", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin)
		tb.open(state.String(q))
		// Opened from the keyboard: focus moves into the dialog.
		tb.do(chromedp.Focus(chromedp.ID("embed-open")))
		key(tb, kb.Enter, 1)
		tb.waitFor(`document.querySelector("#embed-dialog")?.matches(":modal") ?? false`, "a modal Embed dialog")
		inside := `document.querySelector("#embed-dialog").contains(document.activeElement)`
		if !eval[bool](tb, inside) {
			t.Fatalf("the dialog opened, but focus is on %q", eval[string](tb, activeID))
		}
		if got := eval[string](tb, `document.querySelector("#embed-dialog").getAttribute("aria-labelledby")`); got == "" || tb.text("#"+got) == "" {
			t.Error("the dialog has no name")
		}
		// Tab and Shift+Tab stay inside, and reach every control in it.
		want := eval[[]string](tb, `[...document.querySelectorAll("#embed-dialog :is(button, a[href], input, textarea, select)")].map(e => e.id)`)
		seen := map[string]bool{}
		for i := range 2 * len(want) {
			if i%5 == 4 {
				shiftTab(tb)
			} else {
				key(tb, kb.Tab, 1)
			}
			id := eval[string](tb, activeID)
			if !eval[bool](tb, inside) {
				t.Fatalf("Tab %d left the dialog for %q", i+1, id)
			}
			seen[id] = true
		}
		for _, id := range want {
			if !seen[id] {
				t.Errorf("Tab never reached #%s in the dialog (reached %v)", id, seen)
			}
		}
		// The snippet is whole: the iframe (the card's, with its record of
		// the data it was made with) and the README's resize script.
		snippet := eval[string](tb, `document.querySelector("#embed-snippet").value`)
		if !strings.HasPrefix(snippet, `<iframe src="`+html.EscapeString(origin+"/embed?"+state.EmbedString(q, state.Embed{Layout: state.LayoutCard})+"&made=")) ||
			!strings.Contains(snippet, "<script>\n"+readmeScript(t, origin)+"</script>") {
			t.Errorf("the snippet is not the iframe and the README's script:\n%s", snippet)
		}
		// Escape closes it, and focus returns to the button.
		backToButton := func(after string) {
			t.Helper()
			tb.waitFor(`!document.querySelector("#embed-dialog")?.matches("[open]")`, "the dialog to close")
			if err := tb.view().poll(`document.activeElement?.id === "embed-open"`); err != nil {
				t.Errorf("after %s focus is on %q, want the Embed button", after, eval[string](tb, activeID))
			}
		}
		key(tb, kb.Escape, 1)
		backToButton("Escape")
		// And the Close button does the same.
		key(tb, kb.Enter, 1)
		tb.waitFor(`document.querySelector("#embed-dialog")?.matches(":modal") ?? false`, "the dialog to open again")
		tb.do(chromedp.Focus(chromedp.ID("embed-close")))
		key(tb, kb.Enter, 1)
		backToButton("Close")
		// On a busy page the button may be pressed again before the close
		// event of the last close (Escape, Close) has run, as input comes
		// first: the dialog stays open all the same. One script closes it
		// and presses the button, so that the event runs after the press.
		key(tb, kb.Enter, 1)
		tb.waitFor(`document.querySelector("#embed-dialog")?.matches(":modal") ?? false`, "the dialog to open a third time")
		tb.do(chromedp.Evaluate[chromedp.Void](`(() => { const d = document.querySelector("#embed-dialog");
			d.addEventListener("close", () => { window.closeEventRan = true }, {once: true});
			d.close(); document.querySelector("#embed-open").click() })()`))
		tb.waitFor(`window.closeEventRan === true`, "the close event")
		// The app handles events in order: once the theme's change shows in
		// the snippet, it has handled that close event too.
		tb.change("#embed-theme", "dark", "change")
		tb.waitFor(`document.querySelector("#embed-snippet")?.value.includes("theme=dark") ?? false`, "the snippet in dark colours")
		if !eval[bool](tb, `document.querySelector("#embed-dialog")?.matches(":modal") ?? false`) {
			t.Error("the dialog, opened again before the close event of the last close had run, closed on that event")
		}
	})

	t.Run("Notices", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin)
		raw := "task=gpqa&model=gpt-5&tokens=lots&boundary=cloud&utm_source=blog"
		tb.open(raw)
		v, _ := state.ParseQuery(raw)
		want, notices := state.Parse(set, v)
		if len(notices) != 2 {
			t.Fatalf("the test needs two refused values: %v", notices)
		}
		got := eval[[]string](tb, `[...document.querySelectorAll("#notices .notice")].map(n => n.textContent.trim())`)
		w, _ := set.Workload("gpqa")
		if len(got) != 2 || !strings.Contains(got[0], "not a model of "+w.Name) || !strings.Contains(got[0], w.DefaultModel().Name) {
			t.Errorf("notices %q: want the model's to name %s and %s", got, w.Name, w.DefaultModel().Name)
		}
		// Once shown, the refused values leave the URL; the state and the
		// parameters the page does not read (a footprint's, a host's) stay.
		if got, want := eval[string](tb, `location.search`), "?"+state.String(want)+"&boundary=cloud&utm_source=blog"; got != want {
			t.Errorf("location.search = %q, want %q", got, want)
		}
		// Each is dismissed from the keyboard; focus goes to the next, then
		// to the answer.
		tb.do(chromedp.Focus(chromedp.ID("dismiss-0")))
		key(tb, kb.Enter, 1)
		tb.waitFor(`document.querySelectorAll("#notices .notice").length === 1`, "one notice dismissed")
		if id := eval[string](tb, activeID); id != "dismiss-0" {
			t.Errorf("after a dismissal focus is on %q, want the next notice's button", id)
		}
		if eval[bool](tb, `!!document.querySelector("#dismiss-notices")`) {
			t.Error("one notice left, and still a button to dismiss all")
		}
		key(tb, kb.Enter, 1)
		tb.waitFor(`!document.querySelector("#notices .notice")`, "every notice dismissed")
		if id := eval[string](tb, activeID); id != "result" {
			t.Errorf("with every notice dismissed focus is on %q, want the answer", id)
		}
		// Dismiss all.
		tb.open("model=gpt-5&p=p42&deadline=soon")
		tb.do(chromedp.Click(chromedp.ID("dismiss-notices")))
		tb.waitFor(`!document.querySelector("#notices .notice")`, "every notice dismissed at once")
		tb.expectURL(set, data.DefaultQuery())
	})

	t.Run("TabOrder", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin)
		tb.open(state.String(q))
		// Every visible control, in document order.
		controls := eval[[]string](tb, `(() => {
			const els = [...document.querySelectorAll("main :is(input, select, textarea, button, a[href], summary, [tabindex]):not([tabindex='-1'])")]
				.filter(e => !e.disabled && e.checkVisibility({visibilityProperty: true}));
			return els.map((e, i) => { e.dataset.k = i; return e.id || e.tagName.toLowerCase() + ":" + e.textContent.trim().slice(0, 30) }) })()`)
		for _, id := range []string{"task", "model", "gpu", "deadline-range", "deadline", "percentile", "tokens", "preset-1M", "embed-open"} {
			if !slices.Contains(controls, id) {
				t.Errorf("#%s is not a visible control of the page (%q)", id, controls)
			}
		}
		eval[bool](tb, `document.activeElement.blur(), true`)
		reached := map[int]bool{}
		for range len(controls) + 5 {
			key(tb, kb.Tab, 1)
			if k := eval[string](tb, `document.activeElement?.dataset.k ?? ""`); k != "" {
				n, _ := strconv.Atoi(k)
				reached[n] = true
			}
		}
		for i, c := range controls {
			if !reached[i] {
				t.Errorf("Tab never reaches %s", c)
			}
		}
	})

	t.Run("Controls", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin)
		tb.open(state.String(q))
		// Arrow keys move the slider, and the box follows.
		tb.do(chromedp.Focus(chromedp.ID("deadline-range")))
		before := eval[float64](tb, `+document.querySelector("#deadline-range").value`)
		key(tb, kb.ArrowRight, 3)
		// The page answers at most one slider position a frame: wait for
		// the box to catch up with the last of the three.
		tb.waitFor(`(() => { const pos = +document.querySelector("#deadline-range").value, box = document.querySelector("#deadline").value;
			return box !== "40" && Math.abs(parseFloat(box) / (5 * Math.pow(200, pos/100)) - 1) < 0.01 })()`, "the box to follow the slider")
		pos := eval[float64](tb, `+document.querySelector("#deadline-range").value`)
		box := eval[string](tb, `document.querySelector("#deadline").value`)
		ms, err := data.ParseDeadline(box)
		if err != nil || pos <= before {
			t.Fatalf("after three right arrows the slider is at %v (was %v) and the box reads %q", pos, before, box)
		}
		// The box holds what the slider's position stands for (5 to 1000 ms,
		// logarithmic), and the page answers it.
		if want := 5 * math.Pow(200, pos/100); math.Abs(ms-want)/want > 0.01 {
			t.Errorf("slider at %v stands for %.3g ms, the box reads %q", pos, want, box)
		}
		q2 := with(q, func(q *data.Query) { q.DeadlineMS = ms })
		tb.expect(set, q2)
		tb.expectURL(set, q2)
		// The new figure is announced in a sentence; the answer's card,
		// which holds much more, is not a live region.
		r2, _ := set.Select(q2)
		tb.waitFor(fmt.Sprintf(`document.querySelector("#announce").textContent.startsWith(%q)`, data.FormatEnergy(r2.Estimate.EnergyWh)), "the figure announced")
		live := eval[map[string]string](tb, `({role: document.querySelector("#announce").getAttribute("role") ?? "",
			result: document.querySelector("#result").getAttribute("aria-live") ?? "", inside: String(!!document.querySelector("#result [aria-live], #result [role=status]:not(.pending)"))})`)
		if live["role"] != "status" || live["result"] != "" || live["inside"] != "false" {
			t.Errorf("live regions: %v; want #announce alone, a status", live)
		}
		key(tb, kb.ArrowLeft, 3)
		tb.waitFor(fmt.Sprintf(`document.querySelector("#deadline").value !== %q`, box), "the box to follow the slider back")
		// Typed into the box, the slider follows.
		tb.do(chromedp.Focus(chromedp.ID("deadline")))
		eval[bool](tb, `document.querySelector("#deadline").select(), true`)
		tb.do(chromedp.SendKeys(chromedp.ID("deadline"), "200"))
		tb.expect(set, with(q, func(q *data.Query) { q.DeadlineMS = 200 }))
		if got, want := eval[float64](tb, `+document.querySelector("#deadline-range").value`), math.Log(200.0/5)/math.Log(200)*100; math.Abs(got-want) > 0.5 {
			t.Errorf("with 200 ms typed the slider is at %v, want %.1f", got, want)
		}
		// Letters typed into the box: a message about them, and the last
		// good answer stays.
		eval[bool](tb, `document.querySelector("#deadline").select(), true`)
		tb.do(chromedp.SendKeys(chromedp.ID("deadline"), "fast"))
		// SendKeys types one key at a time: wait for the message about all four.
		tb.waitFor(`(document.querySelector("#deadline-error")?.textContent ?? "").includes('"fast"')`, "a message for the letters")
		msg := tb.text("#deadline-error")
		if !strings.Contains(msg, `"fast"`) || !strings.Contains(strings.ToLower(msg), "letters") || strings.Contains(msg, "no value") {
			t.Errorf("typing letters says %q, want a message that quotes them and speaks of letters", msg)
		}
		if got := eval[string](tb, `document.querySelector("#deadline").getAttribute("aria-invalid")`); got != "true" {
			t.Errorf("the box with letters has aria-invalid=%q", got)
		}
		tb.expectURL(set, with(q, func(q *data.Query) { q.DeadlineMS = 200 }))
		// A select changes with the arrow keys.
		tb.do(chromedp.Focus(chromedp.ID("percentile")))
		key(tb, kb.ArrowUp, 1)
		tb.expect(set, with(q, func(q *data.Query) { q.DeadlineMS = 200; q.Percentile = data.P90 }))
		// An explanation opens from the keyboard.
		tb.do(chromedp.Focus(chromedp.ID("deadline-range")))
		shiftTab(tb)
		for range 3 {
			if eval[string](tb, `document.activeElement.tagName`) == "SUMMARY" {
				break
			}
			shiftTab(tb)
		}
		if eval[string](tb, `document.activeElement.tagName`) != "SUMMARY" {
			t.Fatalf("Shift+Tab from the slider reaches %q, not the deadline's explanation", eval[string](tb, activeID))
		}
		key(tb, kb.Enter, 1)
		if !eval[bool](tb, `document.activeElement.parentElement.open && document.activeElement.parentElement.textContent.includes("between")`) {
			t.Error("Enter on the deadline's explanation does not open it")
		}
	})
}
