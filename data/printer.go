package data

import (
	"strings"

	"tokenjoule/data/lang"
)

// A Printer writes figures and the phrases around them in a reader's
// language: the numbers as FormatNumber and the unit formatters write them,
// localised as each is formatted (lang.Tag.Figure), never a finished
// sentence, so that a model's name ("Llama 3.1 70B") is never touched. It
// is a value carried to where a figure is written, not a setting of the
// package: the server and the tests answer several languages at once. The
// zero Printer writes English as the Format functions do.
type Printer struct{ Lang lang.Tag }

// PrinterOf is the printer of language t.
func PrinterOf(t lang.Tag) Printer { return Printer{Lang: t} }

// T is the sentence of key in p's language (lang.Tag.T).
func (p Printer) T(key string, vars ...string) string { return p.tag().T(key, vars...) }

func (p Printer) tag() lang.Tag {
	if p.Lang == "" {
		return lang.EN
	}
	return p.Lang
}

// Energy is FormatEnergy in p's language: "15,21 Wh".
func (p Printer) Energy(wh float64) string { return p.tag().Figure(FormatEnergy(wh)) }

// Joules is FormatJoules in p's language.
func (p Printer) Joules(j float64) string { return p.tag().Figure(FormatJoules(j)) }

// In is FormatIn in p's language.
func (p Printer) In(v float64, units ...Unit) string { return p.tag().Figure(FormatIn(v, units...)) }

// Number is FormatNumber in p's language: "1 234 567", "0,04823".
func (p Printer) Number(v float64) string { return p.tag().Number(FormatNumber(v)) }

// Int is FormatInt in p's language.
func (p Printer) Int(n int) string { return p.tag().Number(FormatInt(n)) }

// MS is FormatMS in p's language: "1500 ms" in Spanish.
func (p Printer) MS(ms float64) string { return p.tag().Figure(FormatMS(ms)) }

// Deadline is Kind.Deadline in p's language.
func (p Printer) Deadline(k *Kind, ms float64) string { return p.tag().Figure(k.Deadline(ms)) }

// Change is FormatChange in p's language: "+104,3 %".
func (p Printer) Change(a, b float64) string { return p.tag().Percent(FormatChange(a, b)) }

// Growth is FormatGrowth in p's language.
func (p Printer) Growth(share float64) string { return p.tag().Percent(FormatGrowth(share)) }

// Ratio is FormatRatio in p's language: "3,4".
func (p Printer) Ratio(x float64) string { return p.tag().Number(FormatRatio(x)) }

// Volume is ReadableVolume in p's language, its suffix (k, M, B, T) in the
// language's words: "2,5 Md", "2,5 Mrd.".
func (p Printer) Volume(v float64) string {
	s := ReadableVolume(v)
	n := strings.TrimRight(s, "kMBT")
	if suffix := s[len(n):]; suffix != "" {
		return p.tag().Number(n) + p.T("volume."+suffix)
	}
	return p.tag().Number(s)
}

// VolumeWords is Kind.VolumeWords in p's language: "1 M de tokens de sortie".
func (p Printer) VolumeWords(k *Kind, v float64) string {
	if v == 1 {
		return "1 " + p.T("item."+k.Item)
	}
	return p.Volume(v) + " " + p.T("items."+k.Item+"s")
}

// Share is Percentile.Share in p's language: "9 tokens sur 10".
func (p Printer) Share(pc Percentile) string {
	switch pc {
	case P90, P95, P99:
		return p.T("share." + string(pc))
	}
	return p.T("share.p50")
}

// DeadlineWords is DeadlineWords in p's language.
func (p Printer) DeadlineWords(k *Kind, pc Percentile, ms float64) string {
	if k.Diffusion() {
		return p.T("deadline.diffusion", "item", p.T("item."+k.Item), "deadline", p.Deadline(k, ms))
	}
	return p.T("deadline.tokens", "share", p.Share(pc), "ms", p.MS(ms))
}

// GPUChoice is GPUChoice in p's language: "B200 ou H100".
func (p Printer) GPUChoice(gpus []string, gpu string) string {
	if gpu != AnyGPU || len(gpus) < 2 {
		return GPUChoice(gpus, gpu)
	}
	return p.T("gpus.or", "list", strings.Join(gpus[:len(gpus)-1], ", "), "last", gpus[len(gpus)-1])
}
