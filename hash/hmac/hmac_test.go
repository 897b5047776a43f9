package hmac_test

import (
	"bytes"
	stdhmac "crypto/hmac"
	stdsha256 "crypto/sha256"
	"encoding"
	"errors"
	"fmt"
	"hash"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
	"github.com/crypton-go/crypton/hash/hmac"
	"github.com/crypton-go/crypton/hash/internal/hashtest"
	"github.com/crypton-go/crypton/hash/sha256"
	"github.com/crypton-go/crypton/internal/cryptotest"
)

var hashes = hashtest.All

func mac(h func() hash.Hash, key, msg []byte) []byte {
	m := hmac.New(h, key)
	m.Write(msg)
	return m.Sum(nil)
}

func stdMAC(h func() hash.Hash, key, msg []byte) []byte {
	m := stdhmac.New(h, key)
	m.Write(msg)
	return m.Sum(nil)
}

// kat is a known answer: the MAC of msg under key, possibly truncated to the
// length of want.
type kat struct {
	hash string
	key  []byte
	msg  []byte
	want string
}

// rfc2202 holds the HMAC-SHA-1 test cases of RFC 2202, section 3.
var rfc2202 = []kat{
	{"SHA-1", bytes.Repeat([]byte{0x0b}, 20), []byte("Hi There"), "b617318655057264e28bc0b6fb378c8ef146be00"},
	{"SHA-1", []byte("Jefe"), []byte("what do ya want for nothing?"), "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"},
	{"SHA-1", bytes.Repeat([]byte{0xaa}, 20), bytes.Repeat([]byte{0xdd}, 50), "125d7342b9ac11cd91a39af48aa17b4f63f175d3"},
	{"SHA-1", hashtest.FromHex("0102030405060708090a0b0c0d0e0f10111213141516171819"), bytes.Repeat([]byte{0xcd}, 50), "4c9007f4026250c6bc8414f9bf50c86c2d7235da"},
	{"SHA-1", bytes.Repeat([]byte{0x0c}, 20), []byte("Test With Truncation"), "4c1a03424b55e07fe7f27be1d58bb9324a9a5a04"},
	{"SHA-1", bytes.Repeat([]byte{0x0c}, 20), []byte("Test With Truncation"), "4c1a03424b55e07fe7f27be1"}, // HMAC-SHA-1-96
	{"SHA-1", bytes.Repeat([]byte{0xaa}, 80), []byte("Test Using Larger Than Block-Size Key - Hash Key First"), "aa4ae5e15272d00e95705637ce8a3b55ed402112"},
	{"SHA-1", bytes.Repeat([]byte{0xaa}, 80), []byte("Test Using Larger Than Block-Size Key and Larger Than One Block-Size Data"), "e8e99d0f45237d786d6bbaa7965c7808bbff1a91"},
}

