// Package pgtest starts throwaway PostgreSQL servers for tests, from the
// system's own binaries (Debian's postgresql package), on a temporary
// directory and a loopback port. Tests call URL for a fresh database on the
// server the package's tests share; the package's TestMain calls Main so it
// stops when the tests end. A test that kills its server (Start) gets one
// of its own. Where PostgreSQL is not installed, both skip the test and say
// so.
package pgtest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"sync"
	"testing"
)

var (
	once    sync.Once
	shared  *Server
	failure string
)

// Main runs the tests, then stops the shared server if one was started.
func Main(m *testing.M) {
	code := m.Run()
	Stop()
	os.Exit(code)
}

// Stop stops the shared server and removes its files.
func Stop() {
	if shared != nil {
		shared.stop()
	}
}

// bindir finds the directory of initdb and postgres.
func bindir() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p), nil
	}
	found, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	if len(found) == 0 {
		return "", fmt.Errorf("no PostgreSQL binaries (initdb) found; install Debian's postgresql package to run these tests")
	}
	sort.Strings(found)
	return filepath.Dir(found[len(found)-1]), nil
}

// URL returns the URL of a new, empty database on the shared test server,
// starting the server on first use. It skips the test, saying why, where
// PostgreSQL is not installed, and fails it if the server will not start.
func URL(t testing.TB) string {
	t.Helper()
	once.Do(func() {
		// Nothing here survives the tests, and no test kills this server:
		// no sync and no waiting for the WAL.
		s, err := launch("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off")
		if err != nil {
			failure = err.Error()
			return
		}
		shared = s
	})
	if failure != "" {
		if _, err := bindir(); err != nil {
			t.Skipf("PostgreSQL tests skipped: %v", err)
		}
		t.Fatalf("PostgreSQL test server: %s", failure)
	}
	return shared.URL(t)
}
