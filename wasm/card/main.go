//go:build js && wasm

// Command card is the card embeds' wasm (web/card.wasm): the dataset as a
// card reads it (data.LoadCard) and the card's code, without go-app.
// web/start.js runs it in place of the
// calculator on the card layout of /embed and /embed/plan, and before it on
// that of /embed/compare (by a volume or a plan) and the chart layout of
// /embed and /embed/plan, whose bars and chart the calculator then draws: it reads the
// link's question as the pages do (package state), answers it with the
// core (data, data/plan) and writes the card that package export words and
// package cardhtml marks up into the page, in place of the one prerendered
// for another question. A link it cannot show as a card (a value the pages
// would refuse with a notice, another layout or page) is left to the
// calculator, which web/start.js then starts.
package main

import (
	"slices"
	"strings"
	"syscall/js"

	"tokenjoule/app/cardhtml"
	"tokenjoule/app/catalogue"
	"tokenjoule/app/charts/headline"
	"tokenjoule/app/embedframe"
	"tokenjoule/app/state"
	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/lang"
	"tokenjoule/data/plan"
)

func main() {
	win := js.Global()
	loc := win.Get("location")
	var browser []string
	if l := win.Get("navigator").Get("languages"); l.Truthy() {
		for i := range l.Length() {
			browser = append(browser, l.Index(i).String())
		}
	}
	// The words of the card's language, downloaded beside this wasm; where
	// that failed, the card speaks English.
	if err := catalogue.First(); err != nil {
		win.Get("console").Call("warn", err.Error())
	}
	path, query := loc.Get("pathname").String(), strings.TrimPrefix(loc.Get("search").String(), "?")
	card, more, ok := cardOf(path, query, browser)
	if ok && !card.Lang.Loaded() && catalogue.Fetch(card.Lang) == nil {
		card, more, ok = cardOf(path, query, browser)
	}
	doc := win.Get("document")
	// Where the prerendered page answers the link already (tokenjoule serve
	// prerenders each link; web/guard.js marks html.tj-pending where it does
	// not), it is the card: it loses only what is there for a reader
	// without the app (data-prerender-only, as where go-app adopts it), and
	// a layout the calculator completes is the calculator's to adopt.
	// The prerender is in English: a card in another language is written
	// anew.
	answered := !doc.Get("documentElement").Get("classList").Call("contains", "tj-pending").Bool() &&
		card.Lang.Of().Tag == lang.EN
	if ok && !(more && answered) {
		main := doc.Call("querySelector", "main")
		if answered {
			only := doc.Call("querySelectorAll", "main [data-prerender-only]")
			for i := range only.Length() {
				only.Index(i).Call("remove")
			}
		} else {
			main.Set("className", "embed figure-layout layout-card")
			doc.Get("documentElement").Set("lang", string(card.Lang.Of().Tag))
			doc.Set("title", card.Lang.T("page.title"))
			main.Set("innerHTML", cardhtml.Body(card)+cardhtml.Footer(card, export.SourceName(card.Source)))
		}
		// What stood for the calculator before it ran: the loader, and the
		// link's question in place of the prerendered figures (guard.js).
		if l := doc.Call("getElementById", "app-wasm-loader"); l.Truthy() && !more {
			l.Call("remove")
		}
		doc.Get("documentElement").Get("classList").Call("remove", "tj-pending")
		if !more {
			// Live, as the calculator's pages say once mounted (the tests
			// and web/guard.js wait for it).
			main.Get("dataset").Set("card", "shown")
			main.Get("dataset").Set("mounted", "true")
			doc.Get("documentElement").Get("classList").Call("add", "mounted")
			embedframe.WatchHeight()
		}
	}
	// web/start.js starts the calculator where no card was shown, or where
	// the card needs it for more (the compare card's bars).
	win.Call("tokenjouleCardDone", ok, more)
	if ok && !more {
		select {} // the height watch calls back into this program
	}
}

