package discord_test

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"standoff/internal/catalog"
	"standoff/internal/discord"
	"standoff/internal/discordtest"
	"standoff/internal/games"
	"standoff/storage"
	"standoff/storage/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// process is one bot binary running in HTTP mode.
type process struct {
	cmd      *exec.Cmd
	endpoint string
	logs     *logSink
	exited   chan error
}

// TestThreeBotProcesses runs the real bot binary three times in HTTP
// interactions mode on one PostgreSQL database, as identical processes
// behind a load balancer: the fake Discord sends every interaction to one
// of the three at random, and every move is played twice at once from two
// guided menus (a user's impatient repeat, on another process). Every move applies
// once, every reminder is sent once although all three processes run the
// clock, and each game's log replays to its stored state.
func TestThreeBotProcesses(t *testing.T) {
	t.Parallel()
	url := pgtest.URL(t)
	bin := buildBot(t)
	fake := discordtest.New(t)
	for id, name := range names {
		fake.AddUser(id, name)
	}
	// Two players per table, none at two tables.
	const tables = 3
	var channels []string
	pairs := map[string][2]string{}
	for g := 0; g < tables; g++ {
		ch := fmt.Sprint(910 + g)
		fake.AddChannel(guild, ch)
		channels = append(channels, ch)
		pairs[ch] = [2]string{[]string{alice, carol, frank}[g], []string{bob, dave, grace}[g]}
	}
	var procs []*process
	for i := 0; i < 3; i++ {
		procs = append(procs, startBot(t, bin, fake, url, i))
	}
	var endpoints []string
	for _, p := range procs {
		p.waitReady(t, fake)
		endpoints = append(endpoints, p.endpoint)
	}
	fake.SetInteractionEndpoints(endpoints...)

	threadsOff(t, url) // each table in the channel named for it
	store, err := storage.Open(url)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	ctx := context.Background()
	hijack := catalog.Games()[0]
	for _, g := range catalog.Games() {
		if g.Kind.Name == "hijack" {
			hijack = g
		}
	}
	state := func(ch string) (*storage.Game, games.State) {
		row, err := store.LatestGame(ctx, ch)
		if err != nil {
			t.Fatalf("no game in %s: %v", ch, err)
		}
		if row.State == nil {
			return row, nil
		}
		st, err := hijack.Kind.Decode(row.State)
		if err != nil {
			t.Fatal(err)
		}
		return row, st
	}
	// deferredAnswers counts the clicks answered by a follow-up after a
	// deferral, the path a busy machine takes (logged at the end).
	var deferredAnswers atomic.Int32
	// told is what the player is finally told, whichever path the answer
	// took (inline; deferred and followed up; @original edited): it waits
	// until the process that took the interaction has finished with it.
	told := func(in *discordtest.Interaction, err error) []discordtest.Message {
		t.Helper()
		if err != nil {
			t.Fatalf("interaction: %v", err)
		}
		resp, err := in.Wait(15 * time.Second)
		if err != nil {
			t.Fatalf("%v\n%s", err, allLogs(procs))
		}
		if resp.Latency > deadline {
			t.Errorf("first response after %v, beyond Discord's %v", resp.Latency, deadline)
		}
		waitFor(t, "the bot to finish interaction "+in.ID(), func() bool { return finished(procs, in.ID()) })
		out := answerText(in)
		if resp.Type == discordtest.CallbackDeferredUpdate && len(out) > 0 {
			deferredAnswers.Add(1)
		}
		return out
	}
	answer := func(in *discordtest.Interaction, err error) string {
		t.Helper()
		var texts []string
		for _, m := range told(in, err) {
			texts = append(texts, m.Content)
		}
		return strings.Join(texts, "\n")
	}

	// A Hijack game at each table, challenged and accepted.
	var wg sync.WaitGroup
	for _, ch := range channels {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got := answer(fake.RunCommand(pairs[ch][0], ch, "hijack", "challenge", discordtest.Opt("opponent", pairs[ch][1]), discordtest.Opt("num_pieces", 2)))
			if !strings.Contains(got, "hallenge") {
				t.Errorf("challenge in %s answered %q", ch, got)
				return
			}
			lobby, _ := fake.LastMessage(ch)
			accept, ok := findID(lobby, "accept:")
			if !ok {
				t.Errorf("no Accept button in %s: %v", ch, lobby.CustomIDs())
				return
			}
			answer(fake.Click(pairs[ch][1], lobby.ID, accept))
		}()
	}
	wg.Wait()
	if t.Failed() {
		t.FailNow()
	}
	// settle waits until the channel's turn message shows the stored
	// position: its controls carry the game's current version (the
	// router edits it after the move is saved).
	settle := func(what, ch string) {
		waitFor(t, what, func() bool {
			row, st := state(ch)
			if st == nil {
				return false
			}
			if st.Outcome() != nil {
				return true
			}
			m, ok := fake.Message(row.MessageID)
			if !ok {
				return false
			}
			for _, id := range m.CustomIDs() {
				if strings.Contains(id, fmt.Sprintf(":%d:%d", row.ID, row.Version)) {
					return true
				}
			}
			return false
		})
	}
	for _, ch := range channels {
		settle("the game in "+ch+" to start", ch)
	}

	// Moves: the player on turn opens the guided menus of the turn message
	// twice (two private menus offering the same move at the same
	// position), then plays both at once, each interaction going to a
	// process chosen at random. One applies; the other is stale.
	const rounds = 5
	played, stale := map[string]int{}, map[string]int{}
	// answers records every duplicate's first response and what it told,
	// for a failure to show what happened.
	answers := map[string][]string{}
	for round := 0; round < rounds; round++ {
		var mu sync.Mutex
		for _, ch := range channels {
			row, st := state(ch)
			if st == nil || st.Outcome() != nil || len(st.Prompts()) == 0 {
				continue
			}
			user := row.Seats[st.Prompts()[0].Seat].UserID
			turn, ok := fake.Message(row.MessageID)
			if !ok {
				t.Fatalf("%s: turn message %s not found", ch, row.MessageID)
			}
			type final struct{ menu, id, value string }
			var finals []final
			for k := 0; k < 2; k++ {
				menu, id, value := walkGuided(t, fake, user, turn, procs)
				finals = append(finals, final{menu.ID, id, value})
			}
			played[ch]++
			for _, f := range finals {
				wg.Add(1)
				go func() {
					defer wg.Done()
					var in *discordtest.Interaction
					var err error
					if f.value != "" {
						in, err = fake.Select(user, f.menu, f.id, f.value)
					} else {
						in, err = fake.Click(user, f.menu, f.id)
					}
					got := answer(in, err)
					mu.Lock()
					r, _ := in.Response()
					answers[ch] = append(answers[ch], fmt.Sprintf("round %d, type %d: %q", round, r.Type, got))
					if strings.Contains(got, "position changed") {
						stale[ch]++
					}
					mu.Unlock()
					if !strings.Contains(got, "position changed") && got != "" {
						t.Errorf("%s: a guided move answered %q", ch, got)
					}
				}()
			}
		}
		wg.Wait()
		// The router's messages of the round are posted before the next
		// round reads the position.
		for _, ch := range channels {
			settle(fmt.Sprintf("round %d in %s to settle", round, ch), ch)
		}
	}
	for _, ch := range channels {
		row, st := state(ch)
		moves, err := store.Moves(ctx, row.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(moves) != played[ch] || played[ch] == 0 || stale[ch] != played[ch] {
			t.Errorf("%s: %d moves logged and %d refused as stale, for %d moves each played twice; the clicks were answered:\n%s",
				ch, len(moves), stale[ch], played[ch], strings.Join(answers[ch], "\n"))
		}
		replayed, err := games.Replay(hijack.Kind, row.Setup(), moves)
		if err != nil {
			t.Fatalf("%s: replay: %v", ch, err)
		}
		a, _ := replayed.Encode()
		b, _ := st.Encode()
		if !bytes.Equal(a, b) || !bytes.Equal(b, row.State) {
			t.Errorf("%s: the replayed log differs from the stored state", ch)
		}
	}

	// Every game now waits; all three processes check the clock every
	// 200 ms: one reminder per game, however many ticks pass.
	// Only reminders of the last turn count: on a slow machine a round
	// can outlast remind_after, and a reminder sent during play is not a
	// duplicate.
	reminders := func(ch string) int {
		row, _ := state(ch)
		n := 0
		for _, m := range fake.Messages(ch) {
			if strings.Contains(m.Content, "Reminder:") && !m.CreatedAt.Before(row.TurnStartedAt.Truncate(time.Millisecond)) {
				n++
			}
		}
		return n
	}
	for _, ch := range channels {
		waitFor(t, "a reminder in "+ch, func() bool { return reminders(ch) > 0 })
	}
	time.Sleep(time.Second) // five more ticks of each process
	for _, ch := range channels {
		if n := reminders(ch); n != 1 {
			t.Errorf("%s: %d reminders, want 1", ch, n)
		}
	}

	for url, n := range fake.HTTPDeliveries() {
		if n == 0 {
			t.Errorf("no interaction went to %s", url)
		}
	}
	if len(fake.HTTPDeliveries()) != 3 {
		t.Errorf("interactions went to %d endpoints, want 3", len(fake.HTTPDeliveries()))
	}
	for _, re := range fake.RESTErrors() {
		if re.Scope == discordtest.ScopeUser {
			// Three processes share one token's per-route buckets, and
			// each learns a bucket's state only from its own answers: an
			// ordinary 429 now and then is Discord's pushback, waited out.
			continue
		}
		t.Errorf("REST error: %s", re.String())
	}
	// SIGTERM to one process: it drains (drain = "3s" below), its health
	// check out of rotation while what still reaches it is answered,
	// then it stops.
	drained := procs[0]
	fake.SetInteractionEndpoints(drained.endpoint)
	if err := drained.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the draining process's health check to say 503", func() bool {
		resp, err := http.Get(drained.endpoint + "/healthz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusServiceUnavailable
	})
	if got := answer(fake.RunCommand(alice, channels[0], "game", "help")); !strings.Contains(got, "/game") {
		t.Errorf("an interaction to the draining process was answered %q", got)
	}
	// The others stop together (each drains first).
	stopped := make([]error, len(procs))
	var stopping sync.WaitGroup
	for i, p := range procs {
		stopping.Add(1)
		go func() {
			defer stopping.Done()
			if p == drained {
				stopped[i] = p.exit()
			} else {
				stopped[i] = p.stop()
			}
		}()
	}
	stopping.Wait()
	for i, p := range procs {
		if err := stopped[i]; err != nil {
			t.Errorf("process %d: %v", i, err)
		}
		for _, line := range strings.Split(p.logs.String(), "\n") {
			if strings.Contains(line, "level=ERROR") {
				t.Errorf("process %d logged an error: %s", i, line)
			}
		}
	}
	t.Logf("deliveries %v, moves played %v, clicks answered after a deferral %d", fake.HTTPDeliveries(), played, deferredAnswers.Load())
}

