package footprint

import "tokenjoule/data"

// The published figures the calculator offers as presets, each with the
// source a reader can check. Numbers only come from these sources (see
// README, "The whole footprint"); the wording is ours.

// A Source is a publication a figure comes from.
type Source struct {
	ID    string // how presets refer to it
	Title string // enough to find it: who, what, when
	URL   string // "" where none is pinned
}

// YourFigure is the source of a number typed in by the reader.
var YourFigure = Source{ID: "yours", Title: "your own figure"}

// Sources is the one table of sources that presets, comparisons and
// per-prompt points refer to, in the order a list of sources shows them.
var Sources = []Source{
	{"mlenergy", "ML.ENERGY Leaderboard v3 (GPU energy only, measured; the calculator's dataset)", ""},
	{"google-2025", `Google, "Measuring the environmental impact of delivering AI at Google scale", arXiv 2508.15734 (August 2025): ` +
		"median Gemini Apps text prompt, 58% accelerators, 25% host CPU and DRAM, 10% idle machines, 8% data-centre overhead",
		"https://arxiv.org/abs/2508.15734"},
	{"google-pue-2021", "Google fleet PUE, Q2 2021, as reported by CNBC (13 April 2022)", ""},
	{"aws-2023", "Amazon, AWS global PUE, 2023 Sustainability Report", ""},
	{"uptime-2024", "Uptime Institute, Global Data Center Survey 2024 (industry average PUE)", ""},
	{"epoch-2025", `Epoch AI, "How much energy does ChatGPT use?" (2025)`, "https://epoch.ai/gradient-updates/how-much-energy-does-chatgpt-use"},
	{"ecologits-server", `GenAI Impact, EcoLogits methodology, "Environmental Impacts of LLM Inference" (2025): the server without its GPUs ` +
		"draws 1.2 kW for 8 H100 GPUs (an AWS p5.48xlarge, as BoaviztAPI models it), 150 W a GPU while it serves; " +
		"no idle capacity or utilisation overhead is counted", "https://ecologits.ai/latest/methodology/llm_inference/"},
	{"ember-2024", "Ember, Global Electricity Review 2024", ""},
	{"eia-co2", "U.S. Energy Information Administration, FAQ: 0.81 lb CO2 per kWh of utility-scale generation (2023)", ""},
	{"owid", "Our World in Data, carbon intensity of electricity (Ember and Energy Institute data)", ""},
	{"ember-statista", "Ember, via Statista", ""},
	{"green-grid", "The Green Grid, Water Usage Effectiveness (WUE) metric (2011): litres of water used on site per kWh of IT energy", ""},
	{"lbnl-2016", `Shehabi et al., "United States Data Center Energy Usage Report", Lawrence Berkeley National Laboratory (2016), ` +
		`as used by Mytton, "Data centre water consumption", npj Clean Water 4, 11 (2021)`, ""},
	{"aws-water-2022", "AWS water-positive announcement, November 2022 (as reported by Data Center Knowledge)", ""},
	{"microsoft-2024", "Microsoft datacenters, global average WUE 0.30 L/kWh in fiscal year 2024, 39% below 2021's 0.49 L/kWh, " +
		`as reported in "Microsoft raises bar with water-saving data center design" (trade press, December 2024)`, ""},
	{"eia-home", `U.S. Energy Information Administration, FAQ "How much electricity does an American home use?": 10,715 kWh in 2020`, ""},
	{"energy-star", "ENERGY STAR lighting guidance: an 800-lumen LED bulb (a 60 W incandescent's light) draws about 9 W", ""},
	{"ecologits", "EcoLogits equivalences (electric car: 0.17 kWh per km, from selectra.info and tesla.com)", ""},
	{"epa-car", `U.S. EPA, "Greenhouse Gas Emissions from a Typical Passenger Vehicle": about 400 g CO2 per mile`, ""},
	{"jegham-2025", `Jegham et al., "How Hungry is AI?", arXiv 2505.09598 (2025)`, "https://arxiv.org/abs/2505.09598"},
	{"vadari-2026", `Vadari, "The Model Parking Tax: Quantifying the Hidden Energy Cost of Always-On GPU Model Deployment", arXiv 2605.23918 (May 2026): ` +
		"H100 80GB SXM idle at 0% utilisation, 71.8 W bare and 121.7 W once a CUDA context holds its clocks at boost, as a serving process does " +
		"(128.6 W under vLLM between requests); per-phase medians of nvidia-smi readings", "https://arxiv.org/abs/2605.23918"},
	{"vadari-2026-b200", "The same study's B200 180GB SXM measurements, published with its data (data/raw/b200_dose_response.jsonl, and the " +
		"table of idle power by architecture in paper/parking_tax_eesp.tex): 181.7 W bare and 233.6 W with a CUDA context, " +
		"a shorter confirmation sweep (3-minute phases, 18 readings each), not yet peer-reviewed", "https://github.com/8bitai/gpu-parking-tax"},
	{"unit", "a unit of volume: no source needed", ""},
}

