package aescore

import (
	"bytes"
	"crypto/aes"
	"encoding/hex"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

const pkg = "aes"

func TestImplementations(t *testing.T) {
	cputest.CheckImplementations(t, pkg, wantImplementations)
	t.Log(cputest.Describe(pkg))
}

// gfMul multiplies in GF(2⁸) modulo x⁸+x⁴+x³+x+1, with branches: test only.
func gfMul(a, b byte) byte {
	var p byte
	for ; b != 0; b >>= 1 {
		if b&1 != 0 {
			p ^= a
		}
		hi := a & 0x80
		a <<= 1
		if hi != 0 {
			a ^= 0x1b
		}
	}
	return p
}

// refSbox computes the S-box from its definition (FIPS 197, Section 5.1.1).
func refSbox() (s, inv [256]byte) {
	for x := 0; x < 256; x++ {
		var xi byte // x⁻¹, with 0⁻¹ = 0
		for y := 1; y < 256; y++ {
			if gfMul(byte(x), byte(y)) == 1 {
				xi = byte(y)
			}
		}
		var b byte
		for i := 0; i < 8; i++ {
			bit := (xi>>i ^ xi>>((i+4)&7) ^ xi>>((i+5)&7) ^ xi>>((i+6)&7) ^ xi>>((i+7)&7) ^ 0x63>>i) & 1
			b |= bit << i
		}
		s[x] = b
		inv[b] = byte(x)
	}
	return
}

// TestSbox checks the circuits on every byte value at every one of the 64
// positions of a state.
func TestSbox(t *testing.T) {
	s, inv := refSbox()
	if s[0] != 0x63 || s[0x53] != 0xed || inv[0x63] != 0 {
		t.Fatal("reference S-box is wrong")
	}
	for x := 0; x < 256; x++ {
		in := make([]byte, 64)
		for i := range in {
			in[i] = byte(x + 7*i)
		}
		var q [8]uint64
		load(&q, in, 4)
		sbox(&q)
		out := make([]byte, 64)
		store(out, &q, 4)
		load(&q, in, 4)
		invSbox(&q)
		outInv := make([]byte, 64)
		store(outInv, &q, 4)
		for i := range in {
			if out[i] != s[in[i]] {
				t.Fatalf("sbox(%#x) at %d = %#x, want %#x", in[i], i, out[i], s[in[i]])
			}
			if outInv[i] != inv[in[i]] {
				t.Fatalf("invSbox(%#x) at %d = %#x, want %#x", in[i], i, outInv[i], inv[in[i]])
			}
		}
	}
	for _, w := range []uint32{0, 0x01234567, 0xffffffff, 0x53cafe00} {
		got := subWord(w)
		want := uint32(s[w>>24])<<24 | uint32(s[w>>16&0xff])<<16 | uint32(s[w>>8&0xff])<<8 | uint32(s[w&0xff])
		if got != want {
			t.Errorf("subWord(%#x) = %#x, want %#x", w, got, want)
		}
	}
}

// TestLoadStore checks that the bitsliced layout round-trips and places
// bytes where the package comment says.
func TestLoadStore(t *testing.T) {
	in := make([]byte, 64)
	for i := range in {
		in[i] = byte(i*37 + 1)
	}
	var q [8]uint64
	load(&q, in, 4)
	for j := 0; j < 4; j++ {
		for r := 0; r < 4; r++ {
			for c := 0; c < 4; c++ {
				p := 16*r + 4*c + j
				var b byte
				for i := 0; i < 8; i++ {
					b |= byte(q[i]>>p&1) << i
				}
				if want := in[16*j+4*c+r]; b != want {
					t.Fatalf("block %d row %d column %d: %#x, want %#x", j, r, c, b, want)
				}
			}
		}
	}
	out := make([]byte, 64)
	store(out, &q, 4)
	if !bytes.Equal(in, out) {
		t.Fatalf("round trip: %x, want %x", out, in)
	}
}

func unhex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

// fips197 are the example vectors of FIPS 197, Appendix C.
var fips197 = []struct{ key, pt, ct string }{
	{"000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff", "69c4e0d86a7b0430d8cdb78070b4c55a"},
	{"000102030405060708090a0b0c0d0e0f1011121314151617", "00112233445566778899aabbccddeeff", "dda97ca4864cdfe06eaf70a0ec0d7191"},
	{"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "00112233445566778899aabbccddeeff", "8ea2b7ca516745bfeafc49904b496089"},
}

func TestFIPS197(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, v := range fips197 {
			var k Key
			if err := k.Init(unhex(v.key)); err != nil {
				t.Fatal(err)
			}
			var pt, ct, got [16]byte
			copy(pt[:], unhex(v.pt))
			copy(ct[:], unhex(v.ct))
			EncryptBlock(&k, &got, &pt)
			if got != ct {
				t.Errorf("key %s: Encrypt = %x, want %x", v.key, got, ct)
			}
			DecryptBlock(&k, &got, &ct)
			if got != pt {
				t.Errorf("key %s: Decrypt = %x, want %x", v.key, got, pt)
			}
			out := make([]byte, 16)
			EncryptBlocks(&k, out, pt[:])
			if !bytes.Equal(out, ct[:]) {
				t.Errorf("key %s: EncryptBlocks = %x, want %x", v.key, out, ct)
			}
		}
	})
}

