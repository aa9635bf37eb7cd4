package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"standoff/internal/catalog"
	"standoff/internal/games"
	"standoff/internal/reliability/powercut"
	"standoff/storage"
)

// The power-cut suite runs the crash suite's driver with the database on a
// disk that loses power (internal/reliability/powercut): what was not
// fsynced (a file) or whose directory was not fsynced (a new name, a
// rename, an unlink) is gone after the cut, as after a real power cut,
// where a kill -9 still leaves the kernel to write everything out. The cut
// falls at a random moment of a move, or exactly at one of the next syncs,
// before or after it takes effect; every process using the disk dies with
// it, the disk is booted from what survived, and the crash suite's checks
// run: every acknowledged move is in its game's log, in order; the only
// other move may be the one in flight; every state is the replay of its
// log; the owed turn messages are posted again; play goes on. Some cuts
// fall during an online backup written to the same disk: a backup that
// reported success is there and whole after the cut, and a backup file
// that is there at all is whole. The last cut falls while the bot starts
// on a database of an older schema, during its migrations.
//
// Short: a few cuts in go test. Long (docs/reliability.md):
//
//	STANDOFF_LONG=1 go test ./cmd/bot -run TestPowerCut -v -timeout 2h
func TestPowerCut(t *testing.T) {
	cuts, steps := 4, 8
	if raceEnabled {
		cuts, steps = 4, 6
	}
	if long() {
		cuts, steps = 300, 25
		if n := os.Getenv("STANDOFF_CUTS"); n != "" {
			fmt.Sscan(n, &cuts)
		}
	}
	disk := powercut.New(t)
	bin := buildBot(t)
	db := disk.Path("standoff.db")
	store, err := storage.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	d := &crashDriver{t: t, bin: bin, db: db, store: store, rng: games.NewRNG(uint64(time.Now().UnixNano())),
		current: map[string]*crashGame{}}
	pc := &powerCuts{d: d, disk: disk}
	d.moment = pc.moment
	// Runs before the disk's unmount (cleanups run last first): nothing may
	// hold the disk then, however the test ended.
	t.Cleanup(func() {
		if d.p != nil && d.p.cmd.ProcessState == nil {
			d.p.cmd.Process.Kill()
			d.p.cmd.Wait()
		}
		d.store.Close()
		if t.Failed() {
			lines := strings.Split(strings.TrimSpace(d.logs.String()), "\n")
			t.Logf("the bots' last log lines:\n%s", strings.Join(lines[max(0, len(lines)-30):], "\n"))
		}
	})
	d.start()
	// Every kind is on the disk before the first cut, whatever the dice.
	for _, g := range catalog.Games() {
		d.newGame(g)
		d.stepGame(d.current[g.Kind.Name], false)
	}
	for k := 0; k < cuts && !t.Failed(); k++ {
		n := 1 + d.rng.Intn(steps)
		for i := 0; i < n && !t.Failed(); i++ {
			d.step(false)
			if i == n/2 {
				d.backupDuringMove()
			}
		}
		if t.Failed() {
			break
		}
		var bk *cutBackup
		if k%3 == 1 {
			bk = pc.startBackup()
		}
		for !d.step(true) { // the cut lands while a move is in flight
		}
		if bk != nil {
			<-bk.done
		}
		pc.reboot()
		if bk != nil {
			pc.checkBackup(bk)
		}
		d.verify()
		if t.Failed() {
			break
		}
		d.start()
		d.checkReposted()
	}
	d.p.stop()
	d.verify()
	if !t.Failed() {
		pc.migrationCut()
	}
	pc.report()
}

type powerCuts struct {
	d    *crashDriver
	disk *powercut.Disk
	// figures
	atSync, backupCuts, backupsCut, backupsWhole int
	migrated, migrations                         int
}

// report logs the run's figures.
func (pc *powerCuts) report() {
	d, t, s := pc.d, pc.d.t, pc.disk.Stats()
	t.Logf("power cuts survived: %d (%d at a chosen sync, %d during an online backup, 1 during migrations: %d of %d migrations were durable at the cut); "+
		"moves acknowledged: %d; moves verified in the logs after cuts: %d; in-flight moves found committed: %d; games replayed and compared: %d; "+
		"owed turn messages re-posted by the clock: %d; status re-posts: %d; games played: %d (finished %d); online backups checked: %d; "+
		"backups cut short: %d, completed before the cut and found whole: %d (games copied as a lobby, between challenge and accept: %d); disk: %d file syncs, %d directory syncs, %d unsynced bytes and %d directory entries lost in cuts",
		s.Cuts, pc.atSync, pc.backupCuts, pc.migrated, pc.migrations,
		d.acked, d.verified, d.inflightCommitted, d.replays, d.reposted, d.statusReposts, len(d.all), d.finished, d.backups,
		pc.backupsCut, pc.backupsWhole, d.lobbiesCopied, s.FileSyncs, s.DirSyncs, s.LostBytes, s.LostEntries)
}

// moment cuts the power during the move just sent: exactly at one of the
// next few syncs (half of the cuts) or at a random moment up to 40 ms
// later, whichever comes first.
func (pc *powerCuts) moment() {
	rng := pc.d.rng
	if rng.Intn(2) == 0 {
		pc.disk.CutAtSync(1+rng.Intn(4), rng.Intn(2) == 0)
	}
	select {
	case <-pc.disk.Frozen():
		pc.atSync++
	case <-time.After(time.Duration(rng.Intn(40000)) * time.Microsecond):
		pc.disk.Cut()
	}
}

