package cli

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"tokenjoule/data"
)

// loadSet is the dataset calc answers from; tests give it one of their own.
var loadSet = data.Load

func runCalc(args []string, stdout, stderr io.Writer) int {
	d := data.DefaultQuery()
	fs := flag.NewFlagSet("calc", flag.ContinueOnError)
	task := fs.String("task", d.Task, "workload: lm-arena-chat, gpqa, sourcegraph-fim, image-chat or video-chat")
	model := fs.String("model", d.Model, "model slug, name or model id (case-insensitive)")
	gpu := fs.String("gpu", d.GPU, "GPU: H100, B200 or any (the best across the model's GPUs)")
	deadline := fs.String("deadline", data.FormatDeadline(d.DeadlineMS), "inter-token latency deadline: 100, 100ms or 0.1s")
	pct := fs.String("percentile", string(d.Percentile), "latency percentile the deadline applies to: p50, p90, p95 or p99")
	tokens := fs.String("tokens", data.FormatTokens(d.Tokens), "output-token volume: 1000000, 1,000,000, 1e6, 250k, 5M, 2.5B or 1T")
	asJSON := fs.Bool("json", false, "print one JSON object instead of text")
	if ok, code := parseFlags(fs, args, stderr); !ok {
		return code
	}

	set, err := loadSet()
	if err != nil {
		fmt.Fprintln(stderr, "calc: loading the dataset:", err)
		return exitFailure
	}
	// The GPU's canonical spelling if it is one, else as typed, so that a
	// refusal quotes what was typed ("ı", not the "I" ToUpper makes of it).
	q := data.Query{Task: *task, Model: *model, GPU: *gpu}
	for _, g := range append([]string{data.AnyGPU}, data.GPUs...) {
		if strings.EqualFold(*gpu, g) {
			q.GPU = g
		}
	}
	if q.DeadlineMS, err = data.ParseDeadline(*deadline); err == nil {
		if q.Percentile, err = data.ParsePercentile(*pct); err == nil {
			q.Tokens, err = data.ParseTokens(*tokens)
		}
	}
	var r *data.Result
	if err == nil {
		r, err = set.Select(q)
	}
	if err != nil {
		var bad *data.InputError
		if errors.As(err, &bad) {
			fmt.Fprintln(stderr, "calc:", err)
			return exitBadInput
		}
		fmt.Fprintln(stderr, "calc:", err)
		return exitFailure
	}

	if *asJSON {
		// Never exit 0 without the answer: a figure JSON cannot hold
		// (Select refuses non-finite ones) is a failure, said so.
		b, err := json.MarshalIndent(calcJSON(r), "", "  ")
		if err != nil {
			fmt.Fprintln(stderr, "calc: writing the answer as JSON:", err)
			return exitFailure
		}
		fmt.Fprintf(stdout, "%s\n", b)
	} else {
		printResult(stdout, set, r)
	}
	if r.Selected == nil {
		return exitInfeasible
	}
	return exitOK
}

// calcOutput is calc's -json object; a figure is null when nothing was selected.
type calcOutput struct {
	Task             string          `json:"task"`
	Model            string          `json:"model"`
	GPU              string          `json:"gpu"`
	DeadlineMS       float64         `json:"deadline_ms"`
	Percentile       data.Percentile `json:"percentile"`
	Tokens           float64         `json:"tokens"`
	Selected         *data.Config    `json:"selected"`
	EnergyWh         *float64        `json:"energy_wh"`
	EnergyPerRequest *float64        `json:"energy_per_request_j"`
	GPUHours         *float64        `json:"gpu_hours"`
	Requests         *float64        `json:"requests"`
	MinDeadlineMS    *float64        `json:"min_deadline_ms,omitempty"`
	Fastest          *data.Config    `json:"fastest,omitempty"`
	Other            *calcOther      `json:"other,omitempty"`
}

type calcOther struct {
	Selected         *data.Config `json:"selected"`
	EnergyWh         float64      `json:"energy_wh"`
	EnergyPerRequest float64      `json:"energy_per_request_j"`
	GPUHours         float64      `json:"gpu_hours"`
	Requests         float64      `json:"requests"`
}

