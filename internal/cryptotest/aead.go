package cryptotest

import (
	"bytes"
	"crypto/cipher"
	"fmt"
	"testing"
)

// The plaintext and additional data lengths TestAEAD combines: around one
// and several 16-byte blocks, and long enough for the bulk paths of
// assembly implementations.
var (
	aeadPlaintextLengths = []int{0, 1, 15, 16, 17, 63, 64, 65, 255, 256, 8192, 8193}
	aeadADLengths        = []int{0, 1, 13, 16, 17, 64}
)

// TestAEAD runs a conformance suite over the cipher.AEAD values made by mk,
// which must return a new AEAD with the same key on each call.
//
// For plaintexts of 0 to 8193 bytes, each with additional data of 0 to 64
// bytes, it checks in its own subtest that
//
//   - NonceSize is not negative, Overhead is positive, and neither changes
//     (Sizes);
//   - Open recovers what Seal sealed, also with a second AEAD from mk; the
//     ciphertext is Overhead bytes longer than the plaintext; neither method
//     modifies its inputs; Seal is deterministic (RoundTrip);
//   - Seal and Open append to dst: a non-empty prefix is kept, both when dst
//     has no spare capacity and when it has more than enough, and nothing
//     past the returned slice is written (AppendDst);
//   - Seal(pt[:0], nonce, pt, ad) and Open(ct[:0], nonce, ct, ad), and the
//     same exact overlaps after a dst prefix, give the results of separate
//     buffers (InPlace);
//   - flipping any single bit of the tag, of the additional data or of the
//     nonce, or of the ciphertext (for the 8192- and 8193-byte plaintexts, a
//     sample of its bits: all in the first and last 32 bytes and every 97th),
//     truncating or extending the ciphertext, or changing the length of the
//     additional data makes Open fail, with a nil plaintext and an error,
//     and without panicking (Tamper). With -short, the 8192- and
//     8193-byte plaintexts, each of whose flips costs an Open of the whole
//     message, get a sparser sample: the ciphertext's first and last 16
//     bytes and every 1021st bit between, and the first and last bit of the
//     tag, of the additional data and of the nonce. The shorter plaintexts
//     keep every flip;
//   - a nonce of the wrong length makes both Seal and Open panic, as the
//     standard library's GCM does (NonceLength).
//
// An AEAD whose NonceSize is 0 is taken to choose its own random nonce and
// carry it in the ciphertext, like cipher.NewGCMWithRandomNonce: the suite
// passes it a nil nonce, skips the checks that need Seal to be deterministic
// (comparing ciphertexts, which it replaces by opening them) and skips
// NonceLength.
//
// Inputs are deterministic pseudo-random data, so a failure reproduces.
// Messages name the check and the plaintext and additional data lengths at
// which it failed.
func TestAEAD(t *testing.T, mk func() cipher.AEAD) {
	a := mk()
	if a == nil {
		t.Fatal("the AEAD constructor returned nil")
	}
	if a.NonceSize() == 0 {
		t.Logf("NonceSize is 0: treating %T as an AEAD that picks a random nonce in Seal; checks that need Seal to be deterministic are skipped", a)
	}
	t.Run("Sizes", func(t *testing.T) { testAEADSizes(t, mk) })
	t.Run("RoundTrip", func(t *testing.T) { testAEADRoundTrip(t, mk) })
	t.Run("AppendDst", func(t *testing.T) { testAEADAppendDst(t, mk) })
	t.Run("InPlace", func(t *testing.T) { testAEADInPlace(t, mk) })
	t.Run("Tamper", func(t *testing.T) { testAEADTamper(t, mk) })
	t.Run("NonceLength", func(t *testing.T) { testAEADNonceLength(t, mk) })
}

// aeadInputs holds the inputs of one combination of lengths.
type aeadInputs struct {
	nonce, pt, ad []byte
	ctx           string // "plaintext N bytes, additional data M bytes"
}

