module github.com/crypton-go/crypton/mont

go 1.25.0

require github.com/crypton-go/crypton/cpufeat v0.4.0

require (
	github.com/crypton-go/crypton/internal v0.4.0
	golang.org/x/sys v0.1.0 // indirect
)
