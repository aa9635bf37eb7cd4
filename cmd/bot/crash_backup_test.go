package main

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"

	"standoff/internal/games"
	"standoff/storage"
)

// The crash and power-cut suites' online backups: taken while the bot
// handles a command, checked game by game, and the last one restored.

// backupDuringMove takes an online backup (the backup command's code) while
// the bot is saving a move, and checks the copy: every game in it is the
// replay of its log.
func (d *crashDriver) backupDuringMove() {
	var cg *crashGame
	for _, g := range d.all {
		if !g.done {
			cg = g
		}
	}
	if cg == nil {
		return
	}
	marker := d.p.send(append(d.in(cg.channel), cg.users[0]+": /game history")...)
	to := filepath.Join(d.t.TempDir(), fmt.Sprintf("backup-%d.db", d.backups))
	if _, err := storage.Backup(context.Background(), d.db, to); err != nil {
		d.t.Fatalf("online backup: %v", err)
	}
	if _, ok := d.p.collect(marker); !ok {
		d.t.Fatalf("the bot died during a backup:\n%s", d.p.stderr.String())
	}
	d.checkCopy(to)
	d.backups++
	d.lastBackup = to
}

// checkCopy opens a database copy and replays every game in it.
func (d *crashDriver) checkCopy(path string) {
	s, err := storage.Open(path)
	if err != nil {
		d.t.Fatalf("open the copy %s: %v", path, err)
	}
	defer s.Close()
	ctx := context.Background()
	for _, cg := range d.all {
		row, err := s.Game(ctx, cg.id)
		if err != nil {
			continue // started after the copy
		}
		log, err := s.Moves(ctx, cg.id)
		if err != nil {
			d.t.Fatal(err)
		}
		if row.Status == storage.Lobby {
			// Copied between its challenge and the accept (a game started
			// while the backup ran): one commit's snapshot all the same,
			// with no state and no move yet.
			if len(row.State) != 0 || len(log) != 0 {
				d.t.Errorf("copy %s: game #%d is a lobby with a state of %d bytes and %d moves", filepath.Base(path), cg.id, len(row.State), len(log))
			}
			d.lobbiesCopied++
			continue
		}
		st, err := games.Replay(cg.kind, row.Setup(), log)
		if err != nil {
			d.t.Errorf("copy %s: game #%d does not replay: %v", filepath.Base(path), cg.id, err)
			continue
		}
		if enc, _ := st.Encode(); !bytes.Equal(enc, row.State) {
			d.t.Errorf("copy %s: game #%d's state is not the replay of its log", filepath.Base(path), cg.id)
		}
	}
}

// restore brings the last backup back as a new database (the documented
// restore: the backup command from the copy to a new file) and has the real
// bot serve it: a game in it shows its board and takes a move.
func (d *crashDriver) restore() {
	if d.lastBackup == "" {
		d.t.Fatal("no backup was taken")
	}
	restored := filepath.Join(d.t.TempDir(), "restored.db")
	out, err := exec.Command(d.bin, "backup", "-db", d.lastBackup, "-to", restored).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "integrity check ok") {
		d.t.Fatalf("restore with the backup command: %v\n%s", err, out)
	}
	d.checkCopy(restored)
	s, err := storage.Open(restored)
	if err != nil {
		d.t.Fatal(err)
	}
	defer s.Close()
	open, err := s.OpenGames(context.Background())
	var list []*storage.Game
	for _, g := range open {
		if g.Status == storage.Active {
			list = append(list, g)
		}
	}
	if err != nil || len(list) == 0 {
		d.t.Fatalf("the restored database has no game being played (%v)", err)
	}
	row := list[0]
	var cg *crashGame
	for _, g := range d.all {
		if g.id == row.ID {
			cg = g
		}
	}
	d.db, d.store = restored, s
	cg.done = false
	d.current = map[string]*crashGame{cg.kind.Name: cg}
	d.start()
	out2, ok := d.p.do("channel "+cg.channel, cg.users[0]+": /game status")
	d.channel = cg.channel
	if !ok || !hasLine(out2, "[#"+cg.channel+"] ", fmt.Sprintf("game #%d", cg.id)) {
		d.t.Fatalf("the bot on the restored database did not show game #%d:\n%s", cg.id, strings.Join(out2, "\n"))
	}
	before := len(cg.acked)
	for i := 0; i < 5 && len(cg.acked) == before && !cg.done; i++ {
		d.stepGame(cg, false)
	}
	d.p.stop()
	if len(cg.acked) == before {
		d.t.Errorf("no move was played on the restored database's game #%d (%s)", cg.id, cg.kind.Name)
	}
}
