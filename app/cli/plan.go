package cli

import (
	"flag"
	"fmt"
	"io"

	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/footprint"
	"tokenjoule/data/plan"
)

// trafficFlags are a plan's traffic: plan's and compare's in plan mode.
type trafficFlags struct {
	rate, peak, idle *string
}

func addTrafficFlags(fs *flag.FlagSet, rate string) *trafficFlags {
	d := plan.DefaultTraffic()
	return &trafficFlags{
		rate: fs.String("rate", rate, "average traffic in output tokens per second or per day: 12k/s, 1B/day (also /min, /h)"),
		peak: fs.String("peak", data.FormatNumber(d.Peak), "peak rate over the average, 1 to 1000: the fleet is sized for the peak"),
		idle: fs.String("idle-watts", "", "idle power of one GPU in W, 0 to 1000, or a GPU's published figure: H100 (121.7), B200 (233.6); default: each GPU's"),
	}
}

// traffic reads the flags; a malformed value is a *data.InputError naming
// the flag.
func (f *trafficFlags) traffic() (plan.Traffic, error) {
	var t plan.Traffic
	var err error
	if t.Rate, err = data.ParseRate(*f.rate); err != nil {
		return t, err
	}
	peak, err := plan.Peak.Parse(*f.peak)
	if err != nil {
		return t, err
	}
	t.Peak = peak.Value
	if *f.idle != "" {
		idle, err := plan.IdleW.Parse(*f.idle)
		if err != nil {
			if bad, ok := err.(*data.InputError); ok {
				bad.Label = "-idle-watts"
			}
			return t, err
		}
		t.Idle, t.IdleSet = idle.Value, true
	}
	return t, nil
}

// planFootprint refuses the footprint flags a plan does not take: the idle
// share (the plan counts idle capacity itself) and a budget.
func planFootprint(fs *flag.FlagSet, cf *calcFootprint, cmd string) error {
	if err := cf.parse(fs); err != nil {
		return err
	}
	if cf.factors.Idle.Set {
		return &data.InputError{Param: "idle", Label: "-idle", Value: *cf.flags["idle"],
			Reason: cmd + " counts idle capacity itself, from the traffic and each GPU's idle power: use -peak and -idle-watts"}
	}
	if !cf.budget.IsZero() {
		return &data.InputError{Param: "budget", Label: "-budget", Value: *cf.flags["budget"], Reason: cmd + " fits no budget; use calc -budget"}
	}
	return nil
}

func runPlan(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("plan", flag.ContinueOnError)
	flags := addQuestionFlags(fs)
	model := fs.String("model", "", modelUsage+" (default: the workload's default model)")
	tf := addTrafficFlags(fs, data.FormatRate(plan.DefaultTraffic().Rate))
	asJSON := fs.Bool("json", false, "print one JSON object instead of text (keys: go doc tokenjoule/data/export)")
	asCSV := fs.Bool("csv", false, "print CSV: every configuration that meets the deadline, planned, the chosen one first")
	fp := addFootprintFlags(fs)
	hideFlags(fs, "idle", "budget") // refused by planFootprint, with the flags to use instead
	if ok, code := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if *asJSON && *asCSV {
		fmt.Fprintln(stderr, "plan: -json and -csv are not accepted together: choose one output")
		return exitBadInput
	}
	set, err := loadSet()
	if err != nil {
		fmt.Fprintln(stderr, "plan: loading the dataset:", err)
		return exitFailure
	}
	q, err := flags.query()
	var t plan.Traffic
	if err == nil {
		t, err = tf.traffic()
	}
	if err == nil {
		err = planFootprint(fs, fp, "plan")
	}
	var p *plan.Plan
	if err == nil {
		q.Model = *model
		if q.Model == "" {
			q.Model = defaultModel(set, q.Task)
		}
		p, err = plan.Make(set, q, t)
	}
	if err != nil {
		return fail(stderr, "plan", err)
	}
	switch {
	case *asJSON:
		b, err := export.PlanJSON(p, fp.factors)
		if err != nil {
			return fail(stderr, "plan", err)
		}
		stdout.Write(b)
	case *asCSV:
		stdout.Write(export.PlanCSV(p, fp.factors))
	default:
		printPlan(stdout, set, p, fp)
	}
	if p.Best() == nil {
		return exitInfeasible
	}
	return exitOK
}

