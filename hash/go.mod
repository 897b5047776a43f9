module github.com/crypton-go/crypton/hash

go 1.25.0

require (
	github.com/crypton-go/crypton/cpufeat v0.4.0
	github.com/crypton-go/crypton/internal v0.2.0
)

require (
	github.com/crypton-go/crypton/aead v0.3.0
	golang.org/x/crypto v0.55.0
	golang.org/x/sys v0.47.0 // indirect
)