// walkGuided follows the guided menus from a message with controls, each
// step an interaction of its own, until a complete move is on offer, and
// returns the message offering it and the control that plays it (a button
// id, or a select id and its value).
func walkGuided(t *testing.T, fake *discordtest.Server, user string, msg discordtest.Message, procs []*process) (discordtest.Message, string, string) {
	t.Helper()
	for step := 0; step < 8; step++ {
		for _, b := range msg.Buttons() {
			if strings.HasPrefix(b.CustomID, "m:") && !strings.HasSuffix(b.CustomID, ":draw") {
				return msg, b.CustomID, ""
			}
		}
		var next *discordtest.Interaction
		var err error
		if sels := msg.Selects(); len(sels) > 0 {
			for _, o := range sels[0].Options {
				if strings.HasPrefix(o.Value, "m|") {
					return msg, sels[0].CustomID, o.Value
				}
			}
			next, err = fake.Select(user, msg.ID, sels[0].CustomID, sels[0].Options[0].Value)
		} else {
			id, ok := findID(msg, "r:")
			if !ok {
				t.Fatalf("guided menu has neither a move nor a refinement: %q %v", msg.Content, msg.CustomIDs())
			}
			next, err = fake.Click(user, msg.ID, id)
		}
		if err != nil {
			t.Fatal(err)
		}
		// Under load the step is deferred and its menu comes as a
		// follow-up: read it once the process has finished.
		if _, err := next.Wait(15 * time.Second); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "the bot to finish interaction "+next.ID(), func() bool { return finished(procs, next.ID()) })
		told := answerText(next)
		if len(told) != 1 || !told[0].Ephemeral {
			t.Fatalf("a guided step should answer with one ephemeral message, got %+v", told)
		}
		msg = told[0]
	}
	t.Fatalf("guided menus never reached a move")
	return msg, "", ""
}