// SourceOf returns the source with the given id, or YourFigure.
func SourceOf(id string) Source {
	for _, s := range Sources {
		if s.ID == id {
			return s
		}
	}
	return YourFigure
}

// A Preset is a sourced value of one factor.
type Preset struct {
	ID       string  // what the URL and the command line take, such as "world"
	Label    string  // what a reader sees, such as "World"
	Value    float64 // in the factor's unit
	Year     string  // the year the figure describes; "" when it has none
	Basis    string  // what the figure counts
	SourceID string  // an id of Sources
}

// Source returns the publication p comes from.
func (p Preset) Source() Source { return SourceOf(p.SourceID) }

// DefaultBoundary is the dataset's own boundary: GPU energy as measured.
const DefaultBoundary = "gpu"

// A Boundary is a preset of the whole ladder: Host, Idle and PUE each have a
// preset with the boundary's id.
type Boundary struct {
	ID, Label string
	About     string // what it counts, in a sentence
}

// Boundaries lists the ladder's presets, the default first.
var Boundaries = []Boundary{
	{DefaultBoundary, "GPU only, as measured",
		"The GPUs' energy as the ML.ENERGY benchmark measured it, on a busy server: no host, idle capacity or cooling. A floor."},
	{"cloud", "Cloud data centre (Google, 2025)",
		"Google's measured shares for a median Gemini text prompt: host CPU and memory +43% of accelerator energy, " +
			"idle capacity +17%, and data-centre overhead 8% of the total (PUE 1.09). GPU × 1.74 in all."},
}

