module github.com/crypton-go/crypton/hash

go 1.25.0
