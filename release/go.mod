module github.com/crypton-go/crypton/release

go 1.25.0

require (
	golang.org/x/mod v0.25.0
	golang.org/x/tools v0.24.1
)

require golang.org/x/sync v0.8.0 // indirect