// rfc4231 holds the HMAC-SHA-224/256/384/512 test cases of RFC 4231,
// section 4. Test case 5 checks a MAC truncated to 128 bits.
var rfc4231 = func() []kat {
	cases := []struct {
		key, msg []byte
		want     [4]string // SHA-224, SHA-256, SHA-384, SHA-512
	}{
		{bytes.Repeat([]byte{0x0b}, 20), []byte("Hi There"), [4]string{
			"896fb1128abbdf196832107cd49df33f47b4b1169912ba4f53684b22",
			"b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
			"afd03944d84895626b0825f4ab46907f15f9dadbe4101ec682aa034c7cebc59cfaea9ea9076ede7f4af152e8b2fa9cb6",
			"87aa7cdea5ef619d4ff0b4241a1d6cb02379f4e2ce4ec2787ad0b30545e17cdedaa833b7d6b8a702038b274eaea3f4e4be9d914eeb61f1702e696c203a126854",
		}},
		{[]byte("Jefe"), []byte("what do ya want for nothing?"), [4]string{
			"a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44",
			"5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
			"af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e8e2240ca5e69e2c78b3239ecfab21649",
			"164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737",
		}},
		{bytes.Repeat([]byte{0xaa}, 20), bytes.Repeat([]byte{0xdd}, 50), [4]string{
			"7fb3cb3588c6c1f6ffa9694d7d6ad2649365b0c1f65d69d1ec8333ea",
			"773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe",
			"88062608d3e6ad8a0aa2ace014c8a86f0aa635d947ac9febe83ef4e55966144b2a5ab39dc13814b94e3ab6e101a34f27",
			"fa73b0089d56a284efb0f0756c890be9b1b5dbdd8ee81a3655f83e33b2279d39bf3e848279a722c806b485a47e67c807b946a337bee8942674278859e13292fb",
		}},
		{hashtest.FromHex("0102030405060708090a0b0c0d0e0f10111213141516171819"), bytes.Repeat([]byte{0xcd}, 50), [4]string{
			"6c11506874013cac6a2abc1bb382627cec6a90d86efc012de7afec5a",
			"82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b",
			"3e8a69b7783c25851933ab6290af6ca77a9981480850009cc5577c6e1f573b4e6801dd23c4a7d679ccf8a386c674cffb",
			"b0ba465637458c6990e5a8c5f61d4af7e576d97ff94b872de76f8050361ee3dba91ca5c11aa25eb4d679275cc5788063a5f19741120c4f2de2adebeb10a298dd",
		}},
		{bytes.Repeat([]byte{0x0c}, 20), []byte("Test With Truncation"), [4]string{
			"0e2aea68a90c8d37c988bcdb9fca6fa8",
			"a3b6167473100ee06e0c796c2955552b",
			"3abf34c3503b2a23a46efc619baef897",
			"415fad6271580a531d4179bc891d87a6",
		}},
		{bytes.Repeat([]byte{0xaa}, 131), []byte("Test Using Larger Than Block-Size Key - Hash Key First"), [4]string{
			"95e9a0db962095adaebe9b2d6f0dbce2d499f112f2d2b7273fa6870e",
			"60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
			"4ece084485813e9088d2c63a041bc5b44f9ef1012a2b588f3cd11f05033ac4c60c2ef6ab4030fe8296248df163f44952",
			"80b24263c7c1a3ebb71493c1dd7be8b49b46d1f41b4aeec1121b013783f8f3526b56d037e05f2598bd0fd2215d6a1e5295e64f73f63f0aec8b915a985d786598",
		}},
		{bytes.Repeat([]byte{0xaa}, 131), []byte("This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm."), [4]string{
			"3a854166ac5d9f023f54d517d0b39dbd946770db9c2b95c9f6f565d1",
			"9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2",
			"6617178e941f020d351e2f254e8fd32c602420feb0b8fb9adccebb82461e99c5a678cc31e799176d3860e6110c46523e",
			"e37b6a775dc87dbaa4dfa9f96e5e3ffddebd71f8867289865df5a32d20cdc944b6022cac3c4982b10d5eeb55c3e4de15134676fb6de0446065c97440fa8c6a58",
		}},
	}
	var out []kat
	for _, c := range cases {
		for i, name := range []string{"SHA-224", "SHA-256", "SHA-384", "SHA-512"} {
			out = append(out, kat{name, c.key, c.msg, c.want[i]})
		}
	}
	return out
}()

func testKnownAnswers(t *testing.T, kats []kat) {
	for i, k := range kats {
		hf := hashtest.ByName(t, k.hash)
		want := hashtest.FromHex(k.want)
		t.Run(fmt.Sprintf("%s/%d", strings.ReplaceAll(hf.Name, "/", "_"), i), func(t *testing.T) {
			cputest.TestAllImplementations(t, hf.Pkg, func(t *testing.T) {
				// The vector must hold for the standard library too, or it
				// was copied wrong.
				if got := stdMAC(hf.Std, k.key, k.msg)[:len(want)]; !bytes.Equal(got, want) {
					t.Fatalf("crypto/hmac gives %x, want %x: the vector is wrong", got, want)
				}
				if got := mac(hf.New, k.key, k.msg)[:len(want)]; !bytes.Equal(got, want) {
					t.Errorf("HMAC-%s(key %x, msg %q) = %x, want %x", hf.Name, k.key, k.msg, got, want)
				}
				// Reusing the MAC after Reset, and writing a byte at a time.
				m := hmac.New(hf.New, k.key)
				m.Write([]byte("junk"))
				m.Reset()
				for i := range k.msg {
					m.Write(k.msg[i : i+1])
				}
				if got := m.Sum(nil)[:len(want)]; !bytes.Equal(got, want) {
					t.Errorf("HMAC-%s after Reset, written byte by byte: %x, want %x", hf.Name, got, want)
				}
			})
		})
	}
}

func TestRFC2202(t *testing.T) { testKnownAnswers(t, rfc2202) }
func TestRFC4231(t *testing.T) { testKnownAnswers(t, rfc4231) }

