package rsa

import (
	stdrsa "crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"os"
	"sync"
	"testing"
)

// testKeySizes are the sizes of the keys in testdata.
var testKeySizes = []int{1024, 2048, 3072, 4096}

type testKeyPair struct {
	priv *PrivateKey
	std  *stdrsa.PrivateKey
}

var testKeys sync.Map // bits -> *testKeyPair

// testKey returns the fixed test key of the given size from testdata, as a
// crypton key and as the standard library's, parsed once per process.
func testKey(tb testing.TB, bits int) (*PrivateKey, *stdrsa.PrivateKey) {
	tb.Helper()
	if v, ok := testKeys.Load(bits); ok {
		k := v.(*testKeyPair)
		return k.priv, k.std
	}
	data, err := os.ReadFile(fmt.Sprintf("testdata/key%d.pem", bits))
	if err != nil {
		tb.Fatal(err)
	}
	block, _ := pem.Decode(data)
	if block == nil {
		tb.Fatalf("testdata/key%d.pem: no PEM block", bits)
	}
	parsed, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		tb.Fatal(err)
	}
	std := parsed.(*stdrsa.PrivateKey)
	priv, err := FromStdlibPrivateKey(std)
	if err != nil {
		tb.Fatalf("key%d: %v", bits, err)
	}
	v, _ := testKeys.LoadOrStore(bits, &testKeyPair{priv: priv, std: std})
	k := v.(*testKeyPair)
	return k.priv, k.std
}
