package ecdsa_test

import (
	"crypto"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"fmt"
	"math/big"
	"net"
	"time"

	"github.com/crypton-go/crypton/ecc/ecdsa"
)

func ExampleGenerateKey() {
	priv, err := ecdsa.GenerateKey(ecdsa.P256(), rand.Reader)
	if err != nil {
		panic(err)
	}
	digest := sha256.Sum256([]byte("hello, world"))

	// A hedged signature: random bytes are mixed into RFC 6979.
	sig, err := priv.Sign(rand.Reader, digest[:], crypto.SHA256)
	if err != nil {
		panic(err)
	}
	fmt.Println(ecdsa.VerifyASN1(priv.PublicKey(), digest[:], sig))
	// Output: true
}

// A deterministic signature (nil rand) is a function of the key and the
// digest alone: here, the P-256 SHA-256 signature of "sample" of RFC 6979,
// Appendix A.2.5, in the IEEE P1363 encoding of JOSE and WebCrypto.
func ExamplePrivateKey_SignRaw() {
	d, _ := hex.DecodeString("c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721")
	priv, err := ecdsa.NewPrivateKey(ecdsa.P256(), d)
	if err != nil {
		panic(err)
	}
	digest := sha256.Sum256([]byte("sample"))
	sig, err := priv.SignRaw(nil, digest[:], crypto.SHA256)
	if err != nil {
		panic(err)
	}
	fmt.Printf("r = %x\ns = %x\n", sig[:32], sig[32:])
	fmt.Println(ecdsa.VerifyRaw(priv.PublicKey(), digest[:], sig))
	// Output:
	// r = efd48b2aacb6a8fd1140dd9cd45e81d69d2c877b56aaf991c34d0ea84eaf3716
	// s = f7cb1c942d657c41d436c7a1b6e29f65f3e900dbb9aff4064dc4ab2f843acda8
	// true
}

func ExampleNewPublicKey() {
	d, _ := hex.DecodeString("c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721")
	priv, err := ecdsa.NewPrivateKey(ecdsa.P256(), d)
	if err != nil {
		panic(err)
	}
	compressed := priv.PublicKey().BytesCompressed()
	fmt.Printf("%x\n", compressed)

	pub, err := ecdsa.NewPublicKey(ecdsa.P256(), compressed)
	if err != nil {
		panic(err)
	}
	fmt.Println(pub.Equal(priv.PublicKey()))
	fmt.Printf("%x\n", pub.Bytes()[:1])
	// Output:
	// 0360fed4ba255a9d31c961eb74c6356d68c049b8923b61fa6ce669622e60f29fb6
	// true
	// 04
}

// A *PrivateKey is a crypto.Signer whose Public method returns a
// *crypto/ecdsa.PublicKey, so it signs X.509 certificates and TLS
// handshakes. Here it signs a self-signed certificate, and then the
// CertificateVerify of a TLS 1.3 handshake over an in-memory connection.
func Example_tls() {
	priv, err := ecdsa.GenerateKey(ecdsa.P256(), rand.Reader)
	if err != nil {
		panic(err)
	}
	template := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "crypton.example"},
		DNSNames:     []string{"crypton.example"},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IsCA:         true,

		BasicConstraintsValid: true,
	}
	certDER, err := x509.CreateCertificate(rand.Reader, template, template, priv.Public(), priv)
	if err != nil {
		panic(err)
	}
	cert, err := x509.ParseCertificate(certDER)
	if err != nil {
		panic(err)
	}
	roots := x509.NewCertPool()
	roots.AddCert(cert)

	serverConn, clientConn := net.Pipe()
	server := tls.Server(serverConn, &tls.Config{
		Certificates: []tls.Certificate{{Certificate: [][]byte{certDER}, PrivateKey: priv}},
		MinVersion:   tls.VersionTLS13,
		// No session tickets: the client would have to read them.
		SessionTicketsDisabled: true,
	})
	client := tls.Client(clientConn, &tls.Config{
		RootCAs:    roots,
		ServerName: "crypton.example",
		MinVersion: tls.VersionTLS13,
	})
	done := make(chan error, 1)
	go func() {
		done <- server.Handshake()
	}()
	if err := client.Handshake(); err != nil {
		panic(err)
	}
	if err := <-done; err != nil {
		panic(err)
	}
	state := client.ConnectionState()
	fmt.Println(state.Version == tls.VersionTLS13, state.PeerCertificates[0].Subject.CommonName)
	serverConn.Close()
	clientConn.Close()
	// Output: true crypton.example
}
