package chacha20

import (
	"bytes"
	"crypto/cipher"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/crypton-go/crypton/cpufeat/cputest"
)

// pkg is the name under which the implementations of this package register
// with cpufeat.
const pkg = "chacha20"

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
	keySeq   = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f" // 00:01:...:1f
	keyZero  = "0000000000000000000000000000000000000000000000000000000000000000"
	keyOne   = "0000000000000000000000000000000000000000000000000000000000000001"
	keyJabb  = "1c9240a5eb55d38af333888604f6b5f0473917c1402b80099dca5cbc207075c0"
	keyX     = "808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"
	nonce0   = "000000000000000000000000"
	nonce2   = "000000000000000000000002"
	sunshine = "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it."
	ietf     = "Any submission to the IETF intended by the Contributor for publication as all or part of an IETF Internet-Draft or RFC " +
		"and any statement made within the context of an IETF activity is considered an \"IETF Contribution\". Such statements " +
		"include oral statements in IETF sessions, as well as written and electronic communications made at any time or place, " +
		"which are addressed to"
	jabberwock = "'Twas brillig, and the slithy toves\nDid gyre and gimble in the wabe:\nAll mimsy were the borogoves,\nAnd the mome raths outgrabe."
	dhole      = "The dhole (pronounced \"dole\") is also known as the Asiatic wild dog, red dog, and whistling dog. It is about the " +
		"size of a German shepherd but looks more like a long-legged fox. This highly elusive and skilled jumper is classified " +
		"with wolves, coyotes, jackals, and foxes in the taxonomic family Canidae."
)

