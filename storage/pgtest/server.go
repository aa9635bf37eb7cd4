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
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
)

// Server is one PostgreSQL server on a directory and port of its own.
type Server struct {
	bin, dir string
	port     int
	settings []string

	mu     sync.Mutex
	cmd    *exec.Cmd
	exited chan struct{}
	dbs    int
}

// Start starts a server for this test alone, stopped when the test ends,
// which the test may Kill and Restart as often as it likes. Its commits
// reach the operating system before they return (synchronous_commit is on:
// a killed server loses no committed transaction), though never the disk
// (fsync is off: the machine does not crash in these tests). It skips the
// test, saying why, where PostgreSQL is not installed.
func Start(t testing.TB) *Server {
	t.Helper()
	if _, err := bindir(); err != nil {
		t.Skipf("PostgreSQL tests skipped: %v", err)
	}
	s, err := launch("-c", "fsync=off", "-c", "full_page_writes=off")
	if err != nil {
		t.Fatalf("PostgreSQL test server: %v", err)
	}
	t.Cleanup(s.stop)
	return s
}

// launch makes a new cluster and starts its server.
func launch(settings ...string) (*Server, error) {
	bin, err := bindir()
	if err != nil {
		return nil, err
	}
	s := &Server{bin: bin, settings: settings}
	if s.dir, err = os.MkdirTemp("", "standoff-pg-"); err != nil {
		return nil, err
	}
	os.Chmod(s.dir, 0o700)
	initdb := exec.Command(filepath.Join(bin, "initdb"), "-D", s.dir, "-U", "standoff", "--auth=trust", "-E", "UTF8", "--no-sync")
	if err := s.asPostgres(initdb); err != nil {
		return nil, err
	}
	if out, err := initdb.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("initdb: %v\n%s", err, out)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s.port = l.Addr().(*net.TCPAddr).Port
	l.Close()
	if err := s.Restart(); err != nil {
		s.stop()
		return nil, err
	}
	return s, nil
}

// asPostgres runs a server command as the postgres user when we are root
// (PostgreSQL refuses to run as root).
func (s *Server) asPostgres(cmd *exec.Cmd) error {
	if os.Geteuid() != 0 {
		return nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return fmt.Errorf("running as root and there is no postgres user: %w", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Credential = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
	return os.Chown(s.dir, uid, gid)
}

// Restart starts the killed server again on its directory and port (with
// crash recovery) and waits until it accepts connections.
func (s *Server) Restart() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	deadline := time.Now().Add(60 * time.Second)
	for {
		out, err := s.startLocked()
		if err != nil {
			return err
		}
		ready, err := s.waitReady(deadline)
		if ready {
			return nil
		}
		if err == nil {
			// It exited: a backend of the killed server may still hold the
			// old shared memory for a moment, and the new postmaster
			// refuses. It is asked again.
			err = fmt.Errorf("postgres exited at start: %s", out.String())
			s.cmd = nil
		}
		if time.Now().After(deadline) {
			if s.cmd != nil {
				s.killLocked()
			}
			return err
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (s *Server) startLocked() (*syncBuffer, error) {
	args := append([]string{"-D", s.dir, "-p", strconv.Itoa(s.port), "-k", s.dir,
		"-c", "listen_addresses=127.0.0.1", "-c", "max_connections=300"}, s.settings...)
	cmd := exec.Command(filepath.Join(s.bin, "postgres"), args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{}
	if err := s.asPostgres(cmd); err != nil {
		return nil, err
	}
	out := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	s.cmd, s.exited = cmd, exited
	return out, nil
}

// waitReady waits until the server answers (ready), or its postmaster
// exits (not ready, no error), or the deadline passes (the error).
func (s *Server) waitReady(deadline time.Time) (bool, error) {
	db, err := sql.Open("pgx", s.url("postgres"))
	if err != nil {
		return false, err
	}
	defer db.Close()
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		err = db.PingContext(ctx)
		cancel()
		if err == nil {
			return true, nil
		}
		select {
		case <-s.exited:
			return false, nil
		default:
		}
		if time.Now().After(deadline) {
			return false, fmt.Errorf("PostgreSQL did not start: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Kill kills the server with SIGKILL, the postmaster and every backend,
// as a crash of the server would, and returns once they are gone.
func (s *Server) Kill() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.killLocked()
}

func (s *Server) killLocked() {
	if s.cmd == nil {
		return
	}
	procs := s.processes()
	for _, pid := range procs {
		syscall.Kill(pid, syscall.SIGKILL)
	}
	<-s.exited
	s.cmd = nil
	for _, pid := range procs[1:] {
		for alive(pid) {
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// processes stops the postmaster from starting backends (SIGSTOP) and
// returns it and its children: each backend is a process group of its own,
// so a signal to the postmaster's group would miss them.
func (s *Server) processes() []int {
	pm := s.cmd.Process.Pid
	syscall.Kill(pm, syscall.SIGSTOP)
	procs := []int{pm}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if ppid, _ := parent(pid); ppid == pm {
			procs = append(procs, pid)
		}
	}
	return procs
}

// parent reads a process's parent and state from /proc.
func parent(pid int) (ppid int, state string) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, ""
	}
	// pid (comm) state ppid ...: comm may hold spaces and parentheses.
	rest := string(b[strings.LastIndexByte(string(b), ')')+1:])
	f := strings.Fields(rest)
	if len(f) < 2 {
		return 0, ""
	}
	ppid, _ = strconv.Atoi(f[1])
	return ppid, f[0]
}

func alive(pid int) bool {
	_, state := parent(pid)
	return state != "" && state != "Z" && state != "X"
}

// Freeze stops every process of the server (SIGSTOP) without closing a
// connection: a server that hangs. Thaw lets it go on.
func (s *Server) Freeze() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd != nil {
		for _, pid := range s.processes() {
			syscall.Kill(pid, syscall.SIGSTOP)
		}
	}
}

// Thaw undoes Freeze.
func (s *Server) Thaw() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd != nil {
		procs := s.processes()
		for i := len(procs) - 1; i >= 0; i-- {
			syscall.Kill(procs[i], syscall.SIGCONT)
		}
	}
}

func (s *Server) url(db string) string {
	return fmt.Sprintf("postgres://standoff@127.0.0.1:%d/%s?sslmode=disable", s.port, db)
}

// URL returns the URL of a new, empty database on the server.
func (s *Server) URL(t testing.TB) string {
	t.Helper()
	s.mu.Lock()
	s.dbs++
	name := fmt.Sprintf("standoff_test_%d", s.dbs)
	s.mu.Unlock()
	admin, err := sql.Open("pgx", s.url("postgres"))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatalf("create database: %v", err)
	}
	return s.url(name)
}

// stop shuts the server down (fast shutdown, then SIGKILL) and removes its
// files.
func (s *Server) stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd != nil {
		for _, pid := range s.processes() {
			syscall.Kill(pid, syscall.SIGCONT) // were it frozen
		}
		s.cmd.Process.Signal(syscall.SIGINT) // fast shutdown
		select {
		case <-s.exited:
			s.cmd = nil
		case <-time.After(10 * time.Second):
			s.killLocked()
		}
	}
	if s.dir != "" {
		os.RemoveAll(s.dir)
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  []byte
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.b = append(b.b, p...)
	return len(p), nil
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return string(b.b)
}
