package discord_test

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/catalog"
	"standoff/internal/commands"
	"standoff/internal/discord"
	"standoff/internal/discordtest"
	"standoff/internal/games"
	"standoff/internal/games/hijack"
	"standoff/storage"
)

// BenchmarkMovePath is the end-to-end move path (issue 13): a player types
// a Hijack move, the fake Discord dispatches it over the gateway, the bot
// plays and stores it, answers, then posts or edits the turn message; one
// op is one move, from the command to the finished answer, and board-ms/op
// the time from the command until the turn message is done. "echo" is the baseline:
// a discordgo session on the same fake answering every interaction at
// once. cmd/loadtest measures the same path under concurrent load.
func BenchmarkMovePath(b *testing.B) {
	b.Run("images=off", func(b *testing.B) { benchMoves(b, false) })
	b.Run("images=on", func(b *testing.B) { benchMoves(b, true) })
	b.Run("echo", benchEcho)
}

const (
	benchAlice, benchBob, benchChannel = "100", "101", "901"
)

func benchFake(b *testing.B) *discordtest.Server {
	fake := discordtest.New(b)
	fake.AddUser(benchAlice, "alice")
	fake.AddUser(benchBob, "bob")
	fake.AddChannel("900", benchChannel)
	return fake
}

func benchMoves(b *testing.B, images bool) {
	fake := benchFake(b)
	store, err := storage.Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	bot, err := discord.New(discord.Options{Token: strings.TrimPrefix(fake.Token(), "Bot "), Configure: fake.Configure, TickEvery: time.Hour, Log: log})
	if err != nil {
		b.Fatal(err)
	}
	userID, err := bot.Open()
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { bot.Close(); store.Close() })
	gs := catalog.Games()
	if !images {
		for i := range gs {
			gs[i].Draw = nil
		}
	}
	cfg := commands.DefaultConfig()
	cfg.BotUserID = userID
	router := commands.New(commands.Deps{Store: store, Transport: bot, Games: gs, Log: log}, cfg)
	if err := bot.Serve(router); err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	start := func() {
		in := fake.Must(fake.RunCommand(benchAlice, benchChannel, "hijack", "challenge", discordtest.Opt("opponent", benchBob)))
		if _, err := in.WaitOriginal(10 * time.Second); err != nil {
			b.Fatal(err)
		}
		lobby, _ := fake.LastMessage(benchChannel)
		for _, id := range lobby.CustomIDs() {
			if strings.HasPrefix(id, "accept:") {
				if _, err := fake.Must(fake.Click(benchBob, lobby.ID, id)).Wait(10 * time.Second); err != nil {
					b.Fatal(err)
				}
			}
		}
		if err := fake.WaitUntil(10*time.Second, func() bool {
			row, err := store.LatestGame(ctx, benchChannel)
			return err == nil && row.Status == storage.Active && row.MessageID != ""
		}); err != nil {
			b.Fatal(err)
		}
	}
	start()
	rng := games.NewRNG(1)
	var board time.Duration // command -> the move published (turn message, DMs)
	moves := 0
	for b.Loop() {
		b.StopTimer()
		// The previous move's publishing follows its answer: let it end,
		// so each op is one move's own answer.
		router.Wait()
		row, err := store.LatestGame(ctx, benchChannel)
		if err != nil {
			b.Fatal(err)
		}
		if row.Status != storage.Active {
			start()
			row, _ = store.LatestGame(ctx, benchChannel)
		}
		st, err := hijack.Kind.Decode(row.State)
		if err != nil {
			b.Fatal(err)
		}
		seat := -1
		for _, p := range st.Prompts() {
			if p.Turn {
				seat = p.Seat
			}
		}
		var legal []string
		for _, m := range st.Legal(seat) {
			if m != games.ResignMove {
				legal = append(legal, m)
			}
		}
		move := legal[rng.Intn(len(legal))]
		b.StartTimer()
		t0 := time.Now()
		in := fake.Must(fake.RunCommand(row.Seats[seat].UserID, benchChannel, "hijack", "move", discordtest.Opt("move", move)))
		msg, err := in.WaitOriginal(10 * time.Second)
		if err != nil {
			b.Fatal(err)
		}
		if !strings.HasPrefix(msg.Content, "Played") {
			b.Fatalf("%s refused: %q", move, msg.Content)
		}
		b.StopTimer()
		router.Wait()
		board += time.Since(t0)
		moves++
		b.StartTimer()
	}
	// The answer is the op; the board (the turn message posted or edited)
	// follows it and is reported beside it.
	b.ReportMetric(float64(board.Microseconds())/float64(max(moves, 1))/1000, "board-ms/op")
}

func benchEcho(b *testing.B) {
	fake := benchFake(b)
	// The echo needs the commands the bot registers; register them with
	// a bot started once, then answer with a bare session.
	store, err := storage.Open(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer store.Close()
	bot, err := discord.New(discord.Options{Token: strings.TrimPrefix(fake.Token(), "Bot "), Configure: fake.Configure, TickEvery: time.Hour,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := bot.Open(); err != nil {
		b.Fatal(err)
	}
	router := commands.New(commands.Deps{Store: store, Transport: bot, Games: catalog.Games()}, commands.DefaultConfig())
	if err := bot.Serve(router); err != nil {
		b.Fatal(err)
	}
	bot.Close()

	dg := fake.NewSession()
	dg.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		_ = s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "Played (echo).", Flags: discordgo.MessageFlagsEphemeral},
		})
	})
	if err := dg.Open(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { dg.Close() })
	for b.Loop() {
		in := fake.Must(fake.RunCommand(benchAlice, benchChannel, "hijack", "move", discordtest.Opt("move", "a1")))
		if _, err := in.WaitOriginal(10 * time.Second); err != nil {
			b.Fatal(err)
		}
	}
}
