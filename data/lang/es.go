package lang

var spanish = Language{
	Tag: ES, Name: "Español",
	// The RAE groups digits by three with a space or a point, but not a
	// four-digit number (1234); the point is what Spanish newsrooms use.
	Numbers: Numbers{Decimal: ",", Group: ".", GroupFour: false, UnitSpace: "\u00a0", PercentSpace: "\u00a0"},
	Months: [12]string{"enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
		"septiembre", "octubre", "noviembre", "diciembre"},
	Date: "{day} de {month} de {year}",
	Words: map[string]string{
		"number.less than": "menos de {n}",
		"number.more than": "más de {n}",
		"volume.k":         "\u00a0mil",
		"volume.M":         "\u00a0M",
		"volume.B":         "\u00a0mil M",
		"volume.T":         "\u00a0B",

		"items.tokens": "tokens de salida",
		"item.token":   "token de salida",
		"items.images": "imágenes",
		"item.image":   "imagen",
		"items.videos": "vídeos",
		"item.video":   "vídeo",

		"share.p50": "la mitad de los tokens",
		"share.p90": "9 de cada 10 tokens",
		"share.p95": "19 de cada 20 tokens",
		"share.p99": "99 de cada 100 tokens",

		"deadline.tokens":    "{share} en menos de {ms} tras el anterior",
		"deadline.diffusion": "cada {item} lista en menos de {deadline}",

		"card.title":       "¿Cuánta energía consume {model} en {gpus} para generar {volume}?",
		"card.title.one":   "¿Cuánta energía consume {model} en {gpus} para generar {volume}?",
		"card.context":     "{workload}, con {deadline}.",
		"card.context.any": "{workload}, con {deadline}, en la GPU que consuma menos.",
		"card.caveat":      "Solo la energía de las GPU, un mínimo: no se cuentan el servidor, la red, la refrigeración ni el tiempo inactivo.",
		"card.label":       "de energía de GPU",
		"card.missed":      "Ninguna configuración medida cumple este plazo: el más corto que alguna cumple es {deadline} ({hardware}).",
		"card.about":       "Aproximadamente {amount}.",
		"card.data":        "Datos: {source}.",

		"gpus.or": "{list} o {last}",

		"otherend.median":  "Con {share} en menos de {ms} (la mediana): ",
		"otherend.lead":    "Si {share} deben llegar en menos de {ms}: ",
		"otherend.none":    "{lead}ninguna configuración medida lo consigue; hace falta un plazo de al menos {deadline}.",
		"otherend.neither": "{lead}tampoco lo consigue ninguna configuración medida; hace falta un plazo de al menos {deadline}.",
		"otherend.same":    "{lead}{energy}, lo mismo.",
		"otherend.plain":   "{lead}{energy}.",
		"otherend.more":    "{lead}{energy}, un {pct} más.",
		"otherend.about":   "{lead}{energy}, más o menos lo mismo.",
		"otherend.times":   "{lead}{energy}, {ratio} veces más.",

		"footer.source":    "Fuente:",
		"footer.licence":   "{source}. Licencia: {licence}.",
		"footer.cite":      "Citar:",
		"footer.open":      "Explorar en tokenjoule →",
		"footer.open.long": "Explorar este cálculo en tokenjoule, en una pestaña nueva",
		"footer.edition":   "{source}, datos del {date}",

		"language": "español",
		"coming":   "Español…",

		"notice.lang": "No se entendió el parámetro lang={value} de la URL (use {accepted}); se muestra en {fallback}.",
	},
}