// buildBot builds cmd/bot into a temporary directory (with the race
// detector when the test has it, so the build cache is shared).
func buildBot(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "standoff")
	args := []string{"build", "-o", bin}
	if raceBuild {
		args = append(args, "-race")
	}
	out, err := exec.Command("go", append(args, "standoff/cmd/bot")...).CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// freePort returns a loopback port free now.
func freePort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// startBot starts bot process i with a config of its own: HTTP mode on a
// loopback port, the shared database, the fake's public key, a fast
// clock (reminders after 3 s of silence, checked every 200 ms), and a
// per-user rate limit this test never reaches: it plays every move twice
// through guided menus at the machine's speed, several clicks a second for
// one user, and on a quiet machine a process receiving more than the
// default burst of them answered "You are acting faster than I can keep up
// with". The limit has its own tests.
func startBot(t *testing.T, bin string, fake *discordtest.Server, db string, i int) *process {
	t.Helper()
	addr := freePort(t)
	cfg := fmt.Sprintf(`token = %q
database = %q
mode = "http"
listen = %q
public_key = %q
log_level = "debug"
drain = "3s"

[rate_limit]
burst = 1000

[reminders]
remind_after = "3s"
remind_every = "1h"
check_every = "200ms"
`, strings.TrimPrefix(fake.Token(), "Bot "), db, addr, fake.PublicKeyHex())
	path := filepath.Join(t.TempDir(), fmt.Sprintf("bot%d.toml", i))
	if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	p := &process{endpoint: "http://" + addr, logs: &logSink{}, exited: make(chan error, 1)}
	p.cmd = exec.Command(bin, "-config", path)
	p.cmd.Env = append(os.Environ(), discord.RedirectEnv+"="+strings.TrimPrefix(fake.URL(), "http://"), "DISCORD_TOKEN=")
	p.cmd.Stdout, p.cmd.Stderr = p.logs, p.logs
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.exited <- p.cmd.Wait() }()
	t.Cleanup(func() {
		if p.cmd.ProcessState == nil {
			_ = p.cmd.Process.Kill()
			<-p.exited
		}
	})
	return p
}