// forEachAEADInput calls f for every combination of plaintext and
// additional data lengths, with fresh copies of the inputs each time.
func forEachAEADInput(a cipher.AEAD, f func(in aeadInputs)) {
	nonce := pseudoRandom("aead nonce", a.NonceSize())
	pt := pseudoRandom("aead plaintext", aeadPlaintextLengths[len(aeadPlaintextLengths)-1])
	ad := pseudoRandom("aead additional data", aeadADLengths[len(aeadADLengths)-1])
	for _, n := range aeadPlaintextLengths {
		for _, m := range aeadADLengths {
			in := aeadInputs{
				pt:  bytes.Clone(pt[:n]),
				ad:  bytes.Clone(ad[:m]),
				ctx: fmt.Sprintf("plaintext %d bytes, additional data %d bytes", n, m),
			}
			if len(nonce) > 0 {
				in.nonce = bytes.Clone(nonce)
			}
			f(in)
		}
	}
}

// seal calls a.Seal and fails the test if it panics.
func seal(t *testing.T, a cipher.AEAD, dst, nonce, pt, ad []byte, ctx string) []byte {
	t.Helper()
	out, panicked, v := trySeal(a, dst, nonce, pt, ad)
	if panicked {
		t.Fatalf("Seal (%s) panicked: %v", ctx, v)
	}
	return out
}

func trySeal(a cipher.AEAD, dst, nonce, pt, ad []byte) (out []byte, panicked bool, value any) {
	defer func() {
		if v := recover(); v != nil {
			panicked, value = true, v
		}
	}()
	return a.Seal(dst, nonce, pt, ad), false, nil
}

func tryOpen(a cipher.AEAD, dst, nonce, ct, ad []byte) (out []byte, err error, panicked bool, value any) {
	defer func() {
		if v := recover(); v != nil {
			panicked, value = true, v
		}
	}()
	out, err = a.Open(dst, nonce, ct, ad)
	return out, err, false, nil
}

// open calls a.Open and fails the test if it panics or returns an error.
func open(t *testing.T, a cipher.AEAD, dst, nonce, ct, ad []byte, ctx string) []byte {
	t.Helper()
	out, err, panicked, v := tryOpen(a, dst, nonce, ct, ad)
	if panicked {
		t.Fatalf("Open (%s) panicked: %v", ctx, v)
	}
	if err != nil {
		t.Fatalf("Open (%s) of what Seal returned failed: %v", ctx, err)
	}
	return out
}

func testAEADSizes(t *testing.T, mk func() cipher.AEAD) {
	a := mk()
	ns, ov := a.NonceSize(), a.Overhead()
	if ns < 0 {
		t.Fatalf("NonceSize() = %d, want 0 or more", ns)
	}
	if ov <= 0 {
		t.Fatalf("Overhead() = %d, want a positive value: an AEAD without overhead has no room for a tag", ov)
	}
	check := func(a cipher.AEAD, when string) {
		t.Helper()
		if got := a.NonceSize(); got != ns {
			t.Fatalf("NonceSize changed from %d to %d %s", ns, got, when)
		}
		if got := a.Overhead(); got != ov {
			t.Fatalf("Overhead changed from %d to %d %s", ov, got, when)
		}
	}
	check(a, "on a second call")
	check(mk(), "in a second AEAD from the constructor")
	var nonce []byte
	if ns > 0 {
		nonce = make([]byte, ns)
	}
	ct := seal(t, a, nil, nonce, []byte("plaintext"), []byte("ad"), "Sizes")
	check(a, "after Seal")
	open(t, a, nil, nonce, ct, []byte("ad"), "Sizes")
	check(a, "after Open")
}

