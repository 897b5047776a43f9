package poly1305

import (
	"bytes"
	"encoding/hex"
	"io"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// pkg is the name under which the implementations of this package register
// with cpufeat.
const pkg = "poly1305"

// TestImplementations checks that the implementations registered with cpufeat
// are exactly those expected, each available exactly when the CPU has what
// it needs. See wantImplementations in impl_*_test.go.
func TestImplementations(t *testing.T) {
	cputest.CheckImplementations(t, pkg, wantImplementations)
	t.Log(cputest.Describe(pkg))
}

// unhex decodes a hex string, ignoring spaces, colons and newlines, as the
// RFCs print their vectors.
func unhex(s string) []byte {
	s = strings.NewReplacer(" ", "", ":", "", "\n", "", "\t", "").Replace(s)
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

const (
	ietf = "Any submission to the IETF intended by the Contributor for publication as all or part of an IETF Internet-Draft or RFC " +
		"and any statement made within the context of an IETF activity is considered an \"IETF Contribution\". Such statements " +
		"include oral statements in IETF sessions, as well as written and electronic communications made at any time or place, " +
		"which are addressed to"
	jabberwock = "'Twas brillig, and the slithy toves\nDid gyre and gimble in the wabe:\nAll mimsy were the borogoves,\nAnd the mome raths outgrabe."
	zero16     = "00000000000000000000000000000000"
)

// knownAnswers are the Poly1305 vectors of RFC 8439: Section 2.5.2 and
// Appendix A.3, whose vectors #5 to #11 exercise the edge cases of the
// reduction. Keys are r followed by s, in hex; messages are text unless
// hex is set.
var knownAnswers = []struct {
	name string
	key  string
	msg  string
	hex  bool
	tag  string
}{
	{
		name: "2.5.2",
		key:  "85d6be7857556d337f4452fe42d506a8" + "0103808afb0db2fd4abff6af4149f51b",
		msg:  "Cryptographic Forum Research Group",
		tag:  "a8061dc1305136c6c22b8baf0c0127a9",
	},
	{name: "A.3 #1", key: zero16 + zero16, msg: strings.Repeat("00", 64), hex: true, tag: zero16},
	{name: "A.3 #2", key: zero16 + "36e5f6b5c5e06070f0efca96227a863e", msg: ietf, tag: "36e5f6b5c5e06070f0efca96227a863e"},
	{name: "A.3 #3", key: "36e5f6b5c5e06070f0efca96227a863e" + zero16, msg: ietf, tag: "f3477e7cd95417af89a6b8794c310cf0"},
	{
		name: "A.3 #4",
		key:  "1c9240a5eb55d38af333888604f6b5f0" + "473917c1402b80099dca5cbc207075c0",
		msg:  jabberwock,
		tag:  "4541669a7eaaee61e708dc7cbcc5eb62",
	},
	{
		name: "A.3 #5 partially reduced final result",
		key:  "02000000000000000000000000000000" + zero16,
		msg:  "ffffffffffffffffffffffffffffffff", hex: true,
		tag: "03000000000000000000000000000000",
	},
	{
		name: "A.3 #6 s overflows",
		key:  "02000000000000000000000000000000" + "ffffffffffffffffffffffffffffffff",
		msg:  "02000000000000000000000000000000", hex: true,
		tag: "03000000000000000000000000000000",
	},
	{
		name: "A.3 #7 all-ones limb with carry",
		key:  "01000000000000000000000000000000" + zero16,
		msg: "ffffffffffffffffffffffffffffffff" +
			"f0ffffffffffffffffffffffffffffff" +
			"11000000000000000000000000000000", hex: true,
		tag: "05000000000000000000000000000000",
	},
	{
		name: "A.3 #8 result is 2^130-5",
		key:  "01000000000000000000000000000000" + zero16,
		msg: "ffffffffffffffffffffffffffffffff" +
			"fbfefefefefefefefefefefefefefefe" +
			"01010101010101010101010101010101", hex: true,
		tag: zero16,
	},
	{
		name: "A.3 #9 result is 2^130-6",
		key:  "02000000000000000000000000000000" + zero16,
		msg:  "fdffffffffffffffffffffffffffffff", hex: true,
		tag: "faffffffffffffffffffffffffffffff",
	},
	{
		name: "A.3 #10 131-bit intermediate result",
		key:  "01000000000000000400000000000000" + zero16,
		msg: "e33594d7505e43b90000000000000000" +
			"3394d7505e4379cd0100000000000000" +
			"00000000000000000000000000000000" +
			"01000000000000000000000000000000", hex: true,
		tag: "14000000000000005500000000000000",
	},
	{
		name: "A.3 #11 131-bit final result",
		key:  "01000000000000000400000000000000" + zero16,
		msg: "e33594d7505e43b90000000000000000" +
			"3394d7505e4379cd0100000000000000" +
			"00000000000000000000000000000000", hex: true,
		tag: "13000000000000000000000000000000",
	},
}

func TestKnownAnswers(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, tc := range knownAnswers {
			key := [32]byte(unhex(tc.key))
			msg := []byte(tc.msg)
			if tc.hex {
				msg = unhex(tc.msg)
			}
			want := [TagSize]byte(unhex(tc.tag))

			var got [TagSize]byte
			Sum(&got, msg, &key)
			if got != want {
				t.Errorf("%s: Sum gives %x, want %x", tc.name, got, want)
			}
			if !Verify(&want, msg, &key) {
				t.Errorf("%s: Verify rejects the tag", tc.name)
			}
			bad := want
			bad[15] ^= 0x80
			if Verify(&bad, msg, &key) {
				t.Errorf("%s: Verify accepts a wrong tag", tc.name)
			}

			// In pieces of 1, 2, 3, ... bytes.
			m := New(&key)
			for i, k := 0, 1; i < len(msg); i, k = i+k, k+1 {
				m.Write(msg[i:min(i+k, len(msg))])
			}
			if s := m.Sum(nil); !bytes.Equal(s, want[:]) {
				t.Errorf("%s: streaming in growing pieces gives %x, want %x", tc.name, s, want)
			}
			m = New(&key)
			io.WriteString(m, string(msg))
			if !m.Verify(want[:]) {
				t.Errorf("%s: MAC.Verify rejects the tag", tc.name)
			}
		}
	})
}

