package data

import (
	"strings"

	"tokenjoule/data/lang"
)

// whyKeys are the catalogue's sentences of the reasons and accepted forms
// the parsers give (InputError.Why), the more particular first: a reason
// that is one of them, filled, is said in a reader's language.
var whyKeys = []string{
	"why.empty", "why.positive", "why.negative", "why.commas", "why.commas.decimal", "why.exp-suffix", "why.tokens", "why.deadline",
	"why.tokens.small", "why.tokens.large", "why.deadline.large", "why.range", "why.param.share", "why.param.unit",
	"why.param.unit.only", "why.param", "why.currency", "why.percentile", "why.gpu", "why.model.many", "why.model.mean",
	"why.model.not", "why.model.accepted", "why.budget", "why.budget.carbon", "why.budget.water", "why.budget.money",
	"why.budget.unit", "why.budget.co2e", "why.gpu.only", "why.gpu.on", "why.one-of", "why.deadline.diffusion",
	"why.deadline.diffusion.large", "why.images", "why.videos", "why.images.small", "why.videos.small", "why.rate",
	"why.rate.period", "why.rate.periods", "why.rate.small", "why.rate.large", "why.budget.large", "why.budget.case",
	// Last: its {max} would take the rest of a longer sentence.
	"why.range.only",
}

// WhyIn says why, the reason and accepted forms a parser gave in English
// (InputError.Why), in p's language: each part, between "; ", that the
// catalogue holds, its numbers in p's format; a part it does not hold stays
// as it is.
func WhyIn(p Printer, why string) string {
	if p.Lang == "" || p.Lang == lang.EN || why == "" {
		return why
	}
	parts := strings.Split(why, "; ")
	out := ""
	for i := 0; i < len(parts); {
		part, n := whyPart(p, parts[i:])
		if i == 0 {
			out = part
		} else {
			out = p.T("list.semi", "list", out, "next", part)
		}
		i += n
	}
	return out
}

// whyPart says the first of parts in p's language, and how many parts it
// took: a sentence may hold "; " itself (the rate's accepted forms), so the
// longest run of parts that such a sentence says wins.
func whyPart(p Printer, parts []string) (string, int) {
	for n := len(parts); n > 0; n-- {
		run := strings.Join(parts[:n], "; ")
		for _, key := range whyKeys {
			en := lang.EN.T(key)
			if n > 1 && !strings.Contains(en, "; ") {
				continue
			}
			if vars, ok := lang.Unfill(en, run); ok {
				for j := 1; j < len(vars); j += 2 {
					vars[j] = p.Lang.Number(vars[j])
				}
				return p.T(key, vars...), n
			}
		}
	}
	return parts[0], 1
}