// cardOf is the card for the page at path with the query raw, its links
// the site's paths as the pages write them, and whether it is one this shows: a card of /embed, /embed/plan or
// /embed/compare (by a volume) whose parameters the page would take as they
// are; more tells that the calculator must still draw part of it (the
// compare card's bars). Every card speaks the link's language, else the
// first of browser's it speaks (state.Language).
func cardOf(path, raw string, browser []string) (card cardhtml.Card, more, ok bool) {
	base, page := pageOf(path)
	set, err := data.LoadCard()
	if page == "" || err != nil {
		return cardhtml.Card{}, false, false
	}
	v, notices := state.ParseQuery(raw)
	fp, fn := state.ParseBareFootprint(v)
	asked, an := state.ParseLang(v, browser)
	notices = append(append(notices, fn...), an...)
	tag := state.Language(asked, browser)
	var (
		c    export.Card
		look state.Embed
		ln   []state.Notice
		link string
	)
	switch page {
	case "/embed":
		q, qn := state.Parse(set, v)
		look, ln = state.ParseEmbed(v, state.CalcLayouts)
		notices = append(append(notices, qn...), ln...)
		r, err := set.Select(q)
		if err != nil {
			return cardhtml.Card{}, false, false
		}
		c, link = export.CardIn(data.PrinterOf(tag), r, fp.Factors), "/?"+state.WithLang(fp.Page().AppendTo(state.String(q)), asked)
		if look.Layout == state.LayoutChart {
			// The chart's headline, context, caption and caveat at once; the
			// calculator draws the chart.
			i := max(0, slices.Index(state.Charts, look.Chart))
			return cardhtml.Card{Card: export.Card{Title: headline.OfIn[i](data.PrinterOf(tag), r) + ".", Context: c.Context, Range: c.Range,
				Caveat: c.Caveat, Source: c.Source, Lang: c.Lang}, Caption: headline.BriefsIn(data.PrinterOf(tag), r.Kind)[i], Link: base + link}, true, len(notices) == 0
		}
	case "/embed/plan":
		q, t, qn := state.ParsePlan(set, v)
		look, ln = state.ParsePlanEmbed(v)
		notices = append(append(notices, qn...), ln...)
		if fp.Factors.Idle.Set {
			return cardhtml.Card{}, false, false // the plan refuses it with a notice
		}
		p, err := plan.Make(set, q, t)
		if err != nil {
			return cardhtml.Card{}, false, false
		}
		c, link = export.PlanCardIn(data.PrinterOf(tag), p, fp.Factors), "/plan?"+state.WithLang(fp.Page().AppendTo(state.PlanString(q, t)), asked)
		if look.Layout == state.LayoutChart {
			// As the calculator's chart layout: the plan's chart's words at
			// once, the chart the calculator's.
			i := max(0, slices.Index(state.PlanCharts, look.Chart))
			return cardhtml.Card{Card: export.Card{Title: headline.PlanOfIn[i](data.PrinterOf(tag), p) + ".", Context: c.Context, Range: c.Range,
				Caveat: c.Caveat, Source: c.Source, Lang: c.Lang}, Caption: headline.PlanBriefsIn(data.PrinterOf(tag))[i], Link: base + link}, true, len(notices) == 0
		}
	case "/embed/compare":
		q, qn := state.ParseCompare(set, v)
		t, planning, tn := state.ParseTraffic(v)
		look, ln = state.ParseEmbed(v, state.CompareLayouts)
		notices = append(append(append(notices, qn...), tn...), ln...)
		var cc export.CompareCard
		if planning {
			// The ranking of the planned fleets, as the calculator's
			// compare page words it in plan mode.
			prk, err := plan.Compare(set, q, t)
			if err != nil {
				return cardhtml.Card{}, false, false
			}
			cc = export.PlanCompareCardIn(data.PrinterOf(tag), prk, &set.Index)
		} else {
			rk, err := set.Compare(q)
			if err != nil {
				return cardhtml.Card{}, false, false
			}
			cc = export.CompareCardIn(data.PrinterOf(tag), rk, &set.Index)
		}
		link = state.String(q)
		if planning {
			link += "&" + state.TrafficString(t)
		}
		card, more = cardhtml.FromCompareCard(cc, base+"/compare?"+state.WithLang(fp.Page().AppendTo(link), asked)), true
		c.Wh = cc.Wh
	}
	if len(notices) > 0 || look.Layout != state.LayoutCard {
		return cardhtml.Card{}, false, false
	}
	if !more {
		card = cardhtml.Card{Card: c, Link: base + link}
	}
	card.Note = export.UpdatedIn(card.Lang, look.Made, look.MadeWh, set.Index.DataVersion, set.Index.Source, c.Wh)
	return card, more, true
}

// pageOf splits path into the site's base ("" or "/repo") and the embed's
// page (/embed or /embed/plan), under any name a static host serves it by;
// page is "" for another.
func pageOf(path string) (base, page string) {
	path = strings.TrimSuffix(strings.TrimSuffix(path, "/index.html"), ".html")
	path = strings.TrimSuffix(path, "/")
	for _, p := range []string{"/embed/plan", "/embed/compare", "/embed"} {
		if b, ok := strings.CutSuffix(path, p); ok {
			return b, p
		}
	}
	return "", ""
}
