module github.com/crypton-go/crypton/release

go 1.25.0
