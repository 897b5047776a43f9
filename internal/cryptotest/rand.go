package cryptotest

import (
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"strings"
)

// prng is a deterministic pseudo-random generator, so that every run of a
// suite sees the same inputs and a failure reproduces.
type prng struct {
	src *rand.ChaCha8
	r   *rand.Rand
}

// newPRNG returns a generator seeded from label.
func newPRNG(label string) *prng {
	var seed [32]byte
	copy(seed[:], "crypton cryptotest: "+label)
	src := rand.NewChaCha8(seed)
	return &prng{src: src, r: rand.New(src)}
}

// intn returns a number in [0, n); n must be positive.
func (p *prng) intn(n int) int { return p.r.IntN(n) }

// read fills b.
func (p *prng) read(b []byte) { p.src.Read(b) }

// pseudoRandom returns n deterministic pseudo-random bytes derived from label.
func pseudoRandom(label string, n int) []byte {
	b := make([]byte, n)
	newPRNG(label).read(b)
	return b
}

// abbreviate formats a list of write sizes for a failure message, eliding
// the middle of a long list.
func abbreviate(sizes []int) string {
	const head, tail = 8, 3
	if len(sizes) <= head+tail+1 {
		return fmt.Sprint(sizes)
	}
	var b strings.Builder
	b.WriteString("[")
	for _, n := range sizes[:head] {
		fmt.Fprintf(&b, "%d ", n)
	}
	fmt.Fprintf(&b, "... (%d writes) ...", len(sizes))
	for _, n := range sizes[len(sizes)-tail:] {
		fmt.Fprintf(&b, " %d", n)
	}
	b.WriteString("]")
	return b.String()
}

// abbreviateBytes formats b in hex for a failure message, eliding all but
// its first 16 bytes.
func abbreviateBytes(b []byte) string {
	if len(b) <= 16 {
		return hex.EncodeToString(b)
	}
	return hex.EncodeToString(b[:16]) + "..."
}
