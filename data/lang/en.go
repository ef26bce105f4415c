package lang

var english = Language{
	Tag: EN, Name: "English",
	Numbers: Numbers{Decimal: ".", Group: ",", GroupFour: true, UnitSpace: " ", PercentSpace: ""},
	Months: [12]string{"January", "February", "March", "April", "May", "June", "July", "August",
		"September", "October", "November", "December"},
	Date: "{day} {month} {year}",
	Words: map[string]string{
		"number.less than": "less than {n}",
		"number.more than": "more than {n}",
		"volume.k":         "k",
		"volume.M":         "M",
		"volume.B":         "B",
		"volume.T":         "T",

		"items.tokens": "output tokens",
		"item.token":   "output token",
		"items.images": "images",
		"item.image":   "image",
		"items.videos": "videos",
		"item.video":   "video",

		"share.p50": "half of the tokens",
		"share.p90": "9 in 10 tokens",
		"share.p95": "19 in 20 tokens",
		"share.p99": "99 in 100 tokens",

		"deadline.tokens":    "{share} within {ms} of the one before",
		"deadline.diffusion": "each {item} ready within {deadline}",

		"card.title":       "How much energy do {volume} of {model} take on {gpus}?",
		"card.title.one":   "How much energy does {volume} of {model} take on {gpus}?",
		"card.context":     "{workload}, with {deadline}.",
		"card.context.any": "{workload}, with {deadline}, on whichever GPU spends less.",
		"card.caveat":      "GPU energy only, a floor: host, network, cooling and idle time are not counted.",
		"card.label":       "of GPU energy",
		"card.missed":      "No measured configuration meets this deadline: the smallest one meets is {deadline} ({hardware}).",
		"card.about":       "About {amount}.",
		"card.data":        "Data: {source}.",

		"gpus.or": "{list} or {last}",

		"otherend.median":  "With {share} within {ms} (the median): ",
		"otherend.lead":    "If {share} must arrive within {ms}: ",
		"otherend.none":    "{lead}no measured configuration does; that takes a deadline of at least {deadline}.",
		"otherend.neither": "{lead}no measured configuration does either; that takes a deadline of at least {deadline}.",
		"otherend.same":    "{lead}{energy}, the same.",
		"otherend.plain":   "{lead}{energy}.",
		"otherend.more":    "{lead}{energy}, {pct} more.",
		"otherend.about":   "{lead}{energy}, about as much.",
		"otherend.times":   "{lead}{energy}, {ratio}× as much.",

		"footer.source":    "Source:",
		"footer.licence":   "{source}. Licence: {licence}.",
		"footer.cite":      "Cite:",
		"footer.open":      "Explore in tokenjoule →",
		"footer.open.long": "Explore this calculation in tokenjoule, in a new tab",
		"footer.edition":   "{source}, data of {date}",

		"language": "English",
		"coming":   "English…",

		"notice.lang": "The URL's lang={value} was not understood (use {accepted}); showing {fallback} instead.",
	},
}
