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
)

func runCompare(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	flags := addQueryFlags(fs)
	asJSON := fs.Bool("json", false, "print a JSON array, one object per model in rank order (keys in README.md)")
	asCSV := fs.Bool("csv", false, "print CSV, one line per model in rank order (the page's download)")
	fp := addFootprintFlags(fs)
	if ok, code := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if *asJSON && *asCSV {
		fmt.Fprintln(stderr, "compare: -json and -csv are not accepted together: choose one output")
		return exitBadInput
	}

	set, err := data.Load()
	if err != nil {
		fmt.Fprintln(stderr, "compare: loading the dataset:", err)
		return exitFailure
	}
	q, err := flags.query()
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

// printRanking writes the ranking as the page's table: the models that meet
// the deadline, then those that miss it with the deadline each would meet,
// then those not measured on the GPU.
func printRanking(w io.Writer, set *data.Set, rk *data.Ranking, f footprint.Factors) {
	q, wl, k := rk.Query, rk.Workload, rk.Workload.Kind()
	gpus := data.GPUChoice(wl.GPUs(), q.GPU)
	if k.Diffusion() {
		fmt.Fprintf(w, "%s (%s): %s %s on %s, each generated within %s\n", wl.Name, wl.ID,
			k.FormatVolume(q.Tokens), k.Items, gpus, k.Deadline(q.DeadlineMS))
	} else {
		fmt.Fprintf(w, "%s (%s): %s output tokens on %s at %s ITL ≤ %s\n", wl.Name, wl.ID,
			data.FormatTokens(q.Tokens), gpus, q.Percentile, data.FormatMS(q.DeadlineMS))
	}
	fmt.Fprintln(w, "Each model's most energy-efficient measured configuration that meets the deadline, least energy first.")
	fmt.Fprintln(w)

	var missed, unmeasured []*data.Ranked
	head := []string{"#", "Model", "Parameters", "Energy", "Per request", "J/token", "Selected configuration", "Dataset row"}
	align := "rllrrrll"
	if k.Diffusion() {
		// A request is one item: its energy is the J per item.
		head = []string{"#", "Model", "Parameters", "Energy", "J/" + k.Item, "Selected configuration", "Dataset row"}
		align = "rllrrll"
	}
	// The footprint's figures, for the factors given, after the GPU energy.
	extra := footprintCells(f)
	for _, x := range extra {
		head = slices.Insert(head, 4, x.head)
		align = align[:4] + "r" + align[4:]
	}
	rows := [][]string{head}
	for i := range rk.Models {
		r := &rk.Models[i]
		switch r.Status() {
		case data.MissesDeadline:
			missed = append(missed, r)
			continue
		case data.NotMeasured:
			unmeasured = append(unmeasured, r)
			continue
		}
		c, e := r.Result.Selected, r.Result.Estimate
		row := []string{strconv.Itoa(i + 1), r.Entry.Name, r.Entry.Size(),
			data.FormatEnergy(e.EnergyWh), data.FormatJoules(e.EnergyPerRequest), data.FormatNumber(float64(c.JoulesPerToken)),
			c.Brief(), c.RowID}
		if k.Diffusion() {
			row = slices.Delete(row, 5, 6)
		}
		for _, x := range extra {
			row = slices.Insert(row, 4, x.cell(f.Ladder(e.EnergyWh)))
		}
		rows = append(rows, row)
	}
	if len(rows) > 1 {
		table(w, align, rows)
	} else {
		fmt.Fprintln(w, "No model meets the deadline.")
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
	if len(extra) > 0 {
		fmt.Fprintf(w, "\nEnergy is the GPU's, as measured; the boundary %q and the factors given add the columns after it (calc prints each factor's source).\n",
			f.BoundaryInfo().Label)
	}
	printSource(w, set.Index.Caveat, set.Index.Source)
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
