module github.com/crypton-go/crypton/rsa

go 1.25.0
