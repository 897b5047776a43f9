module github.com/crypton-go/crypton/internal

go 1.25.0
