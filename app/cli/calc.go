package cli

import (
	"flag"
	"fmt"
	"io"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
)

// loadSet is the dataset calc answers from; tests give it one of their own.
var loadSet = data.Load

func runCalc(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("calc", flag.ContinueOnError)
	flags := addQueryFlags(fs)
	model := fs.String("model", "", modelUsage+" (default: the workload's default model, qwen-3-14b where it has it, else the nearest to its size)")
	asJSON := fs.Bool("json", false, "print one JSON object instead of text (keys: go doc tokenjoule/data/export)")
	fp := addFootprintFlags(fs)
	if ok, code := parseFlags(fs, args, stderr); !ok {
		return code
	}

	set, err := loadSet()
	if err != nil {
		fmt.Fprintln(stderr, "calc: loading the dataset:", err)
		return exitFailure
	}
	q, err := flags.query()
	if err == nil {
		err = fp.parse(fs)
	}
	var r *data.Result
	if err == nil {
		q.Model = *model
		if q.Model == "" {
			q.Model = defaultModel(set, q.Task)
		}
		r, err = set.Select(q)
	}
	if err == nil {
		err = fp.compute(r)
	}
	if err != nil {
		return fail(stderr, "calc", err)
	}

	if *asJSON {
		b, err := fp.document(r)
		if err != nil {
			return fail(stderr, "calc", err)
		}
		stdout.Write(b)
	} else {
		// Without a footprint the headline is the GPU's energy, and the
		// lever goes under it; with one, under the boundary's total.
		lever := fp.lever
		if fp.given {
			lever = nil
		}
		printResult(stdout, set, r, lever)
		fp.print(stdout)
	}
	if r.Selected == nil {
		return exitInfeasible
	}
	return exitOK
}

// defaultModel is the slug of the workload's default model, or "" for an
// unknown workload (which Select then reports).
func defaultModel(set *data.Set, task string) string {
	if w, err := set.Workload(task); err == nil {
		if m := w.DefaultModel(); m != nil {
			return m.Slug
		}
	}
	return ""
}

func printResult(w io.Writer, set *data.Set, r *data.Result, lever *footprint.Lever) {
	q, m, k := r.Query, r.Model, r.Kind
	wl, _ := set.Workload(q.Task)
	gpus := data.GPUChoice(m.GPUs, q.GPU)
	meet := fmt.Sprintf("meets a %s ITL of %s", q.Percentile, k.Deadline(q.DeadlineMS))
	if k.Diffusion() {
		fmt.Fprintf(w, "%s of %s (%s) on %s, each generated within %s\n\n",
			k.VolumeWords(q.Tokens), m.Name, wl.Name, gpus, k.Deadline(q.DeadlineMS))
		meet = "generates a batch within " + k.Deadline(q.DeadlineMS)
	} else {
		fmt.Fprintf(w, "%s of %s (%s) on %s, %s ITL ≤ %s\n\n",
			k.VolumeWords(q.Tokens), m.Name, wl.Name, gpus, q.Percentile, data.FormatMS(q.DeadlineMS))
	}
	if c := r.Selected; c != nil {
		e := r.Estimate
		energy := data.FormatEnergy(e.EnergyWh)
		if j := data.InJoules(e.EnergyWh); j != "" {
			energy += " (" + j + ")"
		}
		fmt.Fprintf(w, "Energy:     %s\n", energy)
		if k.Diffusion() {
			fmt.Fprintf(w, "            %s per %s (%s)\n", data.FormatJoules(c.Joules()), k.Item, data.FormatEnergy(c.Joules()/3600))
		} else {
			fmt.Fprintf(w, "            %s Wh per million tokens · %s J per token · %s per request of %s tokens\n",
				data.FormatNumber(c.WhPerMillion()), data.FormatNumber(c.Joules()),
				data.FormatJoules(e.EnergyPerRequest), data.FormatNumber(float64(c.AvgOutputTokens)))
		}
		printConfig(w, "Selected:  ", c, k)
		if k.Diffusion() {
			fmt.Fprintf(w, "            %s GPU-hours\n", data.FormatNumber(e.GPUHours))
		} else {
			fmt.Fprintf(w, "            %s GPU-hours, %s requests\n", data.FormatNumber(e.GPUHours), data.FormatNumber(e.Requests))
		}
		if rs, ok := r.RunSpread(); ok {
			fmt.Fprintf(w, "            %s\n", rs.Sentence())
		}
	} else {
		fmt.Fprintf(w, "No measured configuration of %s on %s %s. The smallest deadline that one meets is %s:\n",
			m.Name, gpus, meet, k.Deadline(r.MinDeadlineMS()))
		printConfig(w, "Fastest:   ", r.Fastest, k)
	}
	// What the other end of the percentile's choice gives, as the page says
	// it under the answer.
	if o := r.OtherEnd(); o != nil {
		fmt.Fprintf(w, "\n%s\n", o.Sentence(data.FormatEnergy))
	}
	if lever != nil {
		fmt.Fprintf(w, "\n%s\n", lever.Sentence())
	}
	if o := r.Other; o != nil {
		fmt.Fprintf(w, "\nBest on %s at the same deadline: %s", o.GPU, data.FormatEnergy(r.OtherEstimate.EnergyWh))
		if r.Selected != nil {
			fmt.Fprintf(w, " (%s)", data.FormatChange(r.OtherEstimate.EnergyWh, r.Estimate.EnergyWh))
		}
		fmt.Fprintln(w)
		printConfig(w, "           ", o, k)
	}
	printSource(w, m.Caveat, m.Source)
}

func printConfig(w io.Writer, label string, c *data.Config, k *data.Kind) {
	if c.Diffusion() {
		fmt.Fprintf(w, "%s %s, %s [%s]\n", label, c.Brief(), c.Precision, c.RowID)
		fmt.Fprintf(w, "            a batch in %s; %s %s/s; %s W\n",
			k.Latency(c.Latency(data.P50)), data.FormatNumber(c.Throughput()), k.Items, data.FormatNumber(float64(c.PowerWatts)))
		return
	}
	fmt.Fprintf(w, "%s %s, TP %d · DP %d · EP %d, %s, max_num_seqs %d, average running batch %s [%s]\n",
		label, c.Hardware(), c.TensorParallel, c.DataParallel, c.ExpertParallel, c.Precision,
		c.MaxNumSeqs, data.FormatNumber(float64(c.AvgRunningBatch)), c.RowID)
	fmt.Fprintf(w, "            ITL median %s, p90 %s, p95 %s, p99 %s; %s tokens/s; %s W\n",
		data.FormatMS(float64(c.MedianITL)), data.FormatMS(float64(c.P90ITL)), data.FormatMS(float64(c.P95ITL)),
		data.FormatMS(float64(c.P99ITL)), data.FormatNumber(c.Throughput()), data.FormatNumber(float64(c.PowerWatts)))
}

// printSource ends every text answer with the caveat, the data and the citation.
func printSource(w io.Writer, caveat string, src data.Source) {
	fmt.Fprintf(w, "\n%s\nData: %s %s. Cite: %s.\n", caveat, src.Name, src.Version, src.Cite)
}
