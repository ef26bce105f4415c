package e2e

// Frames and the pages that frame them: an iframe as a view, the README's
// resize script on a host page of another origin, and the messages it gets.

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	cdplog "github.com/chromedp/cdproto/log"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// iframe is the view of the page's iframe with the id, which runs in the
// page's process (so the tab's watch covers it), once the app in it has
// mounted.
func (tb *tab) iframe(id string) view {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
	defer cancel()
	nodes, err := chromedp.Run(ctx, chromedp.Nodes(chromedp.ID(id), chromedp.Populate(-1, true)))
	if err != nil || len(nodes) == 0 {
		tb.t.Fatalf("no iframe #%s: %v", id, err)
	}
	v := view{t: tb.t, ctx: tb.ctx, frame: nodes[0]}
	v.waitFor(`!!document.querySelector("main[data-mounted]")`, "the app in the iframe to mount")
	return v
}

// isolatedIframe attaches to the iframe at u that Chrome runs as a target of
// its own (a sandboxed iframe is isolated in its own process) and watches its
// console and network as newTab does (any console error, exception or
// request to another origin than the app's fails the test). The browser
// keeps what a document logged before anyone listened, and sends it again
// when the log and runtime domains are enabled anew: so the watch covers the
// iframe's whole start without loading it again. (Navigating the frame from
// its own target makes chromium log "Unsafe attempt to load URL".) It
// returns the iframe's view once the app in it has mounted.
func (tb *tab) isolatedIframe(u string) view {
	tb.t.Helper()
	var id target.ID
	deadline := time.Now().Add(20 * time.Second)
	for id == "" {
		infos, err := chromedp.Targets(tb.ctx)
		if err != nil {
			tb.t.Fatal(err)
		}
		for _, info := range infos {
			if info.Type == "iframe" && info.URL == u {
				id = info.TargetID
			}
		}
		if id == "" {
			if time.Now().After(deadline) {
				tb.t.Fatalf("no iframe target at %s", u)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	// Attached while the app in it mounts, chromedp v0.23.1 can read the
	// frame's node map as it fills it (Target.domEvent against
	// documentUpdated, a data race seen once in TestEmbedLayouts): attach
	// once the embed has told the host page (hostSite) its height, that is
	// once it has mounted.
	tb.waitFor(`messages.some(m => m.fromFrame)`, "the embed's first message to the host page")
	ctx, cancel := chromedp.NewContext(tb.ctx, chromedp.WithTargetID(id))
	appOrigin := u[:strings.Index(u, "/embed")]
	done := tb.watch(ctx, appOrigin, "iframe: ")
	// Runs before newTab's cleanup, which reports the problems.
	tb.t.Cleanup(func() {
		cancel()
		<-done
	})
	replay := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		for _, m := range []string{cdplog.Disable.Method, cdplog.Enable.Method, cdpruntime.Disable.Method, cdpruntime.Enable.Method} {
			if err := tg.Call(ctx, m, nil, nil); err != nil {
				return fmt.Errorf("%s: %w", m, err)
			}
		}
		return nil
	})
	if err := chromedp.Do(ctx, replay); err != nil {
		tb.t.Fatalf("replaying the iframe's console: %v", err)
	}
	v := view{t: tb.t, ctx: ctx}
	v.waitFor(`!!document.querySelector("main[data-mounted]")`, "the app in the iframe to mount")
	return v
}

// readmeScript is the resize script of the README's Embedding section, as
// published, so that the README stays true, for the embeds of the site at
// origin (the README's are example.org's, under /tokenjoule).
func readmeScript(t *testing.T, origin string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, sec, ok := strings.Cut(string(b), "\n## Embedding\n")
	if !ok {
		t.Fatal("README.md has no Embedding section")
	}
	sec, _, _ = strings.Cut(sec, "\n## ")
	m := regexp.MustCompile(`(?s)<script>\n(.*?)</script>`).FindStringSubmatch(sec)
	if m == nil {
		t.Fatal("README.md's Embedding section has no <script>")
	}
	if lines := strings.Count(strings.TrimSpace(m[1]), "\n") + 1; lines != 3 {
		t.Errorf("the README's script has %d lines, want 3", lines)
	}
	const readmeEmbeds = "https://example.org/tokenjoule/embed"
	if !strings.Contains(m[1], readmeEmbeds) {
		t.Fatalf("the README's script does not name the embeds %s:\n%s", readmeEmbeds, m[1])
	}
	return strings.ReplaceAll(m[1], readmeEmbeds, origin+"/embed")
}

// hostSite serves, from another origin than the app's, a page with an iframe
// (the attributes given) and the README's script, and records every message
// the page receives.
func hostSite(t *testing.T, script string) (srv *httptest.Server, page func(iframeAttrs string) string) {
	t.Helper()
	// Parallel subtests add pages while the server answers others.
	var mu sync.Mutex
	pages := map[string]string{}
	var n int
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		body, ok := pages[r.URL.Path]
		mu.Unlock()
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv, func(attrs string) string {
		mu.Lock()
		defer mu.Unlock()
		n++
		path := fmt.Sprintf("/host%d.html", n)
		pages[path] = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A host page</title><link rel="icon" href="data:,">
<style>body { margin: 0; font: 16px sans-serif; } iframe { display: block; }</style></head>
<body><iframe id="calc" ` + attrs + `></iframe>
<script>
window.frameLoads = 0;
document.getElementById("calc").addEventListener("load", () => frameLoads++);
window.messages = [];
addEventListener("message", (e) => messages.push({data: e.data, origin: e.origin,
  fromFrame: e.source === document.getElementById("calc").contentWindow}));
</script>
<script>
` + script + `</script>
</body></html>`
		return srv.URL + path
	}
}

type message struct {
	Data struct {
		Type   string  `json:"type"`
		Height float64 `json:"height"`
	} `json:"data"`
	Keys      string `json:"keys"`
	Origin    string `json:"origin"`
	FromFrame bool   `json:"fromFrame"`
}

// messages are what the host page received, with the keys of each.
func messages(tb *tab) []message {
	tb.t.Helper()
	return eval[[]message](tb, `messages.map(m => ({data: m.data, origin: m.origin, fromFrame: m.fromFrame,
		keys: (m.data && typeof m.data === "object") ? Object.keys(m.data).sort().join(",") : typeof m.data}))`)
}

// expectResized checks that the host page got only height messages from the
// embed, from origin, and that the README's script fitted the iframe to the
// last one, which is the embed's content height.
func expectResized(tb *tab, frame view, origin string) float64 {
	t := tb.t
	t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
	defer cancel()
	fitted := `messages.length > 0 && (() => { const f = document.getElementById("calc"), h = messages[messages.length-1].data.height;
		return f.style.height === h + "px" && f.clientHeight === h })()`
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fitted, chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		t.Fatalf("the iframe was not fitted to the embed's height: messages %+v, iframe height %v", messages(tb),
			eval[float64](tb, `document.getElementById("calc").clientHeight`))
	}
	// Let the layout settle (fonts, the chart), then compare with the content.
	time.Sleep(300 * time.Millisecond)
	msgs := messages(tb)
	for _, m := range msgs {
		if m.Data.Type != "tokenjoule:height" || m.Keys != "height,type" || m.Origin != origin || !m.FromFrame {
			t.Errorf("the host received %+v: want only {type: \"tokenjoule:height\", height} from the embed at %s", m, origin)
		}
	}
	last := msgs[len(msgs)-1].Data.Height
	content := evalIn[float64](frame, `Math.ceil(document.documentElement.getBoundingClientRect().height)`)
	if last != content || last < 200 || last > 4000 {
		t.Errorf("last height message %v px, embed content %v px: want them equal and plausible", last, content)
	}
	if scroll := evalIn[bool](frame, `document.documentElement.scrollHeight > innerHeight + 1`); scroll {
		t.Errorf("the fitted iframe still scrolls (content %v px, frame %v px)", content, evalIn[float64](frame, `innerHeight`))
	}
	return last
}

// loadedFrame is the view of the page's iframe with the id once the app
// in it has mounted at a URL with the search.
func (tb *tab) loadedFrame(id, search string) view {
	tb.t.Helper()
	return tb.frameWhen("#"+id, fmt.Sprintf(`location.search === %q && !!document.querySelector("main[data-mounted]")`, search))
}

// frameWhen is the view of the first iframe that matches the CSS selector
// once js is true in it. A frame whose src changes, or that is only
// starting, loads a new document, which this waits for: a view of the
// document before would fail.
func (tb *tab) frameWhen(sel, js string) view {
	tb.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		nodes, err := chromedp.Run(tb.ctx, chromedp.Nodes(chromedp.CSS(sel), chromedp.Populate(-1, true)))
		if err == nil && len(nodes) > 0 {
			ctx, cancel := context.WithTimeout(tb.ctx, 2*time.Second)
			_, err = chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingInFrame(nodes[0]), chromedp.WithPollingInterval(50*time.Millisecond)))
			cancel()
			if err == nil {
				return view{t: tb.t, ctx: tb.ctx, frame: nodes[0]}
			}
		}
		if time.Now().After(deadline) {
			tb.t.Fatalf("the iframe %s: waiting for %s: %v", sel, js, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// messagesReset forgets the host page's messages, for the next frame.
func (tb *tab) messagesReset() { eval[bool](tb, `messages.length = 0, true`) }
