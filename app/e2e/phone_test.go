package e2e

// The calculator on a phone (360×800) and the embed in a 380-px frame: the
// answer on the first screen, nothing scrolls sideways, the configuration
// folded into one line, names that fit their selector, dataset rows that
// break only between their parts.

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tokenjoule/app/state"
	"tokenjoule/data"
)

// expectOnFirstScreen checks that each element is shown whole within the
// first height pixels of the page, scrolled to the top.
func (v view) expectOnFirstScreen(height float64, sels ...string) {
	v.t.Helper()
	evalIn[bool](v, `scrollTo(0, 0), true`)
	for _, sel := range sels {
		r := evalIn[map[string]float64](v, fmt.Sprintf(`(() => { const e = document.querySelector(%q); if (!e || !e.checkVisibility()) return {top: -1, bottom: -1};
			const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom} })()`, sel))
		if r["top"] < 0 || r["bottom"] > height {
			v.t.Errorf("%s spans %v to %v px: not within the first %v px", sel, r["top"], r["bottom"], height)
		}
	}
}

// expectNoSidewaysScroll checks that the document is no wider than the
// window.
func (v view) expectNoSidewaysScroll(what string) {
	v.t.Helper()
	if w := evalIn[map[string]float64](v, `({doc: document.documentElement.scrollWidth, win: innerWidth})`); w["doc"] > w["win"] {
		v.t.Errorf("%s: the page is %v px wide in a %v-px window: it scrolls sideways", what, w["doc"], w["win"])
	}
}

// expectOptionsFit checks that every option of the select shows whole: its
// text, in the select's font, fits the select's box less its padding and
// the arrow (about 10 px in chromium: 12 are allowed). The one model name
// too long for a phone's select (the dataset's, as the page says it
// everywhere) is said whole under the select instead, once chosen: the
// check chooses it, and then the model that was chosen before.
func (v view) expectOptionsFit(sel string) {
	v.t.Helper()
	cut := evalIn[[]map[string]any](v, fmt.Sprintf(`(() => {
		const s = document.querySelector(%q), cs = getComputedStyle(s);
		const g = document.createElement("canvas").getContext("2d");
		g.font = cs.font;
		const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 12;
		return [...s.options].filter(o => g.measureText(o.text).width > room)
			.map(o => ({value: o.value, text: o.text, width: Math.round(g.measureText(o.text).width), room: Math.round(room)})) })()`, sel))
	for _, c := range cut {
		if sel == "#model" && v.saysModelWhole(c["value"].(string), c["text"].(string)) {
			continue
		}
		v.t.Errorf("%s cuts the option %q off (%v px in %v)", sel, c["text"], c["width"], c["room"])
	}
}

// saysModelWhole chooses the model and tells whether the hint under the
// model's select then begins with its name, whole and on screen; it then
// chooses the model that was chosen before.
func (v view) saysModelWhole(slug, name string) bool {
	v.t.Helper()
	choose := func(slug string) {
		evalIn[bool](v, fmt.Sprintf(`(() => { const s = document.querySelector("#model");
			s.value = %q; s.dispatchEvent(new Event("change", {bubbles: true})); return true })()`, slug))
	}
	was := evalIn[string](v, `document.querySelector("#model").value`)
	choose(slug)
	err := v.poll(fmt.Sprintf(`document.querySelector("#model-hint")?.innerText.startsWith(%q)`, name+": "))
	choose(was)
	v.waitFor(fmt.Sprintf(`document.querySelector("#question")?.textContent.includes(document.querySelector("#model").selectedOptions[0].text)
		&& document.querySelector("#model").value === %q`, was), "the model chosen before")
	return err == nil
}

// expectRowWhole checks that a dataset row id on screen breaks a line only
// between its parts (after a "/"), never inside one.
func (v view) expectRowWhole(sel, row string) {
	v.t.Helper()
	got := evalIn[map[string]any](v, fmt.Sprintf(`(() => { const e = document.querySelector(%q);
		const r = document.createRange(), text = e.textContent, broken = [];
		let at = 0;
		for (const part of text.split(/(?<=\/)/)) {
			// The part's characters, across the text nodes of e.
			const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
			let n, seen = 0, tops = new Set();
			while ((n = walk.nextNode())) {
				for (let i = 0; i < n.length; i++, seen++) {
					if (seen < at || seen >= at + part.length || part[seen - at] === "/") continue;
					r.setStart(n, i); r.setEnd(n, i + 1);
					const rect = r.getBoundingClientRect();
					if (rect.width > 0) tops.add(Math.round(rect.top));
				}
			}
			if (tops.size > 1) broken.push(part);
			at += part.length;
		}
		const box = e.getBoundingClientRect();
		return {text, broken, right: box.right, width: innerWidth} })()`, sel))
	if got["text"] != row {
		v.t.Errorf("%s reads %q, want %q", sel, got["text"], row)
	}
	if broken, _ := got["broken"].([]any); len(broken) > 0 {
		v.t.Errorf("%s breaks %q inside %v", sel, row, broken)
	}
	if got["right"].(float64) > got["width"].(float64) {
		v.t.Errorf("%s runs off the screen (right edge %v px of %v)", sel, got["right"], got["width"])
	}
}

