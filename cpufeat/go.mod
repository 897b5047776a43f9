module github.com/crypton-go/crypton/cpufeat

go 1.25.0

require golang.org/x/sys v0.1.0
