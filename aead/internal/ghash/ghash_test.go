package ghash

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// refMul is Algorithm 1 of SP 800-38D, Section 6.3, bit by bit: the
// specification's own definition, slow and variable-time, for the tests.
func refMul(x, y [BlockSize]byte) [BlockSize]byte {
	var z [2]uint64
	v := [2]uint64{binary.BigEndian.Uint64(y[:8]), binary.BigEndian.Uint64(y[8:])}
	for i := 0; i < 128; i++ {
		if x[i/8]>>(7-i%8)&1 == 1 {
			z[0] ^= v[0]
			z[1] ^= v[1]
		}
		lsb := v[1] & 1
		v[1] = v[1]>>1 | v[0]<<63
		v[0] >>= 1
		if lsb == 1 {
			v[0] ^= 0xe1 << 56
		}
	}
	var out [BlockSize]byte
	binary.BigEndian.PutUint64(out[:8], z[0])
	binary.BigEndian.PutUint64(out[8:], z[1])
	return out
}

// refUpdate is UpdateGeneric with refMul.
func refUpdate(h, acc [BlockSize]byte, p []byte) [BlockSize]byte {
	for ; len(p) > 0; p = p[BlockSize:] {
		for i := range acc {
			acc[i] ^= p[i]
		}
		acc = refMul(acc, h)
	}
	return acc
}

func randBlock(r *rand.Rand) (b [BlockSize]byte) {
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// specialBlocks are field elements whose bits sit at the edges of the
// words: 0, 1, x, x¹²⁷, all ones, and single top and bottom bits of each
// 64-bit half.
func specialBlocks() [][BlockSize]byte {
	var out [][BlockSize]byte
	out = append(out, [BlockSize]byte{})
	for _, i := range []int{0, 1, 7, 8, 62, 63, 64, 65, 120, 126, 127} {
		var b [BlockSize]byte
		b[i/8] = 0x80 >> (i % 8)
		out = append(out, b)
	}
	var ones [BlockSize]byte
	for i := range ones {
		ones[i] = 0xff
	}
	return append(out, ones)
}

// testKeys returns specialBlocks and n random blocks from r: the keys
// of the tests that compare two ways of computing a Key's tables.
func testKeys(r *rand.Rand, n int) [][BlockSize]byte {
	vals := specialBlocks()
	for i := 0; i < n; i++ {
		vals = append(vals, randBlock(r))
	}
	return vals
}

// TestMulGeneric checks the constant-time multiplication against the
// specification's algorithm on edge values and random ones.
func TestMulGeneric(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	vals := specialBlocks()
	for i := 0; i < 50; i++ {
		vals = append(vals, randBlock(r))
	}
	for _, h := range vals {
		var k Key
		k.Init(&h)
		for _, x := range vals {
			acc := x
			UpdateGeneric(&k, &acc, make([]byte, BlockSize))
			if want := refMul(x, h); acc != want {
				t.Fatalf("%x · %x = %x, want %x", x, h, acc, want)
			}
		}
	}
}

// TestKnownAnswer is the GHASH of test case 2 of McGrew and Viega's GCM
// specification: H = 66e94bd4ef8a2c3b884cfa59ca342b2e, the ciphertext
// 0388dace60b6a392f328c2b971b2fe78 and its length block give the GHASH
// f38cbb1ad69223dcc3457ae5b6b0f885 (the tag ab6e47d42cec13bdf53a67b21257bddf
// XOR E(K, Y0) = 58e2fccefa7e3061367f1d57a4e7455a).
func TestKnownAnswer(t *testing.T) {
	h := [BlockSize]byte(unhex("66e94bd4ef8a2c3b884cfa59ca342b2e"))
	p := unhex("0388dace60b6a392f328c2b971b2fe78" + "00000000000000000000000000000080")
	want := unhex("f38cbb1ad69223dcc3457ae5b6b0f885")
	for _, impl := range implementations() {
		t.Run(impl.name, func(t *testing.T) {
			var k Key
			k.Init(&h)
			var acc [BlockSize]byte
			impl.f(&k, &acc, p)
			if !bytes.Equal(acc[:], want) {
				t.Fatalf("got %x, want %x", acc, want)
			}
		})
	}
}

// TestUpdate compares every implementation with the reference at every
// number of blocks up to 80 (past the 16-block stride with every
// remainder), from random accumulators.
func TestUpdate(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, impl := range implementations() {
		t.Run(impl.name, func(t *testing.T) {
			for n := 0; n <= 80; n++ {
				for _, h := range append(specialBlocks()[10:], randBlock(r), randBlock(r)) {
					var k Key
					k.Init(&h)
					acc := randBlock(r)
					p := make([]byte, n*BlockSize)
					for i := range p {
						p[i] = byte(r.Uint32())
					}
					want := refUpdate(h, acc, p)
					got := acc
					impl.f(&k, &got, p)
					if got != want {
						t.Fatalf("%d blocks, H = %x: got %x, want %x", n, h, got, want)
					}
				}
			}
		})
	}
}

func unhex(s string) []byte {
	b := make([]byte, len(s)/2)
	for i := range b {
		var v byte
		for _, c := range s[2*i : 2*i+2] {
			v <<= 4
			switch {
			case c >= '0' && c <= '9':
				v |= byte(c - '0')
			default:
				v |= byte(c-'a') + 10
			}
		}
		b[i] = v
	}
	return b
}

func BenchmarkUpdate(b *testing.B) {
	p := make([]byte, 16384)
	for _, impl := range implementations() {
		b.Run(impl.name, func(b *testing.B) {
			var k Key
			k.Init(&[BlockSize]byte{1, 2, 3})
			var acc [BlockSize]byte
			b.SetBytes(int64(len(p)))
			for b.Loop() {
				impl.f(&k, &acc, p)
			}
		})
	}
}

// TestUnalignedKey runs every implementation on Keys at both alignments
// modulo 16 that Go may give them (a Key needs only 8-byte alignment): an
// SSE instruction with a memory operand faults on an address that is not a
// multiple of 16, so the kernels must load the powers of H with MOVOU.
func TestUnalignedKey(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	type padded struct {
		pad uint64
		k   Key
	}
	var keys [2]*Key
	for i := 0; i < 2; i++ {
		// One of these two Keys is at an odd multiple of 8, whichever way
		// the allocation is aligned.
		ps := new([2]padded)
		keys[0], keys[1] = &ps[0].k, &ps[1].k
		if uintptr(unsafe.Pointer(keys[0]))%16 != uintptr(unsafe.Pointer(keys[1]))%16 {
			break
		}
	}
	h := randBlock(r)
	p := make([]byte, 40*BlockSize)
	for i := range p {
		p[i] = byte(r.Uint32())
	}
	acc := randBlock(r)
	want := refUpdate(h, acc, p)
	for _, impl := range implementations() {
		for _, k := range keys {
			k.Init(&h)
			got := acc
			impl.f(k, &got, p)
			if got != want {
				t.Errorf("%s, Key at %#x: got %x, want %x", impl.name, uintptr(unsafe.Pointer(k))%16, got, want)
			}
		}
	}
}
