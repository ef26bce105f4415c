package e2e

// One name per model, and names people type: the model's select, the
// question above the figure and the card say the dataset's name; the URL's
// model= reads a short form or the name as typed; an unknown name keeps the
// default model with a notice that suggests the closest names; the
// workload is named without its id.

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/footprint"
)

// maverick is the dataset's longest model name: the one that must fit a
// phone.
const maverick = "llama-4-maverick-17b-128e-instruct-fp8"

func TestModelNames(t *testing.T) {
	set, bctx := browserTest(t)
	origin := site(t).URL
	def := data.DefaultQuery()

	if dir := os.Getenv("TOKENJOULE_SCREENSHOTS"); dir != "" {
		t.Run("Screenshots", func(t *testing.T) {
			shoot := shooter(t, bctx, origin, dir)
			q := with(def, func(q *data.Query) { q.Model = maverick })
			for _, width := range []int64{360, 1440} {
				shoot("names-page", width, 900, "light", state.String(q))
				shoot("names-card", width, 600, "light", "/embed?"+state.String(q)+"&layout=card")
				shoot("names-unknown", width, 900, "dark", "model=Llama%203.1%2070")
			}
		})
	}

	t.Run("URL", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin)
		want := with(def, func(q *data.Query) { q.Model = "llama-3-1-70b-instruct" })
		for _, query := range []string{"model=llama-3.1-70b", "model=Llama%203.1%2070B", "model=meta-llama/Llama-3.1-70B-Instruct"} {
			tb.open(query)
			tb.expectModel("llama-3-1-70b-instruct", "Llama 3.1 70B Instruct")
			if eval[bool](tb, `!!document.querySelector("#notices")`) {
				t.Errorf("?%s: a notice for a name the page reads: %s", query, tb.text("#notices"))
			}
			tb.expectURL(set, want) // the link reads back to the same model
		}
		// A name that fits no model: the default model, and a notice that
		// says the closest name; one that fits several lists them.
		for query, says := range map[string]string{
			"model=Llama%203.1%2070": "did you mean Llama 3.1 70B Instruct?",
			"model=Llama%203.1":      "Llama 3.1 8B Instruct, Llama 3.1 70B Instruct, Llama 3.1 405B Instruct or Llama 3.1 405B Instruct FP8",
		} {
			tb.open(query)
			tb.expectModel(def.Model, "Qwen 3 14B")
			notices := eval[[]string](tb, `[...document.querySelectorAll("#notices .notice")].map(n => n.textContent.trim())`)
			if len(notices) != 1 || !strings.Contains(notices[0], says) || !strings.Contains(notices[0], "showing Qwen 3 14B instead") {
				t.Errorf("?%s: notices %q, want one that says %q and keeps Qwen 3 14B", query, notices, says)
			}
		}
		tb.open("p=99")
		tb.expectURL(set, with(def, func(q *data.Query) { q.Percentile = data.P99 }))
	})

	// The select offers each model by the dataset's name, the one the
	// question says once it is chosen, on a wide screen and on a phone,
	// where the longest name neither widens the page nor leaves the screen,
	// and is said whole under the select.
	t.Run("OneName", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin)
		for _, task := range []string{"lm-arena-chat", "image-chat", "text-to-image"} {
			w, _ := set.Workload(task)
			tb.open("task=" + task)
			var names []string
			for _, m := range w.Models {
				names = append(names, m.Name)
			}
			if got := eval[[]string](tb, `[...document.querySelectorAll("#model option")].map(o => o.textContent.trim())`); strings.Join(got, "|") != strings.Join(names, "|") {
				t.Errorf("%s: the select offers %q, want the dataset's names %q", task, got, names)
			}
		}
		// A tab of its own: one tab's loads share its time limit.
		tb = newTab(t, bctx, origin)
		for _, width := range []int64{1440, 360} {
			tb.do(chromedp.EmulateViewport(width, 800))
			tb.open("")
			tb.change("#model", maverick, "change")
			tb.expectModel(maverick, "Llama 4 Maverick 17B 128E Instruct FP8")
			box := eval[map[string]float64](tb, `(() => { const r = document.querySelector("#model").getBoundingClientRect();
				return {left: r.left, right: r.right, doc: document.documentElement.scrollWidth, win: innerWidth} })()`)
			if box["doc"] > box["win"] || box["left"] < 0 || box["right"] > box["win"] {
				t.Errorf("at %d px the model's select spans %v–%v px and the page %v px", width, box["left"], box["right"], box["doc"])
			}
			// A phone's select cuts this name short: the hint under it
			// says it whole there, and only there.
			hint := eval[string](tb, `document.querySelector("#model-hint").innerText`)
			if whole := strings.HasPrefix(hint, "Llama 4 Maverick 17B 128E Instruct FP8: "); whole != (width == 360) {
				t.Errorf("at %d px the hint under the model's select reads %q", width, hint)
			}
		}
	})

	// The card says the same name, and the workload by its name alone.
	t.Run("Card", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin, chromedp.EmulateViewport(360, 800))
		q := with(def, func(q *data.Query) { q.Model = maverick })
		r, err := set.Select(q)
		if err != nil {
			t.Fatal(err)
		}
		tb.openURL(origin + "/embed?" + state.String(q) + "&layout=card")
		expectCard(tb.view(), r, footprint.Factors{})
		if question, where := tb.text("#question"), tb.text("#figure-context"); !strings.Contains(question, "of Llama 4 Maverick 17B 128E Instruct FP8 take") ||
			!strings.HasPrefix(where, "Text Conversation,") || strings.Contains(where, "lm-arena-chat") {
			t.Errorf("the card reads %q, %q: want the model's and the workload's names", question, where)
		}
		if w := eval[map[string]float64](tb, `({doc: document.documentElement.scrollWidth, win: innerWidth})`); w["doc"] > w["win"] {
			t.Errorf("at 360 px the card is %v px wide", w["doc"])
		}
	})
}

// TestWorkloadNameInNotices: a notice names the workload as the page does,
// not by its id.
func TestWorkloadNameInNotices(t *testing.T) {
	_, bctx := browserTest(t)
	origin := site(t).URL
	tb := newTab(t, bctx, origin)
	tb.openURL(origin + "/compare?task=text-to-image&rate=1B/day")
	notices := eval[[]string](tb, `[...document.querySelectorAll("#notices .notice")].map(n => n.textContent.trim())`)
	if len(notices) != 1 || !strings.Contains(notices[0], "which Text to Image does not generate") || strings.Contains(notices[0], "text-to-image") {
		t.Errorf("notices %q, want one that names Text to Image by its name", notices)
	}
}

// expectModel waits for the model's select to hold slug, and checks that
// it and the question above the figure name it alike, by name.
func (tb *tab) expectModel(slug, name string) {
	tb.t.Helper()
	tb.poll(fmt.Sprintf(`document.querySelector("#model")?.value === %q`, slug), 10*time.Second)
	option := eval[string](tb, `document.querySelector("#model").selectedOptions[0].textContent.trim()`)
	if question := tb.text("#question"); option != name || !strings.Contains(question, " of "+option+" (") {
		tb.t.Errorf("the select reads %q and the question %q; want both to say %q", option, question, name)
	}
}
