module github.com/crypton-go/crypton/aead

go 1.25.0
