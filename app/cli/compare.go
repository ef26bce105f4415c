package cli

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/footprint"
	"tokenjoule/data/plan"
)

func runCompare(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	flags := addQueryFlags(fs)
	tf := addTrafficFlags(fs, "")
	fs.Lookup("rate").Usage += "; plans every model for it, as the compare page's plan mode (-peak, -idle-watts), in place of -tokens"
	asJSON := fs.Bool("json", false, "print a JSON array, one object per model in rank order (keys: go doc tokenjoule/data/export)")
	asCSV := fs.Bool("csv", false, "print CSV, one line per model in rank order (the page's download)")
	fp := addFootprintFlags(fs)
	if ok, code := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if *asJSON && *asCSV {
		fmt.Fprintln(stderr, "compare: -json and -csv are not accepted together: choose one output")
		return exitBadInput
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })

	set, err := loadSet()
	if err != nil {
		fmt.Fprintln(stderr, "compare: loading the dataset:", err)
		return exitFailure
	}
	q, err := flags.query()
	if given["rate"] {
		return comparePlans(stdout, stderr, set, q, err, tf, fs, fp, given, *asJSON, *asCSV)
	}
	for _, name := range []string{"peak", "idle-watts"} {
		if err == nil && given[name] {
			err = &data.InputError{Param: name, Label: "-" + name, Value: fs.Lookup(name).Value.String(),
				Reason: "is a traffic's: give -rate too, to plan every model for it"}
		}
	}
	if err == nil {
		err = fp.parse(fs)
	}
	if err == nil && !fp.budget.IsZero() {
		err = &data.InputError{Param: "budget", Label: "-budget", Value: *fp.flags["budget"], Reason: "compare ranks models and fits no budget; use calc -budget for one model"}
	}
	var rk *data.Ranking
	if err == nil {
		rk, err = set.Compare(q)
	}
	if err != nil {
		return fail(stderr, "compare", err)
	}

	t := export.CompareTable(rk, fp.factors)
	return writeTable(stdout, stderr, t, *asJSON, *asCSV, func() { printRanking(stdout, set, rk, t, fp.factors) })
}

// writeTable writes t as JSON or CSV if asked, else as text (printText).
// Its exit code says whether a model meets the deadline.
func writeTable(stdout, stderr io.Writer, t *export.Table, asJSON, asCSV bool, printText func()) int {
	switch {
	case asJSON:
		b, err := t.JSON()
		if err != nil {
			return fail(stderr, "compare", err)
		}
		stdout.Write(b)
	case asCSV:
		stdout.Write(t.CSV())
	default:
		printText()
	}
	if len(t.Rows) == 0 || t.Rows[0].Status() != data.Meets {
		return exitInfeasible
	}
	return exitOK
}

// comparePlans is compare -rate: every model planned for the traffic, as
// the compare page's plan mode and its downloads. err is the query's.
func comparePlans(stdout, stderr io.Writer, set *data.Set, q data.Query, err error, tf *trafficFlags, fs *flag.FlagSet,
	fp *calcFootprint, given map[string]bool, asJSON, asCSV bool) int {
	if err == nil && given["tokens"] {
		err = &data.InputError{Param: "tokens", Label: "-tokens", Value: fs.Lookup("tokens").Value.String(),
			Reason: "is not accepted with -rate: a plan's volume is a day's traffic"}
	}
	var t plan.Traffic
	if err == nil {
		t, err = tf.traffic()
	}
	if err == nil {
		err = planFootprint(fs, fp, "compare -rate")
	}
	var rk *plan.Ranking
	if err == nil {
		rk, err = plan.Compare(set, q, t)
	}
	if err != nil {
		return fail(stderr, "compare", err)
	}
	tb := export.PlanCompareTable(rk, fp.factors)
	return writeTable(stdout, stderr, tb, asJSON, asCSV, func() { printPlanRanking(stdout, set, rk, tb, fp.factors) })
}

// printPlanRanking writes a planned comparison as the page's table in plan
// mode (t): the models that meet the deadline by energy a day, with the
// GPUs and the configuration of each one's plan; then those that miss it,
// and those not measured on the GPU.
func printPlanRanking(w io.Writer, set *data.Set, rk *plan.Ranking, t *export.Table, given footprint.Factors) {
	q, wl := rk.Query, rk.Workload
	fmt.Fprintf(w, "%s: %s on %s at %s ITL ≤ %s\n", wl.Name, rk.Traffic.Words(),
		data.GPUChoice(wl.GPUs(), q.GPU), q.Percentile, data.FormatMS(q.DeadlineMS))
	fmt.Fprintln(w, "Each model planned for the traffic: the configuration that spends the least energy a day, idle capacity included, and the GPUs it needs; least energy a day first.")
	fmt.Fprintln(w)

	printMeets(w, t)
	printOthers(w, rk.Data())
	if len(t.Footprint) > 0 {
		fmt.Fprintf(w, "\nEnergy a day is the GPUs', idle capacity included; the columns after it are worked out from it at the boundary %q, with the factors given (plan prints each factor's source).\n",
			plan.Footprint(given).BoundaryName())
	}
	printSource(w, plan.Caveat, set.Index.Source)
}

