package e2e

// The Embed dialog driven as an author does (builder): its preview, its
// snippet and its height, checked against the embed they show; and the
// snippet pasted into a page of another origin (expectPasted).

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tokenjoule/app/state"
	"tokenjoule/data"
)

// builder drives the Embed dialog of a page.
type builder struct {
	tb     *tab
	origin string
	path   string // the embed's
	q      data.Query
	// embedQuery is the embed's query string for a look, where it is not
	// state.EmbedString's (the plan's, compare's in plan mode).
	embedQuery func(state.Embed) string
}

func (b builder) query(look state.Embed) string {
	if b.embedQuery != nil {
		return b.embedQuery(look)
	}
	return state.EmbedString(b.q, look)
}

// snippetShot is a snippet as the builder wrote it, and its parts.
type snippetShot struct {
	snippet, src  string
	width, height int
	layout        string
}

var snippetRE = regexp.MustCompile(`^<iframe src="([^"]+)" title="([^"]+)" loading="lazy" height="(\d+)" style="width:100%;max-width:(\d+)px;border:0"></iframe>\n<script>\n`)

// expect waits until the preview shows the embed for look at the width and
// has told its height, then checks the snippet: the embed's URL, the title
// (the question), lazy loading, the embed's height at a phone's width, an
// article's width as its largest, and the README's script.
func (b builder) expect(look state.Embed, width int, title string) snippetShot {
	tb, t := b.tb, b.tb.t
	t.Helper()
	query := b.query(look)
	// The preview: the embed at the width, on this site.
	tb.waitFor(fmt.Sprintf(`(() => { const f = document.querySelector("#embed-frame");
		return f.getAttribute("src") === %q && f.width === %q })()`, b.path+"?"+query, strconv.Itoa(width)), "the preview of "+query)
	frame := tb.loadedFrame("embed-frame", "?"+query)
	// At an article's width, the dialog measures the embed at a phone's
	// width out of sight as well.
	phone := frame
	if width != 360 {
		phone = tb.loadedFrame("embed-measure", "?"+query)
	}
	content, atPhone := 0, 0
	deadline := time.Now().Add(20 * time.Second)
	for {
		// The preview's frame takes the height its embed reports; the
		// snippet, the height the embed has at a phone's width.
		content = evalIn[int](frame, `Math.ceil(document.documentElement.getBoundingClientRect().height)`)
		atPhone = evalIn[int](phone, `Math.ceil(document.documentElement.getBoundingClientRect().height)`)
		h := eval[int](tb, `+document.querySelector("#embed-frame").getAttribute("height")`)
		m := snippetRE.FindStringSubmatch(eval[string](tb, `document.querySelector("#embed-snippet").value`))
		if m != nil && h == content && m[3] == strconv.Itoa(atPhone) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s at %d px: content %d px (%d px at 360 px), preview frame %d px, snippet %q", query, width, content, atPhone, h,
				eval[string](tb, `document.querySelector("#embed-snippet").value`))
		}
		time.Sleep(50 * time.Millisecond)
	}
	s := eval[string](tb, `document.querySelector("#embed-snippet").value`)
	m := snippetRE.FindStringSubmatch(s)
	src := html.UnescapeString(m[1])
	want := b.origin + b.path + "?" + query
	if look.Layout == state.LayoutCard {
		// A card records the data it is made with and what its figure read.
		set, err := data.Load()
		if err != nil {
			t.Fatal(err)
		}
		made, wh, _ := strings.Cut(strings.TrimPrefix(src, want), "&made_wh=")
		v, err := strconv.ParseFloat(wh, 64)
		if made != "&made="+set.Index.DataVersion || err != nil || !strings.Contains(evalIn[string](frame, `document.querySelector("#result").textContent`), data.FormatEnergy(v)) {
			t.Errorf("snippet src %q, want %q then made=%s and the energy the card reads in Wh", src, want, set.Index.DataVersion)
		}
		want = src
	}
	if src != want {
		t.Errorf("snippet src %q, want %q", src, want)
	}
	if got := html.UnescapeString(m[2]); got != title {
		t.Errorf("snippet title %q, want the question %q", got, title)
	}
	if m[4] != "720" {
		t.Errorf("snippet max-width %s px, want an article's 720 px whatever the preview's width (%d px)", m[4], width)
	}
	if !strings.HasSuffix(s, "<script>\n"+readmeScript(t, b.origin)+"</script>") {
		t.Errorf("the snippet does not end with the README's script:\n%s", s)
	}
	if got, want := eval[string](tb, `document.querySelector("#embed-preview").href`), b.origin+b.path+"?"+query; got != want {
		t.Errorf("#embed-preview = %q, want %q", got, want)
	}
	return snippetShot{snippet: s, src: src, width: width, height: content, layout: look.Layout}
}

// expectPasted pastes a snippet, as it is, into a page of another origin,
// in a column as wide as the snippet's largest width, and checks that the
// frame shows its layout at the snippet's height, which the README's script
// keeps: the frame does not scroll.
func expectPasted(t *testing.T, bctx context.Context, origin string, s snippetShot, expect func(v view)) {
	t.Helper()
	host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A post</title><link rel="icon" href="data:,">
<style>body { margin: 0; font: 16px serif; } .post { width: %dpx; }</style></head>
<body><div class="post"><p>A paragraph before.</p>
%s
<p>A paragraph after.</p></div>
<script>window.messages = []; addEventListener("message", (e) => messages.push({data: e.data}));</script></body></html>`, s.width, s.snippet)
	}))
	defer host.Close()
	tb := newTab(t, bctx, host.URL, chromedp.EmulateViewport(1000, 900))
	tb.noApp = true
	tb.allow("request to another origin: " + origin + "/")
	tb.do(chromedp.Navigate(host.URL))
	frame := tb.frameWhen("iframe", `!!document.querySelector("main[data-mounted]")`)
	expect(frame)
	tb.waitFor(`messages.some(m => m.data && m.data.type === "tokenjoule:height")`, "the embed's height")
	time.Sleep(300 * time.Millisecond) // let the layout settle
	got := eval[map[string]float64](tb, `(() => { const f = document.querySelector("iframe");
		return {client: f.clientHeight, width: f.clientWidth, last: messages.filter(m => m.data && m.data.type === "tokenjoule:height").at(-1).data.height} })()`)
	if int(got["client"]) != s.height || int(got["last"]) != s.height || int(got["width"]) != s.width {
		t.Errorf("%s pasted: frame %v×%v px, the embed says %v px tall; the snippet gives %d×%d", s.src, got["width"], got["client"], got["last"], s.width, s.height)
	}
	if evalIn[bool](frame, `document.documentElement.scrollHeight > innerHeight + 1 || document.documentElement.scrollWidth > innerWidth`) {
		t.Errorf("%s pasted: the frame scrolls", s.src)
	}
}