// knownAnswers are encryptions from RFC 8439 and draft-irtf-cfrg-xchacha-03.
// The block function vectors are encryptions of 64 zero bytes: the
// ciphertext is the serialized block.
var knownAnswers = []struct {
	name       string
	key, nonce string
	counter    uint32
	plaintext  string // text, or 64 zero bytes if empty
	ciphertext string
}{
	{
		name:    "RFC 8439 2.3.2 block function",
		key:     keySeq,
		nonce:   "000000090000004a00000000",
		counter: 1,
		ciphertext: "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e" +
			"d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e",
	},
	{
		name:      "RFC 8439 2.4.2 encryption",
		key:       keySeq,
		nonce:     "000000000000004a00000000",
		counter:   1,
		plaintext: sunshine,
		ciphertext: "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b" +
			"f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8" +
			"07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736" +
			"5af90bbf74a35be6b40b8eedf2785e42874d",
	},
	{
		name: "RFC 8439 A.1 #1", key: keyZero, nonce: nonce0, counter: 0,
		ciphertext: "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7" +
			"da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586",
	},
	{
		name: "RFC 8439 A.1 #2", key: keyZero, nonce: nonce0, counter: 1,
		ciphertext: "9f07e7be5551387a98ba977c732d080dcb0f29a048e3656912c6533e32ee7aed" +
			"29b721769ce64e43d57133b074d839d531ed1f28510afb45ace10a1f4b794d6f",
	},
	{
		name: "RFC 8439 A.1 #3", key: keyOne, nonce: nonce0, counter: 1,
		ciphertext: "3aeb5224ecf849929b9d828db1ced4dd832025e8018b8160b82284f3c949aa5a" +
			"8eca00bbb4a73bdad192b5c42f73f2fd4e273644c8b36125a64addeb006c13a0",
	},
	{
		name: "RFC 8439 A.1 #4", key: "00ff" + keyZero[4:], nonce: nonce0, counter: 2,
		ciphertext: "72d54dfbf12ec44b362692df94137f328fea8da73990265ec1bbbea1ae9af0ca" +
			"13b25aa26cb4a648cb9b9d1be65b2c0924a66c54d545ec1b7374f4872e99f096",
	},
	{
		name: "RFC 8439 A.1 #5", key: keyZero, nonce: nonce2, counter: 0,
		ciphertext: "c2c64d378cd536374ae204b9ef933fcd1a8b2288b3dfa49672ab765b54ee27c7" +
			"8a970e0e955c14f3a88e741b97c286f75f8fc299e8148362fa198a39531bed6d",
	},
	// A.2 #1 encrypts 64 zero bytes with the inputs of A.1 #1, and gives the
	// same result.
	{
		name: "RFC 8439 A.2 #1", key: keyZero, nonce: nonce0, counter: 0,
		ciphertext: "76b8e0ada0f13d90405d6ae55386bd28bdd219b8a08ded1aa836efcc8b770dc7" +
			"da41597c5157488d7724e03fb8d84a376a43b8f41518a11cc387b669b2ee6586",
	},
	{
		name: "RFC 8439 A.2 #2", key: keyOne, nonce: nonce2, counter: 1, plaintext: ietf,
		ciphertext: "a3fbf07df3fa2fde4f376ca23e82737041605d9f4f4f57bd8cff2c1d4b7955ec" +
			"2a97948bd3722915c8f3d337f7d370050e9e96d647b7c39f56e031ca5eb6250d" +
			"4042e02785ececfa4b4bb5e8ead0440e20b6e8db09d881a7c6132f420e527950" +
			"42bdfa7773d8a9051447b3291ce1411c680465552aa6c405b7764d5e87bea85a" +
			"d00f8449ed8f72d0d662ab052691ca66424bc86d2df80ea41f43abf937d3259d" +
			"c4b2d0dfb48a6c9139ddd7f76966e928e635553ba76c5c879d7b35d49eb2e62b" +
			"0871cdac638939e25e8a1e0ef9d5280fa8ca328b351c3c765989cbcf3daa8b6c" +
			"cc3aaf9f3979c92b3720fc88dc95ed84a1be059c6499b9fda236e7e818b04b0b" +
			"c39c1e876b193bfe5569753f88128cc08aaa9b63d1a16f80ef2554d7189c411f" +
			"5869ca52c5b83fa36ff216b9c1d30062bebcfd2dc5bce0911934fda79a86f6e6" +
			"98ced759c3ff9b6477338f3da4f9cd8514ea9982ccafb341b2384dd902f3d1ab" +
			"7ac61dd29c6f21ba5b862f3730e37cfdc4fd806c22f221",
	},
	{
		name: "RFC 8439 A.2 #3", key: keyJabb, nonce: nonce2, counter: 42, plaintext: jabberwock,
		ciphertext: "62e6347f95ed87a45ffae7426f27a1df5fb69110044c0d73118effa95b01e5cf" +
			"166d3df2d721caf9b21e5fb14c616871fd84c54f9d65b283196c7fe4f60553eb" +
			"f39c6402c42234e32a356b3e764312a61a5532055716ead6962568f87d3f3f77" +
			"04c6a8d1bcd1bf4d50d6154b6da731b187b58dfd728afa36757a797ac188d1",
	},
	{
		name: "draft-irtf-cfrg-xchacha-03 A.3.2.1 XChaCha20, counter 0", key: keyX,
		nonce: "404142434445464748494a4b4c4d4e4f5051525354555658", counter: 0, plaintext: dhole,
		ciphertext: "4559abba4e48c16102e8bb2c05e6947f50a786de162f9b0b7e592a9b53d0d4e9" +
			"8d8d6410d540a1a6375b26d80dace4fab52384c731acbf16a5923c0c48d3575d" +
			"4d0d2c673b666faa731061277701093a6bf7a158a8864292a41c48e3a9b4c0da" +
			"ece0f8d98d0d7e05b37a307bbb66333164ec9e1b24ea0d6c3ffddcec4f68e744" +
			"3056193a03c810e11344ca06d8ed8a2bfb1e8d48cfa6bc0eb4e2464b74814240" +
			"7c9f431aee769960e15ba8b96890466ef2457599852385c661f752ce20f9da0c" +
			"09ab6b19df74e76a95967446f8d0fd415e7bee2a12a114c20eb5292ae7a349ae" +
			"577820d5520a1f3fb62a17ce6a7e68fa7c79111d8860920bc048ef43fe84486c" +
			"cb87c25f0ae045f0cce1e7989a9aa220a28bdd4827e751a24a6d5c62d790a663" +
			"93b93111c1a55dd7421a10184974c7c5",
	},
	{
		name: "draft-irtf-cfrg-xchacha-03 A.3.2.2 XChaCha20, counter 1", key: keyX,
		nonce: "404142434445464748494a4b4c4d4e4f5051525354555658", counter: 1, plaintext: dhole,
		ciphertext: "7d0a2e6b7f7c65a236542630294e063b7ab9b555a5d5149aa21e4ae1e4fbce87" +
			"ecc8e08a8b5e350abe622b2ffa617b202cfad72032a3037e76ffdcdc4376ee05" +
			"3a190d7e46ca1de04144850381b9cb29f051915386b8a710b8ac4d027b8b050f" +
			"7cba5854e028d564e453b8a968824173fc16488b8970cac828f11ae53cabd201" +
			"12f87107df24ee6183d2274fe4c8b1485534ef2c5fbc1ec24bfc3663efaa08bc" +
			"047d29d25043532db8391a8a3d776bf4372a6955827ccb0cdd4af403a7ce4c63" +
			"d595c75a43e045f0cce1f29c8b93bd65afc5974922f214a40b7c402cdb91ae73" +
			"c0b63615cdad0480680f16515a7ace9d39236464328a37743ffc28f4ddb324f4" +
			"d0f5bbdc270c65b1749a6efff1fbaa09536175ccd29fb9e6057b307320d31683" +
			"8a9c71f70b5b5907a66f7ea49aadc409",
	},
}

