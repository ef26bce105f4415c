package e2e

// What the pages must show, from the core (package data and its
// neighbours), never from the page: the answer, the URL's state, the
// ranking's rows, and the command line's output.

import (
	"bytes"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"tokenjoule/app/cli"
	"tokenjoule/app/state"
	"tokenjoule/data"
)

// urlState is the state the page's URL holds, read by parse (state.Parse
// for the calculator, state.ParseCompare for the compare page).
func (tb *tab) urlState(set *data.Set, parse func(*data.Set, url.Values) (data.Query, []state.Notice)) (data.Query, []state.Notice) {
	tb.t.Helper()
	u, err := url.Parse(eval[string](tb, `location.href`))
	if err != nil {
		tb.t.Fatal(err)
	}
	return parse(set, u.Query())
}

// markupText is the text of prerendered HTML, without its tags and without
// the blanks go-app writes between elements (the dataset row's parts are
// elements of their own, which CSS lays out without them).
func markupText(html string) string {
	return regexp.MustCompile(`<[^>]*>`).ReplaceAllString(regexp.MustCompile(`>\s+<`).ReplaceAllString(html, "><"), "")
}

// ms is a deadline as the page writes it.
func ms(v float64) string { return strings.TrimSuffix(data.FormatDeadline(v), "ms") }

// expectURL checks that the calculator's URL holds q and no more notices,
// once it has followed the last change (the page writes it a moment later:
// app/ui replaceQuery).
func (tb *tab) expectURL(set *data.Set, q data.Query) {
	tb.t.Helper()
	tb.expectURLState(set, state.Parse, q)
}

// expectURLState checks that the URL, read by parse, holds q and no
// notices, within 5 seconds.
func (tb *tab) expectURLState(set *data.Set, parse func(*data.Set, url.Values) (data.Query, []state.Notice), q data.Query) {
	tb.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		got, notices := tb.urlState(set, parse)
		if got == q && len(notices) == 0 {
			return
		}
		if time.Now().After(deadline) {
			tb.t.Errorf("URL state = %+v %v, want %+v", got, notices, q)
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// with returns a copy of q changed by f.
func with(q data.Query, f func(*data.Query)) data.Query {
	f(&q)
	return q
}

// row is a ranking table's row as the page shows it, by column key.
type row map[string]string

// rows reads the ranking table's rows, in the page's order, with the
// data-model of each under "slug", and each figure with its column's unit
// (said once, in the header) after it: "15.21 Wh".
func rows(v view) []row {
	v.t.Helper()
	return evalIn[[]row](v, `[...document.querySelectorAll("#ranking-table tbody tr")].map(tr => {
		const r = {slug: tr.dataset.model, current: tr.getAttribute("aria-current") || ""};
		for (const td of tr.querySelectorAll("td")) {
			const unit = document.querySelector("#ranking-table th[data-col=" + td.dataset.col + "]").dataset.unit;
			r[td.dataset.col] = td.textContent.trim() + (unit ? " " + unit : "");
		}
		return r })`)
}

func comparePath(q data.Query) string { return "/compare?" + state.String(q) }

func mustValues(t *testing.T, raw string) url.Values {
	t.Helper()
	v, err := url.ParseQuery(raw)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// expectCompareURL checks that the compare page's URL holds q, once it has
// followed the last change (see expectURL).
func expectCompareURL(tb *tab, set *data.Set, q data.Query) {
	tb.t.Helper()
	tb.expectURLState(set, state.ParseCompare, q)
}

func hidden(t *testing.T, raw string) state.Hidden {
	t.Helper()
	h, notices := state.ParseHidden(map[string][]string{state.ParamHide: {raw}})
	if len(notices) != 0 {
		t.Fatal(notices)
	}
	return h
}

// runCLI runs the tokenjoule command and returns what it printed.
func runCLI(t *testing.T, args ...string) []byte {
	t.Helper()
	var out, errs bytes.Buffer
	if code := cli.Run(args, &out, &errs); code != 0 {
		t.Fatalf("tokenjoule %s: exit %d, %s", strings.Join(args, " "), code, errs.String())
	}
	return out.Bytes()
}
