module github.com/crypton-go/crypton/pq

go 1.26.0

require (
	github.com/cloudflare/circl v1.6.5
	github.com/crypton-go/crypton/cpufeat v0.4.0
	github.com/crypton-go/crypton/hash v0.3.0
	github.com/crypton-go/crypton/internal v0.5.0
)

require golang.org/x/sys v0.47.0 // indirect
