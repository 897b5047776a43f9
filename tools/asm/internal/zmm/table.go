package zmm

import (
	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
)

// A Table is a read-only array of 64-byte vectors, filled while the code is
// generated and written by Emit. Each distinct vector is stored once.
type Table struct {
	mem  Mem
	data []uint64
	seen map[[8]uint64]Mem
}

// NewTable declares the global name for a table; its data follows with
// Emit.
func NewTable(name string) *Table {
	return &Table{mem: GLOBL(name, RODATA|NOPTR), seen: map[[8]uint64]Mem{}}
}

// Vector returns the address of the vector whose eight 64-bit words are w.
func (t *Table) Vector(w [8]uint64) Mem {
	if m, ok := t.seen[w]; ok {
		return m
	}
	m := t.mem.Offset(8 * len(t.data))
	t.data = append(t.data, w[:]...)
	t.seen[w] = m
	return m
}

// Dwords returns the address of the vector of sixteen 32-bit words w.
func (t *Table) Dwords(w [16]int32) Mem {
	var v [8]uint64
	for i := range v {
		v[i] = uint64(uint32(w[2*i])) | uint64(uint32(w[2*i+1]))<<32
	}
	return t.Vector(v)
}

// Words returns the address of the vector of thirty-two 16-bit words w.
func (t *Table) Words(w [32]int16) Mem {
	var v [8]uint64
	for i := range v {
		for j := range 4 {
			v[i] |= uint64(uint16(w[4*i+j])) << (16 * j)
		}
	}
	return t.Vector(v)
}

// Emit writes the data of the table, which must be the last global
// declared.
func (t *Table) Emit() {
	for i, v := range t.data {
		DATA(8*i, U64(v))
	}
}
