module github.com/crypton-go/crypton/ecc

go 1.25.0
