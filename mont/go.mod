module github.com/crypton-go/crypton/mont

go 1.25.0