// referenceSum computes the tag with math/big, straight from RFC 8439,
// Section 2.5.1.
func referenceSum(msg []byte, key *[32]byte) [TagSize]byte {
	le := func(b []byte) *big.Int { return new(big.Int).SetBytes(bytes.Clone(reverse(b))) }
	p := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 130), big.NewInt(5))
	r := le(key[:16])
	r.And(r, le(unhex("ffffff0ffcffff0ffcffff0ffcffff0f"))) // clamp
	s := le(key[16:])
	acc := new(big.Int)
	for len(msg) > 0 {
		k := min(16, len(msg))
		n := le(append(bytes.Clone(msg[:k]), 1))
		acc.Add(acc, n)
		acc.Mul(acc, r)
		acc.Mod(acc, p)
		msg = msg[k:]
	}
	acc.Add(acc, s)
	var out [TagSize]byte
	b := acc.Bytes()
	for i := 0; i < len(b) && i < TagSize; i++ {
		out[i] = b[len(b)-1-i]
	}
	return out
}

func reverse(b []byte) []byte {
	out := make([]byte, len(b))
	for i := range b {
		out[len(b)-1-i] = b[i]
	}
	return out
}

// extremeBytes fills b with bytes chosen to push the limbs to their edges:
// all zeros, all ones, runs of either, or random.
func extremeBytes(r *rand.Rand, b []byte) {
	switch r.IntN(5) {
	case 0:
		clear(b)
	case 1:
		for i := range b {
			b[i] = 0xff
		}
	case 2, 3:
		for i := range b {
			switch r.IntN(3) {
			case 0:
				b[i] = 0
			case 1:
				b[i] = 0xff
			default:
				b[i] = byte(r.Uint32())
			}
		}
	default:
		for i := range b {
			b[i] = byte(r.Uint32())
		}
	}
}

// TestReference compares Sum with a math/big implementation of RFC 8439 on
// keys and messages chosen to reach the largest values the limbs hold.
func TestReference(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewChaCha8([32]byte([]byte("crypton poly1305 math/big check."))))
		for i := range 3000 {
			var key [32]byte
			extremeBytes(r, key[:])
			msg := make([]byte, r.IntN(200))
			extremeBytes(r, msg)
			var got [TagSize]byte
			Sum(&got, msg, &key)
			if want := referenceSum(msg, &key); got != want {
				t.Fatalf("case %d: key %x, message %x: got %x, math/big gives %x", i, key, msg, got, want)
			}
		}
	})
}