// TestKeySchedule compares the byte form of the schedule, whichever
// implementation made it, with the generic expansion, and the round keys
// with FIPS 197, Appendix A.
func TestKeySchedule(t *testing.T) {
	lastRoundKeys := map[string]string{
		"2b7e151628aed2a6abf7158809cf4f3c":                                 "d014f9a8c9ee2589e13f0cc8b6630ca6",
		"8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b":                 "e98ba06f448c773c8ecc720401002202",
		"603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4": "fe4890d1e6188d0b046df344706c631e",
	}
	r := rand.New(rand.NewPCG(1, 2))
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for key, last := range lastRoundKeys {
			var k Key
			k.Init(unhex(key))
			rk := k.RoundKeys()
			if len(rk) != 16*(k.Rounds()+1) || k.Rounds() != len(key)/8+6 {
				t.Fatalf("key %s: %d round key bytes, %d rounds", key, len(rk), k.Rounds())
			}
			if got := hex.EncodeToString(rk[len(rk)-16:]); got != last {
				t.Errorf("key %s: last round key %s, want %s", key, got, last)
			}
		}
		for _, n := range []int{16, 24, 32} {
			for i := 0; i < 50; i++ {
				key := make([]byte, n)
				for j := range key {
					key[j] = byte(r.Uint32())
				}
				var k, g Key
				k.Init(key)
				g.rounds = k.rounds
				expandKeyGeneric(&g, key)
				if k.enc != g.enc {
					t.Fatalf("key %x: schedule %x, want %x", key, k.enc, g.enc)
				}
			}
		}
	})
}

func TestInitBadLength(t *testing.T) {
	for n := 0; n <= 64; n++ {
		var k Key
		err := k.Init(make([]byte, n))
		if ok := n == 16 || n == 24 || n == 32; ok != (err == nil) {
			t.Errorf("Init with %d bytes: %v", n, err)
		}
	}
}