// keysFor returns the keys the conformance and allocation tests use: empty,
// short, exactly one block, and longer than a block (so hashed first).
func keysFor(bs int) map[string][]byte {
	long := make([]byte, 2*bs+3)
	for i := range long {
		long[i] = byte(i*7 + 1)
	}
	return map[string][]byte{
		"empty":       {},
		"short":       []byte("key"),
		"block-size":  long[:bs],
		"longer-than": long,
	}
}

// TestConformance runs the shared hash.Hash suite over HMAC with several
// keys, on every implementation of the hash.
func TestConformance(t *testing.T) {
	for _, name := range []string{"SHA-1", "SHA-256", "SHA-512"} {
		hf := hashtest.ByName(t, name)
		keys := keysFor(hf.New().BlockSize())
		for _, kn := range []string{"empty", "short", "block-size", "longer-than"} {
			key := keys[kn]
			t.Run(fmt.Sprintf("%s/key=%s", name, kn), func(t *testing.T) {
				cputest.TestAllImplementations(t, hf.Pkg, func(t *testing.T) {
					cryptotest.TestHash(t, func() hash.Hash { return hmac.New(hf.New, key) })
				})
			})
		}
	}
	// The fallback for hashes that cannot marshal their state.
	t.Run("SHA-256/unmarshalable", func(t *testing.T) {
		cryptotest.TestHash(t, func() hash.Hash { return hmac.New(plain(sha256.New), []byte("key")) })
	})
}

// Wrappers of a hash that take abilities away or make them fail, to test the
// fallbacks.

// plainHash has the methods of hash.Hash only: it can neither marshal nor
// clone.
type plainHash struct{ hash.Hash }

func plain(h func() hash.Hash) func() hash.Hash {
	return func() hash.Hash { return plainHash{h()} }
}

// failingUnmarshal marshals its state but refuses to unmarshal it.
type failingUnmarshal struct{ hash.Hash }

func (f *failingUnmarshal) MarshalBinary() ([]byte, error) {
	return f.Hash.(encoding.BinaryMarshaler).MarshalBinary()
}
func (f *failingUnmarshal) UnmarshalBinary([]byte) error { return errors.New("refused") }

// failingMarshal cannot marshal its state.
type failingMarshal struct{ hash.Hash }

func (f *failingMarshal) MarshalBinary() ([]byte, error) { return nil, errors.New("refused") }
func (f *failingMarshal) UnmarshalBinary(b []byte) error {
	return f.Hash.(encoding.BinaryUnmarshaler).UnmarshalBinary(b)
}

// errCloneTest is what failingClone's Clone returns.
var errCloneTest = errors.New("clone refused")

// failingClone implements hash.Cloner, but Clone always fails.
type failingClone struct{ hash.Hash }

func (f *failingClone) Clone() (hash.Cloner, error) { return nil, errCloneTest }

// uncomparable is a hash whose values cannot be compared with ==.
type uncomparable struct {
	hash.Hash
	_ []byte
}

func TestFallbacks(t *testing.T) {
	wrappers := map[string]func() hash.Hash{
		"plain":            plain(sha256.New),
		"failingUnmarshal": func() hash.Hash { return &failingUnmarshal{sha256.New()} },
		"failingMarshal":   func() hash.Hash { return &failingMarshal{sha256.New()} },
		"failingClone":     func() hash.Hash { return &failingClone{sha256.New()} },
		"uncomparable":     func() hash.Hash { return uncomparable{Hash: sha256.New()} },
	}
	msg := []byte("the message, long enough to be more than one block of SHA-256 when written twice over, as it is below")
	for name, h := range wrappers {
		t.Run(name, func(t *testing.T) {
			for _, key := range keysFor(64) {
				want := stdMAC(stdsha256.New, key, msg)
				m := hmac.New(h, key)
				for range 3 {
					m.Write(msg[:10])
					m.Write(msg[10:])
					if got := m.Sum(nil); !bytes.Equal(got, want) {
						t.Fatalf("key %x: MAC %x, want %x", key, got, want)
					}
					m.Reset()
				}
			}
		})
	}
}

