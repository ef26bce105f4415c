// Package export writes what tokenjoule lets people take away: the scenario as
// JSON (calc -json, the page's scenario download), the comparison of every
// model as CSV and JSON (compare -csv and -json, the compare page's
// downloads), the plans (plan, compare -rate) and the copyable summaries and
// cards. The command line and the browser call the same functions, so that
// the same query gives the same bytes in both. Each table of models, the
// ranking (CompareTable) and the planned comparison (PlanCompareTable), is
// declared once, column by column, and that one list writes the CSV, the
// JSON, the compare page's table and the command line's text (Table).
//
// JSON keys come in the order documented below (app/cli's tests hold every
// command's output to it), so documents are built as Objects rather than
// structs that extensions would have to copy.
//
// # JSON and CSV keys
//
// Keys come in the order of these tables. Units are in the key's name where it
// has one: _ms milliseconds, _s seconds, _wh watt-hours, _j and joules_
// joules, _b billions of parameters, _watts watts. A figure that a model or scenario does
// not have is null in JSON and empty in CSV.
//
// The figures tokenjoule computes (energy_wh, gpu_hours, the plans' and the
// footprint's) are written in full: the shortest decimal that reads back as
// the same float64. A dataset row's keys (selected, fastest and their kin,
// the tables "Dataset row" and "Image and video dataset row") are the
// dataset's, rounded as the leaderboard's reference file rounds them, each
// table saying how; the computed figures use the measured values unrounded.
//
// # calc -json
//
// One object: the page's "Download the scenario as JSON"
// (export.ScenarioJSON).
//
//	Key                                Unit                 Meaning
//	task                                                    workload id
//	model                                                   model slug
//	display_name                                            the model's name
//	gpu                                                     H100, B200 or any (the best of the model's GPUs)
//	deadline_ms                        ms                   token tasks: inter-token latency (ITL) deadline
//	percentile                                              token tasks: p50, p90, p95 or p99, the ITL percentile the deadline applies to
//	tokens                             tokens               token tasks: output-token volume
//	deadline_s                         s                    image and video tasks: generation-time deadline, the longest a batch may take
//	unit                                                    image and video tasks: image or video, what items counts
//	items                              images or videos     image and video tasks: the volume
//	status                                                  meets or misses_deadline
//	energy_wh                          Wh                   GPU energy for the volume: the measured, unrounded J/token (or J per image or video) × the volume
//	energy_per_request_j               J                    token tasks: GPU energy for a request of the configuration's average output length, as measured (the leaderboard's energy_per_request_joules)
//	energy_per_item_j                  J                    image and video tasks: GPU energy per image or video, as measured
//	gpu_hours                          GPU-hours            GPU time for the volume at the measured throughput, times the number of GPUs
//	requests                           requests             token tasks: requests of the measured average output length in the volume
//	selected                                                the selected configuration: a dataset row (below), or null when none meets the deadline
//	min_deadline_ms                    ms                   token tasks, only when none meets the deadline: the smallest deadline that one meets, the measured latency rounded up to 0.1 ms
//	min_deadline_s                     s                    as min_deadline_ms, for image and video tasks, rounded up to 0.1 s
//	fastest                                                 only when none meets the deadline: the dataset row that meets the smallest deadline
//	other                                                   only when the model has another GPU with a configuration under the deadline: its best there
//	other.energy_wh                    Wh                   as energy_wh, on the other GPU
//	other.energy_per_request_j         J                    as energy_per_request_j
//	other.energy_per_item_j            J                    as energy_per_item_j
//	other.gpu_hours                    GPU-hours            as gpu_hours
//	other.requests                     requests             as requests
//	other.selected                                          its dataset row
//	other_percentile                                        token tasks: the same question at the other end of the percentile's choice, as the page says it under the answer: at p99 when percentile is p50, else at p50
//	other_percentile.percentile                             p99 or p50
//	other_percentile.status                                 meets or misses_deadline, at that percentile
//	other_percentile.energy_wh         Wh                   as energy_wh, at that percentile; null when none meets the deadline there
//	other_percentile.ratio                                  other_percentile.energy_wh over energy_wh (4.4: 4.4 times as much); null when either is null
//	other_percentile.selected                               its dataset row, or null
//	other_percentile.min_deadline_ms   ms                   only when none meets the deadline at that percentile: the smallest deadline that one meets there, rounded up to 0.1 ms
//	dataset                                                 where the measurements come from
//	dataset.name                                            ML.ENERGY Leaderboard
//	dataset.version                                         the leaderboard's version and compilation date
//	dataset.data_version               date                 the date this dataset was built
//	dataset.url                        URL                  the leaderboard
//	dataset.licence                                         the data's licence
//	dataset.cite                                            the publication to cite
//	dataset.cite_url                   URL                  where it is
//	boundary                                                what the energy covers: gpu_only
//	caveat                                                  what the figures leave out, in a sentence
//	footprint                                               only when a configuration is selected: the energy past the GPU (README.md, "The whole footprint")
//	footprint.boundary                                      the boundary preset the factors start from: gpu (as measured) or cloud; host, idle and pue given replace its own
//	footprint.boundary_name                                 what the ladder counts: the preset's name while host, idle and pue all equal its own ("GPU only, as measured"), else the factors ("GPU × PUE 1.56")
//	footprint.gpu_wh                   Wh                   GPU energy, as measured (energy_wh)
//	footprint.server_wh                Wh                   plus host CPU and memory: gpu_wh × (1 + host)
//	footprint.fleet_wh                 Wh                   plus idle capacity kept for reliability: gpu_wh × (1 + host + idle)
//	footprint.facility_wh              Wh                   times PUE: fleet_wh × pue
//	footprint.facility_wh_per_request  Wh                   token tasks: facility_wh for one request of the average output length
//	footprint.facility_wh_per_item     Wh                   image and video tasks: facility_wh for one image or video
//	footprint.carbon_g                 g CO2e               only with a grid intensity: facility_wh / 1000 × grid
//	footprint.water_l                  L                    only with a WUE: water used on site, fleet_wh / 1000 × wue
//	footprint.cost                     currency             only with a price: facility_wh / 1000 × price
//	footprint.currency                                      only with a price: its three-letter code
//	footprint.factors                                       the factors used
//	footprint.factors.host             share of GPU energy  host CPU and memory
//	footprint.factors.idle             share of GPU energy  idle capacity
//	footprint.factors.pue                                   power usage effectiveness
//	footprint.factors.grid_g_per_kwh   g CO2e/kWh           only when set
//	footprint.factors.wue_l_per_kwh    L/kWh                only when set
//	footprint.factors.price_per_kwh    currency/kWh         only when set
//	footprint.spread                                        the factors spread over their published values (host, idle, pue, grid, wue): each given as a preset and counted by the boundary; a number typed is held, and a rung left out (host or idle 0, PUE 1) stays out; [] for none
//	footprint.low                                           the figures with every factor of spread at the lowest value published for it: the low end of the published spread, not a confidence bound (README.md, "The whole footprint")
//	footprint.low.facility_wh          Wh                   facility_wh at that end
//	footprint.low.carbon_g             g CO2e               only with a grid intensity
//	footprint.low.water_l              L                    only with a WUE
//	footprint.low.cost                 currency             only with a price, which is held
//	footprint.low.factors                                   the factors at that end, keys as in footprint.factors
//	footprint.low.factors.host         share of GPU energy  the lower of EcoLogits' 150 W a GPU (over the selected configuration's measured power) and Google's 0.43
//	footprint.low.factors.idle         share of GPU energy  0: EcoLogits counts none
//	footprint.low.factors.pue                               1.09 (Google, 2025)
//	footprint.low.factors.grid_g_per_kwh g CO2e/kWh         30 (Norway, 2023)
//	footprint.low.factors.wue_l_per_kwh  L/kWh              0 (dry cooling)
//	footprint.low.factors.price_per_kwh  currency/kWh       the price, held
//	footprint.high                                          as footprint.low, every factor of spread at the highest value published for it
//	footprint.high.facility_wh         Wh
//	footprint.high.carbon_g            g CO2e
//	footprint.high.water_l             L
//	footprint.high.cost                currency
//	footprint.high.factors
//	footprint.high.factors.host        share of GPU energy  the higher of EcoLogits' and Google's
//	footprint.high.factors.idle        share of GPU energy  0.17 (Google, 2025)
//	footprint.high.factors.pue                              1.56 (Uptime Institute, 2024)
//	footprint.high.factors.grid_g_per_kwh g CO2e/kWh        713 (India, 2023)
//	footprint.high.factors.wue_l_per_kwh  L/kWh             1.8 (US industry average)
//	footprint.high.factors.price_per_kwh  currency/kWh
//	budget                                                  only with -budget: what fits in it at this boundary
//	budget.value                                            the budget, as read (1 t, 500 kWh, 10 USD)
//	budget.tokens                      tokens               token tasks: output tokens that fit
//	budget.requests                    requests             token tasks: requests of the average output length that fit
//	budget.items                       images or videos     image and video tasks: images or videos that fit
//
// # compare -json
//
// An array, in rank order, of one object per model: the compare page's JSON
// download (export.CompareJSON). With footprint parameters (-boundary -host
// -idle -pue -grid -wue -price -currency, as for calc), more keys follow
// requests for a model that meets the deadline, each only when its factor is
// set: facility_wh (Wh at the boundary, when it is wider than the GPU),
// carbon_g (g CO2e), water_l (L on site) and cost_<currency> (for instance
// cost_usd), each followed by its low and high over the published spread of
// the factors, for that model's configuration (as footprint.low and
// footprint.high in calc -json): facility_wh_low, facility_wh_high,
// carbon_g_low and so on. The CSV gets the same columns in the same place.
//
//	Key                   Unit       Meaning
//	model                            model slug
//	display_name                     the model's name
//	status                           meets, misses_deadline or not_measured (never measured on the chosen GPU)
//	params_b              billions   total parameters
//	active_params_b       billions   parameters active per token (fewer than total for a mixture of experts)
//	energy_wh             Wh         GPU energy for the volume
//	energy_per_request_j  J          token tasks: GPU energy for a request of the configuration's average output length
//	joules_per_token      J          token tasks: GPU energy per output token (the ranking's key)
//	energy_per_item_j     J          image and video tasks: GPU energy per image or video (the ranking's key)
//	gpu_hours             GPU-hours  GPU time for the volume
//	requests              requests   token tasks: requests of the average output length in the volume
//	min_deadline_ms       ms         token tasks, only for misses_deadline: the smallest deadline that one of its configurations meets
//	min_deadline_s        s          as min_deadline_ms, for image and video tasks
//	selected                         the selected configuration: a dataset row, or null
//
// # compare -csv
//
// One line per model in rank order under this header: the compare page's CSV
// download (export.CompareCSV). Numbers are unformatted (a point for decimals,
// no separators, no exponent). A text that begins with =, +, -, @, a tab or a
// carriage return gets a ' before it, so that no spreadsheet runs it as a
// formula.
//
//	Column                        Unit       Meaning
//	rank                                     1 for the least energy; the models that miss the deadline, then those not measured, follow
//	model                                    as in compare -json
//	display_name
//	status
//	params_b                      billions
//	active_params_b               billions
//	energy_wh                     Wh
//	energy_per_request_j          J
//	joules_per_token              J
//	gpu_hours                     GPU-hours
//	requests                      requests
//	min_deadline_ms               ms
//	row_id                                   the selected configuration's dataset row, then its other keys (below)
//	gpu
//	num_gpus                      GPUs
//	tensor_parallel               GPUs
//	data_parallel                 GPUs
//	expert_parallel               GPUs
//	precision
//	max_num_seqs                  requests
//	avg_running_batch             requests
//	wh_per_million_output_tokens  Wh
//	median_itl_ms                 ms
//	p90_itl_ms                    ms
//	p95_itl_ms                    ms
//	p99_itl_ms                    ms
//	tokens_per_second             tokens/s
//	gpu_power_watts_total         W
//	avg_output_tokens             tokens
//
// # compare -rate -json
//
// An array, in rank order, of one object per model: the compare page's JSON
// download in plan mode (export.PlanCompareJSON). Figures are null for a model
// that misses the deadline or was not measured on the GPU. With footprint
// parameters (as plan takes them), more keys follow gpu_hours_per_day, each
// only when its factor is set: facility_kwh_per_day, carbon_g_per_day,
// water_l_per_day and cost_<currency>_per_day, each followed by its _low and
// _high (facility_kwh_per_day_low), as in compare -json.
//
//	Key                  Unit       Meaning
//	model                           as in compare -json
//	display_name
//	status
//	params_b             billions
//	active_params_b      billions
//	replicas                        as in plan -json, for this model's plan
//	gpus                 GPUs
//	utilisation          share
//	peak_utilisation     share
//	idle_watts_per_gpu   W
//	power_w              W
//	energy_kwh_per_day   kWh        the ranking's key
//	energy_kwh_per_year  kWh
//	busy_kwh_per_day     kWh
//	headroom_share       share
//	gpu_hours_per_day    GPU-hours
//	min_deadline_ms      ms         only for misses_deadline
//	selected                        the plan's configuration: a dataset row, or null
//
// # compare -rate -csv
//
// The same, one line per model under a header: the compare page's CSV download
// in plan mode (export.PlanCompareCSV).
//
//	Column                        Unit       Meaning
//	rank
//	model                                    then the JSON's keys, in its order
//	display_name
//	status
//	params_b                      billions
//	active_params_b               billions
//	replicas
//	gpus                          GPUs
//	utilisation                   share
//	peak_utilisation              share
//	idle_watts_per_gpu            W
//	power_w                       W
//	energy_kwh_per_day            kWh
//	energy_kwh_per_year           kWh
//	busy_kwh_per_day              kWh
//	headroom_share                share
//	gpu_hours_per_day             GPU-hours
//	min_deadline_ms               ms
//	row_id                                   the plan's dataset row, then its other keys (below)
//	gpu
//	num_gpus                      GPUs
//	tensor_parallel               GPUs
//	data_parallel                 GPUs
//	expert_parallel               GPUs
//	precision
//	max_num_seqs                  requests
//	avg_running_batch             requests
//	joules_per_output_token       J
//	wh_per_million_output_tokens  Wh
//	median_itl_ms                 ms
//	p90_itl_ms                    ms
//	p95_itl_ms                    ms
//	p99_itl_ms                    ms
//	tokens_per_second             tokens/s
//	gpu_power_watts_total         W
//	avg_output_tokens             tokens
//
// # plan -json
//
// One object: the plan page's "Download the plan as JSON" (export.PlanJSON).
// Figures are null when no configuration meets the deadline.
//
//	Key                                Unit       Meaning
//	task                                          workload id
//	model                                         model slug
//	display_name                                  the model's name
//	gpu                                           H100, B200 or any
//	deadline_ms                        ms         ITL deadline
//	percentile                                    the ITL percentile the deadline applies to
//	rate                                          the average traffic as read back (1B/day, 12k/s)
//	rate_tokens_per_s                  tokens/s   average rate R
//	peak                                          peak-to-average ratio
//	peak_tokens_per_s                  tokens/s   R × peak, what the fleet is sized for
//	idle_watts_per_gpu                 W          idle power of one GPU: -idle-watts, else the chosen GPU's published figure
//	status                                        meets or misses_deadline
//	replicas                                      N, copies of the chosen configuration
//	gpus                               GPUs       N × g
//	utilisation                        share      average load of a replica, u = R / (N × T)
//	peak_utilisation                   share      its load at the peak, at most 1
//	power_w                            W          the fleet's average power
//	energy_kwh_per_day                 kWh        the fleet's GPU energy a day, idle time included
//	energy_kwh_per_year                kWh        the same × 365
//	busy_kwh_per_day                   kWh        the busy steady-state figure: a day's tokens at the calculator's configuration, R × 86,400 × J/token
//	headroom_share                     share      energy / busy − 1: what the capacity kept for the peak and idle time add
//	gpu_hours_per_day                  GPU-hours  every GPU of the fleet, 24 hours
//	selected                                      the chosen configuration (dataset row, below), or null
//	min_deadline_ms                    ms         only when none meets the deadline: the smallest deadline one meets
//	fastest                                       only then: the dataset row that meets it
//	dataset                                       as in calc -json
//	dataset.name
//	dataset.version
//	dataset.data_version
//	dataset.url
//	dataset.licence
//	dataset.cite
//	dataset.cite_url
//	boundary                                      the dataset's boundary: gpu_only
//	caveat                                        the dataset's caveat
//	footprint                                     only with a plan: a day at the footprint's boundary, keys as in calc -json; gpu_wh is the plan's energy a day and factors.idle is 0, the plan counting idle capacity itself
//	footprint.boundary
//	footprint.boundary_name                       as in calc -json, of the factors the plan uses: idle 0 beside a preset's share names the factors
//	footprint.gpu_wh                   Wh
//	footprint.server_wh                Wh
//	footprint.fleet_wh                 Wh
//	footprint.facility_wh              Wh
//	footprint.facility_wh_per_request  Wh         a day's facility energy over a day's requests of the configuration's average length
//	footprint.carbon_g                 g CO2e
//	footprint.water_l                  L
//	footprint.cost                     currency
//	footprint.currency
//	footprint.factors
//	footprint.factors.host
//	footprint.factors.idle
//	footprint.factors.pue
//	footprint.factors.grid_g_per_kwh
//	footprint.factors.wue_l_per_kwh
//	footprint.factors.price_per_kwh
//	footprint.spread                              as in calc -json; never idle, which the plan counts itself
//	footprint.low                                 as in calc -json, a day; the host's EcoLogits share is 150 W × gpus over power_w
//	footprint.low.facility_wh          Wh
//	footprint.low.carbon_g             g CO2e
//	footprint.low.water_l              L
//	footprint.low.cost                 currency
//	footprint.low.factors
//	footprint.low.factors.host
//	footprint.low.factors.idle
//	footprint.low.factors.pue
//	footprint.low.factors.grid_g_per_kwh
//	footprint.low.factors.wue_l_per_kwh
//	footprint.low.factors.price_per_kwh
//	footprint.high
//	footprint.high.facility_wh         Wh
//	footprint.high.carbon_g            g CO2e
//	footprint.high.water_l             L
//	footprint.high.cost                currency
//	footprint.high.factors
//	footprint.high.factors.host
//	footprint.high.factors.idle
//	footprint.high.factors.pue
//	footprint.high.factors.grid_g_per_kwh
//	footprint.high.factors.wue_l_per_kwh
//	footprint.high.factors.price_per_kwh
//
// # plan -csv
//
// Every configuration that meets the deadline, planned, one line each in plan
// order (the chosen one first): the plan page's CSV download (export.PlanCSV).
// With footprint flags, the keys of compare -rate -csv's day past the GPU
// (facility_kwh_per_day and so on, each with its _low and _high) follow
// gpu_hours_per_day.
//
//	Column                        Unit       Meaning
//	rank                                     1 for the plan
//	replicas
//	gpus                          GPUs
//	utilisation                   share
//	peak_utilisation              share
//	idle_watts_per_gpu            W
//	power_w                       W
//	energy_kwh_per_day            kWh
//	gpu_hours_per_day             GPU-hours
//	row_id                                   the configuration's dataset row, then its other keys (below)
//	gpu
//	num_gpus                      GPUs
//	tensor_parallel               GPUs
//	data_parallel                 GPUs
//	expert_parallel               GPUs
//	precision
//	max_num_seqs                  requests
//	avg_running_batch             requests
//	joules_per_output_token       J
//	wh_per_million_output_tokens  Wh
//	median_itl_ms                 ms
//	p90_itl_ms                    ms
//	p95_itl_ms                    ms
//	p99_itl_ms                    ms
//	tokens_per_second             tokens/s
//	gpu_power_watts_total         W
//	avg_output_tokens             tokens
//
// # Dataset row
//
// selected, fastest and other.selected: a measured configuration as the
// dataset's <task>/<slug>.json has it, less three keys that would repeat or
// mislead: avg_requests_in_flight (always equal to avg_running_batch), repeat
// (in row_id, as /r2) and under_itl_deadline (whether the median ITL is under
// the leaderboard's 500 ms, not under the query's deadline).
//
//	Key                           Unit      Meaning
//	row_id                                  slug/GPU/GPUs/max_num_seqs, with /rN for a repeated run
//	gpu                                     GPU model
//	num_gpus                      GPUs      GPUs serving one copy of the model
//	tensor_parallel               GPUs      tensor parallelism (TP)
//	data_parallel                 GPUs      data parallelism (DP)
//	expert_parallel               GPUs      expert parallelism (EP)
//	precision                               number format of the weights: BF16, FP8 or MXFP4
//	max_num_seqs                  requests  batch size limit: the most requests the server handles at once
//	avg_running_batch             requests  requests it handled at once, on average, to 0.1
//	joules_per_output_token       J         GPU energy per output token, over all num_gpus GPUs, to 7 decimals
//	wh_per_million_output_tokens  Wh        the same, per million tokens, rounded to 0.01 as the leaderboard shows it
//	median_itl_ms                 ms        median inter-token latency, to 0.1 ms
//	p90_itl_ms                    ms        90th-percentile ITL, to 0.1 ms
//	p95_itl_ms                    ms        95th-percentile ITL, to 0.1 ms
//	p99_itl_ms                    ms        99th-percentile ITL, to 0.1 ms
//	tokens_per_second             tokens/s  output throughput, to 0.1
//	gpu_power_watts_total         W         GPU power over all num_gpus GPUs, in whole watts
//	avg_output_tokens             tokens    average output length of a request, in whole tokens
//
// # compare -csv, images and videos
//
// The same for an image or video task: its own figures and the keys of its
// dataset row (below).
//
//	Column                 Unit                Meaning
//	rank
//	model
//	display_name
//	status
//	params_b               billions
//	active_params_b        billions
//	energy_wh              Wh
//	energy_per_item_j      J
//	gpu_hours              GPU-hours
//	min_deadline_s         s
//	row_id
//	gpu
//	num_gpus               GPUs
//	ulysses_degree         GPUs
//	ring_degree            GPUs
//	precision
//	batch_size             images or videos
//	width                  pixels
//	height                 pixels
//	num_frames             frames              videos only
//	fps                    frames/s            videos only
//	inference_steps        steps
//	batch_latency_s        s
//	items_per_second       images or videos/s
//	gpu_power_watts_total  W
//
// # Image and video dataset row
//
// A configuration of an image or video model as the dataset's
// text-to-image/<slug>.json or text-to-video/<slug>.json has it, less
// repeat (in row_id).
//
//	Key                    Unit                Meaning
//	row_id                                     slug/GPU/GPUs/b<batch size>/u<Ulysses degree>r<ring degree>, with /rN for a repeated run
//	gpu                                        GPU model
//	num_gpus               GPUs                GPUs generating together
//	ulysses_degree         GPUs                how the work is split over them: Ulysses (sequence-parallel) attention…
//	ring_degree            GPUs                …times ring attention; the product is num_gpus
//	precision                                  number format of the weights: BF16
//	batch_size             images or videos    generated together, all ready when the batch is
//	width                  pixels              of an image or a video
//	height                 pixels
//	num_frames             frames              videos only
//	fps                    frames/s            videos only
//	inference_steps        steps               denoising steps
//	joules_per_item        J                   GPU energy per image or video, over all num_gpus GPUs, to 0.01 J
//	batch_latency_s        s                   the time to generate one batch (what the deadline bounds), to 0.001 s
//	items_per_second       images or videos/s  throughput, to 7 decimals
//	gpu_power_watts_total  W                   GPU power over all num_gpus GPUs, in whole watts
//
// # list -json
//
// An array of workloads; with -task, that workload's object alone.
//
//	Key                     Unit      Meaning
//	task                              workload id
//	display_name                      the workload's name
//	unit                              what its volume counts: token, image or video
//	default_model                     the model calc and the page answer for without one
//	gpus                              GPUs any of its models was measured on
//	models                            its models, in the index's order
//	models.model                      model slug
//	models.display_name               the model's name
//	models.model_id                   Hugging Face model id
//	models.params_b         billions  total parameters
//	models.active_params_b  billions  parameters active per token
//	models.precision                  number format of the weights
//	models.gpus                       GPUs it was measured on
package export
