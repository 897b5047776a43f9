module github.com/crypton-go/crypton/aead

go 1.25.0

require (
	github.com/crypton-go/crypton/cpufeat v0.5.0
	github.com/crypton-go/crypton/internal v0.3.0
	golang.org/x/crypto v0.55.0
)

require golang.org/x/sys v0.47.0 // indirect
