package rsa

import (
	"bytes"
	"crypto"
	stdrsa "crypto/rsa"
	"testing"
)

// The DER DigestInfo prefixes of RFC 8017, Section 9.2, note 1, written out
// here rather than taken from the package, as the oracle of the tests.
var (
	testPrefixSHA1   = []byte{0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x0e, 0x03, 0x02, 0x1a, 0x05, 0x00, 0x04, 0x14}
	testPrefixSHA256 = []byte{0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20}
)

// encodeEM returns 0x00 0x01 0xff... 0x00 t, k bytes long.
func encodeEM(k int, t []byte) []byte {
	em := bytes.Repeat([]byte{0xff}, k)
	em[0], em[1] = 0x00, 0x01
	em[k-len(t)-1] = 0x00
	copy(em[k-len(t):], t)
	return em
}

// tamperedEncodings returns encoded messages of k bytes that differ from
// the valid EMSA-PKCS1-v1_5 encoding 00 01 FF..FF 00 prefix‖digest in one
// way each: the leading bytes, the padding, the separator, the DigestInfo
// and trailing bytes. The valid one is under the name "valid".
func tamperedEncodings(k int, prefix, digest []byte) map[string][]byte {
	t := append(bytes.Clone(prefix), digest...)
	valid := encodeEM(k, t)
	sep := k - len(t) - 1 // index of the 0x00 separator
	edit := func(f func(em []byte)) []byte {
		em := bytes.Clone(valid)
		f(em)
		return em
	}
	// withT builds 00 01 FF..FF 00 t2 for another DigestInfo t2.
	withT := func(f func(t []byte) []byte) []byte {
		return encodeEM(k, f(bytes.Clone(t)))
	}
	di := func(i int, v byte) []byte { // T with byte i set to v
		return withT(func(t []byte) []byte { t[i] = v; return t })
	}
	oidEnd := 6 + int(prefix[5]) // index after the OID: the NULL's tag
	em := map[string][]byte{
		"valid": valid,

		// The two leading bytes.
		"leading byte 01":  edit(func(em []byte) { em[0] = 0x01 }),
		"block type 02":    edit(func(em []byte) { em[1] = 0x02 }),
		"block type 00":    edit(func(em []byte) { em[1] = 0x00 }),
		"block type 01→FF": edit(func(em []byte) { em[1] = 0xff }),

		// The padding string.
		"first padding byte FE":  edit(func(em []byte) { em[2] = 0xfe }),
		"middle padding byte FE": edit(func(em []byte) { em[sep/2] = 0xfe }),
		"last padding byte FE":   edit(func(em []byte) { em[sep-1] = 0xfe }),
		"padding byte 00":        edit(func(em []byte) { em[sep/2] = 0x00 }),
		"padding byte 01":        edit(func(em []byte) { em[sep/2] = 0x01 }),
		"padding all 00": edit(func(em []byte) {
			for i := 2; i < sep; i++ {
				em[i] = 0x00
			}
		}),

		// The separator.
		"separator missing (FF)": edit(func(em []byte) { em[sep] = 0xff }),
		"separator 01":           edit(func(em []byte) { em[sep] = 0x01 }),
		// One byte earlier: the DigestInfo moves up and a byte follows it.
		"separator one earlier": edit(func(em []byte) {
			copy(em[sep-1:], em[sep:])
			em[k-1] = 0x00
		}),
		// One byte later: the DigestInfo loses its last byte.
		"separator one later": edit(func(em []byte) {
			copy(em[sep+1:], em[sep:k-1])
			em[sep] = 0xff
		}),
		// Right after the block type: no padding at all (and garbage where
		// the DigestInfo was).
		"separator at index 2": edit(func(em []byte) { em[2] = 0x00 }),

		// The DigestInfo.
		"outer SEQUENCE tag":     di(0, 0x31),
		"outer length +1":        di(1, prefix[1]+1),
		"outer length -1":        di(1, prefix[1]-1),
		"AlgorithmIdentifier +1": di(3, prefix[3]+1),
		"OID tag":                di(4, 0x05),
		"OID length -1":          di(5, prefix[5]-1),
		"OID first byte":         di(6, prefix[6]^0x01),
		"OID last byte":          di(oidEnd-1, prefix[oidEnd-1]^0x03),
		"NULL tag":               di(oidEnd, 0x04),
		"NULL length 1":          di(oidEnd+1, 0x01),
		"OCTET STRING tag":       di(oidEnd+2, 0x03),
		"digest length +1":       di(oidEnd+3, prefix[oidEnd+3]+1),
		"digest length -1":       di(oidEnd+3, prefix[oidEnd+3]-1),
		"digest bit":             di(len(t)-1, t[len(t)-1]^0x01),
		"digest first byte":      di(len(prefix), t[len(prefix)]^0x80),
		// AlgorithmIdentifier without the NULL parameters (RFC 8017
		// requires them; some verifiers accepted both).
		"NULL parameters absent": withT(func([]byte) []byte {
			p := append([]byte{0x30, prefix[1] - 2, 0x30, prefix[3] - 2}, prefix[4:oidEnd]...)
			p = append(p, prefix[oidEnd+2:]...)
			return append(p, digest...)
		}),
		// A BER long-form length for the outer SEQUENCE (not DER).
		"outer length long form": withT(func(t []byte) []byte {
			return append([]byte{0x30, 0x81}, t[1:]...)
		}),
		// The DigestInfo of the other hash, with this digest.
		"other hash's OID": withT(func([]byte) []byte {
			other := testPrefixSHA1
			if bytes.Equal(prefix, testPrefixSHA1) {
				other = testPrefixSHA256
			}
			return append(bytes.Clone(other), digest...)
		}),
		// No DigestInfo: the bare digest.
		"no DigestInfo": encodeEM(k, digest),

		// Trailing bytes after the DigestInfo, the padding shortened to
		// keep the length (the shape of Bleichenbacher's 2006 forgery).
		"trailing 00":      withT(func(t []byte) []byte { return append(t, 0x00) }),
		"trailing garbage": withT(func(t []byte) []byte { return append(t, bytes.Repeat([]byte{0x5a}, 32)...) }),
		// The same, with the outer length covering the garbage.
		"garbage inside the SEQUENCE": withT(func(t []byte) []byte {
			t[1] += 8
			return append(t, bytes.Repeat([]byte{0x5a}, 8)...)
		}),
		// The same inside the AlgorithmIdentifier, after the NULL.
		"garbage in the parameters": withT(func(t []byte) []byte {
			out := append([]byte{0x30, t[1] + 4, 0x30, t[3] + 4}, t[4:oidEnd+2]...)
			out = append(out, 0xde, 0xad, 0xbe, 0xef)
			return append(out, t[oidEnd+2:]...)
		}),
	}
	return em
}

