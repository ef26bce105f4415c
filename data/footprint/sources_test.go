package footprint

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// arXivCited matches an arXiv identifier and the date a citation gives it,
// "arXiv 2508.15734 (August 2025)" or "arXiv 2505.09598 (2025)".
var arXivCited = regexp.MustCompile(`arXiv (\d{2})(\d{2})\.\d{4,5}\s+\((?:([A-Z][a-z]+) )?(\d{4})\)`)

// TestSourceDates checks every date a citation gives an arXiv paper against
// its identifier, whose first four digits are the year and month it was
// submitted: 2605.23918 is May 2026, whatever a reader misremembers.
func TestSourceDates(t *testing.T) {
	var texts []string
	for _, s := range Sources {
		texts = append(texts, s.Title)
		if id, ok := strings.CutPrefix(s.URL, "https://arxiv.org/abs/"); ok && !strings.Contains(s.Title, "arXiv "+id) {
			t.Errorf("source %s links arXiv %s but its title cites another paper: %s", s.ID, id, s.Title)
		}
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	texts = append(texts, strings.Join(strings.Fields(string(readme)), " "))
	checked := 0
	for _, text := range texts {
		for _, m := range arXivCited.FindAllStringSubmatch(text, -1) {
			checked++
			yy, _ := strconv.Atoi(m[1])
			mm, _ := strconv.Atoi(m[2])
			if year := strconv.Itoa(2000 + yy); m[4] != year {
				t.Errorf("%q: the identifier says %s", m[0], year)
			}
			if month := time.Month(mm).String(); m[3] != "" && m[3] != month {
				t.Errorf("%q: the identifier says %s", m[0], month)
			}
		}
	}
	if checked < 4 {
		t.Errorf("found %d dated arXiv citations in the sources and the README, want at least 4", checked)
	}
}
