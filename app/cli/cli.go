// Package cli is the tokenjoule command: calc, plan, compare, list, import,
// build and serve, each a function of its arguments and output streams that
// returns the exit code, so that tests run them in-process.
package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
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
// must not take a truncated CSV for the ranking. So is a figure that is not
// a finite number (Inf, NaN): the output stops before it.
func Run(args []string, stdout, stderr io.Writer) int {
	out := &checkedWriter{w: stdout}
	code := run(args, out, stderr)
	if err := out.flush(); err != nil {
		fmt.Fprintln(stderr, "tokenjoule: writing the output:", err)
		return exitFailure
	}
	return code
}

// checkedWriter keeps the first error of the writes to w, a short write
// included, and fails every later write with it, so that a command's many
// unchecked prints need no check of their own. It is also where every
// figure leaves the program, text, CSV or JSON, and so where it refuses one
// that is not a finite number: it passes on whole lines, each checked, and
// holds back the rest until its line ends or flush.
type checkedWriter struct {
	w    io.Writer
	err  error
	line []byte // the unfinished line
}

// nonFinite matches a number Go writes for an infinity or a NaN, as a word:
// "+Inf", "-Inf", "NaN", not the "Inf" of "Inference".
var nonFinite = regexp.MustCompile(`(?m)(?:^|[^\pL\pN_.])([-+]?(?:Inf|NaN))(?:$|[^\pL\pN_])`)

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	c.line = append(c.line, p...)
	if i := bytes.LastIndexByte(c.line, '\n'); i >= 0 {
		c.pass(c.line[:i+1])
		c.line = append(c.line[:0], c.line[i+1:]...)
	}
	if c.err != nil {
		return 0, c.err
	}
	return len(p), nil
}

// flush passes on the unfinished line, if any, and reports the first error.
func (c *checkedWriter) flush() error {
	c.pass(c.line)
	c.line = nil
	return c.err
}

func (c *checkedWriter) pass(b []byte) {
	if c.err != nil || len(b) == 0 {
		return
	}
	if m := nonFinite.FindSubmatch(b); m != nil {
		c.err = fmt.Errorf("a figure is not a finite number (%s): nothing more is written", m[1])
		return
	}
	n, err := c.w.Write(b)
	if err == nil && n < len(b) {
		err = io.ErrShortWrite
	}
	c.err = err
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

// hideFlags leaves the named flags out of fs's -h: flags a command declares
// only to refuse them with a message that says what to use instead.
func hideFlags(fs *flag.FlagSet, names ...string) {
	fs.Usage = func() {
		shown := flag.NewFlagSet(fs.Name(), flag.ContinueOnError)
		shown.SetOutput(fs.Output())
		fs.VisitAll(func(f *flag.Flag) {
			if !slices.Contains(names, f.Name) {
				shown.Var(f.Value, f.Name, f.Usage)
				shown.Lookup(f.Name).DefValue = f.DefValue
			}
		})
		fmt.Fprintf(fs.Output(), "Usage of %s:\n", fs.Name())
		shown.PrintDefaults()
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
