// Package cli is the tokenjoule command: calc, compare, list, import, build
// and serve, each a function of its arguments and output streams that
// returns the exit code, so that tests run them in-process.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"tokenjoule/data"
)

// Exit codes, shared by every command.
const (
	exitOK         = 0
	exitFailure    = 1 // something outside the input went wrong
	exitBadInput   = 2 // the input names something unknown or malformed
	exitInfeasible = 3 // calc, compare: no configuration meets the deadline
)

type command struct {
	name, summary string
	run           func(args []string, stdout, stderr io.Writer) int
}

var commands = []command{
	{"calc", "the most energy-efficient configuration and the energy for a token volume", runCalc},
	{"plan", "how many GPUs, and how much energy a day, for a traffic at a deadline (text, -json or -csv)", runPlan},
	{"compare", "rank every model of a workload by energy at a deadline (text, -json or -csv)", runCompare},
	{"list", "the workloads, or with -task the models of one", runList},
	{"import", "rebuild the dataset from the ML.ENERGY Leaderboard's published files", runImport},
	{"build", "write the calculator as a static site (for any static host, at its root or a sub-path)", runBuild},
	{"serve", "serve the browser calculator (make run builds what it needs)", runServe},
}

// Run runs the command named by args[0] and returns the process's exit code.
// Without a command it prints the usage and fails; asked for help, it prints
// the usage on stdout and succeeds. Output that could not be written (a full
// disk, a closed pipe) is a failure, whatever the command answered: a script
// must not take a truncated CSV for the ranking.
func Run(args []string, stdout, stderr io.Writer) int {
	out := &checkedWriter{w: stdout}
	code := run(args, out, stderr)
	if out.err != nil {
		fmt.Fprintln(stderr, "tokenjoule: writing the output:", out.err)
		return exitFailure
	}
	return code
}

// checkedWriter keeps the first error of the writes to w, a short write
// included, and fails every later write with it, so that a command's many
// unchecked prints need no check of their own.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	c.err = err
	return n, err
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		for _, c := range commands {
			if c.name == args[0] {
				return c.run(args[1:], stdout, stderr)
			}
		}
		switch args[0] {
		case "-h", "-help", "--help", "help":
			usage(stdout)
			return exitOK
		}
	}
	usage(stderr)
	if len(args) > 0 {
		fmt.Fprintf(stderr, "\nunknown command %s\n", data.Quote(args[0]))
	}
	return exitBadInput
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: tokenjoule <command> [flags]   (tokenjoule <command> -h lists a command's flags)\n\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
}

// parseFlags parses args and reports whether the command should go on; code is
// the exit code when it should not (0 after -h).
func parseFlags(fs *flag.FlagSet, args []string, stderr io.Writer) (ok bool, code int) {
	fs.SetOutput(stderr)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return false, exitOK
		}
		return false, exitBadInput
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "%s: unexpected argument %s%s\n", fs.Name(), data.Quote(fs.Arg(0)), strayHint(fs, args))
		return false, exitBadInput
	}
	return true, 0
}

// strayHint says which flag takes an argument that is none's: -task a
// workload's id, -model a model's name for a command that takes one, with
// the quotes a name with spaces needs, and the whole of a name whose spaces
// split it (-model Llama 3.1 70B).
func strayHint(fs *flag.FlagSet, args []string) string {
	arg := fs.Arg(0)
	if fs.Lookup("task") != nil {
		if set, err := loadSet(); err == nil {
			if _, err := set.Workload(arg); err == nil {
				return "; to choose a workload, use -task " + arg
			}
		}
	}
	m := fs.Lookup("model")
	if m == nil {
		return ""
	}
	parsed := args[:len(args)-fs.NArg()]
	if v := m.Value.String(); v != "" && len(parsed) > 0 && (slices.Contains([]string{"-model=" + v, "--model=" + v}, parsed[len(parsed)-1]) ||
		len(parsed) > 1 && parsed[len(parsed)-1] == v && slices.Contains([]string{"-model", "--model"}, parsed[len(parsed)-2])) {
		words := []string{v}
		for _, a := range fs.Args() {
			if strings.HasPrefix(a, "-") {
				break
			}
			words = append(words, a)
		}
		return "; a name with spaces needs quotes: -model " + shellQuote(strings.Join(words, " "))
	}
	return "; to choose a model, use -model " + shellQuote(arg)
}

// shellQuote is s, cut to data.MaxQuoted characters, as a shell reads it
// back: bare if it is letters, digits and punctuation that need no quotes,
// else in double quotes.
func shellQuote(s string) string {
	s = data.Excerpt(s)
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._/:@%+=,-") == "" {
		return s
	}
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		if strings.ContainsRune(`"\$`+"`", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	return b.String()
}