func TestKnownAnswers(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, tc := range knownAnswers {
			pt := []byte(tc.plaintext)
			if tc.plaintext == "" {
				pt = make([]byte, 64)
			}
			want := unhex(tc.ciphertext)
			if len(want) != len(pt) {
				t.Fatalf("%s: the vector's ciphertext has %d bytes, its plaintext %d", tc.name, len(want), len(pt))
			}

			// At once.
			c, err := NewUnauthenticatedCipher(unhex(tc.key), unhex(tc.nonce))
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			c.SetCounter(tc.counter)
			got := make([]byte, len(pt))
			c.XORKeyStream(got, pt)
			if !bytes.Equal(got, want) {
				t.Errorf("%s: got\n%x\nwant\n%x", tc.name, got, want)
			}

			// Decryption in place, in pieces of 1, 2, 3, ... bytes.
			c, _ = NewUnauthenticatedCipher(unhex(tc.key), unhex(tc.nonce))
			c.SetCounter(tc.counter)
			for i, k := 0, 1; i < len(got); i, k = i+k, k+1 {
				piece := got[i:min(i+k, len(got))]
				c.XORKeyStream(piece, piece)
			}
			if !bytes.Equal(got, pt) {
				t.Errorf("%s: decrypting in place in growing pieces gives %q", tc.name, got)
			}
		}
	})
}

// TestBlockState checks the state set up for the block function vector of
// RFC 8439, Section 2.3.2, and that blocks leaves all but the counter
// alone.
func TestBlockState(t *testing.T) {
	c, err := NewUnauthenticatedCipher(unhex(keySeq), unhex("000000090000004a00000000"))
	if err != nil {
		t.Fatal(err)
	}
	c.SetCounter(1)
	want := [16]uint32{
		0x61707865, 0x3320646e, 0x79622d32, 0x6b206574,
		0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c,
		0x13121110, 0x17161514, 0x1b1a1918, 0x1f1e1d1c,
		0x00000001, 0x09000000, 0x4a000000, 0x00000000,
	}
	if c.state != want {
		t.Fatalf("state with the key set up:\n got %08x\nwant %08x", c.state, want)
	}
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		for _, n := range []int{0, 1, 2, 3, 4, 5, 8, 9, 17} {
			s := want
			buf := make([]byte, n*blockSize)
			blocks(&s, buf, buf)
			w := want
			w[12] += uint32(n)
			if s != w {
				t.Errorf("after %d blocks the state is %08x, want %08x", n, s, w)
			}
		}
	})
}

