// Command packgen writes dataset.pack: the current generation of dataset/
// packed (data.Pack), as the browser build embeds it in place of the JSON
// files (data/embed_js.go). `go generate ./data` runs it in the data
// package's directory, and make data after every import; data's tests fail
// while the committed pack is not the dataset's.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"tokenjoule/data"
)

func main() {
	if err := write("dataset.pack"); err != nil {
		fmt.Fprintln(os.Stderr, "packgen:", err)
		os.Exit(1)
	}
}

// write packs the dataset into name, replacing it whole: a build that runs
// meanwhile reads the old pack or the new one.
func write(name string) error {
	set, err := data.Load()
	if err != nil {
		return err
	}
	b, err := data.Pack(set)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), ".dataset.pack-")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name)
}
