//go:build !race

package charts

// sampleEvery: see race_test.go.
const sampleEvery = 1
