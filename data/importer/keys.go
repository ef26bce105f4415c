package importer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// duplicate is a key that an object of a JSON document holds twice.
type duplicate struct {
	path          string // where the object is: "" for the document, "configurations[3]"
	key           string
	first, second string // the key's two values, as JSON ({…} for an object)
	model         string // the object's model_id, where it has one before the second key
}

// findDuplicate returns the first key that an object of the JSON document b
// holds twice, at any depth, or nil: encoding/json keeps the last value of a
// repeated key without a word. b must be valid JSON.
func findDuplicate(b []byte) (*duplicate, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	_, d, err := walk(dec, "")
	return d, err
}

// walk reads one value from dec, whose path is path, and returns it as
// JSON ({…} and […] for an object and an array), with the first duplicate
// it holds.
func walk(dec *json.Decoder, path string) (string, *duplicate, error) {
	tok, err := dec.Token()
	if err != nil {
		return "", nil, err
	}
	switch tok {
	case json.Delim('{'):
		seen := map[string]string{}
		model := ""
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return "", nil, err
			}
			key := k.(string)
			sub := key
			if path != "" {
				sub = path + "." + key
			}
			v, d, err := walk(dec, sub)
			if err != nil || d != nil {
				return "", d, err
			}
			if first, ok := seen[key]; ok {
				return "", &duplicate{path, key, first, v, model}, nil
			}
			seen[key] = v
			if key == "model_id" {
				model, _ = strconv.Unquote(v)
			}
		}
		_, err := dec.Token() // }
		return "{…}", nil, err
	case json.Delim('['):
		for i := 0; dec.More(); i++ {
			if _, d, err := walk(dec, fmt.Sprintf("%s[%d]", path, i)); err != nil || d != nil {
				return "", d, err
			}
		}
		_, err := dec.Token() // ]
		return "[…]", nil, err
	}
	switch v := tok.(type) {
	case string:
		return strconv.Quote(v), nil, nil
	case nil:
		return "null", nil, nil
	}
	return fmt.Sprint(tok), nil, nil
}
