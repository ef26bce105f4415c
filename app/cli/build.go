package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"tokenjoule/app/dist"
	"tokenjoule/app/server"
)

func runBuild(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("build", flag.ContinueOnError)
	out := fs.String("out", "dist", "`dir`ectory to write the static site into: a new or empty one, or one build made, which it replaces")
	base := fs.String("base", "/", "URL `path` the site will be served under, such as /tokenjoule/ for a GitHub Pages project site")
	domain := fs.String("domain", "", "host `name` the site is published on (example.github.io), for the absolute URLs of link previews")
	root := fs.String("root", ".", "`dir`ectory holding web/ with the built app.wasm and echarts.min.js")
	if ok, code := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if _, err := server.CleanBase(*base); err != nil {
		fmt.Fprintln(stderr, "build:", err)
		return exitBadInput
	}
	if _, err := server.CleanDomain(*domain); err != nil {
		fmt.Fprintln(stderr, "build:", err)
		return exitBadInput
	}
	// SIGINT or SIGTERM stops the build before it replaces the site, or lets
	// it finish the replacement it began; either way the unfinished site is
	// removed (one a SIGKILL leaves, the next build removes).
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	version, err := dist.BuildContext(ctx, dist.Options{Root: *root, Out: *out, Base: *base, Domain: *domain})
	if err != nil {
		fmt.Fprintln(stderr, "build:", err)
		var refused *dist.OutError
		if errors.As(err, &refused) {
			return exitBadInput
		}
		return exitFailure
	}
	fmt.Fprintf(stdout, "built the static site in %s for %s (version %s)\n", *out, *base, version)
	if dist.Zopfli() == "" {
		fmt.Fprintln(stderr, "build: zopfli is not installed, so the .gz copies are Go's gzip, 6% larger: hosts that do not compress send the wasm's (apt-get install zopfli)")
	}
	return exitOK
}
