// Package catalogue brings a language's words to the browser's wasm, which
// holds English alone (data/lang): web/start.js downloads the catalogue of
// the language a page will speak beside the wasm (First), and any other
// when the page needs it (Fetch), each once. Elsewhere every catalogue is
// compiled in, and both do nothing.
package catalogue
