package ecdsa

import (
	"bytes"
	"crypto"
	"hash"
	mathrand "math/rand/v2"
	"testing"

	"github.com/crypton-go/crypton/hash/hmac"
	"github.com/crypton-go/crypton/hash/sha256"
	"github.com/crypton-go/crypton/hash/sha512"
)

// refDRBG is HMAC_DRBG as RFC 6979, Section 3.2 writes it, step by step
// with hash/hmac and a new HMAC for every key: the model that drbg, with
// its saved states and lazy reseeding, must match byte for byte.
type refDRBG struct {
	h    func() hash.Hash
	k, v []byte
}

func (r *refDRBG) mac(parts ...[]byte) []byte {
	m := hmac.New(r.h, r.k)
	for _, p := range parts {
		m.Write(p)
	}
	return m.Sum(nil)
}

func newRefDRBG(h func() hash.Hash, blockAligned bool, parts ...[]byte) *refDRBG {
	size, bs := h().Size(), h().BlockSize()
	r := &refDRBG{h: h, k: make([]byte, size), v: bytes.Repeat([]byte{1}, size)}
	// The seed, with the zero padding of block-aligned mode counted from
	// the start of V ‖ b ‖ seed.
	var seed []byte
	for i, p := range parts {
		if blockAligned && i > 0 {
			for (size+1+len(seed))%bs != 0 {
				seed = append(seed, 0)
			}
		}
		seed = append(seed, p...)
	}
	r.k = r.mac(r.v, []byte{0}, seed)
	r.v = r.mac(r.v)
	r.k = r.mac(r.v, []byte{1}, seed)
	r.v = r.mac(r.v)
	return r
}

func (r *refDRBG) generate(out []byte) {
	var t []byte
	for len(t) < len(out) {
		r.v = r.mac(r.v)
		t = append(t, r.v...)
	}
	copy(out, t)
	r.k = r.mac(r.v, []byte{0})
	r.v = r.mac(r.v)
}

// opaqueHash hides every method of a hash but those of hash.Hash: no saved
// states, so drbg hashes the padded keys again for each MAC.
type opaqueHash struct{ hash.Hash }

// TestDRBGModel checks drbg against refDRBG for every hash that
// deterministic signing accepts (and the standard library's SHA-256, and
// a hash that cannot save its state), seeds of several lengths in both
// modes, and several outputs in a row of several lengths.
func TestDRBGModel(t *testing.T) {
	rnd := mathrand.NewChaCha8([32]byte{'d', 'r', 'b', 'g'})
	hashes := map[string]func() hash.Hash{
		"std-SHA-256": crypto.SHA256.New,
		"opaque":      func() hash.Hash { return opaqueHash{sha512.New384()} },
	}
	for _, h := range []crypto.Hash{crypto.SHA1, crypto.SHA224, crypto.SHA256, crypto.SHA384, crypto.SHA512,
		crypto.SHA512_224, crypto.SHA512_256, crypto.SHA3_224, crypto.SHA3_256, crypto.SHA3_384, crypto.SHA3_512} {
		f, err := hashFunc(h)
		if err != nil {
			t.Fatal(err)
		}
		hashes[h.String()] = f
	}
	for name, h := range hashes {
		t.Run(name, func(t *testing.T) {
			for _, aligned := range []bool{false, true} {
				for _, lens := range [][]int{{32, 32}, {66, 66}, {0, 1}, {48, 48, 48}, {1, 200, 7}, {150, 0, 145}} {
					parts := make([][]byte, len(lens))
					for i, n := range lens {
						parts[i] = make([]byte, n)
						rnd.Read(parts[i])
					}
					got, want := newDRBG(h, aligned, parts...), newRefDRBG(h, aligned, parts...)
					for _, n := range []int{32, 66, 1, 130, 48} {
						a, b := make([]byte, n), make([]byte, n)
						got.generate(a)
						want.generate(b)
						if !bytes.Equal(a, b) {
							t.Fatalf("aligned %v, parts %v, output of %d bytes: %x, want %x", aligned, lens, n, a, b)
						}
					}
					got.wipe()
				}
			}
		})
	}
}

// TestDRBGAllocs checks that instantiating and running a drbg allocates
// only the two hashes.
func TestDRBGAllocs(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts differ under -cover and -race")
	}
	d := new(drbg)
	x, e, z := make([]byte, 66), make([]byte, 66), make([]byte, 66)
	k := make([]byte, 66)
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"SHA-256", func() {
			d.init(sha256.New, false, x[:32], e[:32])
			d.generate(k[:32])
			d.generate(k[:32])
			d.wipe()
		}},
		{"SHA-512-hedged", func() {
			d.init(sha512.New, true, z, x, e)
			d.generate(k)
			d.wipe()
		}},
	} {
		if n := testing.AllocsPerRun(20, c.f); n > 2 {
			t.Errorf("%s: %v allocations, want at most 2 (the hashes)", c.name, n)
		}
	}
}

// TestSignVerifyAllocs pins the allocations of signing and verifying:
// for signing, the workspace, the two hashes of the DRBG, the signature,
// and three inside nistec (ScalarBaseMult's workspace and BytesX's); for
// verifying, the workspace and two inside nistec.
func TestSignVerifyAllocs(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts differ under -cover and -race")
	}
	for _, c := range []Curve{P256(), P384(), P521()} {
		t.Run(c.String(), func(t *testing.T) {
			d := bytes.Repeat([]byte{0x42}, c.scalarSize())
			d[0] = 0x01
			priv, err := NewPrivateKey(c, d)
			if err != nil {
				t.Fatal(err)
			}
			digest := sha256.Sum256([]byte("allocations"))
			rnd := mathrand.NewChaCha8([32]byte{'a'})
			sig, err := priv.Sign(nil, digest[:], crypto.SHA256)
			if err != nil {
				t.Fatal(err)
			}
			raw, err := priv.SignRaw(rnd, digest[:], nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, tc := range []struct {
				name string
				max  float64
				f    func()
			}{
				{"Sign", 5, func() { priv.Sign(nil, digest[:], crypto.SHA256) }},
				{"SignRaw hedged", 6, func() { priv.SignRaw(rnd, digest[:], nil) }}, // and the buffer rand fills
				{"VerifyASN1", 2, func() {
					if !VerifyASN1(priv.PublicKey(), digest[:], sig) {
						t.Error("rejected")
					}
				}},
				{"VerifyRaw", 2, func() {
					if !VerifyRaw(priv.PublicKey(), digest[:], raw) {
						t.Error("rejected")
					}
				}},
			} {
				if n := testing.AllocsPerRun(10, tc.f); n > tc.max {
					t.Errorf("%s: %v allocations, want at most %v", tc.name, n, tc.max)
				}
			}
		})
	}
}
