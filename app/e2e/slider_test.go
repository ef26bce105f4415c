package e2e

// The deadline slider of every page answers at most one position a frame:
// a dragged slider fires more input events than the screen shows frames.

import (
	"fmt"
	"strings"
	"testing"

	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/plan"
)

func TestSliderFrames(t *testing.T) {
	set, bctx := browserTest(t)
	origin := site(t).URL
	def := data.DefaultQuery()
	traffic := plan.DefaultTraffic()
	for _, page := range []struct {
		name, path string
		query      func(data.Query) string
		parse      func(*data.Set, state.Values) (data.Query, []state.Notice)
		expect     func(*tab, data.Query) // what the page shows for a query, besides its question
	}{
		{"Calculator", "/", state.String, state.Parse, func(tb *tab, q data.Query) { tb.expect(set, q) }},
		{"Compare", "/compare", state.String, state.ParseCompare, func(tb *tab, q data.Query) { expectRanking(tb.view(), set, q) }},
		{"Plan", "/plan", func(q data.Query) string { return state.PlanString(q, traffic) },
			func(set *data.Set, v state.Values) (data.Query, []state.Notice) {
				q, _, notices := state.ParsePlan(set, v)
				return q, notices
			}, func(*tab, data.Query) {}},
	} {
		t.Run(page.name, func(t *testing.T) {
			t.Parallel()
			tb := newTab(t, bctx, origin)
			tb.openURL(origin + page.path + "?" + page.query(def))
			k := data.TaskKind(def.Task)
			// Positions one after another on other stops: each update the
			// page made would show in the question, which says the
			// deadline.
			positions := []float64{80, 35, 95, 10, 60, 45, 70, 25, 90, 50, 15, 85, 30, 75, 40, 65, 55, 38, 100, 20}
			for i := 1; i < len(positions); i++ {
				if a, b := k.SliderDeadline(positions[i-1]), k.SliderDeadline(positions[i]); a == b {
					t.Fatalf("positions %v and %v are both the stop %v ms: the test cannot tell their updates apart", positions[i-1], positions[i], a)
				}
			}
			at := func(ms float64) data.Query { return with(def, func(q *data.Query) { q.DeadlineMS = ms }) }
			// expectQuestion waits for the question at q's deadline, then
			// checks the page and its URL.
			expectQuestion := func(q data.Query) {
				t.Helper()
				tb.view().waitFor(fmt.Sprintf(`document.getElementById("question").textContent.includes(%q)`,
					data.DeadlineWords(k, q.Percentile, q.DeadlineMS)), "the question at "+k.Deadline(q.DeadlineMS))
				page.expect(tb, q)
				tb.expectURLState(set, page.parse, q)
			}

			// Every input event in one task, so before one frame; then note
			// each change of #question with the number of the frame it
			// came in.
			js := `(() => { const question = document.getElementById("question"); window.tjQuestion = []; window.tjFrame = 0;
				const tick = () => { if (window.tjFrame >= 0) { tjFrame++; requestAnimationFrame(tick) } }; requestAnimationFrame(tick);
				new MutationObserver(rs => tjQuestion.push(...rs.map(r => r.type + " in frame " + tjFrame))).observe(question, {subtree: true, childList: true, characterData: true});
				const el = document.querySelector("#deadline-range");`
			for _, p := range positions {
				js += fmt.Sprintf(`el.value = "%v"; el.dispatchEvent(new Event("input", {bubbles: true}));`, p)
			}
			eval[bool](tb, js+"return true })()")
			tb.frames(3)
			// The first event is answered at once, the others wait for a
			// later frame, which shows the last: #question changes at most
			// twice, and never twice in a frame. (The frames are counted no
			// more: a page never idle draws no chart.)
			got := eval[[]string](tb, `(window.tjFrame = -1, tjQuestion)`)
			frameOf := map[string]bool{}
			for _, g := range got {
				frameOf[g[strings.Index(g, " in frame "):]] = true
			}
			if len(got) == 0 || len(got) > 2 || len(frameOf) != len(got) {
				t.Errorf("%d input events of the slider in one frame changed #question %d times (%v), want once in the frame and once after", len(positions), len(got), got)
			}
			last := at(k.SliderDeadline(positions[len(positions)-1]))
			expectQuestion(last)
			if got := eval[string](tb, `document.querySelector("#deadline").value`); got != k.DeadlineText(last.DeadlineMS) {
				t.Errorf("the deadline's box reads %q after the drag, want %q", got, k.DeadlineText(last.DeadlineMS))
			}

			// A deadline typed while a slider position waits for its frame
			// wins: the waiting position, older, is dropped. Two positions
			// in one task (the second waits), then a typed deadline, then
			// frames.
			eval[bool](tb, fmt.Sprintf(`(() => { const range = document.querySelector("#deadline-range"), box = document.querySelector("#deadline");
				for (const p of [%v, %v]) { range.value = String(p); range.dispatchEvent(new Event("input", {bubbles: true})) }
				box.value = "15"; box.dispatchEvent(new Event("input", {bubbles: true})); return true })()`, positions[0], positions[1]))
			tb.frames(3)
			expectQuestion(at(15))
			if got := eval[string](tb, `document.querySelector("#deadline").value`); got != "15" {
				t.Errorf("the box reads %q after a slider position waited for its frame, want the typed 15", got)
			}
		})
	}
}

// frames waits for n animation frames and a task after them.
func (tb *tab) frames(n int) {
	tb.t.Helper()
	tb.await(fmt.Sprintf(`new Promise(done => { let n = %d;
		const step = () => n-- > 0 ? requestAnimationFrame(step) : setTimeout(() => done(true), 0); step() })`, n))
}
