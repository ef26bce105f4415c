package e2e

import (
	"strings"

	"github.com/chromedp/chromedp"

	"tokenjoule/data/lang"
)

// hardEnglish are English words the catalogue never had, written in the
// code where a page past the GPU said them: a translation test looks for
// them beside the catalogue's sentences (lang.English).
var hardEnglish = []string{"at the boundary", "Carbon: ", "Water on site", "Cost: ", "network not counted",
	"Published spread", "not a confidence interval", "Measured GPU energy", "GPU energy with idle capacity",
	"your figure", "the GPUs' energy", "The table's", "Not counted:", "Chart: ", "Source: ", "Cite: ",
	"Explore in tokenjoule:", "Boundary: ", "Every model of", "planned for"}

// englishIn lists the English text holds though it is written in t: the
// catalogue's sentences (lang.English) and the words of hardEnglish.
func englishIn(text string, t lang.Tag) []string {
	left := lang.English(text, t)
	for _, en := range hardEnglish {
		if strings.Contains(text, en) {
			left = append(left, en)
		}
	}
	return left
}

// fpEmbed is a footprint as an embed's link sets it: a boundary, carbon at
// a grid intensity of one's own (held in the published spread), water and
// cost.
const fpEmbed = "boundary=cloud&grid=100&wue=microsoft&price=0.12&cur=USD"

// builderWords opens the Embed dialog of the page tb shows and gathers,
// for each of layouts, every word it offers a reader: the dialog's text,
// the preview's title and its page, the alt text and the pinned card.
func builderWords(tb *tab, layouts ...string) string {
	tb.t.Helper()
	tb.do(chromedp.Click(chromedp.ID("embed-open")))
	tb.waitFor(`document.querySelector("#embed-dialog")?.matches("[open]") ?? false`, "the open Embed dialog")
	var words []string
	for _, layout := range layouts {
		tb.change("#embed-layout", layout, "change")
		tb.waitFor(`document.querySelector("#embed-frame")?.getAttribute("src").includes("layout=`+layout+`")`, "the preview of the "+layout)
		frame := tb.frameWhen("#embed-frame", `location.search.includes("layout=`+layout+`") && !!document.querySelector("main[data-mounted], main[data-card=shown]")`)
		words = append(words, eval[string](tb, `[document.querySelector("#embed-dialog").innerText,
			document.querySelector("#embed-frame").title, document.querySelector("#embed-alt").value,
			document.querySelector("#embed-pinned")?.value ?? ""].join("\n")`),
			evalIn[string](frame, `document.body.innerText`))
	}
	return strings.Join(words, "\n")
}
