package mldsa

import (
	"math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/hash/sha3"
)

func randBytes(r *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(r.Uint32())
	}
}

// The reference samplers below follow FIPS 204's algorithms line by line,
// reading a long SHAKE output with a branch per candidate.

func refRejNTTPoly(rho []byte, s, r byte) [n]fieldElement {
	out := sha3.SumSHAKE128(append(append([]byte{}, rho...), s, r), 168*40)
	var a [n]fieldElement
	j := 0
	for c := 0; j < n; c += 3 {
		z := uint32(out[c]) | uint32(out[c+1])<<8 | uint32(out[c+2]&0x7f)<<16
		if z < q {
			a[j] = fieldElement(z)
			j++
		}
	}
	return a
}

func refRejBoundedPoly(rhoPrime []byte, r uint16, eta int) [n]fieldElement {
	out := sha3.SumSHAKE256(append(append([]byte{}, rhoPrime...), byte(r), byte(r>>8)), 136*20)
	var a [n]fieldElement
	j := 0
	coeff := func(b byte) (int, bool) {
		if eta == 2 && b < 15 {
			return 2 - int(b%5), true
		}
		if eta == 4 && b < 9 {
			return 4 - int(b), true
		}
		return 0, false
	}
	for c := 0; j < n; c++ {
		if z, ok := coeff(out[c] & 0xf); ok {
			a[j] = fieldFromInt(int32(z))
			j++
		}
		if z, ok := coeff(out[c] >> 4); ok && j < n {
			a[j] = fieldFromInt(int32(z))
			j++
		}
	}
	return a
}

func refSampleInBall(ct []byte, tau int) [n]fieldElement {
	out := sha3.SumSHAKE256(ct, 136*20)
	var c [n]fieldElement
	k := 8
	for i := n - tau; i < n; i++ {
		for int(out[k]) > i {
			k++
		}
		j := int(out[k])
		k++
		c[i] = c[j]
		bit := out[(i+tau-n)/8] >> ((i + tau - n) % 8) & 1
		c[j] = fieldFromInt(1 - 2*int32(bit))
	}
	return c
}

func TestSamplers(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, testSamplers)
}

func testSamplers(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	h128, h256 := sha3.NewSHAKE128(), sha3.NewSHAKE256()
	for range 50 {
		var rho [32]byte
		var rhoPrime, rhoPP [64]byte
		randBytes(r, rho[:])
		randBytes(r, rhoPrime[:])
		randBytes(r, rhoPP[:])
		s, i := byte(r.IntN(8)), byte(r.IntN(8))
		if got := rejNTTPoly(h128, &rho, s, i); [n]fieldElement(got) != refRejNTTPoly(rho[:], s, i) {
			t.Fatal("RejNTTPoly differs from the reference")
		}
		for _, eta := range []int{2, 4} {
			k := uint16(r.IntN(16))
			if got := rejBoundedPoly(h256, &rhoPrime, k, eta); [n]fieldElement(got) != refRejBoundedPoly(rhoPrime[:], k, eta) {
				t.Fatalf("RejBoundedPoly(η = %d) differs from the reference", eta)
			}
		}
		for _, eta := range []int{2, 4} {
			// ExpandS in groups of four, with scratch instances and a
			// last single polynomial, against the reference one by one.
			m := 1 + r.IntN(maxK+maxL)
			first := uint16(r.IntN(4))
			var s [maxK + maxL]ringElement
			expandS(h256, s[:m], &rhoPrime, first, eta)
			for j := range m {
				if [n]fieldElement(s[j]) != refRejBoundedPoly(rhoPrime[:], first+uint16(j), eta) {
					t.Fatalf("ExpandS(η = %d), %d polynomials: polynomial %d differs from the reference", eta, m, j)
				}
			}
		}
		for _, g := range []int{17, 19} {
			var y [maxL]ringElement
			kappa := uint16(r.Uint32())
			expandMask(h256, y[:], &rhoPP, kappa, g)
			for j := range y {
				k := kappa + uint16(j)
				out := sha3.SumSHAKE256(append(append([]byte{}, rhoPP[:]...), byte(k), byte(k>>8)), 32*(g+1))
				var v [n]uint32
				unpackBits(&v, out, uint(g+1))
				for c := range n {
					if want := fieldFromInt(int32(1)<<g - int32(v[c])); y[j][c] != want {
						t.Fatalf("ExpandMask(γ₁ = 2^%d): coefficient %d of y[%d] differs", g, c, j)
					}
				}
			}
		}
		for _, tau := range []int{39, 49, 60} {
			ct := make([]byte, 32+16*r.IntN(3))
			randBytes(r, ct)
			c := sampleInBall(h256, ct, tau)
			if [n]fieldElement(c) != refSampleInBall(ct, tau) {
				t.Fatalf("SampleInBall(τ = %d) differs from the reference", tau)
			}
			nonzero := 0
			for _, x := range c {
				switch x {
				case 0:
				case 1, q - 1:
					nonzero++
				default:
					t.Fatalf("SampleInBall gave the coefficient %d", x)
				}
			}
			if nonzero != tau {
				t.Fatalf("SampleInBall gave %d nonzero coefficients, want %d", nonzero, tau)
			}
		}
	}
}

// TestRejBoundedPolyEdges runs seeds whose SHAKE256 output needs more than
// one block, and checks the distribution of the half bytes' mapping.
func TestRejBoundedPolyEdges(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, testRejBoundedPolyEdges)
}

func testRejBoundedPolyEdges(t *testing.T) {
	// Every half byte value of η = 2 maps to 2 − (v mod 5).
	for v := uint32(0); v < 15; v++ {
		if got := v - 5*((13*v)>>6); got != v%5 {
			t.Fatalf("%d mod 5 = %d", v, got)
		}
	}
	// With η = 4, 256 coefficients need about 455 half bytes, more than the
	// 272 of a block: the second block is read in every call.
	h := sha3.NewSHAKE256()
	var rhoPrime [64]byte
	for k := range uint16(20) {
		rhoPrime[0] = byte(k)
		if got := rejBoundedPoly(h, &rhoPrime, k, 4); [n]fieldElement(got) != refRejBoundedPoly(rhoPrime[:], k, 4) {
			t.Fatal("RejBoundedPoly(η = 4) differs from the reference")
		}
	}
}
