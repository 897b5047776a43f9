module github.com/crypton-go/crypton/rsa

go 1.25.0

require (
	github.com/crypton-go/crypton/cpufeat v0.4.0
	github.com/crypton-go/crypton/hash v0.1.0
	github.com/crypton-go/crypton/internal v0.4.0
	github.com/crypton-go/crypton/mont v0.8.2
)

require golang.org/x/sys v0.1.0 // indirect