// reboot boots the disk from what survived the cut (the bot is dead, the
// test's own connections die with the power) and reopens the database.
func (pc *powerCuts) reboot() {
	d := pc.d
	d.store.Close() // fails: its last checkpoint cannot reach the disk
	if err := pc.disk.Reboot(); err != nil {
		d.t.Fatalf("reboot the disk: %v", err)
	}
	s, err := storage.Open(d.db)
	if err != nil {
		d.t.Fatalf("the database does not open after the power cut: %v", err)
	}
	d.store = s
}

type cutBackup struct {
	to   string
	err  error
	done chan struct{}
}

// startBackup takes an online backup onto the disk while the bot plays
// and the power is about to be cut.
func (pc *powerCuts) startBackup() *cutBackup {
	pc.backupCuts++
	b := &cutBackup{to: pc.disk.Path(fmt.Sprintf("backup-cut-%d.db", pc.backupCuts)), done: make(chan struct{})}
	go func() {
		defer close(b.done)
		_, b.err = storage.Backup(context.Background(), pc.d.db, b.to)
	}()
	return b
}

// checkBackup: a backup that reported success before the cut is whole
// after it; a backup cut short left no file under its name, or a whole one.
func (pc *powerCuts) checkBackup(b *cutBackup) {
	_, err := os.Stat(b.to)
	exists := err == nil
	if b.err == nil && !exists {
		pc.d.t.Errorf("the backup %s reported success before the cut but is gone after it", filepath.Base(b.to))
		return
	}
	if !exists {
		pc.backupsCut++
		return
	}
	check := integrity(pc.d.t, b.to)
	if check != "ok" {
		pc.d.t.Errorf("the backup %s (reported: %v) is there after the cut but not whole: %s", filepath.Base(b.to), b.err, check)
		return
	}
	pc.d.checkCopy(b.to)
	if b.err == nil {
		pc.backupsWhole++
	} else {
		pc.backupsCut++
	}
}

func integrity(t *testing.T, path string) string {
	db, err := sql.Open("sqlite3", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var check string
	if err := db.QueryRow(`PRAGMA integrity_check`).Scan(&check); err != nil {
		return err.Error()
	}
	return check
}

// migrationCut makes an older-schema copy of the played database on the
// disk (the first migrations only, every game, seat and move copied in the
// columns that schema has), starts the bot on it, and cuts the power at a
// random sync of its start-up, while it migrates. After the reboot every
// game is checked as after any cut (no move is in flight), the bot
// migrates the rest and play goes on.
func (pc *powerCuts) migrationCut() {
	d := pc.d
	t := d.t
	names, err := filepath.Glob("../../storage/migrations/sqlite/*.sql")
	if err != nil || len(names) < 2 {
		t.Fatalf("the migrations: %v %v", names, err)
	}
	pc.migrations = len(names)
	old := pc.disk.Path("older.db")
	o, err := sql.Open("sqlite3", "file:"+old+"?_journal_mode=WAL&_synchronous=FULL")
	if err != nil {
		t.Fatal(err)
	}
	o.SetMaxOpenConns(1)
	exec := func(q string, args ...any) {
		if _, err := o.Exec(q, args...); err != nil {
			t.Fatalf("%.60s: %v", q, err)
		}
	}
	exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY)`)
	exec(`INSERT INTO schema_migrations VALUES (1)`)
	body, err := os.ReadFile(names[0])
	if err != nil {
		t.Fatal(err)
	}
	exec(string(body))
	exec(`ATTACH DATABASE ? AS cur`, "file:"+d.db+"?mode=ro")
	for _, table := range []string{"games", "seats", "moves"} {
		rows, err := o.Query(`SELECT name FROM pragma_table_info(?)`, table)
		if err != nil {
			t.Fatal(err)
		}
		var cols string
		for rows.Next() {
			var c string
			rows.Scan(&c)
			if cols != "" {
				cols += ", "
			}
			cols += c
		}
		rows.Close()
		exec(fmt.Sprintf(`INSERT INTO main.%s (%s) SELECT %s FROM cur.%s`, table, cols, cols, table))
	}
	exec(`DETACH DATABASE cur`)
	o.Close()
	syncPath(t, pc.disk.Dir())
	// The bot's start-up syncs: one per migration's commit and the WAL's
	// directory; the cut falls at one of them, before or after it.
	pc.disk.CutAtSync(1+d.rng.Intn(2*len(names)), d.rng.Intn(2) == 0)
	d.db = old
	d.start()
	select {
	case <-pc.disk.Frozen():
	case <-time.After(time.Duration(d.rng.Intn(200)) * time.Millisecond):
		pc.disk.Cut()
	}
	d.p.kill()
	d.p.cmd.Wait()
	for range d.p.lines {
	}
	d.store.Close()
	if err := pc.disk.Reboot(); err != nil {
		t.Fatalf("reboot the disk: %v", err)
	}
	probe, err := sql.Open("sqlite3", "file:"+old)
	if err != nil {
		t.Fatal(err)
	}
	if err := probe.QueryRow(`SELECT COUNT(*) FROM schema_migrations`).Scan(&pc.migrated); err != nil {
		t.Fatalf("the older database after a cut during its migrations: %v", err)
	}
	probe.Close()
	if d.store, err = storage.Open(old); err != nil {
		t.Fatalf("the older database does not open after a cut during its migrations: %v", err)
	}
	d.verify()
	d.start()
	d.checkReposted()
	played := 0
	for _, cg := range d.all {
		if cg.done || played > 0 {
			continue
		}
		before := len(cg.acked)
		for i := 0; i < 5 && len(cg.acked) == before && !cg.done; i++ {
			d.stepGame(cg, false)
		}
		played += len(cg.acked) - before
	}
	d.p.stop()
	if played == 0 && !t.Failed() {
		t.Error("no move was played on the migrated database after the cut")
	}
}

func syncPath(t *testing.T, path string) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		t.Fatal(err)
	}
}
