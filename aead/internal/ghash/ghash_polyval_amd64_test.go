//go:build gc && !purego

package ghash

import (
	"math/rand/v2"
	"testing"
	"unsafe"

	"github.com/crypton-go/crypton/cpufeat"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

// TestPolyvalPowers checks that InitPolyval's powers computed with
// polyvalPowersCLMUL are those of initPowers.
func TestPolyvalPowers(t *testing.T) {
	if !cpufeat.HasPCLMULQDQ {
		t.Skip("no PCLMULQDQ")
	}
	r := rand.New(rand.NewPCG(5, 6))
	for _, h := range testKeys(r, 50) {
		var fast, slow Key
		fast.InitPolyval(&h)
		slow.h, slow.hr = fast.h, fast.hr
		initPowers(&slow)
		if fast != slow {
			t.Fatalf("H %x: the powers differ:\n%x\n%x", h, fast.pow, slow.pow)
		}
	}
}

// TestPolyvalWide checks that InitPolyvalWide's powers H³²..H¹⁷,
// computed with polyvalPowersHiCLMUL, are those of InitWide's generic
// multiplications, and that InitPolyvalWide leaves the rest of the key
// as it was.
func TestPolyvalWide(t *testing.T) {
	if !cpufeat.HasPCLMULQDQ {
		t.Skip("no PCLMULQDQ")
	}
	r := rand.New(rand.NewPCG(9, 10))
	for _, h := range testKeys(r, 50) {
		var fast, slow Key
		fast.InitPolyval(&h)
		slow = fast
		fast.InitPolyvalWide()
		slow.InitWide()
		if fast != slow {
			t.Fatalf("H %x: the powers differ:\n%x\n%x", h, fast.powHi, slow.powHi)
		}
		if h != ([BlockSize]byte{}) && fast.powHi == ([maxPowers][2]uint64{}) {
			t.Fatalf("H %x: no powers", h)
		}
	}
}

// TestPolyvalKernels checks UpdatePolyvalCLMUL, UpdatePolyvalVCLMUL and
// UpdatePolyvalVCLMUL512 (with the wide powers of InitPolyvalWide, and
// without them, when it leaves everything to the 256-bit kernel) against
// UpdatePolyvalGeneric at every length up to 40 blocks and around 256
// bytes and each multiple of 512 bytes up to 2560, with random keys and
// accumulators, on Keys at 16-byte aligned and misaligned addresses.
func TestPolyvalKernels(t *testing.T) {
	var kernels []impl
	if cpufeat.HasPCLMULQDQ && cpufeat.HasSSSE3 {
		kernels = append(kernels, impl{"CLMUL", UpdatePolyvalCLMUL})
	}
	if cpufeat.HasVPCLMULQDQ && cpufeat.HasAVX2 {
		kernels = append(kernels, impl{"VCLMUL", UpdatePolyvalVCLMUL})
	}
	if cpufeat.HasVPCLMULQDQ512 && cpufeat.HasAVX512BW && cpufeat.HasAVX2 {
		kernels = append(kernels, impl{"VCLMUL512", UpdatePolyvalVCLMUL512}, impl{"VCLMUL512, narrow key", UpdatePolyvalVCLMUL512})
	}
	if len(kernels) == 0 {
		t.Skip("no kernel on this CPU")
	}
	r := rand.New(rand.NewPCG(7, 8))
	var lengths []int
	for n := 0; n <= 40; n++ {
		lengths = append(lengths, n)
	}
	for n := 32; n <= 160; n += 32 {
		lengths = append(lengths, n-1, n, n+1)
	}
	var buf [unsafe.Sizeof(Key{}) + 32]byte
	for _, kn := range kernels {
		for _, off := range []uintptr{0, 8} {
			base := -uintptr(unsafe.Pointer(&buf[0])) & 15
			k := (*Key)(unsafe.Pointer(&buf[base+off]))
			for trial := 0; trial < 4; trial++ {
				h := randBlock(r)
				k.InitPolyval(&h)
				if kn.name == "VCLMUL512" {
					k.InitPolyvalWide()
				}
				for _, n := range lengths {
					p := make([]byte, n*BlockSize)
					for i := range p {
						p[i] = byte(r.Uint32())
					}
					acc := randBlock(r)
					want := acc
					UpdatePolyvalGeneric(k, &want, p)
					kn.f(k, &acc, p)
					if acc != want {
						t.Fatalf("%s, offset %d, %d blocks: %x, want %x", kn.name, off, n, acc, want)
					}
				}
			}
		}
	}
}

// TestPolyvalGuard runs the POLYVAL kernels on data that ends where an
// unreadable page begins, and on data that starts where one ends, at
// lengths around the 512-bit kernel's chunk: polyvalVCLMUL512 loads each
// register of blocks a second time 8 bytes further on (8 bytes back for
// the last of a chunk), and none of its loads may leave the data.
func TestPolyvalGuard(t *testing.T) {
	var kernels []impl
	if cpufeat.HasPCLMULQDQ && cpufeat.HasSSSE3 {
		kernels = append(kernels, impl{"CLMUL", UpdatePolyvalCLMUL})
	}
	if cpufeat.HasVPCLMULQDQ && cpufeat.HasAVX2 {
		kernels = append(kernels, impl{"VCLMUL", UpdatePolyvalVCLMUL})
	}
	if cpufeat.HasVPCLMULQDQ512 && cpufeat.HasAVX512BW && cpufeat.HasAVX2 {
		kernels = append(kernels, impl{"VCLMUL512", UpdatePolyvalVCLMUL512})
	}
	if len(kernels) == 0 {
		t.Skip("no kernel on this CPU")
	}
	r := rand.New(rand.NewPCG(11, 12))
	h := randBlock(r)
	var k Key
	k.InitPolyval(&h)
	k.InitPolyvalWide()
	for _, n := range []int{16, 496, 512, 528, 1008, 1024, 1040} {
		end, start := cryptotest.GuardedBytes(t, n)
		for _, p := range [][]byte{end, start} {
			want := randBlock(r)
			acc := want
			UpdatePolyvalGeneric(&k, &want, p)
			for _, kn := range kernels {
				got := acc
				kn.f(&k, &got, p)
				if got != want {
					t.Fatalf("%s, %d bytes at a guard page: %x, want %x", kn.name, n, got, want)
				}
			}
		}
	}
}

// TestPolyvalShort checks that InitPolyvalShort computes the powers
// H¹..Hᵐ exactly as InitPolyval does, and that the kernels give the
// generic result with such a key on calls of up to maxBlocks blocks.
func TestPolyvalShort(t *testing.T) {
	if !cpufeat.HasPCLMULQDQ || !cpufeat.HasSSSE3 {
		t.Skip("no PCLMULQDQ")
	}
	kernels := []impl{{"CLMUL", UpdatePolyvalCLMUL}}
	if cpufeat.HasVPCLMULQDQ && cpufeat.HasAVX2 {
		kernels = append(kernels, impl{"VCLMUL", UpdatePolyvalVCLMUL})
	}
	r := rand.New(rand.NewPCG(9, 10))
	for trial := 0; trial < 8; trial++ {
		h := randBlock(r)
		var full Key
		full.InitPolyval(&h)
		for maxBlocks := 1; maxBlocks <= maxPowers; maxBlocks++ {
			var k Key
			k.InitPolyvalShort(&h, maxBlocks)
			for j := 1; j <= maxBlocks; j++ {
				if k.pow[maxPowers-j] != full.pow[maxPowers-j] || k.kar[maxPowers-j] != full.kar[maxPowers-j] {
					t.Fatalf("maxBlocks %d: the entry of H^%d differs", maxBlocks, j)
				}
			}
			for _, kn := range kernels {
				for n := 0; n <= maxBlocks; n++ {
					p := make([]byte, n*BlockSize)
					for i := range p {
						p[i] = byte(r.Uint32())
					}
					acc := randBlock(r)
					want := acc
					UpdatePolyvalGeneric(&k, &want, p)
					kn.f(&k, &acc, p)
					if acc != want {
						t.Fatalf("%s, maxBlocks %d, %d blocks: %x, want %x", kn.name, maxBlocks, n, acc, want)
					}
				}
			}
		}
	}
}
