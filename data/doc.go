// Package data holds the embedded ML.ENERGY dataset and answers the calculator's
// question: which measured serving configuration of a model spends the least
// energy per token while meeting an inter-token latency deadline, and how much
// energy a volume of tokens then takes; and the same for the leaderboard's
// image and video tasks, whose deadline bounds the time to generate a batch
// (see Kind). It is plain Go, shared by the page
// and the command line: Load, Set.Entry (a model by any name people type
// for it: Workload.Find), Set.Select (one model), Set.Compare (every model
// of a workload), the default model, and the formatters and phrases both
// show.
//
// # The dataset
//
// dataset/ holds one generation of the dataset at a time: dataset/current
// names it (gen-<hash of its content>/), which holds index.json (the
// workloads and models), one file per model and workload, <task>/<slug>.json
// (every stable configuration the leaderboard published, rounded as the
// reference schema rounds, and the best configuration per GPU at the default
// 500 ms deadline), and per workload <task>/measured.bin, the leaderboard's
// own figures by row id (MeasuredTable): each latency in whole microseconds,
// rounded up, so that a deadline given to the microsecond is met exactly when
// the published value meets it; the energy per token and the output length
// bit for bit, whose product is the published energy per request bit for
// bit, and the throughput bit for bit; for an image or video task, the batch
// latency in whole microseconds, rounded up, and the energy per image or
// video and the throughput bit for bit (DiffusionColumns). The binary table
// adds 20 KB to the compressed wasm without the throughputs, which add 13 KB
// more (gzip) so that tokens/s are written rounded once; the same figures
// as decimals would add 41 KB, and every latency bit for bit 30 KB. The
// image and video tasks' rows (1,020 of them, with their measured values)
// add 58 KB.
//
// The selection compares a deadline with these latencies and picks the least
// energy per token, as the leaderboard does: a configuration measured at
// 20.047 ms misses a 20 ms deadline, though its row says 20.0; totals are
// that energy per token times the volume. Latencies are shown rounded as the
// rows are (0.1 ms), except a latency that would then read on the other side
// of the deadline (20.05 ms); the energy per token (or image, or video) and
// the throughput are the measured values rounded once where written, never
// the rows' rounded again (0.20634999 J reads 0.2063, not 0.20635's
// 0.2064); the smallest deadline a model meets is shown, and set, rounded up
// (12.53 ms: 12.6 ms; for images and videos to 0.1 s: 71.76 s: 71.8 s).
// A few settings the benchmark ran twice; every run is kept, the second's
// row id ending in /r2 (Config.Repeat), and Result.RunSpread says how far
// the runs of the selected settings lie apart.
//
// Package importer writes the generations (make data); it validates every
// row as read and as written, writes the new generation beside the current
// one and swaps dataset/current with one rename, so that any reader sees the
// old dataset or the new one, whole, whatever stops the import.
package data