func testAEADRoundTrip(t *testing.T, mk func() cipher.AEAD) {
	a, b := mk(), mk()
	ov := a.Overhead()
	deterministic := a.NonceSize() > 0
	forEachAEADInput(a, func(in aeadInputs) {
		nonce, pt, ad := bytes.Clone(in.nonce), bytes.Clone(in.pt), bytes.Clone(in.ad)
		ct := seal(t, a, nil, in.nonce, in.pt, in.ad, in.ctx)
		if len(ct) != len(pt)+ov {
			t.Fatalf("Seal (%s) returned %d bytes, want %d: the ciphertext length must be the plaintext length plus Overhead() = %d", in.ctx, len(ct), len(pt)+ov, ov)
		}
		checkUnmodified(t, "Seal", in.ctx, in.nonce, nonce, in.pt, pt, in.ad, ad)
		if deterministic {
			if ct2 := seal(t, a, nil, in.nonce, in.pt, in.ad, in.ctx); !bytes.Equal(ct2, ct) {
				t.Fatalf("Seal (%s) is not deterministic: %s, then %s", in.ctx, abbreviateBytes(ct), abbreviateBytes(ct2))
			}
			if ct2 := seal(t, b, nil, in.nonce, in.pt, in.ad, in.ctx); !bytes.Equal(ct2, ct) {
				t.Fatalf("Seal (%s) with a second AEAD from the constructor gives %s, the first gave %s; the constructor must use the same key each time", in.ctx, abbreviateBytes(ct2), abbreviateBytes(ct))
			}
		}

		ctCopy := bytes.Clone(ct)
		got := open(t, a, nil, in.nonce, ct, in.ad, in.ctx)
		if !bytes.Equal(got, pt) {
			t.Fatalf("Open (%s) returned %d bytes %s, want the %d-byte plaintext %s", in.ctx, len(got), abbreviateBytes(got), len(pt), abbreviateBytes(pt))
		}
		checkUnmodified(t, "Open", in.ctx, in.nonce, nonce, ct, ctCopy, in.ad, ad)
		if got := open(t, b, nil, in.nonce, ct, in.ad, in.ctx+", second AEAD from the constructor"); !bytes.Equal(got, pt) {
			t.Fatalf("Open (%s) with a second AEAD from the constructor returned %s, want %s", in.ctx, abbreviateBytes(got), abbreviateBytes(pt))
		}
	})
}

// checkUnmodified fails the test if Seal or Open (op) modified an input.
func checkUnmodified(t *testing.T, op, ctx string, nonce, nonceWant, data, dataWant, ad, adWant []byte) {
	t.Helper()
	what := "plaintext"
	if op == "Open" {
		what = "ciphertext"
	}
	switch {
	case !bytes.Equal(nonce, nonceWant):
		t.Fatalf("%s (%s) modified the nonce", op, ctx)
	case !bytes.Equal(data, dataWant):
		t.Fatalf("%s (%s) modified the %s", op, ctx, what)
	case !bytes.Equal(ad, adWant):
		t.Fatalf("%s (%s) modified the additional data", op, ctx)
	}
}

// sentinel fills the spare capacity of test buffers, to catch writes past
// the end of a returned slice.
const sentinel = 0xa5

