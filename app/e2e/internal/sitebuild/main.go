// Command sitebuild builds the static site for the browser tests as
// `tokenjoule build` does, with brotli's fastest level. The tests run with the
// race detector, under which compressing the wasm takes ten times as long;
// this runs as a plain binary beside them. It prints the site's version.
package main

import (
	"flag"
	"fmt"
	"os"

	"tokenjoule/app/dist"
	"tokenjoule/app/ui"
	"tokenjoule/data"
)

func main() {
	root := flag.String("root", "", "directory holding web/ with the built app.wasm")
	out := flag.String("out", "", "directory to write the site into")
	base := flag.String("base", "", "URL path the site is served under")
	dataset := flag.String("dataset", "", "a generation of the dataset to prerender the pages from, in place of the embedded one")
	flag.Parse()
	if *dataset != "" {
		set, err := data.LoadFS(os.DirFS(*dataset))
		if err != nil {
			fmt.Fprintln(os.Stderr, "sitebuild:", err)
			os.Exit(1)
		}
		ui.UseDataset(set)
	}
	version, err := dist.Build(dist.Options{Root: *root, Out: *out, Base: *base, Brotli: 1})
	if err != nil {
		fmt.Fprintln(os.Stderr, "sitebuild:", err)
		os.Exit(1)
	}
	fmt.Println(version)
}
