//go:build ctgrind

package sha3_test

import (
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/hash/sha3"
	"github.com/crypton-go/crypton/internal/ctgrind"
)

// TestCTSHA3 is the constant-time case of the package, run by
// tools/cmd/ctcheck under valgrind: the message is secret (a hash processes
// keys inside HMAC and KDFs), and so are the digests and the SHAKE output
// until the test marks them public to compare them. The message spans
// several blocks of every rate and ends in a partial one.
func TestCTSHA3(t *testing.T) {
	cputest.TestAllImplementations(t, "sha3", func(t *testing.T) {
		msg := make([]byte, 400)
		for i := range msg {
			msg[i] = byte(13 * i)
		}
		ctgrind.Secret(msg)

		sum := sha3.Sum256(msg)
		ctgrind.PublicValue(&sum)
		h := sha3.New256()
		h.Write(msg[:5])
		h.Write(msg[5:200])
		h.Write(msg[200:])
		got := h.Sum(nil)
		ctgrind.Public(got)
		if string(got) != string(sum[:]) {
			t.Error("the streaming digest differs from the one-shot digest")
		}

		s512 := sha3.Sum512(msg)
		ctgrind.PublicValue(&s512)

		x := sha3.NewSHAKE128()
		x.Write(msg)
		out := make([]byte, 300)
		x.Read(out[:100])
		x.Read(out[100:])
		ctgrind.Public(out)
		want := sha3.SumSHAKE128(msg, 300)
		ctgrind.Public(want)
		if string(out) != string(want) {
			t.Error("SHAKE128 read in two pieces differs from SumSHAKE128")
		}

		k := sha3.NewLegacyKeccak256()
		k.Write(msg)
		ctgrind.Public(k.Sum(nil))
	})
}

// TestCTSHAKEx4 is the constant-time case of SHAKEx4, with every
// combination of the scalar and the four-way permutations: the four inputs
// are secret (ML-KEM's noise PRF hashes its seed σ), and so are the outputs
// until the test marks them public to compare them with four SHAKEs. The
// inputs span several blocks of both rates, written in pieces, and the
// outputs are read in pieces across block boundaries.
func TestCTSHAKEx4(t *testing.T) {
	cputest.TestAllCombinations(t, []string{"sha3", "sha3/x4"}, func(t *testing.T) {
		var in [4][]byte
		for j := range in {
			in[j] = make([]byte, 400)
			for i := range in[j] {
				in[j][i] = byte(13*i + 71*j)
			}
			ctgrind.Secret(in[j])
		}
		for _, v := range []struct {
			x4  *sha3.SHAKEx4
			one func() *sha3.SHAKE
		}{
			{sha3.NewSHAKE128x4(), sha3.NewSHAKE128},
			{sha3.NewSHAKE256x4(), sha3.NewSHAKE256},
		} {
			x := v.x4
			x.Write(in[0][:33], in[1][:33], in[2][:33], in[3][:33])
			x.Write(in[0][33:], in[1][33:], in[2][33:], in[3][33:])
			var out [4][]byte
			for j := range out {
				out[j] = make([]byte, 500)
			}
			x.Read(out[0][:100], out[1][:100], out[2][:100], out[3][:100])
			x.Read(out[0][100:], out[1][100:], out[2][100:], out[3][100:])
			for j := range out {
				ctgrind.Public(out[j])
				one := v.one()
				one.Write(in[j])
				want := make([]byte, 500)
				one.Read(want)
				ctgrind.Public(want)
				if string(out[j]) != string(want) {
					t.Errorf("SHAKEx4 instance %d differs from SHAKE", j)
				}
			}
		}
	})
}
