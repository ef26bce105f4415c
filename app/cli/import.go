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

	"tokenjoule/data/importer"
)

func runImport(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	src := fs.String("src", "../shared/mlenergy", "`dir`ectory in the leaderboard's layout (index.json, tasks/*.json)")
	out := fs.String("out", "data/dataset", "dataset `dir`ectory: its current generation is replaced (see data/importer)")
	if ok, code := parseFlags(fs, args, stderr); !ok {
		return code
	}
	// SIGINT or SIGTERM stops the import before it replaces anything, or
	// lets it finish the replacement it began: never half a dataset.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := importer.ImportContext(ctx, *src, *out); err != nil {
		fmt.Fprintln(stderr, "import:", err)
		var bad *importer.InputError
		if errors.As(err, &bad) {
			return exitBadInput
		}
		return exitFailure
	}
	fmt.Fprintf(stdout, "imported %s into %s\n", *src, *out)
	return exitOK
}
