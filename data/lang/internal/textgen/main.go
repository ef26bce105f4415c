// Command textgen writes the catalogue of every language but English into
// a directory (web/) as the file the browser loads (lang.FileName): go
// generate ./data/lang runs it. English is in the wasm itself.
package main

import (
	"flag"
	"log"
	"os"
	"path/filepath"

	"tokenjoule/data/lang"
)

func main() {
	out := flag.String("out", "../../web", "the directory to write the catalogues into")
	flag.Parse()
	for _, t := range lang.Tags()[1:] {
		name := filepath.Join(*out, lang.FileName(t))
		if err := os.WriteFile(name, t.Of().Text(), 0o644); err != nil {
			log.Fatalf("textgen: %v", err)
		}
	}
}
