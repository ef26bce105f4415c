package main

import (
	"os"
	"path/filepath"
)

// What a visit moves: the site's files as the host sends them, and the
// files a load downloaded.

// sizes lists the site's files that matter for a first visit, raw and as
// the host sends them compressed.
func sizes(dir string) ([]fileSize, error) {
	var out []fileSize
	for _, name := range []string{"web/app.wasm", "web/card.wasm", "web/echarts.min.js", "index.html", "app.js", "wasm_exec.js", "app-worker.js", "web/style.css", "web/guard.js", "app.css", "manifest.webmanifest", "embed.html"} {
		p := filepath.Join(dir, name)
		raw, err := os.Stat(p)
		if os.IsNotExist(err) && name == "web/card.wasm" {
			continue // a site from before the card's wasm
		}
		if err != nil {
			return nil, err
		}
		f := fileSize{Path: "/" + name, Raw: raw.Size(), Gzip: -1, Brotli: -1}
		if fi, err := os.Stat(p + ".gz"); err == nil {
			f.Gzip = fi.Size()
		}
		if fi, err := os.Stat(p + ".br"); err == nil {
			f.Brotli = fi.Size()
		}
		out = append(out, f)
	}
	return out, nil
}

// medianFiles is the by-file breakdown of the cold load whose total is the
// median.
func medianFiles(loads []load) []fileBytes {
	if len(loads) == 0 {
		return nil
	}
	totals := make([]float64, len(loads))
	for i, l := range loads {
		totals[i] = float64(l.Bytes)
	}
	m := summarize(totals).Median
	best := 0
	for i, l := range loads {
		if abs(float64(l.Bytes)-m) < abs(float64(loads[best].Bytes)-m) {
			best = i
		}
	}
	return loads[best].files
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