// The factors of the boundary ladder and of the carbon, water and money
// figures, with their bounds and presets.
var (
	Host = &Param{Name: "host", Label: "host CPU and memory share", Share: true, Min: 0, Max: 5, Presets: []Preset{
		{DefaultBoundary, "none (GPU only, as measured)", 0, "", "the dataset's boundary", "mlenergy"},
		{"cloud", "Large cloud provider", 0.43, "2025", "host CPU and DRAM energy over accelerator energy, 25% / 58% of a median Gemini prompt", "google-2025"},
	}}
	Idle = &Param{Name: "idle", Label: "idle capacity share", Share: true, Min: 0, Max: 5, Presets: []Preset{
		{DefaultBoundary, "none (GPU only, as measured)", 0, "", "the dataset's boundary", "mlenergy"},
		{"cloud", "Large cloud provider", 0.17, "2025", "idle machines provisioned for reliability over accelerator energy, 10% / 58%", "google-2025"},
	}}
	PUE = &Param{Name: "pue", Label: "PUE", Min: 1, Max: 3, Presets: []Preset{
		{DefaultBoundary, "GPU only, as measured", 1, "", "no facility overhead: the dataset's boundary", "mlenergy"},
		{"cloud", "Large cloud provider", 1.09, "2025", "data-centre overhead 8% of the total energy: 1 / (1 − 0.08)", "google-2025"},
		{"google", "Google fleet", 1.10, "2021", "fleet average, Q2 2021", "google-pue-2021"},
		{"aws", "AWS global", 1.15, "2023", "global average", "aws-2023"},
		{"ai", "AI data centres (Epoch AI)", 1.2, "2025", "assumed; range 1.1–1.3 after SemiAnalysis", "epoch-2025"},
		{"industry", "Industry average", 1.56, "2024", "survey average", "uptime-2024"},
	}}
	Grid = &Param{Name: "grid", Label: "grid carbon intensity", Unit: "g CO2e/kWh", Min: 0, Max: 2000, Presets: []Preset{
		{"world", "World", 480, "2023", "lifecycle", "ember-2024"},
		{"us", "United States", 367, "2023", "direct CO2, utility-scale generation", "eia-co2"},
		{"fr", "France", 56, "2023", "lifecycle", "owid"},
		{"de", "Germany", 381, "2023", "lifecycle", "owid"},
		{"cn", "China", 582, "2023", "lifecycle", "owid"},
		{"in", "India", 713, "2023", "lifecycle", "owid"},
		{"br", "Brazil", 98, "2023", "lifecycle", "owid"},
		{"ca", "Canada", 170, "2023", "lifecycle", "owid"},
		{"au", "Australia", 549, "2023", "lifecycle", "owid"},
		{"ie", "Ireland", 291, "2023", "lifecycle", "owid"},
		{"no", "Norway", 30, "2023", "as published by Ember", "ember-statista"},
	}}
	WUE = &Param{Name: "wue", Label: "water usage effectiveness (WUE)", Unit: "L/kWh", Min: 0, Max: 20, Presets: []Preset{
		{"industry", "US industry average", 1.8, "2014–2016", "on-site water per kWh of IT energy", "lbnl-2016"},
		{"microsoft", "Microsoft datacenters", 0.30, "2024", "fiscal-year global average, on site", "microsoft-2024"},
		{"aws", "AWS global", 0.25, "2021", "global average, on site", "aws-water-2022"},
		{"dry", "Air-cooled or dry cooling", 0, "", "no evaporative cooling, by construction", "green-grid"},
	}}
	Price = &Param{Name: "price", Label: "electricity price", Unit: "per kWh", Min: 0, Max: 1000}
)

// Params lists the factors in the order the ladder and the totals use them.
var Params = []*Param{Host, Idle, PUE, Grid, WUE, Price}

// Measure is what an amount measures: energy, carbon, water or money.
type Measure int

// The measures of budgets and comparisons, with their base units.
const (
	Energy Measure = iota + 1 // Wh
	Carbon                    // g CO2e
	Water                     // L
	Money                     // units of a currency
)

// A Comparison puts an amount into everyday terms, in the unit of its
// scale that gives a number a reader can picture.
type Comparison struct {
	ID       string
	Measure  Measure
	Scale    []Unit // from the smallest
	Figure   string // the sourced figure the units come from
	SourceID string
}

// A Unit is one step of a comparison's scale: Size of the measure's base
// unit (Wh, g, L) make one, called One, or Many for other numbers.
type Unit struct {
	Size      float64
	One, Many string
}

// Source returns the publication c's figure comes from.
func (c Comparison) Source() Source { return SourceOf(c.SourceID) }

// In returns amount in the unit of c's scale whose number reads best: the
// largest in which it is at least 1, or the next one up where that one would
// count more than 10,000 and the next is at least 0.1. So a number lies
// between 0.1 and 10,000 wherever the scale reaches.
func (c Comparison) In(amount float64) (float64, Unit) {
	i := 0
	for j, u := range c.Scale {
		if amount/u.Size >= 1 {
			i = j
		}
	}
	if n := amount / c.Scale[i].Size; n > 10000 && i+1 < len(c.Scale) && amount/c.Scale[i+1].Size >= 0.1 {
		i++
	}
	return amount / c.Scale[i].Size, c.Scale[i]
}

