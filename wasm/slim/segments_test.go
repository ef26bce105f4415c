package main

import (
	"bytes"
	"encoding/binary"
	"testing"
)

// module is a wasm module (version 1) of the given sections, by id.
func module(sections ...[]byte) []byte {
	m := []byte("\x00asm\x01\x00\x00\x00")
	for _, s := range sections {
		m = append(m, s[0])
		m = binary.AppendUvarint(m, uint64(len(s)-1))
		m = append(m, s[1:]...)
	}
	return m
}

// dataSection is a data section (id first) of segments written as the Go
// linker writes them.
func dataSection(segs ...segment) []byte {
	return appendSegments([]byte{sectionData}, segs)
}

// memory is the memory the segments of the data section of m write, from
// address 0, read independently of dataSegments: every segment of these
// tests has a one-byte address and size.
func memory(t *testing.T, m []byte) []byte {
	t.Helper()
	var mem []byte
	i := bytes.IndexByte(m[8:], sectionData) + 8
	_, n := binary.Uvarint(m[i+1:]) // the section's size
	p := m[i+1+n:]
	count, n := binary.Uvarint(p)
	p = p[n:]
	for range count {
		at, size := int(p[2]), int(p[4]) // 0, i32.const, at, end, size
		if p[2] >= 0x40 || p[4] >= 0x80 {
			t.Fatalf("a segment of the test does not have a one-byte address and size: % x", p[:5])
		}
		mem = append(mem, make([]byte, max(0, at+size-len(mem)))...)
		copy(mem[at:], p[5:5+size])
		p = p[5+size:]
	}
	return mem
}

func TestJoinData(t *testing.T) {
	types := []byte{1, 1, 0x60, 0, 0} // one type: func() ()
	custom := []byte{0, 4, 'n', 'a', 'm', 'e', 0xff}
	in := module(types, dataSection(
		segment{0, []byte("ab")},
		segment{10, []byte("cd")}, // 8 zeros after ab
		segment{62, []byte("ef")}, // 20 after ij: not joined at a gap of 20
		segment{3, []byte("gh")},  // 1 after ab, between ab and cd
		segment{40, []byte("ij")}, // 28 after cd
	), custom)
	out, err := joinData(in, 20)
	if err != nil {
		t.Fatal(err)
	}
	want := module(types, dataSection(
		segment{0, []byte("ab\x00gh\x00\x00\x00\x00\x00cd")},
		segment{40, []byte("ij")},
		segment{62, []byte("ef")},
	), custom)
	if !bytes.Equal(out, want) {
		t.Errorf("joined:\n% x\nwant\n% x", out, want)
	}
	if a, b := memory(t, in), memory(t, out); !bytes.Equal(a, b) {
		t.Errorf("the memory written differs:\n%q\n%q", a, b)
	}
	// A gap of 0 joins none of these, only orders them.
	sorted := module(types, dataSection(segment{0, []byte("ab")}, segment{3, []byte("gh")}, segment{10, []byte("cd")},
		segment{40, []byte("ij")}, segment{62, []byte("ef")}), custom)
	if out, err := joinData(in, 0); err != nil || !bytes.Equal(out, sorted) {
		t.Errorf("with a gap of 0 (%v):\n% x\nwant\n% x", err, out, sorted)
	}
}

// TestJoinDataRefuses: what is not a module as the Go linker writes it is
// refused with an error, not a panic.
func TestJoinDataRefuses(t *testing.T) {
	good := module(dataSection(segment{0, []byte("ab")}))
	for name, m := range map[string][]byte{
		"empty":              nil,
		"not wasm":           []byte("\x7fELF\x02\x01\x01\x00"),
		"version 2":          []byte("\x00asm\x02\x00\x00\x00"),
		"section too long":   good[:len(good)-1],
		"passive segment":    module([]byte{sectionData, 1, 1, 2, 'a', 'b'}),
		"address not const":  module([]byte{sectionData, 1, 0, 0x23, 0, 0x0b, 2, 'a', 'b'}),
		"negative address":   module([]byte{sectionData, 1, 0, 0x41, 0x7f, 0x0b, 2, 'a', 'b'}),
		"segment too long":   module([]byte{sectionData, 1, 0, 0x41, 0, 0x0b, 3, 'a', 'b'}),
		"bytes after":        module([]byte{sectionData, 1, 0, 0x41, 0, 0x0b, 1, 'a', 'b'}),
		"more than it holds": module([]byte{sectionData, 2, 0, 0x41, 0, 0x0b, 2, 'a', 'b'}),
		"overlapping":        module(dataSection(segment{0, []byte("abc")}, segment{2, []byte("d")})),
		"data count":         module([]byte{sectionDataCount, 1}, dataSection(segment{0, []byte("ab")})),
		"two data sections":  module(dataSection(segment{0, []byte("ab")}), dataSection(segment{5, []byte("c")})),
	} {
		if out, err := joinData(m, joinGap); err == nil {
			t.Errorf("%s: accepted, giving % x", name, out)
		}
	}
}

// FuzzJoinData: any input is refused or joined into a module whose data
// section writes the same memory; joining again changes nothing.
func FuzzJoinData(f *testing.F) {
	f.Add(module(dataSection(segment{0, []byte("ab")}, segment{9, []byte("c")}, segment{3, []byte("d")})))
	f.Add(module([]byte{1, 1, 0x60, 0, 0}, dataSection(segment{300, []byte("x")}, segment{70000, []byte("y")})))
	f.Fuzz(func(t *testing.T, m []byte) {
		out, err := joinData(m, 16)
		if err != nil {
			return
		}
		again, err := joinData(out, 16)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("joining the joined module again: %v, changed: %v", err, !bytes.Equal(again, out))
		}
		if a, b := image(t, m), image(t, out); !bytes.Equal(a, b) {
			t.Fatalf("the memory written differs")
		}
	})
}

// image is the memory written by the data segments of m, as dataSegments
// reads them, up to 1 MB.
func image(t *testing.T, m []byte) []byte {
	var mem []byte
	for r := m[8:]; len(r) > 0; {
		size, n := binary.Uvarint(r[1:])
		if r[0] == sectionData {
			segs, err := dataSegments(r[1+n : 1+n+int(size)])
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range segs {
				if s.end() > 1<<20 {
					t.Skip("memory past 1 MB")
				}
				mem = append(mem, make([]byte, max(0, int(s.end())-len(mem)))...)
				copy(mem[s.at:], s.data)
			}
		}
		r = r[1+n+int(size):]
	}
	return mem
}

// BenchmarkJoinData joins 100,000 segments 30 bytes apart, as many as the Go
// linker writes for app.wasm.
func BenchmarkJoinData(b *testing.B) {
	segs := make([]segment, 100_000)
	for i := range segs {
		segs[i] = segment{uint64(i) * 50, bytes.Repeat([]byte{1}, 20)}
	}
	m := module(dataSection(segs...))
	b.SetBytes(int64(len(m)))
	for b.Loop() {
		if _, err := joinData(m, joinGap); err != nil {
			b.Fatal(err)
		}
	}
}
