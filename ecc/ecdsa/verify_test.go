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

// TestVerifyCopiedKey checks that a PublicKey copied by value while another
// goroutine verifies with it for the first time is not a data race (run
// with -race): the copies share the kept table through a pointer, and a
// copy verifies like the original.
func TestVerifyCopiedKey(t *testing.T) {
	c := P256()
	d := bytes.Repeat([]byte{0x42}, c.scalarSize())
	k, err := NewPrivateKey(c, d)
	if err != nil {
		t.Fatal(err)
	}
	digest := sha256.Sum256([]byte("copy"))
	sig, err := k.Sign(nil, digest[:], crypto.SHA256)
	if err != nil {
		t.Fatal(err)
	}
	pub, err := NewPublicKey(c, k.PublicKey().Bytes())
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			key := pub
			if g%2 == 1 {
				cp := *pub
				key = &cp
			}
			if !VerifyASN1(key, digest[:], sig) {
				t.Errorf("goroutine %d: signature rejected", g)
			}
		}()
	}
	wg.Wait()
	cp := *pub
	if cp.table != pub.table || cp.table.Load() == nil {
		t.Error("a copy does not share the kept table")
	}
}

// TestVerifyZeroKey checks that the zero PublicKey verifies nothing and
// does not panic.
func TestVerifyZeroKey(t *testing.T) {
	var pub PublicKey
	digest := sha256.Sum256([]byte("zero"))
	if VerifyASN1(&pub, digest[:], []byte{0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01}) {
		t.Error("VerifyASN1 accepted with a zero key")
	}
	if VerifyRaw(&pub, digest[:], make([]byte, 64)) {
		t.Error("VerifyRaw accepted with a zero key")
	}
}