func TestClone(t *testing.T) {
	// Cloning mid-message gives two independent MACs; cryptotest.TestHash
	// checks that in depth, this checks it against the standard library.
	key := []byte("clone key")
	m := hmac.New(sha256.New, key)
	m.Write([]byte("common "))
	c, err := m.(hash.Cloner).Clone()
	if err != nil {
		t.Fatal(err)
	}
	m.Write([]byte("original"))
	c.Write([]byte("clone"))
	if got, want := m.Sum(nil), stdMAC(stdsha256.New, key, []byte("common original")); !bytes.Equal(got, want) {
		t.Errorf("original: %x, want %x", got, want)
	}
	if got, want := c.Sum(nil), stdMAC(stdsha256.New, key, []byte("common clone")); !bytes.Equal(got, want) {
		t.Errorf("clone: %x, want %x", got, want)
	}
	c.Reset()
	if got, want := c.Sum(nil), stdMAC(stdsha256.New, key, nil); !bytes.Equal(got, want) {
		t.Errorf("clone after Reset: %x, want %x", got, want)
	}

	// A hash that cannot be cloned.
	for name, h := range map[string]func() hash.Hash{
		"plain":        plain(sha256.New),
		"failingClone": func() hash.Hash { return &failingClone{sha256.New()} },
	} {
		m := hmac.New(h, key)
		c, err := m.(hash.Cloner).Clone()
		if c != nil || err == nil {
			t.Errorf("%s: Clone = %v, %v; want nil and an error", name, c, err)
			continue
		}
		if !errors.Is(err, errors.ErrUnsupported) {
			t.Errorf("%s: Clone error %q does not wrap errors.ErrUnsupported", name, err)
		}
		if name == "failingClone" && !errors.Is(err, errCloneTest) {
			t.Errorf("%s: Clone error %q does not wrap the hash's error", name, err)
		}
		if !strings.HasPrefix(err.Error(), "hmac: ") {
			t.Errorf("%s: Clone error %q does not start with \"hmac: \"", name, err)
		}
	}
}

func TestNewPanicsOnSharedHash(t *testing.T) {
	shared := sha256.New()
	defer func() {
		const want = "hmac: hash generation function does not produce unique values"
		if r := recover(); r != want {
			t.Errorf("New with a function returning the same hash twice: recovered %v, want a panic %q", r, want)
		}
	}()
	hmac.New(func() hash.Hash { return shared }, []byte("key"))
}

func TestSizes(t *testing.T) {
	for _, hf := range hashes {
		m, s := hmac.New(hf.New, nil), stdhmac.New(hf.Std, nil)
		if m.Size() != s.Size() || m.BlockSize() != s.BlockSize() {
			t.Errorf("%s: Size, BlockSize = %d, %d; crypto/hmac says %d, %d", hf.Name, m.Size(), m.BlockSize(), s.Size(), s.BlockSize())
		}
	}
}

func TestKeyIsCopied(t *testing.T) {
	key := []byte("a key that the caller changes afterwards")
	want := stdMAC(stdsha256.New, key, []byte("msg"))
	m := hmac.New(sha256.New, key)
	clear(key)
	m.Write([]byte("msg"))
	if got := m.Sum(nil); !bytes.Equal(got, want) {
		t.Errorf("after the caller cleared the key: %x, want %x", got, want)
	}
}

// TestDifferential compares crypton's HMAC with crypto/hmac on random keys of
// every length around the block size and random messages written in random
// pieces, with Sum, Reset and Clone in between.
func TestDifferential(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	buf := make([]byte, 1024)
	for _, hf := range hashes {
		t.Run(strings.ReplaceAll(hf.Name, "/", "_"), func(t *testing.T) {
			bs := hf.New().BlockSize()
			for keyLen := 0; keyLen <= 2*bs+2; keyLen++ {
				key := randBytes(r, keyLen)
				ours, std := hmac.New(hf.New, key), stdhmac.New(hf.Std, key)
				for round := range 4 {
					n := r.IntN(3 * bs)
					msg := randBytes(r, n)
					for len(msg) > 0 {
						k := min(r.IntN(bs+2), len(msg))
						ours.Write(msg[:k])
						std.Write(msg[:k])
						msg = msg[k:]
					}
					// Sum appends to a prefix in a buffer with spare room.
					prefix := buf[:r.IntN(8)]
					copy(prefix, "prefix!!")
					got := ours.Sum(prefix)
					want := std.Sum(nil)
					if !bytes.Equal(got[:len(prefix)], []byte("prefix!!")[:len(prefix)]) || !bytes.Equal(got[len(prefix):], want) {
						t.Fatalf("key length %d, round %d: Sum(%q) = %x, want the prefix and crypto/hmac's %x", keyLen, round, prefix, got, want)
					}
					switch round {
					case 1:
						ours.Reset()
						std.Reset()
					case 2:
						c, err := ours.(hash.Cloner).Clone()
						if err != nil {
							t.Fatal(err)
						}
						ours = c
					}
				}
			}
		})
	}
}