// TestVerifyPKCS1v15Tampered signs, with raw RSA and the private key, each
// of tamperedEncodings's messages, and checks that VerifyPKCS1v15 rejects
// every one but the valid encoding (and that crypto/rsa agrees, which checks
// the test's encodings).
func TestVerifyPKCS1v15Tampered(t *testing.T) {
	for _, bits := range []int{1024, 2048} {
		priv, std := testKey(t, bits)
		pub := priv.PublicKey()
		for _, h := range []struct {
			hash   crypto.Hash
			prefix []byte
		}{{crypto.SHA1, testPrefixSHA1}, {crypto.SHA256, testPrefixSHA256}} {
			d := h.hash.New()
			d.Write([]byte("tampered"))
			digest := d.Sum(nil)
			for name, em := range tamperedEncodings(pub.Size(), h.prefix, digest) {
				if len(em) != pub.Size() {
					t.Fatalf("%s: EM of %d bytes", name, len(em))
				}
				// The raw RSA signature of em.
				sig, err := priv.privateOp(nil, em)
				if err != nil {
					t.Fatalf("%d bits, %v, %s: %v", bits, h.hash, name, err)
				}
				err = VerifyPKCS1v15(pub, h.hash, digest, sig)
				stdErr := stdrsa.VerifyPKCS1v15(&std.PublicKey, h.hash, digest, sig)
				if name == "valid" {
					if err != nil || stdErr != nil {
						t.Errorf("%d bits, %v: the valid encoding: %v (crypto/rsa: %v)", bits, h.hash, err, stdErr)
					}
					continue
				}
				if err != ErrVerification {
					t.Errorf("%d bits, %v, %s: Verify returned %v, want ErrVerification", bits, h.hash, name, err)
				}
				if stdErr == nil {
					t.Errorf("%d bits, %v, %s: crypto/rsa accepts it: the test's encoding is not tampered", bits, h.hash, name)
				}
			}
		}
	}
}
