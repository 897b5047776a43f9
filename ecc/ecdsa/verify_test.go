package ecdsa

import (
	"bytes"
	"crypto"
	"crypto/sha256"
	"sync"
	"testing"
)

// TestVerifyTableCache checks the table of multiples that a public key
// keeps from its first verification: verifications in parallel on a fresh
// key (for the race detector), each accepting the right signature and
// rejecting a wrong one, and a second key of the same curve that does not
// see the first key's table.
func TestVerifyTableCache(t *testing.T) {
	for _, c := range []Curve{P256(), P384(), P521()} {
		t.Run(c.String(), func(t *testing.T) {
			keys := make([]*PrivateKey, 2)
			for i := range keys {
				d := bytes.Repeat([]byte{byte(0x31 + i)}, c.scalarSize())
				d[0] = 0x01
				var err error
				if keys[i], err = NewPrivateKey(c, d); err != nil {
					t.Fatal(err)
				}
			}
			digest := sha256.Sum256([]byte("table"))
			sigs := make([][]byte, 2)
			for i, k := range keys {
				var err error
				if sigs[i], err = k.SignRaw(nil, digest[:], crypto.SHA256); err != nil {
					t.Fatal(err)
				}
			}
			// Fresh public keys, with no table yet.
			pubs := make([]*PublicKey, 2)
			for i, k := range keys {
				var err error
				if pubs[i], err = NewPublicKey(c, k.PublicKey().Bytes()); err != nil {
					t.Fatal(err)
				}
			}
			var wg sync.WaitGroup
			for g := range 8 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					i := g % 2
					if !VerifyRaw(pubs[i], digest[:], sigs[i]) {
						t.Errorf("key %d: signature rejected", i)
					}
					if VerifyRaw(pubs[i], digest[:], sigs[1-i]) {
						t.Errorf("key %d: the other key's signature accepted", i)
					}
				}()
			}
			wg.Wait()
			for i := range pubs {
				if pubs[i].table.Load() == nil {
					t.Errorf("key %d: no table kept", i)
				}
				if !VerifyRaw(pubs[i], digest[:], sigs[i]) || VerifyRaw(pubs[i], digest[:], sigs[1-i]) {
					t.Errorf("key %d: wrong verdict with the kept table", i)
				}
			}
		})
	}
}
