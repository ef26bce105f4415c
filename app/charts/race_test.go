//go:build race

package charts

// sampleEvery thins the sweeps of the slower tests under the race detector,
// which makes them ten times slower and finds nothing in their single
// goroutine; the plain run takes them whole.
const sampleEvery = 4