// TestInterop checks crypton's HMAC over the standard library's hashes and
// the standard library's HMAC over crypton's hashes.
func TestInterop(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, hf := range hashes {
		for range 20 {
			key, msg := randBytes(r, r.IntN(200)), randBytes(r, r.IntN(500))
			want := stdMAC(hf.Std, key, msg)
			if got := mac(hf.Std, key, msg); !bytes.Equal(got, want) {
				t.Errorf("%s: crypton's HMAC over crypto's hash: %x, want %x", hf.Name, got, want)
			}
			if got := stdMAC(hf.New, key, msg); !bytes.Equal(got, want) {
				t.Errorf("%s: crypto/hmac over crypton's hash: %x, want %x", hf.Name, got, want)
			}
		}
	}
}

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func TestAllocations(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	msg := make([]byte, 300)
	for _, hf := range hashes {
		for kn, key := range keysFor(hf.New().BlockSize()) {
			m := hmac.New(hf.New, key)
			buf := make([]byte, 0, m.Size())
			checks := []struct {
				op string
				f  func()
			}{
				{"Write", func() { m.Write(msg) }},
				{"Sum", func() { buf = m.Sum(buf[:0]) }},
				{"Reset", func() { m.Reset() }},
				{"Reset+Write+Sum", func() { m.Reset(); m.Write(msg[:37]); buf = m.Sum(buf[:0]) }},
			}
			for _, c := range checks {
				if n := testing.AllocsPerRun(100, c.f); n != 0 {
					t.Errorf("%s, key %s: %s allocates %v times, want 0", hf.Name, kn, c.op, n)
				}
			}
		}
	}
}

func TestEqual(t *testing.T) {
	a := []byte("0123456789abcdef0123")
	tests := []struct {
		name string
		x, y []byte
		want bool
	}{
		{"equal", a, bytes.Clone(a), true},
		{"same slice", a, a, true},
		{"first byte differs", a, append([]byte{'x'}, a[1:]...), false},
		{"last byte differs", a, append(bytes.Clone(a[:len(a)-1]), 'x'), false},
		{"one bit differs", a, append([]byte{a[0] ^ 0x80}, a[1:]...), false},
		{"all bytes differ", a, bytes.Repeat([]byte{0xff}, len(a)), false},
		{"shorter", a, a[:len(a)-1], false},
		{"longer", a[:len(a)-1], a, false},
		{"prefix of length 0", a, a[:0], false},
		{"both empty", []byte{}, []byte{}, true},
		{"both nil", nil, nil, true},
		{"nil and empty", nil, []byte{}, true},
		{"single zero bytes", []byte{0}, []byte{0}, true},
		{"zero and nonzero byte", []byte{0}, []byte{1}, false},
	}
	for _, tc := range tests {
		if got := hmac.Equal(tc.x, tc.y); got != tc.want {
			t.Errorf("%s: Equal(%x, %x) = %v, want %v", tc.name, tc.x, tc.y, got, tc.want)
		}
		if got := hmac.Equal(tc.y, tc.x); got != tc.want {
			t.Errorf("%s: Equal(%x, %x) = %v, want %v", tc.name, tc.y, tc.x, got, tc.want)
		}
		if std := stdhmac.Equal(tc.x, tc.y); std != tc.want {
			t.Errorf("%s: crypto/hmac.Equal = %v, the test expects %v", tc.name, std, tc.want)
		}
	}
	// Every single-byte difference at every position, differential.
	r := rand.New(rand.NewPCG(5, 6))
	for n := range 70 {
		x := randBytes(r, n)
		for i := range n {
			y := bytes.Clone(x)
			y[i] ^= byte(1 + r.IntN(255))
			if hmac.Equal(x, y) {
				t.Fatalf("Equal(%x, %x) = true", x, y)
			}
		}
		if !hmac.Equal(x, bytes.Clone(x)) {
			t.Fatalf("Equal(%x, itself) = false", x)
		}
	}
	if n := testing.AllocsPerRun(10, func() { hmac.Equal(a, a) }); n != 0 {
		t.Errorf("Equal allocates %v times, want 0", n)
	}
}