// TestBlockSplit checks that blocks computes several blocks in one call as
// it does one at a time, with dst and src apart and the same.
func TestBlockSplit(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		c, _ := NewUnauthenticatedCipher(unhex(keyJabb), unhex(nonce2))
		src := make([]byte, 40*blockSize)
		for i := range src {
			src[i] = byte(i*7 + 3)
		}
		for nb := 0; nb <= 40; nb++ {
			all, one := c.state, c.state
			all[12], one[12] = 0xfffffff0, 0xfffffff0
			want := make([]byte, nb*blockSize)
			for i := range nb {
				blocks(&one, want[i*blockSize:], src[i*blockSize:(i+1)*blockSize])
			}
			got := make([]byte, nb*blockSize)
			blocks(&all, got, src[:nb*blockSize])
			if all != one || !bytes.Equal(got, want) {
				t.Fatalf("%d blocks in one call differ from one block at a time", nb)
			}
			inPlace := bytes.Clone(src[:nb*blockSize])
			s := c.state
			s[12] = 0xfffffff0
			blocks(&s, inPlace, inPlace)
			if !bytes.Equal(inPlace, want) {
				t.Fatalf("%d blocks in place differ", nb)
			}
		}
	})
}

func TestHChaCha20(t *testing.T) {
	// draft-irtf-cfrg-xchacha-03, Section 2.2.1.
	key := unhex(keySeq)
	nonce := unhex("000000090000004a0000000031415927")
	want := unhex("82413b42 27b27bfe d30e4250 8a877d73 a0f9e4d5 8a74a853 c12ec413 26d3ecdc")
	got, err := HChaCha20(key, nonce)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("HChaCha20: got %x, want %x", got, want)
	}
	for _, tc := range []struct {
		key, nonce int
		err        string
	}{
		{31, 16, "chacha20: wrong HChaCha20 key size"},
		{33, 16, "chacha20: wrong HChaCha20 key size"},
		{32, 12, "chacha20: wrong HChaCha20 nonce size"},
		{32, 24, "chacha20: wrong HChaCha20 nonce size"},
	} {
		out, err := HChaCha20(make([]byte, tc.key), make([]byte, tc.nonce))
		if err == nil || err.Error() != tc.err || out != nil {
			t.Errorf("HChaCha20 with a %d-byte key and a %d-byte nonce: %x, %v; want nil, %q", tc.key, tc.nonce, out, err, tc.err)
		}
	}
}

func TestNewErrors(t *testing.T) {
	for _, tc := range []struct {
		key, nonce int
		err        string
	}{
		{0, 12, "chacha20: wrong key size"},
		{16, 12, "chacha20: wrong key size"},
		{33, 24, "chacha20: wrong key size"},
		{32, 0, "chacha20: wrong nonce size"},
		{32, 8, "chacha20: wrong nonce size"},
		{32, 16, "chacha20: wrong nonce size"},
		{32, 13, "chacha20: wrong nonce size"},
		{32, 25, "chacha20: wrong nonce size"},
	} {
		c, err := NewUnauthenticatedCipher(make([]byte, tc.key), make([]byte, tc.nonce))
		if err == nil || err.Error() != tc.err || c != nil {
			t.Errorf("NewUnauthenticatedCipher with a %d-byte key and a %d-byte nonce: %v, %v; want nil, %q", tc.key, tc.nonce, c, err, tc.err)
		}
	}
}

// TestInputsNotRetained checks that changing the key and nonce after
// NewUnauthenticatedCipher does not change the keystream.
func TestInputsNotRetained(t *testing.T) {
	for _, n := range []int{NonceSize, NonceSizeX} {
		key, nonce := unhex(keyX), bytes.Repeat([]byte{7}, n)
		c1, _ := NewUnauthenticatedCipher(key, nonce)
		c2, _ := NewUnauthenticatedCipher(bytes.Clone(key), bytes.Clone(nonce))
		clear(key)
		clear(nonce)
		a, b := make([]byte, 100), make([]byte, 100)
		c1.XORKeyStream(a, a)
		c2.XORKeyStream(b, b)
		if !bytes.Equal(a, b) {
			t.Errorf("%d-byte nonce: the keystream changed with the caller's key and nonce", n)
		}
	}
}

