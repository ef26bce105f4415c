package cli

import (
	"fmt"
	"go/parser"
	"go/token"
	"regexp"
	"testing"
)

// TestPackageDocsNameEveryCommand: the command's doc (main.go) shows a usage
// line for every command Run knows, and this package's doc names each, so
// that neither goes stale when a command is added.
func TestPackageDocsNameEveryCommand(t *testing.T) {
	for _, c := range []struct{ file, line string }{
		{"../../main.go", `(?m)^\ttokenjoule %s +\[flags\] +\S`},
		{"cli.go", `\b%s\b`},
	} {
		f, err := parser.ParseFile(token.NewFileSet(), c.file, nil, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		doc := f.Doc.Text()
		var missing []string
		for _, cmd := range commands {
			if !regexp.MustCompile(fmt.Sprintf(c.line, cmd.name)).MatchString(doc) {
				missing = append(missing, cmd.name)
			}
		}
		if missing != nil {
			t.Errorf("%s: the package doc does not name the commands %q:\n%s", c.file, missing, doc)
		}
	}
}