// Format writes amount in c's terms, its number and its unit's words apart,
// without a power of ten: "1.847" and "days of an average US home's
// electricity", "less than 0.0001" and "teaspoons of water".
func (c Comparison) Format(amount float64) (number, words string) {
	n, u := c.In(amount)
	if number = data.FormatNumber(n); number == "1" {
		return number, u.One
	}
	return number, u.Many
}

// Name says what a measure measures, in a word: "energy".
func (m Measure) Name() string {
	switch m {
	case Energy:
		return "energy"
	case Carbon:
		return "carbon"
	case Water:
		return "water"
	case Money:
		return "money"
	}
	return ""
}

// timeOf is the scale of a power drawn for a while: seconds to years of
// what, for w watts.
func timeOf(w float64, what string) []Unit {
	hour := w // Wh
	u := func(size float64, one, many string) Unit { return Unit{size, one + " " + what, many + " " + what} }
	return []Unit{
		u(hour/3600, "second", "seconds"), u(hour/60, "minute", "minutes"), u(hour, "hour", "hours"),
		u(hour*24, "day", "days"), u(hour*24*365, "year", "years"),
	}
}

// distanceOf is the scale of a distance travelled at perKm of the measure
// per km: centimetres to km, in what.
func distanceOf(perKm float64, what string) []Unit {
	u := func(size float64, one, many string) Unit { return Unit{size, one + " " + what, many + " " + what} }
	return []Unit{u(perKm/1e5, "centimetre", "centimetres"), u(perKm/1e3, "metre", "metres"), u(perKm, "km", "km")}
}

// Comparisons are the everyday comparisons, grouped by measure, energy
// first.
var Comparisons = []Comparison{
	{"home", Energy, timeOf(10715e3/365/24, "of an average US home's electricity"), "10,715 kWh a year (2020)", "eia-home"},
	{"led", Energy, timeOf(9, "of a 9 W LED bulb"), "about 9 W for 800 lumens", "energy-star"},
	{"ev", Energy, distanceOf(170, "in an electric car"), "0.17 kWh per km", "ecologits"},
	{"car", Carbon, distanceOf(400/1.609344, "in a typical petrol car"), "about 400 g CO2 per mile", "epa-car"},
	{"bottle", Water, []Unit{{0.005, "teaspoon of water", "teaspoons of water"}, {0.5, "half-litre bottle of water", "half-litre bottles of water"}},
		"5 mL a teaspoon, 500 mL a bottle", "unit"},
}

// A PromptPoint is a published energy figure for one chatbot prompt, on its
// own boundary: compare it with the calculator's energy per request at the
// rung of the same name.
type PromptPoint struct {
	Wh       float64
	Approx   bool   // the source gives it as "about"
	What     string // the prompt and how the figure was obtained
	Boundary string // the ladder rung it compares with: gpu or facility
	Counts   string // what its boundary counts
	SourceID string
}

// Source returns the publication p comes from.
func (p PromptPoint) Source() Source { return SourceOf(p.SourceID) }

// PromptPoints are the published per-prompt figures.
var PromptPoints = []PromptPoint{
	{0.24, false, "median Gemini Apps text prompt, measured (also 0.03 g CO2e and 0.26 mL of water)", "facility",
		"accelerators, host CPU and memory, idle machines and data-centre overhead", "google-2025"},
	{0.10, false, "the same Gemini prompt, accelerators only", "gpu", "the accelerators alone", "google-2025"},
	{0.3, true, "typical GPT-4o query of about 500 output tokens, modelled", "facility",
		"whole 8-GPU server power at 70% of its rating, × PUE 1.2", "epoch-2025"},
	{0.42, false, "short GPT-4o query, modelled", "facility", "modelled server energy × the hosting cloud's PUE", "jegham-2025"},
}
