module github.com/crypton-go/crypton/release

go 1.25.0

require (
	golang.org/x/mod v0.33.0
	golang.org/x/tools v0.42.0
)

require (
	golang.org/x/exp v0.0.0-20260218203240-3dfff04db8fa
	golang.org/x/sync v0.19.0 // indirect
)
