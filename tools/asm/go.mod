module github.com/crypton-go/crypton/tools/asm

go 1.25.0

require github.com/mmcloughlin/avo v0.6.0

require (
	golang.org/x/mod v0.33.0 // indirect
	golang.org/x/sync v0.19.0 // indirect
	golang.org/x/tools v0.42.0 // indirect
)