// waitReady waits until the process answers Discord's endpoint check (a
// signed PING answered, a forged one refused).
func (p *process) waitReady(t *testing.T, fake *discordtest.Server) {
	t.Helper()
	end := time.Now().Add(20 * time.Second)
	for {
		err := fake.VerifyEndpoint(p.endpoint)
		if err == nil {
			return
		}
		select {
		case err := <-p.exited:
			t.Fatalf("bot process exited: %v\n%s", err, p.logs.String())
		default:
		}
		if time.Now().After(end) {
			t.Fatalf("bot process at %s not ready: %v\n%s", p.endpoint, err, p.logs.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// stop sends SIGTERM, as systemd does, and waits for a clean exit.
func (p *process) stop() error {
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		return err
	}
	return p.exit()
}

// exit waits for a clean exit after SIGTERM.
func (p *process) exit() error {
	select {
	case err := <-p.exited:
		if err != nil {
			return fmt.Errorf("exit after SIGTERM: %v\n%s", err, p.logs.String())
		}
		return nil
	case <-time.After(20 * time.Second):
		return fmt.Errorf("still running 20 s after SIGTERM")
	}
}

// finished reports whether one of the processes has finished with the
// interaction (its debug line).
func finished(procs []*process, id string) bool {
	for _, p := range procs {
		if p.logs.has(finishedLine(id)) {
			return true
		}
	}
	return false
}

func allLogs(procs []*process) string {
	var b strings.Builder
	for i, p := range procs {
		fmt.Fprintf(&b, "--- process %d\n%s", i, p.logs.String())
	}
	return b.String()
}

// waitFor polls cond for up to 15 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(15 * time.Second); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}
