package data_test

import (
	"fmt"
	"reflect"
	"testing"

	"tokenjoule/data"
	"tokenjoule/data/export"
	"tokenjoule/data/footprint"
	"tokenjoule/data/plan"
)

// TestCardPack: the dataset packed for the card embeds (CardPack) is
// smaller than the whole pack, and answers as the whole does: every
// figure of every configuration that a card reads, and the calculator's,
// compare and plan cards (with the compare page's ranking in plan mode)
// for every model of every workload, on each GPU choice, at two
// percentiles and two deadlines.
func TestCardPack(t *testing.T) {
	set, err := data.Load()
	if err != nil {
		t.Fatal(err)
	}
	whole, err := data.Pack(set)
	if err != nil {
		t.Fatal(err)
	}
	b, err := data.CardPack(set)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) >= len(whole) {
		t.Errorf("the card's pack is %d bytes, the whole one %d: it leaves nothing out", len(b), len(whole))
	}
	card, err := data.LoadPacked(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(card.Index.Source, set.Index.Source) || card.Index.DataVersion != set.Index.DataVersion {
		t.Error("the card's pack names another source or data version")
	}
	for _, w := range set.Index.Workloads {
		k := data.TaskKind(w.ID)
		for _, e := range w.Models {
			m, err := set.Model(w.ID, e.Slug)
			if err != nil {
				t.Fatal(err)
			}
			cm, err := card.Model(w.ID, e.Slug)
			if err != nil {
				t.Fatal(err)
			}
			if len(cm.Configurations) != len(m.Configurations) || cm.Name != e.Name || !reflect.DeepEqual(cm.GPUs, m.GPUs) {
				t.Fatalf("%s/%s: the card's pack has another model", w.ID, e.Slug)
			}
			for i := range m.Configurations {
				// Printed, each float exactly, and a diffusion row's NaN
				// output length equal to itself.
				if got, want := fmt.Sprint(figures(&cm.Configurations[i])), fmt.Sprint(figures(&m.Configurations[i])); got != want {
					t.Errorf("%s/%s row %s: the card's pack reads %v, the whole one %v", w.ID, e.Slug, m.Configurations[i].RowID, got, want)
				}
			}
			for _, gpu := range append([]string{data.AnyGPU}, e.GPUs...) {
				for _, p := range []data.Percentile{data.P50, data.P95} {
					for _, ms := range []float64{k.DefaultDeadlineMS, k.DefaultDeadlineMS / 10} {
						q := data.Query{Task: w.ID, Model: e.Slug, GPU: gpu, DeadlineMS: ms, Percentile: p, Tokens: k.DefaultVolume}
						sameCards(t, set, card, q)
					}
				}
			}
		}
	}
}

// figures are what a card reads of c: its latencies, energy, throughput,
// power, estimate and words.
func figures(c *data.Config) []any {
	f := []any{c.Joules(), c.Throughput(), c.Watts(), c.WhPerMillion(), c.PerRequest(), c.EnergyPerToken(),
		c.EnergyPerRequest(), c.OutputTokensPerRequest(), c.Estimate(1e9), c.Brief(), c.BatchWords(true), c.Hardware(),
		c.Batch(), c.PowerWatts, c.Diffusion()}
	for _, p := range data.Percentiles {
		f = append(f, c.Latency(p), p.ITL(c))
	}
	return f
}

// sameCards checks that the cards of q (the calculator's, and the compare
// and plan cards of its workload) from the card's pack are the whole one's.
func sameCards(t *testing.T, set, card *data.Set, q data.Query) {
	t.Helper()
	r, err := set.Select(q)
	cr, cerr := card.Select(q)
	if (err == nil) != (cerr == nil) {
		t.Fatalf("%+v: Select says %v from the whole pack, %v from the card's", q, err, cerr)
	}
	if err == nil && !reflect.DeepEqual(export.CardOf(cr, footprint.Factors{}), export.CardOf(r, footprint.Factors{})) {
		t.Errorf("%+v: the card from the card's pack differs:\n%+v\nwant\n%+v", q, export.CardOf(cr, footprint.Factors{}), export.CardOf(r, footprint.Factors{}))
	}
	if q.Model != set.Index.Workloads[0].Models[0].Slug && q.Model != workload(set, q.Task).Models[0].Slug {
		return // the workload's rankings once, with its first model
	}
	rk, err := set.Compare(q)
	crk, cerr := card.Compare(q)
	if (err == nil) != (cerr == nil) || err == nil && !reflect.DeepEqual(export.CompareCardOf(crk, &card.Index), export.CompareCardOf(rk, &set.Index)) {
		t.Errorf("%+v: the compare card from the card's pack differs (%v, %v)", q, err, cerr)
	}
	tr := plan.DefaultTraffic()
	p, err := plan.Make(set, q, tr)
	cp, cerr := plan.Make(card, q, tr)
	if (err == nil) != (cerr == nil) || err == nil && !reflect.DeepEqual(export.PlanCardOf(cp, footprint.Factors{}), export.PlanCardOf(p, footprint.Factors{})) {
		t.Errorf("%+v: the plan card from the card's pack differs (%v, %v)", q, err, cerr)
	}
	prk, err := plan.Compare(set, q, tr)
	cprk, cerr := plan.Compare(card, q, tr)
	if (err == nil) != (cerr == nil) || err == nil && !reflect.DeepEqual(export.PlanCompareCardOf(cprk, &card.Index), export.PlanCompareCardOf(prk, &set.Index)) {
		t.Errorf("%+v: the plan's compare card from the card's pack differs (%v, %v)", q, err, cerr)
	}
}

func workload(set *data.Set, task string) *data.Workload {
	w, _ := set.Workload(task)
	return w
}
