module github.com/crypton-go/crypton/ecc

go 1.25.0

require github.com/crypton-go/crypton/internal v0.2.0