// TestUpdateSplit checks that update absorbs several blocks in one call as
// it does one at a time, and changes only the accumulator.
func TestUpdateSplit(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		r := rand.New(rand.NewPCG(1, 2))
		msg := make([]byte, 70*TagSize)
		extremeBytes(r, msg)
		var key [32]byte
		extremeBytes(r, key[:])
		for nb := 0; nb <= 70; nb++ {
			var all, one macState
			all.setKey(&key)
			one.setKey(&key)
			update(&all, msg[:nb*TagSize])
			for i := range nb {
				update(&one, msg[i*TagSize:(i+1)*TagSize])
			}
			if all != one {
				t.Fatalf("%d blocks in one call give %x, one at a time %x", nb, all.h, one.h)
			}
			var fresh macState
			fresh.setKey(&key)
			if all.r != fresh.r || all.s != fresh.s {
				t.Fatalf("update changed the key")
			}
		}
	})
}

func TestMAC(t *testing.T) {
	key := [32]byte(unhex("85d6be7857556d337f4452fe42d506a80103808afb0db2fd4abff6af4149f51b"))
	msg := []byte("Cryptographic Forum Research Group")
	want := unhex("a8061dc1305136c6c22b8baf0c0127a9")

	m := New(&key)
	if m.Size() != TagSize {
		t.Errorf("Size() = %d, want %d", m.Size(), TagSize)
	}
	if n, err := m.Write(msg[:20]); n != 20 || err != nil {
		t.Errorf("Write returned %d, %v", n, err)
	}
	m.Write(nil)
	m.Write(msg[20:])
	prefix := []byte("prefix")
	if got := m.Sum(prefix); !bytes.Equal(got, append(prefix, want...)) {
		t.Errorf("Sum(prefix) = %x, want the prefix and %x", got, want)
	}
	// Sum does not change the tag, and Verify may follow.
	if got := m.Sum(nil); !bytes.Equal(got, want) {
		t.Errorf("second Sum = %x, want %x", got, want)
	}
	if !m.Verify(want) {
		t.Errorf("Verify after Sum rejects the tag")
	}
	for _, bad := range [][]byte{nil, want[:15], append(bytes.Clone(want), 0), bytes.Repeat([]byte{0}, 16)} {
		if m.Verify(bad) {
			t.Errorf("Verify accepts %x", bad)
		}
	}
	// Writing after Sum or Verify would reuse the one-time key: it panics.
	for _, finish := range []func(*MAC){
		func(m *MAC) { m.Sum(nil) },
		func(m *MAC) { m.Verify(want) },
	} {
		m := New(&key)
		m.Write(msg)
		finish(m)
		func() {
			defer func() {
				if v := recover(); v != "poly1305: write to MAC after Sum or Verify" {
					t.Errorf("Write after Sum or Verify: recovered %v", v)
				}
			}()
			m.Write([]byte{1})
		}()
	}
	// The key is not retained.
	k := key
	m = New(&k)
	clear(k[:])
	m.Write(msg)
	if !m.Verify(want) {
		t.Errorf("the MAC changed with the caller's key")
	}
}

func TestAllocations(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		var key [32]byte
		var tag [TagSize]byte
		msg := make([]byte, 1000)
		if n := testing.AllocsPerRun(10, func() { Sum(&tag, msg, &key) }); n != 0 {
			t.Errorf("Sum: %v allocations, want 0", n)
		}
		if n := testing.AllocsPerRun(10, func() { Verify(&tag, msg, &key) }); n != 0 {
			t.Errorf("Verify: %v allocations, want 0", n)
		}
		out := make([]byte, 0, TagSize)
		if n := testing.AllocsPerRun(10, func() {
			m := New(&key)
			m.Write(msg[:7])
			m.Write(msg)
			out = m.Sum(out[:0])
		}); n != 0 {
			t.Errorf("New, Write and Sum on a MAC that does not escape: %v allocations, want 0", n)
		}
	})
}
