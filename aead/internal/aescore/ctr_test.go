package aescore

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat"
	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// ctrImpl is one implementation of CTR32 and CTR to test (see ctrImpls in
// the impl_*_test.go files).
type ctrImpl struct {
	name  string
	impl  Impl
	setup func() (undo func())
}

// forEachCTRImpl runs f as a subtest for each implementation of ctrImpls,
// with a key of each size made each way the implementation accepts (by
// Init with the selection of package aes, and by InitGeneric).
func forEachCTRImpl(t *testing.T, f func(t *testing.T, impl Impl, k *Key, std cipher.Block)) {
	r := rand.New(rand.NewPCG(31, 32))
	for _, c := range ctrImpls() {
		t.Run(c.name, func(t *testing.T) {
			if c.setup != nil {
				defer c.setup()()
			}
			for _, size := range []int{16, 24, 32} {
				for _, generic := range []bool{false, true} {
					key := make([]byte, size)
					for i := range key {
						key[i] = byte(r.Uint32())
					}
					var k Key
					if generic {
						k.InitGeneric(key)
					} else {
						k.Init(key)
						if c.impl == ImplGeneric && k.aesni {
							continue // the generic code needs a generic key
						}
					}
					std, _ := aes.NewCipher(key)
					t.Run(fmt.Sprintf("AES-%d/InitGeneric=%v", 8*size, generic), func(t *testing.T) {
						f(t, c.impl, &k, std)
					})
				}
			}
		})
	}
}

// ctrLengths are the input lengths of the counter-mode tests: every length
// up to 600 bytes (the kernels' strides are 32, 16, 8, 4, 2 and 1 blocks,
// and the Go code's buffers 16 and 64 blocks), and some past the larger
// strides and buffers (2544 bytes: two 32-block strides and one of each
// smaller). In -short mode, up to 300.
func ctrLengths() []int {
	max := 600
	if testing.Short() {
		max = 300
	}
	var ns []int
	for n := 0; n <= max; n++ {
		ns = append(ns, n)
	}
	return append(ns, 1023, 1024, 1025, 1535, 1536, 1537, 2048+496, 2048+511, 4096-16, 4096+15, 16384+3)
}

// add128 returns the counter block c plus n, modulo 2¹²⁸.
func add128(c [16]byte, n uint64) [16]byte {
	lo := binary.BigEndian.Uint64(c[8:])
	hi := binary.BigEndian.Uint64(c[:8])
	lo2 := lo + n
	if lo2 < lo {
		hi++
	}
	binary.BigEndian.PutUint64(c[8:], lo2)
	binary.BigEndian.PutUint64(c[:8], hi)
	return c
}

// ctrStarts are counter blocks from which to start: random ones, and ones
// whose last 4, 8 or all 16 bytes are a few blocks from wrapping around
// (the last makes the whole 128-bit counter wrap to zero).
func ctrStarts(r *rand.Rand) [][16]byte {
	var starts [][16]byte
	random := func() [16]byte {
		var c [16]byte
		for i := range c {
			c[i] = byte(r.Uint32())
		}
		return c
	}
	starts = append(starts, random(), [16]byte{})
	for _, below := range []uint32{1, 3, 17} {
		c := random()
		binary.BigEndian.PutUint32(c[12:], -below)
		starts = append(starts, c)
		c = random()
		binary.BigEndian.PutUint64(c[8:], -uint64(below))
		starts = append(starts, c)
		for i := range c {
			c[i] = 0xff
		}
		binary.BigEndian.PutUint32(c[12:], -below)
		starts = append(starts, c)
	}
	return starts
}

// TestCounterMode compares CTR with crypto/cipher's NewCTR, which increments the
// whole 128-bit counter block, on every implementation and key size, from
// counters near each of the wraps, at every length of ctrLengths, into a
// separate buffer and in place, and checks the counter block it leaves.
func TestCounterMode(t *testing.T) {
	r := rand.New(rand.NewPCG(33, 34))
	starts := ctrStarts(r)
	forEachCTRImpl(t, func(t *testing.T, impl Impl, k *Key, std cipher.Block) {
		for _, start := range starts {
			for _, n := range ctrLengths() {
				src := make([]byte, n)
				for i := range src {
					src[i] = byte(r.Uint32())
				}
				want := make([]byte, n)
				cipher.NewCTR(std, start[:]).XORKeyStream(want, src)
				got := make([]byte, n+16)
				ctr := start
				CTR(impl, k, &ctr, got, src)
				if !bytes.Equal(got[:n], want) || !bytes.Equal(got[n:], make([]byte, 16)) {
					t.Fatalf("from %x, %d bytes: CTR differs from crypto/cipher", start, n)
				}
				if wantCtr := add128(start, uint64((n+15)/16)); ctr != wantCtr {
					t.Fatalf("from %x, %d bytes: counter left at %x, want %x", start, n, ctr, wantCtr)
				}
				ctr = start
				CTR(impl, k, &ctr, src, src)
				if !bytes.Equal(src, want) {
					t.Fatalf("from %x, %d bytes: CTR in place differs", start, n)
				}
			}
		}
	})
}

