package main

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"standoff/internal/catalog"
	"standoff/internal/commands"
	"standoff/internal/discord"
	"standoff/internal/discordtest"
	"standoff/storage"
)

// The router answers from the first interaction: the start-up work that
// can wait (counting older games' results) runs beside it, however slow.
// Here that work does not end until the test has had its answer; run
// before Serve, as it once was, the command would be answered "I am
// starting up" and the backfill would wait for ever.
func TestAnsweredDuringASlowBackfill(t *testing.T) {
	t.Parallel()
	fake := discordtest.New(t)
	fake.AddUser("100", "alice")
	fake.AddChannel("900", "901")
	store, err := storage.Open(filepath.Join(t.TempDir(), "standoff.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	// A restart: the commands are registered from the run before.
	bot, router := startBot(t, fake, store)
	if err := bot.Serve(router); err != nil {
		t.Fatal(err)
	}
	if err := bot.Close(); err != nil {
		t.Fatal(err)
	}
	bot, router = startBot(t, fake, store)

	release, began, ended := make(chan struct{}), make(chan struct{}), make(chan struct{})
	backfill := func(ctx context.Context) error {
		close(began)
		defer close(ended)
		select {
		case <-release:
		case <-ctx.Done():
		}
		return router.Backfill(ctx)
	}
	started := make(chan error, 1)
	go func() { started <- startServing(bot, router, backfill) }()
	defer func() {
		close(release)
		if err := <-started; err != nil {
			t.Errorf("startServing: %v", err)
		}
		<-ended
		if err := bot.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	}()
	<-began
	in, err := fake.RunCommand("100", "901", "game", "help")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := in.Wait(30 * time.Second); err != nil {
		t.Fatalf("no answer while the backfill ran: %v", err)
	}
	m, err := in.WaitOriginal(30 * time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(m.Content, "starting up") || !strings.Contains(m.Content, "/game") {
		t.Fatalf("/game help during the backfill answered %q", m.Content)
	}
}

// startBot connects a bot to the fake and makes its router.
func startBot(t *testing.T, fake *discordtest.Server, store *storage.Store) (*discord.Bot, *commands.Router) {
	t.Helper()
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	bot, err := discord.New(discord.Options{Token: strings.TrimPrefix(fake.Token(), "Bot "), Configure: fake.Configure,
		State: store, TickEvery: time.Hour, Log: log})
	if err != nil {
		t.Fatal(err)
	}
	userID, err := bot.Open()
	if err != nil {
		t.Fatal(err)
	}
	cfg := commands.DefaultConfig()
	cfg.BotUserID = userID
	return bot, commands.New(commands.Deps{Store: store, Transport: bot, Games: catalog.Games(), Log: log}, cfg)
}

// Closing the bot ends start-up work still running (its context ends) and
// waits for it, so it never writes to a database closed under it.
func TestCloseEndsTheBackfill(t *testing.T) {
	t.Parallel()
	fake := discordtest.New(t)
	store, err := storage.Open(filepath.Join(t.TempDir(), "standoff.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	bot, router := startBot(t, fake, store)
	running, returned := make(chan struct{}), false
	if err := startServing(bot, router, func(ctx context.Context) error {
		close(running)
		<-ctx.Done()
		returned = true
		return ctx.Err()
	}); err != nil {
		t.Fatal(err)
	}
	<-running
	if err := bot.Close(); err != nil {
		t.Fatal(err)
	}
	if !returned {
		t.Fatal("Close returned before the start-up work did")
	}
}
