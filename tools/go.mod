module github.com/crypton-go/crypton/tools

go 1.25.0

require (
	github.com/mmcloughlin/avo v0.6.0 // indirect
	golang.org/x/tools v0.24.1 // indirect
)
