package importer

import (
	"fmt"

	"tokenjoule/data"
)

// The dataset's own dates: when this schema's reference file was made and when the
// leaderboard's files were retrieved. They are fixed so that the import is
// deterministic; change them when the input changes.
const (
	dataVersion = "2026-09-27"
	retrieved   = "2026-09-26"
	released    = "2025-12-01"
	unit        = "Wh per million output tokens"
	boundary    = "gpu_only"
	caveat      = "GPU energy only, measured at steady state on a busy server (the most energy-efficient configuration under a latency limit). Host, network, cooling and idle time are not counted. Every figure is a floor; a lightly used server sits well above it."
)

// source is the provenance block of a model file; task, name and rows are those
// of the workload the file belongs to (empty for the index).
func source(compiled, task, name string, rows int) data.Source {
	s := data.Source{
		Name:             "ML.ENERGY Leaderboard",
		Publisher:        "The ML.ENERGY Initiative (started at SymbioticLab, University of Michigan)",
		URL:              "https://ml.energy/leaderboard/",
		Version:          fmt.Sprintf("3.0 (released %s); data compiled %s", released, compiled),
		Released:         released,
		Compiled:         compiled,
		CompiledEvidence: fmt.Sprintf("the leaderboard's public/data/index.json last_updated, and the last commit to the task files, both %s", compiled),
		Retrieved:        retrieved,
		Licence:          "Apache-2.0 per the ml-energy/benchmark-v3 dataset card",
		LicenceEvidence: []string{
			"Hugging Face dataset ml-energy/benchmark-v3: tagged license:apache-2.0, ships a LICENSE file, and its dataset card's License section reads Apache-2.0",
			"The ML.ENERGY Leaderboard web app's footer says Apache 2.0",
			"The leaderboard repository (github.com/ml-energy/leaderboard) carries no licence file; its JSON files are reproduced here as published measurements until the ML.ENERGY team confirms that the dataset licence covers them",
		},
		Method:    "Energy per output token is steady-state GPU energy divided by the output tokens generated in the steady-state window (the benchmark's steady_state_energy_per_token), measured with Zeus under vLLM 0.11.1 on H100 80GB HBM3 and B200 servers. Energy per request is that figure multiplied by the average output length, not a separate measurement. Prompt processing is included.",
		Selection: "Each index row is the lowest-energy configuration for its model and GPU whose median inter-token latency does not exceed 500 ms, the leaderboard's own default ceiling; no measured configuration reaches it.",
		Cite:      "Chung et al., The ML.ENERGY Benchmark: Toward Automated Inference Energy Measurement and Optimization, NeurIPS 2025 Datasets and Benchmarks, arXiv 2505.06371",
		CiteURL:   "https://arxiv.org/abs/2505.06371",
		UsedFor:   "index, per-model configurations, concurrency curves, measured GPU power",
	}
	if task != "" {
		s.DataURL = "https://raw.githubusercontent.com/ml-energy/leaderboard/master/public/data/tasks/" + task + ".json"
		s.Workload = fmt.Sprintf("%s (%s)", name, task)
		s.Configurations = fmt.Sprintf("%d stable configurations: the leaderboard publishes the runs that passed its stability filter; every run, including the unstable ones, is in the gated Hugging Face dataset ml-energy/benchmark-v3", rows)
	}
	return s
}

// diffusionSource says, in s, how a diffusion task of kind k was measured
// and what its index rows are.
func diffusionSource(s *data.Source, k *data.Kind) {
	s.Method = fmt.Sprintf("Energy per %[1]s is the GPU energy to generate one batch divided by the batch size: the average power of all the configuration's GPUs times the batch latency, over the batch size (the leaderboard's energy_per_%[1]s_joules, checked against that product on every row), measured with Zeus on H100 80GB HBM3 and B200 servers. The batch latency is the time to generate one batch; every %[1]s of the batch is ready then.", k.Item)
	s.Selection = fmt.Sprintf("Each index row is the lowest-energy configuration for its model and GPU whose batch latency does not exceed %s, the leaderboard's own default for %s.",
		k.Deadline(k.DefaultDeadlineMS), k.Items)
	s.UsedFor = "index, per-model configurations, batch-size curves, measured GPU power"
}
