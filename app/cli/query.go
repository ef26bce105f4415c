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
// and compare.
type queryFlags struct {
	task, gpu, deadline, percentile, tokens *string
}

func addQueryFlags(fs *flag.FlagSet) *queryFlags {
	f := addQuestionFlags(fs)
	f.tokens = fs.String("tokens", data.FormatTokens(data.DefaultQuery().Tokens), "output-token volume: 1000000, 1,000,000, 1e6, 250k, 5M, 2.5B or 1T")
	return f
}

// addQuestionFlags declares the calculator's inputs other than the model
// and the volume, which plan replaces by a traffic.
func addQuestionFlags(fs *flag.FlagSet) *queryFlags {
	d := data.DefaultQuery()
	return &queryFlags{
		task: fs.String("task", d.Task, "workload, by its id: Text Conversation (lm-arena-chat), Reasoning (gpqa), Code Completion (sourcegraph-fim), "+
			"Image Chat (image-chat) or Video Chat (video-chat); tokenjoule list lists them"),
		gpu:        fs.String("gpu", d.GPU, "GPU: H100, B200 or any (the best across the model's GPUs)"),
		deadline:   fs.String("deadline", data.FormatDeadline(d.DeadlineMS), "inter-token latency deadline: 100, 100ms or 0.1s"),
		percentile: fs.String("percentile", string(d.Percentile), "latency percentile the deadline applies to: p50, p90, p95 or p99"),
	}
}

// query reads the flags into a query without a model (and, from
// addQuestionFlags, without a volume); a malformed value is
// a *data.InputError. Names (task, GPU) are checked by whoever answers it.
func (f *queryFlags) query() (data.Query, error) {
	// The GPU's canonical spelling if it is one, else as typed, so that a
	// refusal quotes what was typed ("ı", not the "I" ToUpper makes of it).
	q := data.Query{Task: *f.task, GPU: *f.gpu}
	for _, g := range append([]string{data.AnyGPU}, data.GPUs...) {
		if strings.EqualFold(*f.gpu, g) {
			q.GPU = g
		}
	}
	var err error
	if q.DeadlineMS, err = data.ParseDeadline(*f.deadline); err != nil {
		return q, err
	}
	if q.Percentile, err = data.ParsePercentile(*f.percentile); err != nil {
		return q, err
	}
	if f.tokens != nil {
		q.Tokens, err = data.ParseTokens(*f.tokens)
	}
	return q, err
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