// mustPanic returns the value f panics with, or fails the test if it does
// not panic.
func mustPanic(t *testing.T, what string, f func()) (v any) {
	t.Helper()
	defer func() {
		v = recover()
		if v == nil {
			t.Errorf("%s did not panic", what)
		}
	}()
	f()
	return nil
}

func TestXORKeyStreamPanics(t *testing.T) {
	c, _ := NewUnauthenticatedCipher(unhex(keyX), make([]byte, NonceSize))
	buf := make([]byte, 200)
	for _, tc := range []struct {
		name     string
		dst, src []byte
		msg      string
	}{
		{"short dst", buf[:99], buf[100:200], "chacha20: output smaller than input"},
		{"dst one byte ahead", buf[1:101], buf[0:100], "chacha20: invalid buffer overlap"},
		{"dst one byte behind", buf[0:100], buf[1:101], "chacha20: invalid buffer overlap"},
		{"dst ends in src", buf[0:100], buf[99:199], "chacha20: invalid buffer overlap"},
		{"long dst overlapping src", buf[0:200], buf[30:80], "chacha20: invalid buffer overlap"},
		{"src inside dst, dst longer", buf[0:200], buf[5:15], "chacha20: invalid buffer overlap"},
	} {
		v := mustPanic(t, tc.name, func() { c.XORKeyStream(tc.dst, tc.src) })
		if s, _ := v.(string); s != tc.msg {
			t.Errorf("%s: panicked with %v, want %q", tc.name, v, tc.msg)
		}
	}

	// Allowed: a longer dst that is not written past len(src), an exact
	// overlap, buffers that touch without overlapping, and empty src even
	// with a nil dst.
	ref, _ := NewUnauthenticatedCipher(unhex(keyX), make([]byte, NonceSize))
	c, _ = NewUnauthenticatedCipher(unhex(keyX), make([]byte, NonceSize))
	dst := bytes.Repeat([]byte{0xa5}, 150)
	c.XORKeyStream(dst, buf[:100])
	want := make([]byte, 100)
	ref.XORKeyStream(want, buf[:100])
	if !bytes.Equal(dst[:100], want) || !bytes.Equal(dst[100:], bytes.Repeat([]byte{0xa5}, 50)) {
		t.Errorf("XORKeyStream into a longer dst: wrong output or wrote past len(src)")
	}
	c.XORKeyStream(nil, nil)
	c.XORKeyStream(nil, []byte{})
	c.XORKeyStream(buf[:50], buf[:50])
	c.XORKeyStream(buf[0:50], buf[50:100])
}

// TestSetCounter checks SetCounter's effect and its refusal to go back.
func TestSetCounter(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		key, nonce := unhex(keyJabb), unhex(nonce2)
		full := make([]byte, 10*blockSize)
		c, _ := NewUnauthenticatedCipher(key, nonce)
		c.XORKeyStream(full, full)

		c, _ = NewUnauthenticatedCipher(key, nonce)
		c.SetCounter(0) // no change
		c.SetCounter(3)
		got := make([]byte, 2*blockSize)
		c.XORKeyStream(got, got)
		if !bytes.Equal(got, full[3*blockSize:5*blockSize]) {
			t.Fatalf("after SetCounter(3), the keystream does not start at block 3")
		}
		c.SetCounter(5) // the next block anyway
		c.XORKeyStream(got[:10], make([]byte, 10))
		if !bytes.Equal(got[:10], full[5*blockSize:5*blockSize+10]) {
			t.Fatalf("after SetCounter(5), the keystream does not start at block 5")
		}
		// Block 5 is begun: the next block is 6, and SetCounter(6)
		// discards the rest of block 5.
		mustPanic(t, "SetCounter(5) in block 5", func() { c.SetCounter(5) })
		mustPanic(t, "SetCounter(0) in block 5", func() { c.SetCounter(0) })
		c.SetCounter(6)
		c.XORKeyStream(got[:3], make([]byte, 3))
		if !bytes.Equal(got[:3], full[6*blockSize:6*blockSize+3]) {
			t.Fatalf("after SetCounter(6) in block 5, the keystream does not start at block 6")
		}
		c.SetCounter(9)
		c.XORKeyStream(got, make([]byte, blockSize))
		if !bytes.Equal(got[:blockSize], full[9*blockSize:]) {
			t.Fatalf("after SetCounter(9), the keystream does not start at block 9")
		}
		// After whole blocks, the next block may be set again.
		c.SetCounter(10)
	})
}

