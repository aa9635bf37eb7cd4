package discord_test

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"standoff/internal/commands"
	"standoff/internal/discord"
	"standoff/internal/discordtest"
	"standoff/storage"
)

// secondProcess starts another bot process in HTTP mode on the env's
// database and Discord, and returns its Interactions Endpoint.
func (e *env) secondProcess() string {
	e.t.Helper()
	store, err := storage.Open(e.db)
	if err != nil {
		e.t.Fatal(err)
	}
	opts := e.opts
	opts.State, opts.PublicKey = store, e.fake.PublicKey()
	opts.Log = slog.New(slog.NewTextHandler(e.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	bot, err := discord.New(opts)
	if err != nil {
		e.t.Fatal(err)
	}
	userID, err := bot.Open()
	if err != nil {
		e.t.Fatal(err)
	}
	cfg := commands.DefaultConfig()
	cfg.BotUserID = userID
	router := commands.New(commands.Deps{Store: store, Transport: bot, Games: e.games, Log: opts.Log}, cfg)
	if err := bot.Serve(router); err != nil {
		e.t.Fatal(err)
	}
	srv := httptest.NewServer(bot.Handler())
	e.t.Cleanup(func() {
		bot.Close()
		srv.Close()
		store.Close()
	})
	return srv.URL
}

// postSigned sends body to an endpoint, signed now by the fake's key.
func (e *env) postSigned(endpoint string, body []byte) (int, string) {
	e.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, endpoint, bytes.NewReader(body))
	req.Header = e.fake.SignedHeaders(body, time.Now())
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestHTTPReplayChangesNothing captures a signed request of a typed move
// (which names no game version) and sends it again, signed afresh as a
// replayer holding it would: to the process that took it, and to a second
// process on the same database. Both refuse it and nothing changes. A
// request whose interaction is older than a few seconds by its id's
// timestamp is refused too, however fresh its signature.
func TestHTTPReplayChangesNothing(t *testing.T) {
	t.Parallel()
	e := newEnv(t, overHTTP)
	e.startHijack(general)
	before, st := e.game(general)
	p := st.Prompts()[0]
	mv := firstMove(st.Legal(p.Seat))
	captured := e.must(e.fake.RunCommand(before.Seats[p.Seat].UserID, general, "hijack", "move", discordtest.Opt("move", mv)))
	if _, msg := e.answered(captured); msg.Content != "Played `"+mv+"`." {
		t.Fatalf("%q answered %q", mv, msg.Content)
	}
	row := e.settle(general, before)
	payload := captured.Payload()
	second := e.secondProcess()
	calls := e.fake.Calls(discordtest.RouteAny)
	for _, endpoint := range []string{e.endpoint.URL, second} {
		if status, body := e.postSigned(endpoint, payload); status != http.StatusConflict {
			t.Errorf("replay to %s: %d %q, want 409", endpoint, status, body)
		}
	}
	e.router.Wait()
	if after, _ := e.game(general); after.Version != row.Version || e.moves(row.ID) != int(row.Version)-1 {
		t.Errorf("after the replays: version %d (was %d), %d moves", after.Version, row.Version, e.moves(row.ID))
	}
	if after := e.fake.Calls(discordtest.RouteAny); after != calls {
		t.Errorf("the replays made %d calls to Discord", after-calls)
	}

	// An interaction made a minute ago, never seen, freshly signed.
	old := uint64(time.Now().Add(-time.Minute).UnixMilli()-1420070400000) << 22
	stale := bytes.Replace(payload, []byte(`"id":"`+captured.ID()+`"`), []byte(`"id":"`+strconv.FormatUint(old, 10)+`"`), 1)
	if bytes.Equal(stale, payload) {
		t.Fatal("could not give the payload an old id")
	}
	if status, body := e.postSigned(second, stale); status != http.StatusUnauthorized {
		t.Errorf("an interaction a minute old: %d %q, want 401", status, body)
	}
	// The game goes on: the next move by the other player is taken.
	e.typed(general)
	e.noErrorLogs()
}
