package ecdsa_test

import (
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"net"
	"testing"
	"time"

	"github.com/crypton-go/crypton/ecc/ecdsa"
)

// TestTLS runs TLS 1.3 and TLS 1.2 handshakes over net.Pipe in which a key
// of this package, on each curve, signs the server's self-signed
// certificate (x509.CreateCertificate, which checks the signature) and the
// handshake, and the client checks both with crypto/ecdsa.
func TestTLS(t *testing.T) {
	forEachCurve(t, func(t *testing.T, tc testCurve) {
		priv, err := ecdsa.GenerateKey(tc.c, rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		template := &x509.Certificate{
			SerialNumber: big.NewInt(42),
			Subject:      pkix.Name{CommonName: "crypton.test"},
			DNSNames:     []string{"crypton.test"},
			NotBefore:    time.Now().Add(-time.Hour),
			NotAfter:     time.Now().Add(time.Hour),
			KeyUsage:     x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
			ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
			IsCA:         true,

			BasicConstraintsValid: true,
		}
		certDER, err := x509.CreateCertificate(rand.Reader, template, template, priv.Public(), priv)
		if err != nil {
			t.Fatal(err)
		}
		cert, err := x509.ParseCertificate(certDER)
		if err != nil {
			t.Fatal(err)
		}
		if err := cert.CheckSignatureFrom(cert); err != nil {
			t.Fatal(err)
		}
		roots := x509.NewCertPool()
		roots.AddCert(cert)
		for _, version := range []uint16{tls.VersionTLS13, tls.VersionTLS12} {
			sc, cc := net.Pipe()
			server := tls.Server(sc, &tls.Config{
				Certificates: []tls.Certificate{{Certificate: [][]byte{certDER}, PrivateKey: priv}},
				MinVersion:   version, MaxVersion: version,
				// No session tickets: nobody would read them from the pipe.
				SessionTicketsDisabled: true,
			})
			client := tls.Client(cc, &tls.Config{RootCAs: roots, ServerName: "crypton.test",
				MinVersion: version, MaxVersion: version})
			done := make(chan error, 1)
			go func() { done <- server.Handshake() }()
			if err := client.Handshake(); err != nil {
				t.Fatalf("TLS %x: client: %v", version, err)
			}
			if err := <-done; err != nil {
				t.Fatalf("TLS %x: server: %v", version, err)
			}
			if got := client.ConnectionState().Version; got != version {
				t.Errorf("negotiated %x, want %x", got, version)
			}
			sc.Close()
			cc.Close()
		}
	})
}