// printRanking writes the ranking as the page's table (t): the models that
// meet the deadline, then those that miss it with the deadline each would
// meet, then those not measured on the GPU.
func printRanking(w io.Writer, set *data.Set, rk *data.Ranking, t *export.Table, f footprint.Factors) {
	q, wl, k := rk.Query, rk.Workload, rk.Workload.Kind()
	gpus := data.GPUChoice(wl.GPUs(), q.GPU)
	if k.Diffusion() {
		fmt.Fprintf(w, "%s: %s on %s, each generated within %s\n", wl.Name,
			k.VolumeWords(q.Tokens), gpus, k.Deadline(q.DeadlineMS))
	} else {
		fmt.Fprintf(w, "%s: %s on %s at %s ITL ≤ %s\n", wl.Name,
			k.VolumeWords(q.Tokens), gpus, q.Percentile, data.FormatMS(q.DeadlineMS))
	}
	fmt.Fprintln(w, "Each model's most energy-efficient measured configuration that meets the deadline, least energy first.")
	fmt.Fprintln(w)

	printMeets(w, t)
	printOthers(w, rk)
	if len(t.Footprint) > 0 {
		fmt.Fprintf(w, "\nEnergy is the GPU's, as measured; the columns after it are worked out from it at the boundary %q, with the factors given (calc prints each factor's source).\n",
			f.BoundaryName())
	}
	printSource(w, set.Index.Caveat, set.Index.Source)
}

// printMeets writes the models of t that meet the deadline as a table of
// its text columns, figures aligned right; or says that none meets it.
func printMeets(w io.Writer, t *export.Table) {
	rows, cols := t.Meets(), t.Columns(export.Text)
	if len(rows) == 0 {
		fmt.Fprintln(w, "No model meets the deadline.")
		return
	}
	lines := [][]string{make([]string, len(cols))}
	align := make([]byte, len(cols))
	for j, c := range cols {
		lines[0][j] = c.Label(export.Text)
	}
	for _, r := range rows {
		line := make([]string, len(cols))
		for j, c := range cols {
			s, figure := c.Text(r)
			line[j], align[j] = s, 'l'
			if figure {
				align[j] = 'r'
			}
		}
		lines = append(lines, line)
	}
	table(w, string(align), lines)
}

// printOthers writes the models of a ranking that miss the deadline, with
// the smallest deadline each meets, and names those not measured on the GPU.
func printOthers(w io.Writer, rk *data.Ranking) {
	q, k := rk.Query, rk.Workload.Kind()
	gpus := data.GPUChoice(rk.Workload.GPUs(), q.GPU)
	var missed, unmeasured []*data.Ranked
	for i := range rk.Models {
		switch r := &rk.Models[i]; r.Status() {
		case data.MissesDeadline:
			missed = append(missed, r)
		case data.NotMeasured:
			unmeasured = append(unmeasured, r)
		}
	}
	if len(missed) > 0 {
		which := string(q.Percentile) + " "
		if k.Diffusion() {
			which = ""
		}
		fmt.Fprintf(w, "\nMissing the deadline, with the smallest %sdeadline each meets on %s:\n", which, gpus)
		rows := [][]string{{"Model", "Parameters", "Deadline", "Fastest configuration", "Dataset row"}}
		for _, r := range missed {
			f := r.Result.Fastest
			rows = append(rows, []string{r.Entry.Name, r.Entry.Size(), k.Deadline(r.Result.MinDeadlineMS()), f.Brief(), f.RowID})
		}
		table(w, "llrll", rows)
	}
	if len(unmeasured) > 0 {
		names := make([]string, len(unmeasured))
		for i, r := range unmeasured {
			names[i] = fmt.Sprintf("%s (measured on %s)", r.Entry.Name, data.GPUChoice(r.Entry.GPUs, data.AnyGPU))
		}
		fmt.Fprintf(w, "\nNot measured on %s: %s.\n", q.GPU, strings.Join(names, ", "))
	}
}