func calcJSON(r *data.Result) calcOutput {
	q := r.Query
	o := calcOutput{Task: q.Task, Model: q.Model, GPU: q.GPU, DeadlineMS: q.DeadlineMS,
		Percentile: q.Percentile, Tokens: q.Tokens, Selected: r.Selected}
	if r.Selected != nil {
		e := r.Estimate
		o.EnergyWh, o.EnergyPerRequest, o.GPUHours, o.Requests = &e.EnergyWh, &e.EnergyPerRequest, &e.GPUHours, &e.Requests
	} else {
		min := r.MinDeadlineMS()
		o.MinDeadlineMS, o.Fastest = &min, r.Fastest
	}
	if r.Other != nil {
		e := r.OtherEstimate
		o.Other = &calcOther{Selected: r.Other, EnergyWh: e.EnergyWh, EnergyPerRequest: e.EnergyPerRequest,
			GPUHours: e.GPUHours, Requests: e.Requests}
	}
	return o
}

func printResult(w io.Writer, set *data.Set, r *data.Result) {
	q, m := r.Query, r.Model
	wl, _ := set.Workload(q.Task)
	gpu := q.GPU
	if gpu == data.AnyGPU {
		gpu = "best of " + strings.Join(m.GPUs, " and ")
	}
	fmt.Fprintf(w, "%s on %s, %s, %s ITL ≤ %s, %s output tokens\n\n",
		m.Name, wl.Name, gpu, q.Percentile, data.FormatDeadline(q.DeadlineMS), data.FormatTokens(q.Tokens))
	if c := r.Selected; c != nil {
		e := r.Estimate
		fmt.Fprintf(w, "Energy:     %s (%s)\n", data.FormatEnergy(e.EnergyWh), data.FormatJoules(e.EnergyWh*3600))
		fmt.Fprintf(w, "            %v Wh per million tokens, %v J per token, %.1f J per request of %d tokens\n",
			c.WhPerMillionTokens, c.JoulesPerToken, e.EnergyPerRequest, c.AvgOutputTokens)
		printConfig(w, "Selected:  ", c)
		fmt.Fprintf(w, "            %s GPU-hours, %s requests\n", data.FormatNumber(e.GPUHours), data.FormatNumber(e.Requests))
	} else {
		fmt.Fprintf(w, "No measured configuration meets a %s ITL of %s. The smallest deadline that one meets is %s:\n",
			q.Percentile, data.FormatDeadline(q.DeadlineMS), data.FormatDeadline(r.MinDeadlineMS()))
		printConfig(w, "Fastest:   ", r.Fastest)
	}
	if o := r.Other; o != nil {
		fmt.Fprintf(w, "\nBest on %s at the same deadline: %s", o.GPU, data.FormatEnergy(r.OtherEstimate.EnergyWh))
		if r.Selected != nil {
			fmt.Fprintf(w, " (%+.1f%%)", (r.OtherEstimate.EnergyWh/r.Estimate.EnergyWh-1)*100)
		}
		fmt.Fprintln(w)
		printConfig(w, "           ", o)
	}
	fmt.Fprintf(w, "\n%s\nData: %s %s. Cite: %s.\n", m.Caveat, m.Source.Name, m.Source.Version, m.Source.Cite)
}

func printConfig(w io.Writer, label string, c *data.Config) {
	fmt.Fprintf(w, "%s %s × %d (TP %d, DP %d, EP %d), %s, max_num_seqs %d, avg running batch %v [%s]\n",
		label, c.GPU, c.NumGPUs, c.TensorParallel, c.DataParallel, c.ExpertParallel, c.Precision,
		c.MaxNumSeqs, c.AvgRunningBatch, c.RowID)
	fmt.Fprintf(w, "            ITL median %v ms, p90 %v, p95 %v, p99 %v; %v tokens/s; %d W\n",
		c.MedianITL, c.P90ITL, c.P95ITL, c.P99ITL, c.TokensPerSecond, c.PowerWatts)
}
