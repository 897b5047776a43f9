package rsa

import (
	"crypto"
	"encoding/binary"
	"fmt"
	"hash"

	"github.com/crypton-go/crypton/hash/sha1"
	"github.com/crypton-go/crypton/hash/sha256"
	"github.com/crypton-go/crypton/hash/sha512"
)

// hashFunc returns the constructor of the hash function h: crypton's own
// for SHA-1 and the SHA-2 family, and the one registered with package
// crypto for any other (SHA-3, for one, once crypto/sha3 is linked in).
func hashFunc(h crypto.Hash) (func() hash.Hash, error) {
	switch h {
	case crypto.SHA1:
		return sha1.New, nil
	case crypto.SHA224:
		return sha256.New224, nil
	case crypto.SHA256:
		return sha256.New, nil
	case crypto.SHA384:
		return sha512.New384, nil
	case crypto.SHA512:
		return sha512.New, nil
	case crypto.SHA512_224:
		return sha512.New512_224, nil
	case crypto.SHA512_256:
		return sha512.New512_256, nil
	case 0:
		return nil, fmt.Errorf("rsa: no hash function given")
	}
	if !h.Available() {
		return nil, fmt.Errorf("rsa: hash function %v is not available (is its package linked in?)", h)
	}
	return h.New, nil
}

// digestInfoPrefixes maps each hash function that PKCS #1 v1.5 signatures
// support to the DER encoding of the DigestInfo (RFC 8017, Section 9.2)
// that precedes a digest: SEQUENCE { SEQUENCE { OID, NULL }, OCTET STRING
// header }.
var digestInfoPrefixes = map[crypto.Hash][]byte{
	// id-sha1, 1.3.14.3.2.26
	crypto.SHA1: digestInfoPrefix([]byte{0x2b, 0x0e, 0x03, 0x02, 0x1a}, 20),
	// The NIST hash algorithms, 2.16.840.1.101.3.4.2.x.
	crypto.SHA256:     digestInfoPrefix(nistHashOID(1), 32),
	crypto.SHA384:     digestInfoPrefix(nistHashOID(2), 48),
	crypto.SHA512:     digestInfoPrefix(nistHashOID(3), 64),
	crypto.SHA224:     digestInfoPrefix(nistHashOID(4), 28),
	crypto.SHA512_224: digestInfoPrefix(nistHashOID(5), 28),
	crypto.SHA512_256: digestInfoPrefix(nistHashOID(6), 32),
	crypto.SHA3_224:   digestInfoPrefix(nistHashOID(7), 28),
	crypto.SHA3_256:   digestInfoPrefix(nistHashOID(8), 32),
	crypto.SHA3_384:   digestInfoPrefix(nistHashOID(9), 48),
	crypto.SHA3_512:   digestInfoPrefix(nistHashOID(10), 64),
}

// nistHashOID returns the encoded object identifier 2.16.840.1.101.3.4.2.arc.
func nistHashOID(arc byte) []byte {
	return []byte{0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, arc}
}

// digestInfoPrefix returns the DER DigestInfo header for a digest of size
// bytes made with the hash whose encoded OID is oid (parameters NULL).
// Every length is below 128, so each fits the one-byte short form.
func digestInfoPrefix(oid []byte, size int) []byte {
	algID := append([]byte{0x06, byte(len(oid))}, oid...)
	algID = append(algID, 0x05, 0x00) // NULL parameters
	algID = append([]byte{0x30, byte(len(algID))}, algID...)
	total := len(algID) + 2 + size
	prefix := append([]byte{0x30, byte(total)}, algID...)
	return append(prefix, 0x04, byte(size))
}

// mgf1XOR XORs into out the mask MGF1(seed, len(out)) of RFC 8017, Appendix
// B.2.1, made with h: the concatenation of h(seed || counter) for the
// 4-byte big-endian counters 0, 1, 2, .... h is reset first. Its time
// depends only on the lengths.
func mgf1XOR(out []byte, h hash.Hash, seed []byte) {
	var counter [4]byte
	digest := make([]byte, 0, h.Size())
	for i := uint32(0); len(out) > 0; i++ {
		binary.BigEndian.PutUint32(counter[:], i)
		h.Reset()
		h.Write(seed)
		h.Write(counter[:])
		digest = h.Sum(digest[:0])
		n := min(len(out), len(digest))
		for j := range n {
			out[j] ^= digest[j]
		}
		out = out[n:]
	}
}
