//go:build js

package catalogue

import (
	"errors"
	"syscall/js"

	"tokenjoule/data/lang"
)

// First loads the catalogue web/start.js began to download with the page
// (tokenjouleCatalogue.first), waiting for it: the page's first render
// needs its words.
func First() error {
	first := download().Get("first")
	if first.Type() != js.TypeObject {
		return nil
	}
	return load(first.Get("text"))
}

// Fetch loads t's catalogue unless it is at hand, waiting for its download
// (tokenjouleCatalogue(tag)). Call it from a goroutine of its own (go-app's
// ctx.Async) where the page is running: it blocks until the file is in.
func Fetch(t lang.Tag) error {
	if t.Loaded() {
		return nil
	}
	f := download()
	if f.Type() != js.TypeFunction {
		return errors.New("catalogue: no web/start.js to download " + lang.FileName(t))
	}
	return load(f.Invoke(string(t)))
}

// download is web/start.js's tokenjouleCatalogue.
func download() js.Value { return js.Global().Get("tokenjouleCatalogue") }

// load reads the catalogue the promise text resolves to.
func load(text js.Value) error {
	done := make(chan struct{})
	var got string
	var err error
	ok := js.FuncOf(func(_ js.Value, args []js.Value) any {
		got = args[0].String()
		close(done)
		return nil
	})
	failed := js.FuncOf(func(_ js.Value, args []js.Value) any {
		err = errors.New("catalogue: " + js.Global().Get("String").Invoke(args[0]).String())
		close(done)
		return nil
	})
	defer ok.Release()
	defer failed.Release()
	text.Call("then", ok, failed)
	<-done
	if err != nil {
		return err
	}
	_, err = lang.Load([]byte(got))
	return err
}
