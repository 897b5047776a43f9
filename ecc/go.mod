module github.com/crypton-go/crypton/ecc

go 1.25.0

require (
	github.com/cloudflare/circl v1.6.5
	github.com/crypton-go/crypton/cpufeat v0.4.0
	github.com/crypton-go/crypton/hash v0.2.0
	github.com/crypton-go/crypton/internal v0.3.0
	github.com/crypton-go/crypton/mont v0.6.2
	golang.org/x/crypto v0.55.0
)

require golang.org/x/sys v0.47.0 // indirect
