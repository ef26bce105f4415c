package cli

import (
	"flag"
	"fmt"
	"io"

	"tokenjoule/data/importer"
)

func runImport(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	src := fs.String("src", "../shared/mlenergy", "`dir`ectory in the leaderboard's layout (index.json, tasks/*.json)")
	out := fs.String("out", "data", "dataset `dir`ectory to replace (index.json and one folder per workload)")
	if ok, code := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if err := importer.Import(*src, *out); err != nil {
		fmt.Fprintln(stderr, "import:", err)
		return exitBadInput
	}
	fmt.Fprintf(stdout, "imported %s into %s\n", *src, *out)
	return exitOK
}
