package export

import (
	"strings"

	"tokenjoule/data"
	"tokenjoule/data/footprint"
)

// Summary is a calculation as one plain-text paragraph for a reader to paste
// into a post or a message: the question, the answer with its figures and the
// configuration they come from, what f adds past the GPU (the boundary's
// energy, and carbon, water and cost where set), the boundary, the caveat,
// the source and permalink, the URL of the page that shows it. It is the
// page's "Copy summary".
func Summary(r *data.Result, f footprint.Factors, permalink string) string {
	return SummaryIn(data.Printer{}, r, f, permalink)
}

// CompareSummary is a ranking as one plain-text paragraph: every model that
// meets the deadline with its energy, least first, and what f makes of it
// (the boundary's energy, carbon, water and cost where set), then those that
// miss it with the deadline each would meet, those not measured on the GPU,
// the factors f's figures were worked out at, and the boundary, caveat,
// source and permalink. It is the compare page's "Copy summary", and holds
// what the page's table and its CSV do.
func CompareSummary(rk *data.Ranking, idx *data.Index, f footprint.Factors, permalink string) string {
	return CompareSummaryIn(data.Printer{}, rk, idx, f, permalink)
}

// Boundary names a dataset's energy boundary in words: "GPU only" for
// gpu_only, the dataset's own word otherwise.
func Boundary(b string) string {
	if b == "gpu_only" {
		return "GPU only"
	}
	return strings.ReplaceAll(b, "_", " ")
}

// workloadName is the workload a model was measured on by the name the page
// gives it, "Reasoning": its source names it with its id, "Reasoning
// (gpqa)", which the reader has no use for. A model without a source's
// name gives the workload's id.
func workloadName(m *data.Model, task string) string {
	if m.Source.Workload != "" {
		return strings.TrimSuffix(m.Source.Workload, " ("+task+")")
	}
	return task
}
