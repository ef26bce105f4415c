package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"tokenjoule/data"
)

// queryFlags are the calculator's inputs other than the model, shared by calc
// and compare (and, without the volume, plan).
type queryFlags struct {
	fs                              *flag.FlagSet
	task, gpu, deadline, percentile *string
	volumes                         []*string // by kind, in the order of data.Kinds; none from addQuestionFlags
}

func addQueryFlags(fs *flag.FlagSet) *queryFlags {
	f := addQuestionFlags(fs)
	for _, k := range data.Kinds {
		usage := fmt.Sprintf("volume of %s, for a workload that generates them: 250, 1,000, 1e3, 10k, 2.5M (default %s)", k.Items, k.FormatVolume(k.DefaultVolume))
		if k == data.Tokens {
			usage = "output-token volume: 1000000, 1,000,000, 1e6, 250k, 5M, 2.5B or 1T (default " + k.FormatVolume(k.DefaultVolume) + ")"
		}
		f.volumes = append(f.volumes, fs.String(k.Param, "", usage))
	}
	return f
}

// addQuestionFlags declares the calculator's inputs other than the model
// and the volume, which plan replaces by a traffic.
func addQuestionFlags(fs *flag.FlagSet) *queryFlags {
	d := data.DefaultQuery()
	return &queryFlags{
		fs: fs,
		task: fs.String("task", d.Task, "workload, by its id: Text Conversation (lm-arena-chat), Reasoning (gpqa), Code Completion (sourcegraph-fim), "+
			"Image Chat (image-chat), Video Chat (video-chat), Text to Image (text-to-image) or Text to Video (text-to-video); tokenjoule list lists them"),
		gpu: fs.String("gpu", d.GPU, "GPU: H100, B200 or any (the best across the model's GPUs)"),
		deadline: fs.String("deadline", "", "the longest wait: for a token workload the inter-token latency, 100, 100ms or 0.1s (default "+
			data.Tokens.FormatDeadline(data.Tokens.DefaultDeadlineMS)+"); for text-to-image and text-to-video the time to generate a batch, 10, 10s or 1.5min (default "+
			data.Images.FormatDeadline(data.Images.DefaultDeadlineMS)+" and "+data.Videos.FormatDeadline(data.Videos.DefaultDeadlineMS)+")"),
		percentile: fs.String("percentile", string(d.Percentile), "latency percentile the deadline applies to, for a token workload: p50, p90, p95 or p99 (99 or 99th is p99; for every token, p99: the strictest measured)"),
	}
}

// modelUsage is what -model takes, as Set.Entry reads it.
const modelUsage = `model: its name, slug or model id, in any case and punctuation ("Llama 3.1 70B Instruct", llama-3-1-70b-instruct, meta-llama/Llama-3.1-70B-Instruct), or a short form that fits one model only ("Llama 3.1 70B"); tokenjoule list -task TASK lists them`

// query reads the flags into a query without a model (and, from
// addQuestionFlags, with the workload's default volume); a malformed value
// is a *data.InputError, and so is a flag the workload has no use for: the
// token workloads' percentile and token volume on an image or video
// workload, or the reverse. Names (task, GPU) are checked by whoever answers
// it.
func (f *queryFlags) query() (data.Query, error) {
	k := data.TaskKind(*f.task)
	// The GPU's canonical spelling if it is one, else as typed, so that a
	// refusal quotes what was typed ("ı", not the "I" ToUpper makes of it).
	q := data.Query{Task: *f.task, GPU: *f.gpu, DeadlineMS: k.DefaultDeadlineMS, Percentile: data.P50, Tokens: k.DefaultVolume}
	for _, g := range append([]string{data.AnyGPU}, data.GPUs...) {
		if strings.EqualFold(*f.gpu, g) {
			q.GPU = g
		}
	}
	given := map[string]bool{}
	f.fs.Visit(func(fl *flag.Flag) { given[fl.Name] = true })
	var err error
	if given["deadline"] {
		if q.DeadlineMS, err = k.ParseDeadline(*f.deadline); err != nil {
			return q, err
		}
	}
	if given["percentile"] && k.Diffusion() {
		return q, &data.InputError{Param: "percentile", Label: "-percentile", Value: *f.percentile,
			Reason: fmt.Sprintf("applies to token workloads only; %s times a batch as a whole", *f.task)}
	}
	if q.Percentile, err = data.ParsePercentile(*f.percentile); err != nil {
		return q, err
	}
	for i, s := range f.volumes {
		switch vk := data.Kinds[i]; {
		case !given[vk.Param]:
		case vk != k:
			return q, &data.InputError{Param: vk.Param, Label: "-" + vk.Param, Value: *s,
				Reason: fmt.Sprintf("counts %s, and %s generates %s: use -%s", vk.Items, *f.task, k.Items, k.Param)}
		default:
			if q.Tokens, err = k.ParseVolume(*s); err != nil {
				return q, err
			}
		}
	}
	return q, nil
}

// fail reports err for command cmd and returns its exit code: bad input for
// an *data.InputError, a failure otherwise.
func fail(stderr io.Writer, cmd string, err error) int {
	fmt.Fprintf(stderr, "%s: %v\n", cmd, err)
	var bad *data.InputError
	if errors.As(err, &bad) {
		return exitBadInput
	}
	return exitFailure
}