// TestCounterOverflow checks the end of the keystream: the block numbered
// 2³²-1 is the last one, and asking for more panics.
func TestCounterOverflow(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		const last = 1<<32 - 1
		key, nonce := unhex(keyJabb), unhex(nonce2)
		overflow := func(c *Cipher, n int) {
			t.Helper()
			v := mustPanic(t, "XORKeyStream past the last block", func() { c.XORKeyStream(make([]byte, n), make([]byte, n)) })
			if s, _ := v.(string); s != "chacha20: counter overflow" {
				t.Errorf("panicked with %v, want chacha20: counter overflow", v)
			}
		}

		// The last block in one piece, then one more byte.
		c, _ := NewUnauthenticatedCipher(key, nonce)
		c.SetCounter(last)
		c.XORKeyStream(make([]byte, blockSize), make([]byte, blockSize))
		overflow(c, 1)
		mustPanic(t, "SetCounter after the last block", func() { c.SetCounter(last) })
		c.XORKeyStream(nil, nil) // nothing asked, nothing refused

		// The last block in pieces: the leftover keystream is usable.
		c, _ = NewUnauthenticatedCipher(key, nonce)
		c.SetCounter(last)
		c.XORKeyStream(make([]byte, 10), make([]byte, 10))
		c.XORKeyStream(make([]byte, 54), make([]byte, 54))
		overflow(c, 1)

		// More than is left, at once.
		c, _ = NewUnauthenticatedCipher(key, nonce)
		c.SetCounter(last - 1)
		overflow(c, 2*blockSize+1)
		// The failed call computed nothing: the two blocks are still there.
		c.XORKeyStream(make([]byte, 2*blockSize), make([]byte, 2*blockSize))
	})
}

func TestAllocations(t *testing.T) {
	cputest.TestAllImplementations(t, pkg, func(t *testing.T) {
		key, nonce, nonceX := unhex(keyX), make([]byte, NonceSize), make([]byte, NonceSizeX)
		buf := make([]byte, 1000)
		c, _ := NewUnauthenticatedCipher(key, nonce)
		if n := testing.AllocsPerRun(10, func() {
			c.XORKeyStream(buf[:7], buf[:7])
			c.XORKeyStream(buf, buf)
		}); n != 0 {
			t.Errorf("XORKeyStream: %v allocations, want 0", n)
		}
		for _, nc := range [][]byte{nonce, nonceX} {
			if n := testing.AllocsPerRun(10, func() {
				c, _ := NewUnauthenticatedCipher(key, nc)
				c.XORKeyStream(buf, buf)
			}); n != 0 {
				t.Errorf("NewUnauthenticatedCipher with a %d-byte nonce and XORKeyStream on a Cipher that does not escape: %v allocations, want 0", len(nc), n)
			}
		}
		var sub [KeySize]byte
		if n := testing.AllocsPerRun(10, func() {
			k, _ := HChaCha20(key, nonceX[:16])
			copy(sub[:], k)
		}); n != 0 {
			t.Errorf("HChaCha20 with a result that does not escape: %v allocations, want 0", n)
		}
	})
}

// The Cipher is a cipher.Stream.
var _ cipher.Stream = (*Cipher)(nil)
