package cli

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"tokenjoule/data"
)

func runList(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("list", flag.ContinueOnError)
	task := fs.String("task", "", "list this workload's models (slug, name, size, GPUs measured) instead of the workloads")
	asJSON := fs.Bool("json", false, "print JSON instead of text (keys: go doc tokenjoule/data/export)")
	if ok, code := parseFlags(fs, args, stderr); !ok {
		return code
	}
	set, err := data.Load()
	if err != nil {
		fmt.Fprintln(stderr, "list: loading the dataset:", err)
		return exitFailure
	}
	var ws []*data.Workload
	for i := range set.Index.Workloads {
		if w := &set.Index.Workloads[i]; *task == "" || w.ID == *task {
			ws = append(ws, w)
		}
	}
	if *task != "" && len(ws) == 0 {
		_, err := set.Workload(*task) // its message lists the workloads
		return fail(stderr, "list", err)
	}

	switch {
	case *asJSON && *task != "":
		writeJSON(stdout, newListWorkload(ws[0]))
	case *asJSON:
		out := make([]listWorkload, len(ws))
		for i, w := range ws {
			out[i] = newListWorkload(w)
		}
		writeJSON(stdout, out)
	case *task != "":
		w := ws[0]
		fmt.Fprintf(stdout, "%s (%s): %d models generating %s; without -model, calc answers for %s.\n\n",
			w.Name, w.ID, len(w.Models), w.Kind().Items, defaultModel(set, w.ID))
		rows := [][]string{{"model", "name", "parameters", "GPUs measured"}}
		for i := range w.Models {
			e := &w.Models[i]
			rows = append(rows, []string{e.Slug, e.Name, e.Size(), strings.Join(e.GPUs, ", ")})
		}
		table(stdout, "llll", rows)
	default:
		rows := [][]string{{"task", "name", "counts", "models", "default model"}}
		for _, w := range ws {
			rows = append(rows, []string{w.ID, w.Name, w.Kind().Items, strconv.Itoa(len(w.Models)), defaultModel(set, w.ID)})
		}
		table(stdout, "lllrl", rows)
		fmt.Fprintln(stdout, "\ntokenjoule list -task TASK lists a workload's models.")
	}
	return exitOK
}

// listWorkload is a workload as list -json writes it.
type listWorkload struct {
	Task         string      `json:"task"`
	Name         string      `json:"display_name"`
	Unit         string      `json:"unit"` // token, image or video
	DefaultModel string      `json:"default_model"`
	GPUs         []string    `json:"gpus"`
	Models       []listModel `json:"models"`
}

type listModel struct {
	Model        string     `json:"model"`
	Name         string     `json:"display_name"`
	ModelID      string     `json:"model_id"`
	Params       data.Float `json:"params_b"`
	ActiveParams data.Float `json:"active_params_b"`
	Precision    string     `json:"precision"`
	GPUs         []string   `json:"gpus"`
}

func newListWorkload(w *data.Workload) listWorkload {
	lw := listWorkload{Task: w.ID, Name: w.Name, Unit: w.Kind().Item, GPUs: w.GPUs(), Models: make([]listModel, len(w.Models))}
	if m := w.DefaultModel(); m != nil {
		lw.DefaultModel = m.Slug
	}
	for i, m := range w.Models {
		lw.Models[i] = listModel{Model: m.Slug, Name: m.Name, ModelID: m.ModelID,
			Params: m.Params, ActiveParams: m.ActiveParams, Precision: m.Precision, GPUs: m.GPUs}
	}
	return lw
}

func writeJSON(w io.Writer, v any) {
	b, _ := json.MarshalIndent(v, "", "  ") // plain strings and numbers: cannot fail
	fmt.Fprintf(w, "%s\n", b)
}
