package ui

import (
	"testing"

	"tokenjoule/data/lang"
)

// The English catalogue holds the glossary's words and explanations that
// the calculator shows, which the other languages translate: they must not
// drift apart from the glossary, which the other pages still read.
func TestGlossaryCatalogue(t *testing.T) {
	for _, key := range []string{termITL, termPercentile, termTokens, termGPUs, termParallel, termPrecision, termBatchLimit,
		termBatch, termGPUHours, termPareto, termRow, termGenTime, termImages, termVideos, termBatchSize, termSplit, termSteps,
		termSpread, termMeasure} {
		g := glossary[key]
		if got := lang.EN.T("term." + key); got != g.Words {
			t.Errorf("term.%s = %q, the glossary says %q", key, got, g.Words)
		}
		if got := lang.EN.T("term." + key + ".means"); got != g.Means {
			t.Errorf("term.%s.means = %q, the glossary says %q", key, got, g.Means)
		}
		for _, tag := range []lang.Tag{lang.FR, lang.DE, lang.ES} {
			// The raw name (max_num_seqs) is the dataset's, in every language.
			if tr := termIn(tag, key); tr.Raw != g.Raw || tr.Means == g.Means {
				t.Errorf("term %s in %s: %+v", key, tag, tr)
			}
		}
	}
}
