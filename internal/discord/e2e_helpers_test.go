package discord_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"standoff/internal/catalog"
	"standoff/internal/commands"
	"standoff/internal/discord"
	"standoff/internal/discordtest"
	"standoff/internal/games"
	"standoff/internal/telemetry"
	"standoff/storage"
)

// The world every end-to-end test plays in: one guild, two channels, five
// users (eve never plays).
const (
	guild   = "900"
	general = "901"
	other   = "902"
	alice   = "100"
	bob     = "101"
	carol   = "102"
	dave    = "103"
	eve     = "104"
	wait    = 10 * time.Second
	// deadline is Discord's limit for the first response: a protocol
	// requirement, measured by the fake, not a speed target.
	deadline = 3 * time.Second
)

var names = map[string]string{alice: "alice", bob: "bob", carol: "carol", dave: "dave", eve: "eve", frank: "frank", grace: "grace"}

// logSink collects the bot's log lines for assertions.
type logSink struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logSink) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// has reports whether the logs hold s, without copying them.
func (l *logSink) has(s string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return bytes.Contains(l.b.Bytes(), []byte(s))
}

// finishedLine is the bot's debug line for an interaction it has finished
// with: every answer to it, by whichever path, has been sent.
func finishedLine(id string) string {
	return fmt.Sprintf("msg=%q id=%s\n", discord.InteractionFinished, id)
}

// answerText is what told shows the user apart from the component's own
// message (a used guided menu closing): an inline answer, a deferred one
// filled in, follow-ups. A silent acknowledgement tells "".
func answerText(in *discordtest.Interaction) []discordtest.Message {
	var out []discordtest.Message
	for i, m := range in.Told() {
		if in.Source() != "" && m.ID == in.Source() {
			continue
		}
		// What a move shows the channel may come through its interaction
		// too (the turn message as a follow-up): that is not the answer.
		// A click never answers in public, and a slash command's public
		// answer is its first message.
		if !m.Ephemeral && (in.Source() != "" || i > 0) {
			continue
		}
		out = append(out, m)
	}
	return out
}

func (l *logSink) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// env is a fake Discord with the bot running against it on a database
// file that outlives restarts.
type env struct {
	t      *testing.T
	fake   *discordtest.Server
	db     string
	games  []commands.Game
	opts   discord.Options
	logs   *logSink
	store  *storage.Store
	bot    *discord.Bot
	router *commands.Router
	seed   atomic.Uint64
	// patience bounds every wait for the bot (longer with real renderers
	// under the race detector).
	patience time.Duration
	selects  atomic.Int32 // select menu choices made
	// http runs the bot in HTTP interactions mode: the fake POSTs every
	// interaction to the bot's endpoint (endpoint) instead of the gateway.
	http     bool
	endpoint *httptest.Server
	// fakeOpts and world set up the fake before the bot starts.
	fakeOpts []discordtest.ServerOption
	world    []func(*discordtest.Server)
	// threads leaves the server's default, a thread per game; without it
	// the test server keeps games in their channel (threads:off), where
	// the tests about everything else look for them.
	threads bool
	// config adjusts the router's table rules.
	config func(*commands.Config)
	// json, when set, gets the logs as JSON lines too (withJSONLogs).
	json *logSink
	// offGuilds are other guilds whose games stay in their channels
	// (withThreadsOffIn).
	offGuilds []string
}

type envOption func(*env)

// withConfig adjusts the router's table rules (reminders, limits).
func withConfig(f func(*commands.Config)) envOption { return func(e *env) { e.config = f } }

// remindAtOnce makes the game's first reminder due at once (on the next
// Tick), so a vote on a seat, which opens only once its player has been
// reminded, can be asked without waiting hours.
func remindAtOnce(c *commands.Config) { c.RemindAfter = time.Nanosecond }

// withGames replaces the catalog (e.g. with a slowed renderer).
func withGames(gs []commands.Game) envOption { return func(e *env) { e.games = gs } }

// withPatience lengthens the waits for the bot.
func withPatience(d time.Duration) envOption { return func(e *env) { e.patience = d } }