// TestVsStdlib compares every entry point with crypto/aes on random keys
// and blocks, EncryptBlocks at every count 0..40 and around the strides of
// the implementations (4, 8 and 16 blocks), in place and not.
func TestVsStdlib(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	counts := []int{}
	for n := 0; n <= 40; n++ {
		counts = append(counts, n)
	}
	counts = append(counts, 63, 64, 65, 127, 128, 129, 255, 256, 257)
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, size := range []int{16, 24, 32} {
			for _, n := range counts {
				key := make([]byte, size)
				src := make([]byte, 16*n)
				for i := range key {
					key[i] = byte(r.Uint32())
				}
				for i := range src {
					src[i] = byte(r.Uint32())
				}
				var k Key
				k.Init(key)
				std, _ := aes.NewCipher(key)
				want := make([]byte, len(src))
				for i := 0; i < len(src); i += 16 {
					std.Encrypt(want[i:], src[i:])
				}
				got := make([]byte, len(src)+16)
				got[len(src)] = 0xa5
				EncryptBlocks(&k, got, src)
				if !bytes.Equal(got[:len(src)], want) || got[len(src)] != 0xa5 {
					t.Fatalf("AES-%d EncryptBlocks of %d blocks differs from crypto/aes", 8*size, n)
				}
				inPlace := bytes.Clone(src)
				EncryptBlocks(&k, inPlace, inPlace)
				if !bytes.Equal(inPlace, want) {
					t.Fatalf("AES-%d EncryptBlocks of %d blocks in place differs", 8*size, n)
				}
				for i := 0; i < len(src); i += 16 {
					var b, c [16]byte
					copy(b[:], src[i:])
					EncryptBlock(&k, &c, &b)
					if !bytes.Equal(c[:], want[i:i+16]) {
						t.Fatalf("AES-%d EncryptBlock differs", 8*size)
					}
					DecryptBlock(&k, &c, &c)
					if c != b {
						t.Fatalf("AES-%d DecryptBlock differs", 8*size)
					}
				}
			}
		}
	})
}

func TestEncryptBlocksPanics(t *testing.T) {
	var k Key
	k.Init(make([]byte, 16))
	for _, c := range []struct{ dst, src int }{{16, 15}, {15, 16}, {32, 17}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("EncryptBlocks(%d, %d) did not panic", c.dst, c.src)
				}
			}()
			EncryptBlocks(&k, make([]byte, c.dst), make([]byte, c.src))
		}()
	}
}

// TestRoundSteps checks shiftRows, invShiftRows, mixColumns and
// invMixColumns against byte-level versions written from FIPS 197.
func TestRoundSteps(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	in := make([]byte, 64)
	for i := range in {
		in[i] = byte(r.Uint32())
	}
	apply := func(f func(*[8]uint64)) []byte {
		var q [8]uint64
		load(&q, in, 4)
		f(&q)
		out := make([]byte, 64)
		store(out, &q, 4)
		return out
	}
	wantShift := make([]byte, 64)
	wantMix := make([]byte, 64)
	wantInvMix := make([]byte, 64)
	for j := 0; j < 4; j++ {
		b := in[16*j : 16*j+16]
		for c := 0; c < 4; c++ {
			for row := 0; row < 4; row++ {
				wantShift[16*j+4*c+row] = b[4*((c+row)%4)+row]
				a := func(k int) byte { return b[4*c+(row+k)%4] }
				wantMix[16*j+4*c+row] = gfMul(a(0), 2) ^ gfMul(a(1), 3) ^ a(2) ^ a(3)
				wantInvMix[16*j+4*c+row] = gfMul(a(0), 14) ^ gfMul(a(1), 11) ^ gfMul(a(2), 13) ^ gfMul(a(3), 9)
			}
		}
	}
	if got := apply(shiftRows); !bytes.Equal(got, wantShift) {
		t.Errorf("shiftRows = %x, want %x", got, wantShift)
	}
	if got := apply(func(q *[8]uint64) { shiftRows(q); invShiftRows(q) }); !bytes.Equal(got, in) {
		t.Errorf("invShiftRows(shiftRows(x)) = %x, want %x", got, in)
	}
	if got := apply(mixColumns); !bytes.Equal(got, wantMix) {
		t.Errorf("mixColumns = %x, want %x", got, wantMix)
	}
	if got := apply(invMixColumns); !bytes.Equal(got, wantInvMix) {
		t.Errorf("invMixColumns = %x, want %x", got, wantInvMix)
	}
}