// printPlan writes the plan as the page shows it: the question, the fleet,
// its energy a day and a year beside the busy steady-state figure, where
// the idle power comes from, the other configurations, and the footprint.
func printPlan(w io.Writer, set *data.Set, p *plan.Plan, fp *calcFootprint) {
	r, t := p.Busy, p.Traffic
	q, m := r.Query, r.Model
	wl, _ := set.Workload(q.Task)
	gpus := data.GPUChoice(m.GPUs, q.GPU)
	fmt.Fprintf(w, "Plan: %s of %s (%s) on %s, %s ITL ≤ %s\n\n", t.Words(), m.Name, wl.Name, gpus, q.Percentile, data.FormatMS(q.DeadlineMS))
	b := p.Best()
	if b == nil {
		fmt.Fprintf(w, "No measured configuration of %s on %s meets a %s ITL of %s. The smallest deadline that one meets is %s:\n",
			m.Name, gpus, q.Percentile, data.FormatMS(q.DeadlineMS), data.FormatMS(r.MinDeadlineMS()))
		printConfig(w, "Fastest:   ", r.Fastest, data.Tokens)
		printSource(w, plan.Caveat, m.Source)
		return
	}
	c := b.Config
	fmt.Fprintf(w, "GPUs:        %s (%s replica%s of %s)\n", data.FormatInt(b.GPUs), data.FormatInt(b.Replicas), plural(b.Replicas), c.Hardware())
	fmt.Fprintf(w, "Energy:      %s a day, %s a year (%s on average)\n",
		data.FormatEnergy(b.WhPerDay), data.FormatEnergy(b.WhPerDay*365), plan.FormatPower(b.PowerW))
	fmt.Fprintf(w, "Utilisation: %s on average, %s at the peak\n", plan.FormatPercent(b.Utilisation), plan.FormatPercent(b.PeakUtilisation(t)))
	fmt.Fprintf(w, "Busy:        %s a day at steady state (every GPU always busy, the calculator's figure): %s for the capacity kept for the peak\n",
		data.FormatEnergy(p.BusyWhPerDay()), data.FormatChange(b.WhPerDay, p.BusyWhPerDay()))
	fmt.Fprintf(w, "Idle power:  %s\n", p.IdleWords())
	printConfig(w, "Selected:  ", c, data.Tokens)
	if n := len(p.Options); n > 1 {
		fmt.Fprintf(w, "\nThe other configurations that meet the deadline, planned (tokenjoule plan -csv lists them all):\n")
		rows := [][]string{{"Configuration", "Replicas", "GPUs", "Utilisation", "Energy a day", "Dataset row"}}
		for _, o := range p.Options[1:min(n, 6)] {
			rows = append(rows, []string{fmt.Sprintf("%s, max_num_seqs %d", o.Config.Hardware(), o.Config.MaxNumSeqs),
				data.FormatInt(o.Replicas), data.FormatInt(o.GPUs), plan.FormatPercent(o.Utilisation), data.FormatEnergy(o.WhPerDay), o.Config.RowID})
		}
		table(w, "lrrrrl", rows)
		if n > 6 {
			fmt.Fprintf(w, "… and %d more.\n", n-6)
		}
	}
	if fp.given {
		printPlanFootprint(w, fp.factors, b)
	}
	printSource(w, plan.Caveat, m.Source)
}

// printPlanFootprint writes the footprint of a day of the plan: the ladder
// (its idle rung the plan's own), and carbon, water and cost a day and a
// year, with their sources.
func printPlanFootprint(w io.Writer, given footprint.Factors, b *plan.Option) {
	f := plan.Footprint(given)
	l := f.Ladder(b.WhPerDay)
	var refs citations
	cite := refs.cite
	fmt.Fprintf(w, "\nFootprint of a day, boundary %q (idle capacity is the plan's own, not a share of GPU energy):\n", f.BoundaryName())
	for _, r := range f.Rungs(l.GPUWh) {
		label, applies, src := r.Label, r.Applies(), cite(r.Source())
		switch r.Name {
		case "gpu":
			label, applies = "GPUs, busy and idle, as planned", "planned"
		case "fleet":
			continue // the plan's own idle capacity is in the GPUs' energy
		}
		fmt.Fprintf(w, "  %-38s %12s   %-20s %s\n", label, data.FormatEnergy(r.Wh), applies, src)
	}
	fmt.Fprintf(w, "  %-38s %12s a day, %s a year\n", "Total at this boundary", data.FormatEnergy(l.FacilityWh), data.FormatEnergy(l.FacilityWh*365))
	if g, ok := f.Carbon(l); ok {
		fmt.Fprintf(w, "Carbon:   %s a day, %s a year, at %s %s\n", footprint.FormatCarbon(g), footprint.FormatCarbon(g*365),
			footprint.Grid.Describe(f.Grid), cite(footprint.Grid.SourceOf(f.Grid)))
	}
	if v, ok := f.Water(l); ok {
		fmt.Fprintf(w, "Water:    %s a day, %s a year, on site, at %s %s\n", footprint.FormatWater(v), footprint.FormatWater(v*365),
			footprint.WUE.Describe(f.WUE), cite(footprint.WUE.SourceOf(f.WUE)))
	}
	if v, ok := f.Cost(l); ok {
		fmt.Fprintf(w, "Cost:     %s a day, %s a year, at %s %s per kWh (your figure)\n", footprint.FormatMoney(v, f.Currency),
			footprint.FormatMoney(v*365, f.Currency), data.FormatNumber(f.Price.Value), f.Currency)
	}
	printSpread(w, b.Spread(given), b.WhPerDay, " a day", cite)
	refs.print(w)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