func testAEADAppendDst(t *testing.T, mk func() cipher.AEAD) {
	a := mk()
	ov := a.Overhead()
	deterministic := a.NonceSize() > 0
	prefix := []byte("dst-prefix")
	p := len(prefix)
	forEachAEADInput(a, func(in aeadInputs) {
		ref := seal(t, a, nil, in.nonce, in.pt, in.ad, in.ctx)
		// checkSealed checks the part of Seal's output after the prefix.
		checkSealed := func(body []byte, how string) {
			t.Helper()
			if deterministic {
				if !bytes.Equal(body, ref) {
					t.Fatalf("Seal (%s) into %s: the ciphertext after the prefix is %s, want %s (as with a nil dst)", in.ctx, how, abbreviateBytes(body), abbreviateBytes(ref))
				}
				return
			}
			if got := open(t, a, nil, in.nonce, body, in.ad, in.ctx); !bytes.Equal(got, in.pt) {
				t.Fatalf("Seal (%s) into %s: the ciphertext after the prefix opens to %s, want %s", in.ctx, how, abbreviateBytes(got), abbreviateBytes(in.pt))
			}
		}

		for _, spare := range []int{0, len(in.pt) + ov + 32} {
			how := "a dst prefix without spare capacity"
			if spare > 0 {
				how = "a dst prefix with spare capacity"
			}

			// Seal.
			backing := bytes.Repeat([]byte{sentinel}, p+spare)
			copy(backing, prefix)
			dst := backing[:p:len(backing)]
			out := seal(t, a, dst, in.nonce, in.pt, in.ad, in.ctx)
			if !bytes.Equal(backing[:p], prefix) {
				t.Fatalf("Seal (%s) into %s overwrote the prefix in dst: %q, want %q", in.ctx, how, backing[:p], prefix)
			}
			if len(out) != p+len(in.pt)+ov || !bytes.Equal(out[:p], prefix) {
				t.Fatalf("Seal (%s) into %s returned %d bytes %s, want the %d-byte prefix %q followed by %d bytes of ciphertext", in.ctx, how, len(out), abbreviateBytes(out), p, prefix, len(in.pt)+ov)
			}
			checkSealed(out[p:], how)
			checkSentinel(t, "Seal", in.ctx, how, backing, len(out))

			// Open.
			backing = bytes.Repeat([]byte{sentinel}, p+spare)
			copy(backing, prefix)
			dst = backing[:p:len(backing)]
			out = open(t, a, dst, in.nonce, ref, in.ad, in.ctx)
			if !bytes.Equal(backing[:p], prefix) {
				t.Fatalf("Open (%s) into %s overwrote the prefix in dst: %q, want %q", in.ctx, how, backing[:p], prefix)
			}
			if len(out) != p+len(in.pt) || !bytes.Equal(out[:p], prefix) || !bytes.Equal(out[p:], in.pt) {
				t.Fatalf("Open (%s) into %s returned %d bytes %s, want the %d-byte prefix %q followed by the %d-byte plaintext %s", in.ctx, how, len(out), abbreviateBytes(out), p, prefix, len(in.pt), abbreviateBytes(in.pt))
			}
			checkSentinel(t, "Open", in.ctx, how, backing, len(out))
		}
	})
}

// checkSentinel fails the test if op wrote into backing at or after index
// used, past the end of the slice it returned.
func checkSentinel(t *testing.T, op, ctx, how string, backing []byte, used int) {
	t.Helper()
	for i := used; i < len(backing); i++ {
		if backing[i] != sentinel {
			t.Fatalf("%s (%s) into %s wrote byte %d of dst's backing array, beyond the %d bytes it returned", op, ctx, how, i, used)
		}
	}
}

