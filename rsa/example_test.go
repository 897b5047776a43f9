package rsa_test

import (
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"fmt"
	"log"
	"math/big"
	"net"
	"time"

	"github.com/crypton-go/crypton/rsa"
)

// A crypton key signs an X.509 certificate and serves TLS: *rsa.PrivateKey
// is a crypto.Signer whose Public method returns the standard library's
// *rsa.PublicKey, so crypto/x509 and crypto/tls take it as it is. TLS 1.3
// signs the handshake with RSA-PSS; TLS 1.2 with ECDHE-RSA key exchange.
func Example_tls() {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		log.Fatal(err)
	}

	// A self-signed certificate, signed by the crypton key (PKCS #1 v1.5
	// with SHA-256). CreateCertificate checks the signature it made.
	template := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "crypton.example"},
		DNSNames:              []string{"crypton.example"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, template, template, key.Public(), key)
	if err != nil {
		log.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		log.Fatal(err)
	}
	roots := x509.NewCertPool()
	roots.AddCert(cert)

	serverConfig := &tls.Config{
		Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}},
	}
	for _, c := range []struct {
		name  string
		extra func(*tls.Config)
	}{
		{"TLS 1.3", func(c *tls.Config) { c.MinVersion = tls.VersionTLS13 }},
		{"TLS 1.2 ECDHE-RSA", func(c *tls.Config) {
			c.MaxVersion = tls.VersionTLS12
			c.CipherSuites = []uint16{tls.TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256}
		}},
	} {
		clientConfig := &tls.Config{RootCAs: roots, ServerName: "crypton.example"}
		c.extra(clientConfig)
		state, err := handshake(serverConfig, clientConfig)
		if err != nil {
			fmt.Printf("%s: handshake failed: %v\n", c.name, err)
			continue
		}
		// The TLS 1.3 cipher suite depends on the machine's AES support,
		// so only the version is printed.
		fmt.Printf("%s: handshake succeeded with %s\n", c.name, tls.VersionName(state.Version))
	}
	// Output:
	// TLS 1.3: handshake succeeded with TLS 1.3
	// TLS 1.2 ECDHE-RSA: handshake succeeded with TLS 1.2
}

// handshake runs a TLS handshake over an in-memory connection and returns
// the client's view of it.
func handshake(serverConfig, clientConfig *tls.Config) (tls.ConnectionState, error) {
	c1, c2 := net.Pipe()
	defer c1.Close()
	defer c2.Close()
	serverErr := make(chan error, 1)
	go func() {
		server := tls.Server(c1, serverConfig)
		err := server.Handshake()
		if err == nil {
			// Read the client's message, so that both sides finish.
			buf := make([]byte, 5)
			_, err = server.Read(buf)
		}
		serverErr <- err
	}()
	client := tls.Client(c2, clientConfig)
	if err := client.Handshake(); err != nil {
		return tls.ConnectionState{}, err
	}
	if _, err := client.Write([]byte("hello")); err != nil {
		return tls.ConnectionState{}, err
	}
	if err := <-serverErr; err != nil {
		return tls.ConnectionState{}, fmt.Errorf("server: %w", err)
	}
	return client.ConnectionState(), nil
}
