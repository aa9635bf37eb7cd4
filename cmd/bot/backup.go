package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"

	"standoff/storage"
)

// backup copies the database while the bot keeps running:
//
//	go run ./cmd/bot backup -db standoff.db -to standoff-2026-11-22.db
//
// Restore by stopping the bot and backing the backup up to a new file the
// config then names (or copying it over the database without its -wal and
// -shm files).
func backup(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	db := fs.String("db", "standoff.db", "the SQLite database to copy (it may be in use)")
	to := fs.String("to", "", "the new file to write the copy to (must not exist)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *to == "" {
		return errors.New("backup needs -to FILE, a new file for the copy")
	}
	info, err := storage.Backup(context.Background(), *db, *to)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "backed up %s to %s: %d pages, %d games, %d moves; integrity check ok\n", *db, *to, info.Pages, info.Games, info.Moves)
	return nil
}

// consoleLog is the console's log: silent, or on standard error with
// STANDOFF_LOG=1 (the crash suite reads it when something goes wrong).
func consoleLog() *slog.Logger {
	if os.Getenv("STANDOFF_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}