// withThreads gives each new game a thread, as a real server does by
// default.
func withThreads(e *env) { e.threads = true }

// overHTTP runs the bot in HTTP interactions mode.
func overHTTP(e *env) { e.http = true }

// overGateway keeps the bot on the gateway (the default).
func overGateway(*env) {}

// modes are the two ways interactions reach the bot; end-to-end games run
// in both.
var modes = []struct {
	name string
	opt  envOption
}{{"gateway", overGateway}, {"http", overHTTP}}

// inModes runs a test once per mode, with the mode's option to pass to
// newEnv.
func inModes(t *testing.T, test func(t *testing.T, mode envOption)) {
	for _, m := range modes {
		t.Run(m.name, func(t *testing.T) {
			t.Parallel()
			test(t, m.opt)
		})
	}
}

// withFake starts the fake with these options, and runs setup on it
// before the bot connects.
func withFake(setup func(*discordtest.Server), opts ...discordtest.ServerOption) envOption {
	return func(e *env) {
		e.fakeOpts = append(e.fakeOpts, opts...)
		if setup != nil {
			e.world = append(e.world, setup)
		}
	}
}

// withThreadsOffIn keeps the games of other guilds the test adds in
// their channels too.
func withThreadsOffIn(guilds ...string) envOption {
	return func(e *env) { e.offGuilds = append(e.offGuilds, guilds...) }
}

// withOptions adjusts the bot's options.
func withOptions(f func(*discord.Options)) envOption { return func(e *env) { f(&e.opts) } }

func newEnv(t *testing.T, options ...envOption) *env {
	t.Helper()
	e := &env{t: t, db: filepath.Join(t.TempDir(), "standoff.db"), games: quickGames(), logs: &logSink{}, patience: wait}
	// Each test's fake is a Discord of its own: its own global budget.
	// Reconnections identify again at once: the fake enforces no identify
	// concurrency unless a test asks it to.
	e.opts = discord.Options{TickEvery: time.Hour, Global: discord.NewGlobalLimit(discord.DefaultRequestsPerSecond, time.Second),
		IdentifyEvery: 50 * time.Millisecond}
	for _, o := range options {
		o(e)
	}
	fake := discordtest.New(t, e.fakeOpts...)
	for id, name := range names {
		fake.AddUser(id, name)
	}
	fake.AddChannel(guild, general)
	fake.AddChannel(guild, other)
	for _, f := range e.world {
		f(fake)
	}
	e.fake = fake
	e.opts.Token, e.opts.Configure = strings.TrimPrefix(fake.Token(), "Bot "), fake.Configure
	if !e.threads {
		threadsOff(t, e.db, e.offGuilds...)
	}
	e.start()
	t.Cleanup(e.stop) // runs before the fake's own cleanup
	return e
}

// threadsOff keeps the games of the test server (and of other guilds
// named) in their channel.
func threadsOff(t *testing.T, db string, guilds ...string) {
	t.Helper()
	store, err := storage.Open(db)
	if err != nil {
		t.Fatalf("open database: %v", err)
	}
	defer store.Close()
	for _, g := range append([]string{guild}, guilds...) {
		if err := store.SetGuildThreadsOff(context.Background(), g, true); err != nil {
			t.Fatalf("threads off: %v", err)
		}
	}
}