// TestCounterModePieces runs CTR over a long input in pieces of random whole
// numbers of blocks, from counters near each of the wraps, and compares
// with crypto/cipher's CTR over the whole: the counter each call leaves is
// where the next one starts.
func TestCounterModePieces(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 36))
	starts := ctrStarts(r)
	forEachCTRImpl(t, func(t *testing.T, impl Impl, k *Key, std cipher.Block) {
		src := make([]byte, 3000*16)
		for i := range src {
			src[i] = byte(r.Uint32())
		}
		want := make([]byte, len(src))
		got := make([]byte, len(src))
		for _, start := range starts {
			cipher.NewCTR(std, start[:]).XORKeyStream(want, src)
			ctr := start
			for off := 0; off < len(src); {
				n := min(len(src)-off, 16*r.IntN(40))
				CTR(impl, k, &ctr, got[off:off+n], src[off:off+n])
				off += n
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("from %x: CTR in pieces differs from crypto/cipher", start)
			}
		}
	})
}

// TestCounterMode32 compares CTR32 with counter blocks encrypted one at a time by
// crypto/aes, inc32 between them (the last four bytes wrap without
// carrying into the others), on every implementation and key size, from
// counters near the 32-bit wrap, at every length of ctrLengths.
func TestCounterMode32(t *testing.T) {
	r := rand.New(rand.NewPCG(37, 38))
	forEachCTRImpl(t, func(t *testing.T, impl Impl, k *Key, std cipher.Block) {
		for _, below := range []uint32{0, 1, 2, 7, 17, 100} {
			var start [16]byte
			for i := range start {
				start[i] = byte(r.Uint32())
			}
			start[11] = 0xff // a carry out of the last four bytes would show
			binary.BigEndian.PutUint32(start[12:], -below)
			for _, n := range ctrLengths() {
				src := make([]byte, n)
				for i := range src {
					src[i] = byte(r.Uint32())
				}
				want := make([]byte, n)
				blk := start
				var ks [16]byte
				for i := 0; i < n; i += 16 {
					std.Encrypt(ks[:], blk[:])
					subtleXOR(want[i:min(i+16, n)], src[i:min(i+16, n)], ks[:])
					binary.BigEndian.PutUint32(blk[12:], binary.BigEndian.Uint32(blk[12:])+1)
				}
				got := make([]byte, n)
				ctr := start
				CTR32(impl, k, &ctr, got, src)
				if !bytes.Equal(got, want) {
					t.Fatalf("from %x, %d bytes: CTR32 differs", start, n)
				}
				if ctr != blk {
					t.Fatalf("from %x, %d bytes: counter left at %x, want %x", start, n, ctr, blk)
				}
			}
		}
	})
}

func subtleXOR(dst, a, b []byte) {
	for i := range dst {
		dst[i] = a[i] ^ b[i]
	}
}

// TestImplFor checks that ImplFor gives, for keys made under each
// selection of package aes, an implementation that works with the key
// (CTR against crypto/cipher) and is the selected one.
func TestImplFor(t *testing.T) {
	key := make([]byte, 16)
	std, _ := aes.NewCipher(key)
	src := make([]byte, 1000)
	want := make([]byte, len(src))
	var iv [16]byte
	cipher.NewCTR(std, iv[:]).XORKeyStream(want, src)
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		var k Key
		k.Init(key)
		impl := ImplFor(&k)
		ctr := iv
		got := make([]byte, len(src))
		CTR(impl, &k, &ctr, got, src)
		if !bytes.Equal(got, want) {
			t.Fatalf("CTR with ImplFor's %d differs", impl)
		}
		if (impl == ImplGeneric) != (cpufeat.Active(pkg) == "generic") {
			t.Fatalf("ImplFor gives %d with %q selected", impl, cpufeat.Active(pkg))
		}
	})
}

// TestInitFrom checks that InitFrom copies a key for the implementations
// that take any key, and expands a key made for the hardware instructions
// again for the generic code, into the key that InitGeneric makes.
func TestInitFrom(t *testing.T) {
	r := rand.New(rand.NewPCG(39, 40))
	for _, size := range []int{16, 24, 32} {
		key := make([]byte, size)
		for i := range key {
			key[i] = byte(r.Uint32())
		}
		var hw, gen Key
		hw.Init(key)
		gen.InitGeneric(key)
		for _, c := range ctrImpls() {
			var k Key
			k.InitFrom(&hw, c.impl)
			want := hw
			if c.impl == ImplGeneric {
				want = gen
			}
			if k != want {
				t.Errorf("AES-%d: InitFrom(key from Init, %s) differs", 8*size, c.name)
			}
			k.InitFrom(&gen, c.impl)
			if k != gen {
				t.Errorf("AES-%d: InitFrom(key from InitGeneric, %s) differs", 8*size, c.name)
			}
		}
		in := hw
		in.InitFrom(&in, ImplGeneric)
		if in != gen {
			t.Errorf("AES-%d: InitFrom in place differs", 8*size)
		}
	}
}
