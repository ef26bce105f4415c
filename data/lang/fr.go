package lang

var french = Language{
	Tag: FR, Name: "Français",
	// A narrow no-break space groups the digits and comes before % (Imprimerie
	// nationale); a no-break space comes before a unit.
	Numbers: Numbers{Decimal: ",", Group: "\u202f", GroupFour: true, UnitSpace: "\u00a0", PercentSpace: "\u202f"},
	Months: [12]string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
		"septembre", "octobre", "novembre", "décembre"},
	Date: "{day} {month} {year}",
	Words: map[string]string{
		"number.less than": "moins de {n}",
		"number.more than": "plus de {n}",
		"volume.k":         "\u00a0k",
		"volume.M":         "\u00a0M",
		"volume.B":         "\u00a0Md",
		"volume.T":         "\u00a0T",

		"items.tokens": "tokens de sortie",
		"item.token":   "token de sortie",
		"items.images": "images",
		"item.image":   "image",
		"items.videos": "vidéos",
		"item.video":   "vidéo",

		"share.p50": "la moitié des tokens",
		"share.p90": "9 tokens sur 10",
		"share.p95": "19 tokens sur 20",
		"share.p99": "99 tokens sur 100",

		"deadline.tokens":    "{share} en moins de {ms} après le précédent",
		"deadline.diffusion": "chaque {item} prête en moins de {deadline}",

		"card.title":       "Combien d’énergie faut-il pour générer {volume} avec {model} sur {gpus}\u00a0?",
		"card.title.one":   "Combien d’énergie faut-il pour générer {volume} avec {model} sur {gpus}\u00a0?",
		"card.context":     "{workload}, avec {deadline}.",
		"card.context.any": "{workload}, avec {deadline}, sur le GPU qui consomme le moins.",
		"card.caveat":      "Énergie des GPU seulement, un minimum\u00a0: hôte, réseau, refroidissement et temps d’inactivité ne sont pas comptés.",
		"card.label":       "d’énergie GPU",
		"card.missed":      "Aucune configuration mesurée ne tient ce délai\u00a0: le plus court qu’une configuration tienne est de {deadline} ({hardware}).",
		"card.about":       "Environ {amount}.",
		"card.data":        "Données\u00a0: {source}.",

		"gpus.or": "{list} ou {last}",

		"otherend.median":  "Avec {share} en moins de {ms} (la médiane)\u00a0: ",
		"otherend.lead":    "Si {share} doivent arriver en moins de {ms}\u00a0: ",
		"otherend.none":    "{lead}aucune configuration mesurée n’y parvient\u00a0; il faut un délai d’au moins {deadline}.",
		"otherend.neither": "{lead}aucune configuration mesurée n’y parvient non plus\u00a0; il faut un délai d’au moins {deadline}.",
		"otherend.same":    "{lead}{energy}, autant.",
		"otherend.plain":   "{lead}{energy}.",
		"otherend.more":    "{lead}{energy}, soit {pct} de plus.",
		"otherend.about":   "{lead}{energy}, à peu près autant.",
		"otherend.times":   "{lead}{energy}, soit {ratio}\u00a0fois plus.",

		"footer.source":    "Source\u00a0:",
		"footer.licence":   "{source}. Licence\u00a0: {licence}.",
		"footer.cite":      "Citer\u00a0:",
		"footer.open":      "Explorer dans tokenjoule →",
		"footer.open.long": "Explorer ce calcul dans tokenjoule, dans un nouvel onglet",
		"footer.edition":   "{source}, données du {date}",

		"language": "français",
		"coming":   "Français…",

		"notice.lang": "Le paramètre lang={value} de l’URL n’a pas été compris (utilisez {accepted})\u00a0; affichage en {fallback}.",
	},
}