// start opens the database, connects a new bot and serves a new router.
func (e *env) start() {
	e.t.Helper()
	store, err := storage.Open(e.db)
	if err != nil {
		e.t.Fatalf("open database: %v", err)
	}
	opts := e.opts
	opts.State = store
	opts.Log = slog.New(slog.NewTextHandler(e.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	opts.Log = e.alsoJSON(opts.Log)
	store.SetMetrics(opts.Metrics)
	if e.http {
		opts.PublicKey = e.fake.PublicKey()
	}
	bot, err := discord.New(opts)
	if err != nil {
		e.t.Fatalf("discord.New: %v", err)
	}
	userID, err := bot.Open()
	if err != nil {
		e.t.Fatalf("Open: %v", err)
	}
	cfg := commands.DefaultConfig()
	cfg.BotUserID = userID
	if e.config != nil {
		e.config(&cfg)
	}
	router := commands.New(commands.Deps{Store: store, Transport: bot, Games: e.games, Log: opts.Log,
		Seed: func() uint64 { return 7 + e.seed.Add(1) }, Metrics: opts.Metrics}, cfg)
	if err := bot.Serve(router); err != nil {
		e.t.Fatalf("Serve: %v", err)
	}
	if e.http {
		e.endpoint = httptest.NewServer(telemetry.WithMetrics(bot.Handler(), opts.Metrics))
		if err := e.fake.VerifyEndpoint(e.endpoint.URL); err != nil {
			e.t.Fatalf("the fake would not save the endpoint: %v", err)
		}
		e.fake.SetInteractionEndpoints(e.endpoint.URL)
	}
	e.store, e.bot, e.router = store, bot, router
	// The start-up work left after Serve (clearing the commands of the
	// scope not in use, then recording what is registered) is done before
	// a test goes on, so none of its requests meets a fault the test
	// injects.
	scope := "global"
	if opts.DevGuildID != "" {
		scope = "guild:" + opts.DevGuildID
	}
	e.eventually("the start-up work to end", func() bool {
		v, err := store.BotState(context.Background(), "commands")
		f := strings.Fields(v)
		return err == nil && len(f) == 3 && f[1] == scope
	})
}

// stop closes the bot (moves in flight finish) and then the database.
func (e *env) stop() {
	if e.bot == nil {
		return
	}
	if err := e.bot.Close(); err != nil {
		e.t.Errorf("bot.Close: %v", err)
	}
	if e.endpoint != nil {
		e.endpoint.Close()
		e.endpoint = nil
	}
	if err := e.store.Close(); err != nil {
		e.t.Errorf("store.Close: %v", err)
	}
	e.bot, e.store = nil, nil
}

// restart is a process restart: a new bot and router on the same database
// and the same Discord.
func (e *env) restart() {
	e.t.Helper()
	e.stop()
	e.start()
}

func (e *env) must(in *discordtest.Interaction, err error) *discordtest.Interaction {
	e.t.Helper()
	if err != nil {
		e.t.Fatalf("interaction: %v", err)
	}
	return in
}

// answered waits for the first response, checks Discord's deadline, and
// waits for the finished answer (a deferred one filled in).
func (e *env) answered(in *discordtest.Interaction) (discordtest.Response, discordtest.Message) {
	e.t.Helper()
	resp, err := in.Wait(e.patience)
	if err != nil {
		e.t.Fatalf("no response to interaction %s: %v\nattempts: %+v\nlogs:\n%s", in.ID(), err, in.Attempts(), e.logs.String())
	}
	if resp.Latency > deadline {
		e.t.Fatalf("first response after %v, beyond Discord's %v", resp.Latency, deadline)
	}
	if resp.Type == discordtest.CallbackDeferredUpdate {
		// A silent acknowledgement: the router's own messages are the
		// answer (wait for them with settle), or a follow-up comes later.
		return resp, discordtest.Message{}
	}
	msg, err := in.WaitOriginal(e.patience)
	if err != nil {
		e.t.Fatalf("interaction %s never completed: %v", in.ID(), err)
	}
	return resp, msg
}

// eventually polls cond until it holds (the bot works asynchronously; this
// waits for it, it does not measure it).
func (e *env) eventually(what string, cond func() bool) {
	e.t.Helper()
	for end := time.Now().Add(e.patience); !cond(); {
		if time.Now().After(end) {
			e.t.Fatalf("timed out waiting for %s\nlogs:\n%s", what, e.logs.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// settle waits until the channel's game has moved past before and its turn
// message (a new one, or the living one edited) is recorded and exists.
// The router finishes its work first: a deferred answer comes back before
// the move's messages are posted, and a living turn message keeps its id.
func (e *env) settle(channel string, before *storage.Game) *storage.Game {
	e.t.Helper()
	e.router.Wait()
	var row *storage.Game
	e.eventually("the game to move on", func() bool {
		r, err := e.store.LatestGame(context.Background(), channel)
		if err != nil || r.Version <= before.Version || r.MessageID == "" {
			return false
		}
		row = r
		_, ok := e.fake.Message(r.MessageID)
		return ok
	})
	return row
}

// reply runs a slash command and returns the answer shown to the user.
func (e *env) reply(user, channel, cmd, sub string, opts ...discordtest.CommandOption) discordtest.Message {
	e.t.Helper()
	_, msg := e.answered(e.must(e.fake.RunCommand(user, channel, cmd, sub, opts...)))
	return msg
}

// click presses a button and returns the ephemeral answer, if any ("" for a
// silent acknowledgement: the router's messages are the answer).
func (e *env) click(user, messageID, customID string) string {
	e.t.Helper()
	return e.clicked(e.must(e.fake.Click(user, messageID, customID)))
}

func (e *env) choose(user, messageID, customID, value string) string {
	e.t.Helper()
	e.selects.Add(1)
	return e.clicked(e.must(e.fake.Select(user, messageID, customID, value)))
}

func (e *env) clicked(in *discordtest.Interaction) string {
	e.t.Helper()
	if told := e.told(in); len(told) > 0 {
		return told[0].Content
	}
	return ""
}

// told waits for the first response and for the bot to finish with the
// interaction, and returns what the answer showed the user (answerText),
// whichever path it took: under load a click's answer is deferred and
// comes as a follow-up.
func (e *env) told(in *discordtest.Interaction) []discordtest.Message {
	e.t.Helper()
	resp, err := in.Wait(e.patience)
	if err != nil {
		e.t.Fatalf("no response to interaction %s: %v\nlogs:\n%s", in.ID(), err, e.logs.String())
	}
	if resp.Latency > deadline {
		e.t.Fatalf("first response after %v, beyond Discord's %v", resp.Latency, deadline)
	}
	e.eventually("the bot to finish interaction "+in.ID(), func() bool { return e.logs.has(finishedLine(in.ID())) })
	return answerText(in)
}

// guidedStep is the ephemeral menu a guided step answers with, inline or
// deferred.
func (e *env) guidedStep(in *discordtest.Interaction) discordtest.Message {
	e.t.Helper()
	told := e.told(in)
	if len(told) != 1 || !told[0].Ephemeral {
		e.t.Fatalf("a guided step should answer with one ephemeral message, got %+v", told)
	}
	return told[0]
}

// game reads the channel's latest game and its state from the database.
func (e *env) game(channel string) (*storage.Game, games.State) {
	e.t.Helper()
	row, err := e.store.LatestGame(context.Background(), channel)
	if err != nil {
		e.t.Fatalf("no game in %s: %v", channel, err)
	}
	if row.State == nil {
		return row, nil
	}
	for _, g := range e.games {
		if g.Kind.Name == row.Kind {
			st, err := g.Kind.Decode(row.State)
			if err != nil {
				e.t.Fatalf("decode: %v", err)
			}
			return row, st
		}
	}
	e.t.Fatalf("unknown kind %s", row.Kind)
	return nil, nil
}

func (e *env) moves(id int64) int {
	e.t.Helper()
	ms, err := e.store.Moves(context.Background(), id)
	if err != nil {
		e.t.Fatalf("moves: %v", err)
	}
	return len(ms)
}

// turnMessage is the message carrying the game's controls now.
func (e *env) turnMessage(channel string) discordtest.Message {
	e.t.Helper()
	row, _ := e.game(channel)
	m, ok := e.fake.Message(row.MessageID)
	if !ok {
		e.t.Fatalf("turn message %q of game %d not found", row.MessageID, row.ID)
	}
	return m
}

// checkImages decodes every attachment of the messages as a PNG of a
// sensible size.
func checkImages(t *testing.T, msgs []discordtest.Message) int {
	t.Helper()
	n := 0
	for _, m := range msgs {
		for _, a := range m.Attachments {
			img, err := a.PNG()
			if err != nil {
				t.Fatalf("attachment %s of message %s: %v", a.Filename, m.ID, err)
			}
			b := img.Bounds()
			if b.Dx() < 200 || b.Dy() < 200 || b.Dx() > 4000 || b.Dy() > 4000 || a.Size > 1<<20 || a.Size < 100 {
				t.Errorf("attachment %s of message %s: %dx%d, %d bytes", a.Filename, m.ID, b.Dx(), b.Dy(), a.Size)
			}
			n++
		}
	}
	return n
}

// findID returns the custom id of the first component whose id starts with
// prefix (or whose label contains label when prefix is "").
func findID(m discordtest.Message, prefix string) (string, bool) {
	for _, id := range m.CustomIDs() {
		if strings.HasPrefix(id, prefix) {
			return id, true
		}
	}
	return "", false
}

// noErrorLogs fails when the bot logged an error.
func (e *env) noErrorLogs() {
	e.t.Helper()
	for _, line := range strings.Split(e.logs.String(), "\n") {
		if strings.Contains(line, "level=ERROR") {
			e.t.Errorf("the bot logged an error: %s", line)
		}
	}
}

// noErrorsBut fails on REST errors the fake answered other than the codes
// listed (the test caused those on purpose).
func (e *env) noErrorsBut(codes ...int) {
	e.t.Helper()
	allowed := map[int]bool{}
	for _, c := range codes {
		allowed[c] = true
	}
	for _, re := range e.fake.RESTErrors() {
		if !allowed[re.Code] && !allowed[re.Status] {
			e.t.Errorf("unexpected REST error: %s", re.String())
		}
	}
}

// quickGames is the catalog with a small stand-in renderer. The real ones
// draw 1000x1274 boards and encode them with png.BestCompression: about a
// second per image normally but 15-25 s under the race detector, too slow
// for whole games here. TestRealBoardImage posts one real board.
func quickGames() []commands.Game {
	gs := catalog.Games()
	for i := range gs {
		gs[i].Draw = quickDraw
	}
	return gs
}

// quickDraw draws a 240x200 picture that differs with the view's text: a
// band per text line, its shade from the line's length and first byte.
func quickDraw(v games.View) (image.Image, error) {
	pal := color.Palette{}
	for i := 0; i < 16; i++ {
		pal = append(pal, color.RGBA{uint8(i * 16), uint8(255 - i*16), uint8(i * 8), 255})
	}
	img := image.NewPaletted(image.Rect(0, 0, 240, 200), pal)
	lines := strings.Split(v.Text(), "\n")
	for y := 0; y < 200; y++ {
		line := lines[y*len(lines)/200]
		c := uint8(len(line) % 16)
		if len(line) > 0 {
			c = (c + line[0]) % 16
		}
		row := img.Pix[y*img.Stride : y*img.Stride+240]
		for x := range row {
			row[x] = c
		}
	}
	return img, nil
}

// slowGames wraps every renderer with a pause; started (if not nil) hears
// when a drawing begins.
func slowGames(d time.Duration, started chan<- struct{}) []commands.Game {
	gs := quickGames()
	for i := range gs {
		draw := gs[i].Draw
		gs[i].Draw = func(v games.View) (img image.Image, err error) {
			if started != nil {
				select {
				case started <- struct{}{}:
				default:
				}
			}
			time.Sleep(d)
			return draw(v)
		}
	}
	return gs
}

// confirmed runs a command that asks to confirm first (/game resign,
// /game abandon) and presses its confirm button; it returns what the
// question became, or the refusal given instead of a question.
func (e *env) confirmed(user, channel, cmd, sub string) discordtest.Message {
	e.t.Helper()
	msg := e.reply(user, channel, cmd, sub)
	for _, b := range msg.Buttons() {
		if strings.HasPrefix(b.CustomID, "confirm:") {
			e.told(e.must(e.fake.Click(user, msg.ID, b.CustomID)))
			if m, ok := e.fake.Message(msg.ID); ok {
				return m
			}
			e.t.Fatalf("the question %s is gone after its confirm click", msg.ID)
		}
	}
	return msg
}