func testAEADInPlace(t *testing.T, mk func() cipher.AEAD) {
	a := mk()
	ov := a.Overhead()
	deterministic := a.NonceSize() > 0
	prefix := []byte("in-place")
	p := len(prefix)
	forEachAEADInput(a, func(in aeadInputs) {
		ref := seal(t, a, nil, in.nonce, in.pt, in.ad, in.ctx)
		for _, withPrefix := range []bool{false, true} {
			off, how := 0, "Seal(pt[:0], nonce, pt, ad)"
			if withPrefix {
				off, how = p, "Seal(buf[:len(prefix)], nonce, buf[len(prefix):][:len(pt)], ad)"
			}

			// Seal in place: the plaintext sits where the ciphertext goes.
			buf := make([]byte, off+len(in.pt)+ov)
			copy(buf, prefix[:off])
			copy(buf[off:], in.pt)
			out := seal(t, a, buf[:off], in.nonce, buf[off:off+len(in.pt)], in.ad, in.ctx+", in place")
			if len(out) != off+len(ref) || !bytes.Equal(out[:off], prefix[:off]) {
				t.Fatalf("in-place Seal (%s) as %s returned %d bytes, want %d", in.ctx, how, len(out), off+len(ref))
			}
			if deterministic {
				if !bytes.Equal(out[off:], ref) {
					t.Fatalf("in-place Seal (%s) as %s gives %s, want %s (as with separate buffers)", in.ctx, how, abbreviateBytes(out[off:]), abbreviateBytes(ref))
				}
			} else if got := open(t, a, nil, in.nonce, out[off:], in.ad, in.ctx); !bytes.Equal(got, in.pt) {
				t.Fatalf("in-place Seal (%s) as %s gives a ciphertext that opens to %s, want %s", in.ctx, how, abbreviateBytes(got), abbreviateBytes(in.pt))
			}

			// Open in place: the ciphertext sits where the plaintext goes.
			how = "Open(ct[:0], nonce, ct, ad)"
			if withPrefix {
				how = "Open(buf[:len(prefix)], nonce, buf[len(prefix):], ad)"
			}
			buf = make([]byte, off+len(ref))
			copy(buf, prefix[:off])
			copy(buf[off:], ref)
			got, err, panicked, v := tryOpen(a, buf[:off], in.nonce, buf[off:], in.ad)
			switch {
			case panicked:
				t.Fatalf("in-place Open (%s) as %s panicked: %v", in.ctx, how, v)
			case err != nil:
				t.Fatalf("in-place Open (%s) as %s failed: %v", in.ctx, how, err)
			case len(got) != off+len(in.pt) || !bytes.Equal(got[:off], prefix[:off]) || !bytes.Equal(got[off:], in.pt):
				t.Fatalf("in-place Open (%s) as %s returned %d bytes %s, want %d bytes %s (as with separate buffers)", in.ctx, how, len(got), abbreviateBytes(got), off+len(in.pt), abbreviateBytes(append(prefix[:off:off], in.pt...)))
			}
		}
	})
}

// sampleBits returns the indexes of the bits to flip in an n-byte buffer:
// all of them if there are at most 4096, otherwise those of the first and
// last 32 bytes and every 97th bit in between; with short, those of the
// first and last 16 bytes and every 1021st bit in between.
func sampleBits(n int, short bool) []int {
	bits := 8 * n
	if bits <= 4096 {
		return seq(0, bits)
	}
	edge, stride := 8*32, 97
	if short {
		edge, stride = 8*16, 1021
	}
	out := seq(0, edge)
	for i := edge; i < bits-edge; i += stride {
		out = append(out, i)
	}
	return append(out, seq(bits-edge, bits)...)
}

// endBits returns the indexes of every bit of an n-byte buffer, or with
// sparse only of its first and last bit.
func endBits(n int, sparse bool) []int {
	if !sparse || n == 0 {
		return seq(0, 8*n)
	}
	return []int{0, 8*n - 1}
}

func seq(lo, hi int) []int {
	s := make([]int, 0, hi-lo)
	for i := lo; i < hi; i++ {
		s = append(s, i)
	}
	return s
}

