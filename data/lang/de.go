package lang

var german = Language{
	Tag: DE, Name: "Deutsch",
	Numbers: Numbers{Decimal: ",", Group: ".", GroupFour: true, UnitSpace: "\u00a0", PercentSpace: "\u00a0"},
	Months: [12]string{"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August",
		"September", "Oktober", "November", "Dezember"},
	Date: "{day}. {month} {year}",
	Words: map[string]string{
		"number.less than": "weniger als {n}",
		"number.more than": "mehr als {n}",
		"volume.k":         "\u00a0Tsd.",
		"volume.M":         "\u00a0Mio.",
		"volume.B":         "\u00a0Mrd.",
		"volume.T":         "\u00a0Bio.",

		"items.tokens": "Ausgabe-Tokens",
		"item.token":   "Ausgabe-Token",
		"items.images": "Bilder",
		"item.image":   "Bild",
		"items.videos": "Videos",
		"item.video":   "Video",

		"share.p50": "die Hälfte der Tokens",
		"share.p90": "9 von 10 Tokens",
		"share.p95": "19 von 20 Tokens",
		"share.p99": "99 von 100 Tokens",

		"deadline.tokens":    "{share} innerhalb von {ms} nach dem vorigen",
		"deadline.diffusion": "jedes {item} fertig innerhalb von {deadline}",

		"card.title":       "Wie viel Energie braucht {model} auf {gpus} für {volume}?",
		"card.title.one":   "Wie viel Energie braucht {model} auf {gpus} für {volume}?",
		"card.context":     "{workload}, mit {deadline}.",
		"card.context.any": "{workload}, mit {deadline}, auf der GPU, die weniger verbraucht.",
		"card.caveat":      "Nur die Energie der GPUs, eine Untergrenze: Host, Netzwerk, Kühlung und Leerlauf sind nicht mitgezählt.",
		"card.label":       "GPU-Energie",
		"card.missed":      "Keine gemessene Konfiguration hält diese Frist ein: Die kürzeste, die eine einhält, ist {deadline} ({hardware}).",
		"card.about":       "Etwa {amount}.",
		"card.data":        "Daten: {source}.",

		"gpus.or": "{list} oder {last}",

		"otherend.median":  "Mit {share} innerhalb von {ms} (der Median): ",
		"otherend.lead":    "Wenn {share} innerhalb von {ms} ankommen müssen: ",
		"otherend.none":    "{lead}Keine gemessene Konfiguration schafft das; dafür braucht es eine Frist von mindestens {deadline}.",
		"otherend.neither": "{lead}Auch dann schafft es keine gemessene Konfiguration; dafür braucht es eine Frist von mindestens {deadline}.",
		"otherend.same":    "{lead}{energy}, gleich viel.",
		"otherend.plain":   "{lead}{energy}.",
		"otherend.more":    "{lead}{energy}, {pct} mehr.",
		"otherend.about":   "{lead}{energy}, etwa gleich viel.",
		"otherend.times":   "{lead}{energy}, das {ratio}-Fache.",

		"footer.source":    "Quelle:",
		"footer.licence":   "{source}. Lizenz: {licence}.",
		"footer.cite":      "Zitieren:",
		"footer.open":      "In tokenjoule erkunden →",
		"footer.open.long": "Diese Rechnung in tokenjoule erkunden, in einem neuen Tab",
		"footer.edition":   "{source}, Daten vom {date}",

		"language": "Deutsch",
		"coming":   "Deutsch…",

		"notice.lang": "Der URL-Parameter lang={value} wurde nicht verstanden (erlaubt: {accepted}); angezeigt wird {fallback}.",
	},
}
