// Package pgtest starts a throwaway PostgreSQL server for tests, from the
// system's own binaries (Debian's postgresql package), on a temporary
// directory and a loopback port. Tests call URL for a fresh database; the
// package's TestMain calls Main so the server stops when the tests end.
// Where PostgreSQL is not installed, URL skips the test and says so.
package pgtest

import (
	"context"
	"database/sql"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"
)

var (
	once    sync.Once
	server  *exec.Cmd
	dir     string
	port    int
	admin   *sql.DB
	failure string
	dbs     atomic.Int64
)

// Main runs the tests, then stops the server if one was started.
func Main(m *testing.M) {
	code := m.Run()
	Stop()
	os.Exit(code)
}

// Stop stops the server and removes its files.
func Stop() {
	if admin != nil {
		admin.Close()
	}
	if server != nil && server.Process != nil {
		server.Process.Signal(syscall.SIGINT) // fast shutdown
		done := make(chan struct{})
		go func() { server.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			server.Process.Kill()
		}
	}
	if dir != "" {
		os.RemoveAll(dir)
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

// asPostgres runs a server command as the postgres user when we are root
// (PostgreSQL refuses to run as root).
func asPostgres(cmd *exec.Cmd) error {
	if os.Geteuid() != 0 {
		return nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return fmt.Errorf("running as root and there is no postgres user: %w", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}}
	return os.Chown(dir, uid, gid)
}

func start() error {
	bin, err := bindir()
	if err != nil {
		return err
	}
	if dir, err = os.MkdirTemp("", "standoff-pg-"); err != nil {
		return err
	}
	os.Chmod(dir, 0o700)
	initdb := exec.Command(filepath.Join(bin, "initdb"), "-D", dir, "-U", "standoff", "--auth=trust", "-E", "UTF8", "--no-sync")
	if err := asPostgres(initdb); err != nil {
		return err
	}
	if out, err := initdb.CombinedOutput(); err != nil {
		return fmt.Errorf("initdb: %v\n%s", err, out)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	port = l.Addr().(*net.TCPAddr).Port
	l.Close()
	server = exec.Command(filepath.Join(bin, "postgres"), "-D", dir, "-p", strconv.Itoa(port), "-k", dir,
		"-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "synchronous_commit=off",
		"-c", "full_page_writes=off", "-c", "max_connections=300")
	if err := asPostgres(server); err != nil {
		return err
	}
	server.Stdout, server.Stderr = nil, nil
	if err := server.Start(); err != nil {
		return err
	}
	admin, err = sql.Open("pgx", fmt.Sprintf("postgres://standoff@127.0.0.1:%d/postgres?sslmode=disable", port))
	if err != nil {
		return err
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		err = admin.PingContext(ctx)
		cancel()
		if err == nil {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("PostgreSQL did not start: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// URL returns the URL of a new, empty database on the test server,
// starting the server on first use. It skips the test, saying why, where
// PostgreSQL is not installed, and fails it if the server will not start.
func URL(t testing.TB) string {
	t.Helper()
	once.Do(func() {
		if err := start(); err != nil {
			failure = err.Error()
		}
	})
	if failure != "" {
		if _, err := bindir(); err != nil {
			t.Skipf("PostgreSQL tests skipped: %v", err)
		}
		t.Fatalf("PostgreSQL test server: %s", failure)
	}
	name := fmt.Sprintf("standoff_test_%d", dbs.Add(1))
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatalf("create database: %v", err)
	}
	return fmt.Sprintf("postgres://standoff@127.0.0.1:%d/%s?sslmode=disable", port, name)
}
