package rsa

import (
	"crypto"
	"crypto/rsa"
	"errors"
	"io"
)

// Sign signs digest with priv, implementing crypto.Signer.
//
// If opts is a *PSSOptions, or the standard library's *rsa.PSSOptions
// (which crypto/tls passes), Sign makes an RSASSA-PSS signature as SignPSS
// does, with the hash opts.HashFunc(). Otherwise it makes an
// RSASSA-PKCS1-v1_5 signature as SignPKCS1v15 does, with the hash
// opts.HashFunc().
//
// random supplies the blinding of the private-key operation and, for PSS,
// the salt; nil means crypto/rand.Reader.
func (priv *PrivateKey) Sign(random io.Reader, digest []byte, opts crypto.SignerOpts) ([]byte, error) {
	switch o := opts.(type) {
	case *PSSOptions:
		if o == nil {
			return nil, errors.New("rsa: nil PSS options")
		}
		return SignPSS(random, priv, o.Hash, digest, o)
	case *rsa.PSSOptions:
		if o == nil {
			return nil, errors.New("rsa: nil PSS options")
		}
		po, err := fromStdlibPSSOptions(o)
		if err != nil {
			return nil, err
		}
		return SignPSS(random, priv, po.Hash, digest, po)
	case nil:
		return nil, errors.New("rsa: Sign needs options that name the hash function")
	}
	return signPKCS1v15(random, priv, opts.HashFunc(), digest)
}

// Decrypt decrypts an RSAES-OAEP ciphertext with priv, implementing
// crypto.Decrypter. opts must be a *OAEPOptions or the standard library's
// *rsa.OAEPOptions, and Decrypt then works as DecryptOAEP. Any other opts,
// nil and *rsa.PKCS1v15DecryptOptions among them, is an error: this package
// does not implement PKCS #1 v1.5 encryption.
//
// random supplies the blinding of the private-key operation; nil means
// crypto/rand.Reader.
func (priv *PrivateKey) Decrypt(random io.Reader, ciphertext []byte, opts crypto.DecrypterOpts) ([]byte, error) {
	switch o := opts.(type) {
	case *OAEPOptions:
		if o != nil {
			return decryptOAEP(random, priv, ciphertext, o)
		}
	case *rsa.OAEPOptions:
		if o != nil {
			return decryptOAEP(random, priv, ciphertext, &OAEPOptions{Hash: o.Hash, MGFHash: o.MGFHash, Label: o.Label})
		}
	case *rsa.PKCS1v15DecryptOptions:
		return nil, errors.New("rsa: PKCS #1 v1.5 decryption is not supported (only OAEP)")
	}
	return nil, errors.New("rsa: Decrypt needs *OAEPOptions (only OAEP decryption is supported)")
}

var (
	_ crypto.Signer     = (*PrivateKey)(nil)
	_ crypto.Decrypter  = (*PrivateKey)(nil)
	_ crypto.SignerOpts = (*PSSOptions)(nil)
)
