package storage

import (
	"strconv"
	"strings"
)

// The store writes one set of queries for both databases; what differs
// between SQLite and PostgreSQL in how a query is written, a value is
// stored or an error is worded is bridged here.

// Dialect names the database behind the store: "sqlite" or "postgres".
func (s *Store) Dialect() string {
	if s.pg {
		return "postgres"
	}
	return "sqlite"
}

// q writes a query for the store's database: the code writes SQLite's ?
// placeholders, PostgreSQL numbers them ($1, $2, ...). No query here has a
// question mark inside a string literal.
func (s *Store) q(query string) string {
	if !s.pg {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// b2i stores a flag as the integer both databases keep it as.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// uniqueViolation reports a unique constraint refusing a row, in either
// database's words.
func uniqueViolation(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "UNIQUE constraint failed") || strings.Contains(msg, "SQLSTATE 23505")
}