func TestPhone(t *testing.T) {
	set, bctx := browserTest(t)
	origin := cspSite(t, "").URL
	q := data.Query{Task: "gpqa", Model: "gpt-oss-20b", GPU: "H100", DeadlineMS: 40, Percentile: data.P95, Tokens: 2.5e9}
	// The longest model name and row id of the dataset.
	long := data.Query{Task: "lm-arena-chat", Model: "llama-4-maverick-17b-128e-instruct-fp8", GPU: "H100",
		DeadlineMS: 500, Percentile: data.P99, Tokens: 1e12}
	longR, err := set.Select(long)
	if err != nil || longR.Selected == nil {
		t.Fatalf("the test needs a feasible query of the longest model: %v", err)
	}

	t.Run("Page", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin, chromedp.EmulateViewport(360, 800))
		v := tb.view()
		for _, query := range []string{"", state.String(q), state.String(long)} {
			tb.open(query)
			// The answer, what it is for and the caveat beside it.
			v.expectOnFirstScreen(800, "#question", "#energy", "#floor")
			v.expectNoSidewaysScroll("/?" + query)
		}
		// The configuration is one line that opens to every figure.
		folded := eval[map[string]any](tb, `(() => { const d = document.querySelector("#cfg")?.closest("details");
			return {details: !!d, open: !!d?.open, list: document.querySelector("#cfg").checkVisibility(),
				summary: d?.querySelector("summary")?.textContent.trim() ?? ""} })()`)
		if folded["details"] != true || folded["open"] != false || folded["list"] != false {
			t.Errorf("the configuration list is not folded: %v", folded)
		}
		s := longR.Selected
		if sum, _ := folded["summary"].(string); !strings.Contains(sum, s.Hardware()) || !strings.Contains(sum, s.Precision) {
			t.Errorf("the configuration's summary %q does not say %s and %s", sum, s.Hardware(), s.Precision)
		}
		tb.do(chromedp.Click(chromedp.ID("cfg-summary")))
		tb.waitFor(`document.querySelector("#cfg").checkVisibility()`, "the configuration to open")
		v.expectRowWhole("#cfg-row", s.RowID)
		v.expectNoSidewaysScroll("the open configuration")
		v.expectOptionsFit("#percentile") // a token workload's: the image and video ones have none
		// Every model's name fits the selector, or is said whole under it, on every workload.
		for _, w := range set.Index.Workloads {
			tb.change("#task", w.ID, "change")
			tb.waitFor(fmt.Sprintf(`document.querySelector("#model").options.length === %d`, len(w.Models)), "the workload's models")
			v.expectOptionsFit("#model")
			v.expectOptionsFit("#gpu")
		}
		v.expectOptionsFit("#task")
		// Video chat opens on its default model, the one the command line
		// answers for (calc -task video-chat).
		tb.open("task=video-chat")
		video, _ := set.Workload("video-chat")
		if got := eval[string](tb, `document.querySelector("#model").value`); got != video.DefaultModel().Slug {
			t.Errorf("?task=video-chat shows %q, want the default model %q", got, video.DefaultModel().Slug)
		}
		tb.shot("phone-long-model-360")
	})

	t.Run("Embed", func(t *testing.T) {
		t.Parallel()
		tb := newTab(t, bctx, origin, chromedp.EmulateViewport(380, 700))
		v := tb.view()
		for _, query := range []string{state.String(q), state.String(long)} {
			tb.openURL(origin + "/embed?" + query)
			v.expectNoSidewaysScroll("/embed?" + query)
			// The answer first, then the inputs.
			v.expectOnFirstScreen(400, "#question", "#energy")
			if !eval[bool](tb, `document.querySelector("#energy").getBoundingClientRect().bottom < document.querySelector("#task").getBoundingClientRect().top`) {
				t.Errorf("/embed?%s: the inputs come before the answer", query)
			}
			v.expectOptionsFit("#model")
			v.expectOptionsFit("#gpu")
		}
		v.expectRowWhole("#cfg-row", longR.Selected.RowID)
		tb.shot("embed-long-model-380")
	})
}
