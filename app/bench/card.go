package main

// The card embeds' loads: a writer's card (the calculator's card layout)
// for a question other than the default, from the static host, cold, on
// the desktop and the phone profile: the time until the right figure is on
// the screen and the bytes the view moves, the service worker's included.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/footprint"
)

// cardQuestion is the card the loads measure: not the default question, so
// that the static host's page, prerendered for the default, cannot show its
// figure before the link's question is answered.
var cardQuestion = data.Query{Task: "gpqa", Model: "gpt-oss-120b", GPU: "B200", DeadlineMS: 30, Percentile: data.P50, Tokens: 10e9}

// cardLoad is one cold view of the card.
type cardLoad struct {
	Figure   float64 `json:"right_figure_ms"` // the frame after #energy says the card's figure, shown
	Bytes    int64   `json:"bytes"`
	Requests int     `json:"requests"`
	files    []fileBytes
}

// cardResult is a profile's card views.
type cardResult struct {
	Profile    profile     `json:"profile"`
	URL        string      `json:"url"`
	Cold       []cardLoad  `json:"cold"`
	FirstVisit []fileBytes `json:"first_visit_by_file"`
}

// cardProbe notes, in every document, when #energy first says want and is
// shown (not hidden behind the link's pending question, web/guard.js), and
// the frame after that: performance.now() of that frame in
// window.__tjcard.
const cardProbe = `(() => {
  if (location.protocol === "about:" || window.__tjcard) return;
  const want = __WANT__;
  const t = (window.__tjcard = { shown: null });
  const check = () => {
    const el = document.getElementById("energy");
    if (t.shown !== null || !el || el.textContent.trim() !== want || !el.checkVisibility()) return;
    t.shown = -1;
    mo.disconnect();
    requestAnimationFrame(() => (t.shown = performance.now()));
  };
  const mo = new MutationObserver(check);
  mo.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
})();`

// cardPath is the card's path and query on the site.
func cardPath() string {
	return "/embed?" + state.EmbedString(cardQuestion, state.Embed{Layout: state.LayoutCard})
}

// cardFigure is the figure the card must show: the core's.
func cardFigure(set *data.Set) (string, error) {
	r, err := set.Select(cardQuestion)
	if err != nil {
		return "", err
	}
	return export.CardOf(r, footprint.Factors{}).Figure, nil
}

// cardView is a first view of the card, with a fresh profile.
func cardView(chromium string, h *host, p profile, figure string) (cardLoad, error) {
	var l cardLoad
	s, err := newSession(chromium, p.CPU, map[string]any{"firstChange": nil})
	if err != nil {
		return l, err
	}
	defer s.close()
	want, _ := json.Marshal(figure)
	src := strings.Replace(cardProbe, "__WANT__", string(want), 1)
	err = chromedp.Do(s.ctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: src})
		return err
	}))
	if err != nil {
		return l, err
	}
	ctx, cancel := context.WithTimeout(s.ctx, 120*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		return l, err
	}
	h.take()
	s.pageRequests()
	u := h.origin + cardPath()
	if err := chromedp.Do(ctx, chromedp.Navigate(u)); err != nil {
		return l, fmt.Errorf("opening %s: %w", u, err)
	}
	if err := poll(ctx, `!!(window.__tjcard && __tjcard.shown > 0)`); err != nil {
		return l, fmt.Errorf("%s: the card never showed %s: %w", u, figure, err)
	}
	// Whatever the view goes on to download (a worker's precache) counts.
	h.quiet(time.Second, 30*time.Second)
	if l.Figure, err = eval[float64](ctx, `__tjcard.shown`); err != nil {
		return l, err
	}
	l.files = byFile(h.take(), s.pageRequests())
	for _, f := range l.files {
		l.Bytes += f.Bytes
		l.Requests += f.Requests
	}
	return l, nil
}

// cardFiles is the median cold view's bytes by file.
func cardFiles(loads []cardLoad) []fileBytes {
	ls := make([]load, len(loads))
	for i, c := range loads {
		ls[i] = load{Bytes: c.Bytes, files: c.files}
	}
	return medianFiles(ls)
}

// cardLoads are the card's cold views on profile p, n of them.
func cardLoads(chromium string, h *host, p profile, figure string, n int) (cardResult, error) {
	res := cardResult{Profile: p, URL: cardPath()}
	h.setLink(p.link, false)
	defer h.setLink(nil, false)
	for range n {
		l, err := cardView(chromium, h, p, figure)
		if err != nil {
			if l, err = cardView(chromium, h, p, figure); err != nil {
				return res, err
			}
		}
		res.Cold = append(res.Cold, l)
	}
	res.FirstVisit = cardFiles(res.Cold)
	return res, nil
}

// cardCPU is the phone's CPU on the host's own link: the time the card
// takes on a slow CPU alone.
var cardCPU = profile{Name: "CPU 4×, loopback", CPU: 4}

// cardValues are the figures of a profile's card views.
func cardValues(name string, v func(cardLoad) float64) func(*report) []float64 {
	return func(r *report) []float64 {
		var out []float64
		for _, c := range r.Cards {
			if c.Profile.Name == name {
				for _, l := range c.Cold {
					out = append(out, v(l))
				}
			}
		}
		return out
	}
}

// printCards prints the card's views, by profile: the time to the right
// figure and the bytes moved, then the median view's bytes by file.
func printCards(w io.Writer, cards []cardResult) {
	for _, c := range cards {
		var shown, bytes []float64
		for _, l := range c.Cold {
			shown, bytes = append(shown, l.Figure), append(bytes, float64(l.Bytes))
		}
		fmt.Fprintf(w, "\nCard %s, %s, %d cold views: right figure shown %s ms, bytes moved %s\n", c.URL, c.Profile.Name, len(c.Cold),
			spread(summarize(shown), "ms"), spread(summarize(bytes), "KB"))
		for _, f := range c.FirstVisit {
			fmt.Fprintf(w, "  %-28s %3d requests %9s bytes (worker %s)\n", f.Path, f.Requests, num(f.Bytes), num(f.WorkerBytes))
		}
	}
}
