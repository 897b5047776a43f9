module github.com/crypton-go/crypton/tools

go 1.26.0

require (
	github.com/cloudflare/circl v1.6.5
	github.com/crypton-go/crypton/aead v0.5.2
	github.com/crypton-go/crypton/cpufeat v0.4.0
	github.com/crypton-go/crypton/hash v0.3.0
	github.com/crypton-go/crypton/rsa v0.2.3
	golang.org/x/crypto v0.55.0
)

require github.com/crypton-go/crypton/internal v0.5.0 // indirect

require (
	github.com/crypton-go/crypton/ecc v0.4.3
	github.com/crypton-go/crypton/mont v0.6.3 // indirect
	github.com/crypton-go/crypton/pq v0.2.0
	github.com/spf13/pflag v1.1.0
	golang.org/x/mod v0.33.0 // indirect
	golang.org/x/sync v0.19.0 // indirect
	golang.org/x/sys v0.47.0 // indirect
	golang.org/x/tools v0.42.0
)
