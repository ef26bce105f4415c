// Command sitebuild builds the static site for the browser tests as
// `tokenjoule build` does, with brotli's fastest level. The tests run with the
// race detector, under which compressing the wasm takes ten times as long;
// this runs as a plain binary beside them. It prints the site's version.
// With -listen it serves the app instead, from a dataset of the test's
// (-dataset) where it is given.
package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"

	"tokenjoule/app/dist"
	"tokenjoule/app/server"
	"tokenjoule/app/ui"
	"tokenjoule/data"
)

func main() {
	root := flag.String("root", "", "directory holding web/ with the built app.wasm")
	out := flag.String("out", "", "directory to write the site into")
	base := flag.String("base", "", "URL path the site is served under")
	dataset := flag.String("dataset", "", "a generation of the dataset to prerender the pages from, in place of the embedded one")
	listen := flag.String("listen", "", "serve the app as `tokenjoule serve` does on this address (its pages prerendered for each query), instead of building; it prints the address")
	flag.Parse()
	if *dataset != "" {
		set, err := data.LoadFS(os.DirFS(*dataset))
		if err != nil {
			fmt.Fprintln(os.Stderr, "sitebuild:", err)
			os.Exit(1)
		}
		ui.UseDataset(set)
	}
	if *listen != "" {
		serve(*root, *listen)
		return
	}
	version, err := dist.Build(dist.Options{Root: *root, Out: *out, Base: *base, Brotli: 1})
	if err != nil {
		fmt.Fprintln(os.Stderr, "sitebuild:", err)
		os.Exit(1)
	}
	fmt.Println(version)
}

// serve serves the app from root on addr, as `tokenjoule serve` does, and
// prints the address it listens on.
func serve(root, addr string) {
	h, err := server.New(server.Options{Root: root})
	if err == nil {
		var ln net.Listener
		if ln, err = net.Listen("tcp", addr); err == nil {
			fmt.Println(ln.Addr())
			err = http.Serve(ln, h)
		}
	}
	fmt.Fprintln(os.Stderr, "sitebuild:", err)
	os.Exit(1)
}