func testAEADTamper(t *testing.T, mk func() cipher.AEAD) {
	a := mk()
	ov := a.Overhead()
	failed := map[string]bool{} // report the first failure of each kind only
	forEachAEADInput(a, func(in aeadInputs) {
		ct := seal(t, a, nil, in.nonce, in.pt, in.ad, in.ctx)
		scratch := make([]byte, 0, len(ct)+64)
		// reject checks that Open fails on a tampered input; kind groups
		// the failures for reporting.
		reject := func(kind, what string, nonce, ct, ad []byte) {
			t.Helper()
			if failed[kind] {
				return
			}
			out, err, panicked, v := tryOpen(a, scratch, nonce, ct, ad)
			switch {
			case panicked:
				t.Errorf("Open (%s) of %s panicked: %v", in.ctx, what, v)
			case err == nil:
				t.Errorf("Open (%s) accepted %s, want an error", in.ctx, what)
			case out != nil:
				t.Errorf("Open (%s) of %s returned an error and a non-nil plaintext (%d bytes), want a nil plaintext", in.ctx, what, len(out))
			default:
				return
			}
			failed[kind] = true
		}
		flip := func(b []byte, i int) { b[i/8] ^= 1 << (i % 8) }

		body := len(ct) - ov
		// With -short, a long message gets fewer flips: each is an Open
		// of the whole message.
		sparse := testing.Short() && 8*body > 4096
		for _, i := range sampleBits(body, sparse) {
			flip(ct, i)
			reject("ciphertext", fmt.Sprintf("the ciphertext with bit %d flipped", i), in.nonce, ct, in.ad)
			flip(ct, i)
		}
		for _, i := range endBits(ov, sparse) {
			flip(ct[body:], i)
			reject("tag", fmt.Sprintf("the ciphertext with bit %d of the tag (the last %d bytes) flipped", i, ov), in.nonce, ct, in.ad)
			flip(ct[body:], i)
		}
		for _, i := range endBits(len(in.ad), sparse) {
			flip(in.ad, i)
			reject("additional data", fmt.Sprintf("the additional data with bit %d flipped", i), in.nonce, ct, in.ad)
			flip(in.ad, i)
		}
		for _, i := range endBits(len(in.nonce), sparse) {
			flip(in.nonce, i)
			reject("nonce", fmt.Sprintf("the nonce with bit %d flipped", i), in.nonce, ct, in.ad)
			flip(in.nonce, i)
		}

		reject("length", "the ciphertext without its last byte", in.nonce, ct[:len(ct)-1], in.ad)
		if ov > 0 {
			reject("length", fmt.Sprintf("the first %d bytes of the ciphertext, less than Overhead", ov-1), in.nonce, ct[:ov-1], in.ad)
		}
		reject("length", "an empty ciphertext", in.nonce, nil, in.ad)
		reject("length", "the ciphertext with a zero byte appended", in.nonce, append(bytes.Clone(ct), 0), in.ad)
		reject("length", "the ciphertext with the additional data extended by a zero byte", in.nonce, ct, append(bytes.Clone(in.ad), 0))
		if len(in.ad) > 0 {
			reject("length", "the ciphertext with the additional data missing its last byte", in.nonce, ct, in.ad[:len(in.ad)-1])
		}

		// With every flip undone, the ciphertext must open again.
		if got := open(t, a, nil, in.nonce, ct, in.ad, in.ctx+", after the tampering checks"); !bytes.Equal(got, in.pt) {
			t.Fatalf("Open (%s) after the tampering checks returned %s, want %s", in.ctx, abbreviateBytes(got), abbreviateBytes(in.pt))
		}
	})
}

func testAEADNonceLength(t *testing.T, mk func() cipher.AEAD) {
	a := mk()
	ns := a.NonceSize()
	if ns == 0 {
		t.Skip("NonceSize is 0: the AEAD picks its own nonce, so there is no wrong nonce length to check")
	}
	nonce := pseudoRandom("aead nonce", ns)
	seen := map[int]bool{ns: true}
	for _, n := range []int{0, 1, ns - 1, ns + 1, 2 * ns} {
		if n < 0 || seen[n] {
			continue
		}
		seen[n] = true
		bad := pseudoRandom("aead wrong nonce", n)
		for _, c := range []struct{ pt, ad []byte }{{nil, nil}, {[]byte("sixteen byte msg"), []byte("thirteen byte")}} {
			ctx := fmt.Sprintf("plaintext %d bytes, additional data %d bytes", len(c.pt), len(c.ad))
			if out, panicked, _ := trySeal(a, nil, bad, c.pt, c.ad); !panicked {
				t.Errorf("Seal (%s) with a %d-byte nonce (NonceSize is %d) did not panic; it returned %d bytes", ctx, n, ns, len(out))
			}
			ct := seal(t, a, nil, nonce, c.pt, c.ad, ctx)
			if out, err, panicked, _ := tryOpen(a, nil, bad, ct, c.ad); !panicked {
				t.Errorf("Open (%s) with a %d-byte nonce (NonceSize is %d) did not panic; it returned %d bytes and error %v", ctx, n, ns, len(out), err)
			}
		}
	}
}
