package state

import (
	"slices"
	"strings"
)

// KeepOthers is the query string of a URL whose refused values were
// reported: query (the page's state, as String or EmbedString writes it),
// then the pairs of raw whose keys query does not write (nor Params and
// EmbedParams, which query leaves out where they hold the default) and that
// no notice refused, kept as they were, in raw's order: the footprint's
// parameters where query leaves them out, and any a host or a tool added. The pairs ParseQuery finds
// malformed are dropped, as it drops them.
func KeepOthers(query, raw string, notices []Notice) string {
	refused := func(key string) bool {
		return slices.ContainsFunc(notices, func(n Notice) bool { return n.Param != "" && n.Param == key })
	}
	written, _ := ParseQuery(query)
	parts := []string{query}
	for rest := raw; rest != ""; {
		var pair string
		pair, rest, _ = strings.Cut(rest, "&")
		if pair == "" || strings.Contains(pair, ";") {
			continue
		}
		k, v, _ := strings.Cut(pair, "=")
		key, err1 := queryUnescape(k)
		_, err2 := queryUnescape(v)
		if err1 != nil || err2 != nil || slices.Contains(EmbedParams, key) || ours(key) || written[key] != nil || refused(key) {
			continue
		}
		parts = append(parts, pair)
	}
	if query == "" {
		parts = parts[1:]
	}
	return strings.Join(parts, "&")
}
