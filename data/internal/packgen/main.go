// Command packgen writes dataset.pack: the current generation of dataset/
// packed (data.Pack), as the browser build embeds it in place of the JSON
// files (data/embed_js.go), and card.pack, the same packed for the card
// embeds' wasm (data.CardPack). `go generate ./data` runs it in the data
// package's directory, and make data after every import; data's tests fail
// while the committed packs are not the dataset's.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"tokenjoule/data"
)

func main() {
	set, err := data.Load()
	if err == nil {
		err = write("dataset.pack", set, data.Pack)
	}
	if err == nil {
		err = write("card.pack", set, data.CardPack)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "packgen:", err)
		os.Exit(1)
	}
}

// write packs set with pack into name, replacing it whole: a build that
// runs meanwhile reads the old pack or the new one.
func write(name string, set *data.Set, pack func(*data.Set) ([]byte, error)) error {
	b, err := pack(set)
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
