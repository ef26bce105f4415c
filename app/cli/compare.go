package cli

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
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

	cols := export.FootprintColumns(fp.factors)
	switch {
	case *asJSON:
		b, err := export.CompareJSON(rk, cols...)
		if err != nil {
			return fail(stderr, "compare", err)
		}
		stdout.Write(b)
	case *asCSV:
		stdout.Write(export.CompareCSV(rk, cols...))
	default:
		printRanking(stdout, set, rk, fp.factors)
	}
	if len(rk.Models) == 0 || rk.Models[0].Status() != data.Meets {
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
	switch {
	case asJSON:
		b, err := export.PlanCompareJSON(rk, fp.factors)
		if err != nil {
			return fail(stderr, "compare", err)
		}
		stdout.Write(b)
	case asCSV:
		stdout.Write(export.PlanCompareCSV(rk, fp.factors))
	default:
		printPlanRanking(stdout, set, rk, fp.factors)
	}
	if len(rk.Models) == 0 || rk.Models[0].Status() != data.Meets {
		return exitInfeasible
	}
	return exitOK
}

// printPlanRanking writes a planned comparison as the page's table in plan
// mode: the models that meet the deadline by energy a day, with the GPUs
// and the configuration of each one's plan; then those that miss it, and
// those not measured on the GPU.
func printPlanRanking(w io.Writer, set *data.Set, rk *plan.Ranking, given footprint.Factors) {
	q, wl := rk.Query, rk.Workload
	fmt.Fprintf(w, "%s: %s on %s at %s ITL ≤ %s\n", wl.Name, rk.Traffic.Words(),
		data.GPUChoice(wl.GPUs(), q.GPU), q.Percentile, data.FormatMS(q.DeadlineMS))
	fmt.Fprintln(w, "Each model planned for the traffic: the configuration that spends the least energy a day, idle capacity included, and the GPUs it needs; least energy a day first.")
	fmt.Fprintln(w)

	f := plan.Footprint(given)
	var rows [][]string
	var wh []float64
	for i, r := range rk.Models {
		if r.Status() != data.Meets {
			continue
		}
		o := r.Plan.Best()
		rows = append(rows, []string{strconv.Itoa(i + 1), r.Entry.Name, r.Entry.Size(), data.FormatEnergy(o.WhPerDay), data.FormatInt(o.GPUs),
			plan.FormatPercent(o.Utilisation), data.FormatChange(o.WhPerDay, r.Plan.BusyWhPerDay()),
			fmt.Sprintf("%s × %s, max_num_seqs %d", data.FormatInt(o.Replicas), o.Config.Hardware(), o.Config.MaxNumSeqs), o.Config.RowID})
		wh = append(wh, o.WhPerDay)
	}
	extra := printMeets(w, f, " a day", []string{"#", "Model", "Parameters", "Energy a day", "GPUs", "Busy on average", "For the peak", "Configuration", "Dataset row"},
		"rllrrrrll", rows, wh)
	printOthers(w, rk.Data())
	if extra {
		fmt.Fprintf(w, "\nEnergy a day is the GPUs', idle capacity included; the columns after it are worked out from it at the boundary %q, with the factors given (plan prints each factor's source).\n",
			f.BoundaryName())
	}
	printSource(w, plan.Caveat, set.Index.Source)
}

// printRanking writes the ranking as the page's table: the models that meet
// the deadline, then those that miss it with the deadline each would meet,
// then those not measured on the GPU.
func printRanking(w io.Writer, set *data.Set, rk *data.Ranking, f footprint.Factors) {
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

	head := []string{"#", "Model", "Parameters", "Energy", "Per request", "J/token", "Selected configuration", "Dataset row"}
	align := "rllrrrll"
	if k.Diffusion() {
		// A request is one item: its energy is the J per item.
		head = []string{"#", "Model", "Parameters", "Energy", "J/" + k.Item, "Selected configuration", "Dataset row"}
		align = "rllrrll"
	}
	var rows [][]string
	var wh []float64
	for i := range rk.Models {
		r := &rk.Models[i]
		if r.Status() != data.Meets {
			continue
		}
		c, e := r.Result.Selected, r.Result.Estimate
		rows = append(rows, []string{strconv.Itoa(i + 1), r.Entry.Name, r.Entry.Size(),
			data.FormatEnergy(e.EnergyWh), data.FormatJoules(e.EnergyPerRequest), data.FormatNumber(c.Joules()),
			c.Brief(), c.RowID})
		if k.Diffusion() {
			rows[len(rows)-1] = slices.Delete(rows[len(rows)-1], 5, 6)
		}
		wh = append(wh, e.EnergyWh)
	}
	extra := printMeets(w, f, "", head, align, rows, wh)

	printOthers(w, rk)
	if extra {
		fmt.Fprintf(w, "\nEnergy is the GPU's, as measured; the columns after it are worked out from it at the boundary %q, with the factors given (calc prints each factor's source).\n",
			f.BoundaryName())
	}
	printSource(w, set.Index.Caveat, set.Index.Source)
}

// printMeets writes the models that meet the deadline as a table under
// head, aligned as align, with the footprint's figures for f (of each row's
// GPU energy, wh) after the energy, their headers followed by per; or says
// that none meets it. It tells whether it wrote the footprint's figures.
func printMeets(w io.Writer, f footprint.Factors, per string, head []string, align string, rows [][]string, wh []float64) bool {
	extra := footprintCells(f)
	for _, x := range extra {
		head = slices.Insert(head, 4, x.head+per)
		align = align[:4] + "r" + align[4:]
	}
	for i := range rows {
		for _, x := range extra {
			rows[i] = slices.Insert(rows[i], 4, x.cell(f.Ladder(wh[i])))
		}
	}
	if len(rows) == 0 {
		fmt.Fprintln(w, "No model meets the deadline.")
	} else {
		table(w, align, append([][]string{head}, rows...))
	}
	return len(extra) > 0
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

// footprintCell is a text column of the footprint, for the factors given.
type footprintCell struct {
	head string
	cell func(footprint.Ladder) string
}

// footprintCells are the columns FootprintColumns adds to the CSV, in
// reverse order (each is inserted after the GPU energy).
func footprintCells(f footprint.Factors) []footprintCell {
	var cells []footprintCell
	if _, ok := f.Cost(footprint.Ladder{}); ok {
		cells = append(cells, footprintCell{"Cost", func(l footprint.Ladder) string { c, _ := f.Cost(l); return footprint.FormatMoney(c, f.Currency) }})
	}
	if _, ok := f.Water(footprint.Ladder{}); ok {
		cells = append(cells, footprintCell{"Water", func(l footprint.Ladder) string { v, _ := f.Water(l); return footprint.FormatWater(v) }})
	}
	if _, ok := f.Carbon(footprint.Ladder{}); ok {
		cells = append(cells, footprintCell{"Carbon", func(l footprint.Ladder) string { v, _ := f.Carbon(l); return footprint.FormatCarbon(v) }})
	}
	if !f.IsGPUOnly() {
		cells = append(cells, footprintCell{"At boundary", func(l footprint.Ladder) string { return data.FormatEnergy(l.FacilityWh) }})
	}
	return cells
}
