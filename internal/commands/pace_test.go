package commands

import (
	"context"
	"strings"
	"testing"
	"time"

	"standoff/internal/rhythm"
	"standoff/storage"
)

// run runs a slash command as user in a channel of a guild ("" guild: the
// user's DM with the bot); opts are "name=value".
func (h *harness) run(guild, channel, user, command, sub string, opts ...string) Response {
	in := Interaction{Type: SlashCommand, Guild: guild, Channel: channel, User: User{ID: user, Name: NameOf(strings.ToUpper(user[:1]) + user[1:])},
		Command: command, Sub: sub, Options: map[string]string{}, Users: map[string]Name{}}
	if guild == "" {
		in.DM, in.Channel = true, "dm-"+user
	}
	for _, o := range opts {
		k, v, _ := strings.Cut(o, "=")
		in.Options[k] = v
		if strings.HasPrefix(k, "opponent") {
			in.Users[v] = NameOf(strings.ToUpper(v[:1]) + v[1:])
		}
	}
	return h.r.Handle(context.Background(), in)
}

// tallyIn makes alice challenge bob to Tally in a channel, and bob accept.
func (h *harness) tallyIn(guild, channel string, opts ...string) *storage.Game {
	h.t.Helper()
	mustEphemeral(h.t, h.run(guild, channel, "alice", "tally", "challenge", append([]string{"opponent=bob"}, opts...)...), "Challenge sent")
	lobby := h.rec.last(channel, "")
	for _, row := range lobby.m.Rows {
		for _, b := range row.Buttons {
			if b.Label == "Accept" {
				in := Interaction{Type: ComponentClick, Guild: guild, Channel: channel, User: User{ID: "bob", Name: NameOf("Bob")}, CustomID: b.CustomID, MessageID: lobby.id}
				h.r.Handle(context.Background(), in)
			}
		}
	}
	g, err := h.store.LatestGame(context.Background(), channel)
	if err != nil || g.Status != storage.Active {
		h.t.Fatalf("the game in %s did not start: %+v %v", channel, g, err)
	}
	return g
}

// typed plays a typed move in a channel.
func (h *harness) typed(guild, channel, user, move string) {
	h.t.Helper()
	mustEphemeral(h.t, h.run(guild, channel, user, "tally", "move", "move="+move), "Played")
}

func mustContain(t *testing.T, what, text string, parts ...string) {
	t.Helper()
	for _, p := range parts {
		if !strings.Contains(text, p) {
			t.Fatalf("%s lacks %q:\n%s", what, p, text)
		}
	}
}

func links(m Message) []string {
	var out []string
	for _, row := range m.Rows {
		for _, b := range row.Buttons {
			if b.URL != "" {
				out = append(out, b.Label+" "+b.URL)
			}
		}
	}
	return out
}

// /game turns lists, for the player alone, the games on this server that
// wait on them (newest first, how long, the turn limit's deadline, a link
// to each) and those they are next in; in the bot's DM, every server.
func TestTurnsAcrossChannelsAndServers(t *testing.T) {
	h := newHarness(t)
	start := h.now
	h.tallyIn("g", "c1", "turn_limit=24h")
	h.now = h.now.Add(time.Hour)
	h.tallyIn("g", "c2")
	h.now = h.now.Add(time.Hour)
	g3 := h.tallyIn("g", "c3")
	h.now = h.now.Add(time.Hour)
	h.tallyIn("other", "c9")
	h.now = start.Add(5 * time.Hour)

	got := h.run("g", "c1", "alice", "game", "turns")
	mustEphemeral(t, got, "**Your turn** in 3 games on this server, newest first:")
	mustContain(t, "alice's turns", got.Message.Content,
		"1. Tally game #3 against Bob in <#c3>: waiting for you for 3 hours; no turn limit.",
		"2. Tally game #2 against Bob in <#c2>: waiting for you for 4 hours; no turn limit.",
		"3. Tally game #1 against Bob in <#c1>: waiting for you for 5 hours; turn limit: 19 hours left (until Mon 2 Mar 12:00 UTC).")
	if l := links(got.Message); len(l) != 3 || l[0] != "Tally game #3 https://discord.com/channels/g/c3" {
		t.Fatalf("link buttons: %v", l)
	}
	if strings.Contains(got.Message.Content, "c9") {
		t.Fatalf("another server's game listed in this one:\n%s", got.Message.Content)
	}
	bob := h.run("g", "c1", "bob", "game", "turns")
	mustContain(t, "bob's turns", bob.Message.Content, "No game on this server is waiting for you.",
		"**You are next** in 3 games:", "Tally game #3 against Alice in <#c3>: you are next after Alice.")

	dm := h.run("", "", "alice", "game", "turns")
	mustEphemeral(t, dm, "**Your turn** in 4 games on any server")
	mustContain(t, "alice's turns in DM", dm.Message.Content, "Tally game #4 against Bob in <#c9>")
	if l := links(dm.Message); len(l) != 4 || l[0] != "Tally game #4 https://discord.com/channels/other/c9" {
		t.Fatalf("link buttons in DM: %v", l)
	}

	// alice plays in c3: bob must react there; then it is bob's turn, and
	// alice is next.
	h.typed("g", "c3", "alice", "add 1")
	got = h.run("g", "c1", "alice", "game", "turns")
	mustEphemeral(t, got, "**Your turn** in 2 games")
	bob = h.run("g", "c1", "bob", "game", "turns")
	mustContain(t, "bob's turns", bob.Message.Content, "1. Tally game #3 against Alice in <#c3>: waiting for you since just now")
	h.now = h.now.Add(2 * time.Hour)
	h.run("g", "c3", "bob", "tally", "move", "move=ok")
	row, _ := h.store.Game(context.Background(), g3.ID)
	if !row.Seats[1].WaitingSince.Equal(h.now) || row.Seats[0].NextAfter != "Bob" || !row.Seats[0].WaitingSince.IsZero() {
		t.Fatalf("after bob's reaction: %+v", row.Seats)
	}
	mustContain(t, "alice's turns", h.run("g", "c1", "alice", "game", "turns").Message.Content,
		"**You are next** in 1 game:", "3. Tally game #3 against Bob in <#c3>: you are next after Bob.")
	h.confirmed(Interaction{Type: SlashCommand, Guild: "g", Channel: "c3", User: User{ID: "alice"}, Command: "game", Sub: "resign"})
	if l := links(h.run("g", "c1", "bob", "game", "turns").Message); len(l) != 2 || strings.Contains(strings.Join(l, " "), "c3") {
		t.Fatalf("bob's finished game is still listed: %v", l)
	}
}

// A player's notification settings are shown, changed, refused when
// wrong (nothing changed), and kept across a restart.
func TestNotifySettingsStoredAndShown(t *testing.T) {
	h := newHarness(t)
	mustEphemeral(t, h.run("g", "c1", "alice", "game", "notify"), "• a mention in the game's channel.")
	got := h.run("g", "c1", "alice", "game", "notify", "how=dm", "quiet=22:00-07:30", "zone=Europe/Paris", "next=true", "digest=08:00")
	mustEphemeral(t, got, "Saved.")
	mustContain(t, "the saved settings", got.Message.Content, "• a direct message, replaced by your daily digest.",
		"• Quiet hours 22:00-07:30 (Europe/Paris)", "heads-up when the player before you starts their turn: on",
		"Daily digest at 08:00 (Europe/Paris), one DM listing the games waiting on you; the next on Mon 2 Mar 08:00 CET",
		"Time zone: Europe/Paris (it is 13:00 Sun 1 Mar there now)")
	for _, bad := range [][]string{{"zone=Mars/Base"}, {"quiet=25:00-07:00"}, {"quiet=22:00"}, {"digest=noon"}, {"how=pigeon"}} {
		if r := h.run("g", "c1", "alice", "game", "notify", bad...); !r.Message.Ephemeral || strings.Contains(r.Message.Content, "Saved") {
			t.Fatalf("%v was not refused: %+v", bad, r)
		}
	}
	h.restart()
	p, err := h.store.Player(context.Background(), "alice")
	if err != nil || p.How != rhythm.DM || p.Zone != "Europe/Paris" || p.Quiet != (rhythm.Window{From: 22 * 60, To: 7*60 + 30}) ||
		!p.HeadsUp || !p.Digest || p.DigestAt != 8*60 || !p.DigestNext.Equal(time.Date(2026, 3, 2, 7, 0, 0, 0, time.UTC)) {
		t.Fatalf("after a restart: %+v %v", p, err)
	}
	got = h.run("", "", "alice", "game", "notify", "digest=off", "quiet=off")
	mustContain(t, "settings from a DM", got.Message.Content, "• a direct message.", "Quiet hours: off", "Daily digest: off")
	if p, _ := h.store.Player(context.Background(), "alice"); p.Digest || !p.DigestNext.IsZero() {
		t.Fatalf("digest off, yet one is due: %+v", p)
	}
	if s := h.r.pace.completeZone(context.Background(), Interaction{Focused: "zone", Options: map[string]string{"zone": "paris"}}); len(s) != 1 || s[0].Value != "Europe/Paris" {
		t.Fatalf("zone autocomplete: %v", s)
	}
}

// Time away pauses a player's turn limit and reminders in all their games
// (the tables are told until when), a vote on them says so, and the
// limit runs again, with what was left, once they are back.
func TestAwayPausesTheTurnLimit(t *testing.T) {
	h := newHarness(t)
	g := h.tallyIn("g", "c1", "turn_limit=24h")
	h.now = h.now.Add(6 * time.Hour)
	mustEphemeral(t, h.run("g", "c1", "alice", "game", "away", "days=20"), "from 1 to 14")
	got := h.run("g", "c1", "alice", "game", "away", "days=3")
	mustEphemeral(t, got, "You are away until Wed 4 Mar 18:00 UTC (3 days)")
	mustContain(t, "the table's notice", h.rec.last("c1", "").m.Content, "Alice is away until Wed 4 Mar 18:00 UTC")

	before := h.rec.count()
	for i := 0; i < 3*24+17; i++ { // to an hour before the limit's end
		h.now = h.now.Add(time.Hour)
		h.tick()
	}
	if row, _ := h.store.Game(context.Background(), g.ID); row.Seats[0].Away {
		t.Fatal("the limit handed over the seat of a player away")
	}
	for _, m := range h.rec.msgs[before:] {
		if strings.Contains(m.m.Content, "Reminder") && h.now.Before(time.Date(2026, 3, 4, 18, 0, 0, 0, time.UTC)) {
			t.Fatalf("a reminder while away: %q", m.m.Content)
		}
	}
	mustContain(t, "alice's turns", h.run("g", "c1", "alice", "game", "turns").Message.Content, "turn limit: 60 minutes left (until Thu 5 Mar 12:00 UTC)")
	h.now = h.now.Add(time.Hour)
	h.tick()
	if row, _ := h.store.Game(context.Background(), g.ID); !row.Seats[0].Away {
		t.Fatal("the limit did not run out once alice was back")
	}

	// Back early: the limit runs again at once.
	h2 := newHarness(t)
	g = h2.tallyIn("g", "c1", "turn_limit=24h")
	mustEphemeral(t, h2.run("g", "c1", "alice", "game", "away", "days=off"), "You are not away")
	h2.run("g", "c1", "alice", "game", "away", "days=5")
	h2.now = h2.now.Add(48 * time.Hour)
	mustEphemeral(t, h2.run("", "", "alice", "game", "away", "days=off"), "Welcome back: your turn limits and reminders run again in your game, and its table was told")
	mustContain(t, "the table's notice", h2.rec.last("c1", "").m.Content, "Alice is back")
	h2.now = h2.now.Add(23 * time.Hour)
	h2.tick()
	if row, _ := h2.store.Game(context.Background(), g.ID); row.Seats[0].Away {
		t.Fatal("the limit ran out before its 24 hours counted")
	}
	h2.now = h2.now.Add(time.Hour)
	h2.tick()
	if row, _ := h2.store.Game(context.Background(), g.ID); !row.Seats[0].Away {
		t.Fatal("the limit did not run out")
	}

	// A server may allow longer.
	mustEphemeral(t, h2.settingsWith("alice", true, "away_days=30"), "up to 30 days (this server's setting)")
	mustEphemeral(t, h2.run("g", "c1", "bob", "game", "away", "days=20"), "You are away until")
}

// settingsWith runs /standoff settings with options.
func (h *harness) settingsWith(user string, admin bool, opts ...string) Response {
	in := Interaction{Type: SlashCommand, Guild: "g", Channel: chanID, User: User{ID: user, Name: NameOf(user)},
		Command: "standoff", Sub: "settings", Options: map[string]string{}, CanManageServer: admin}
	for _, o := range opts {
		k, v, _ := strings.Cut(o, "=")
		in.Options[k] = v
	}
	return h.r.Handle(context.Background(), in)
}

// turn_limit:bank: each player's slow turns spend their own bank and each
// move puts a seventh back; the bot takes the seat of the player whose
// bank runs out, and only theirs.
func TestTimeBank(t *testing.T) {
	h := newHarness(t)
	mustEphemeral(t, h.settingsWith("alice", true, "bank=72h"), "gives each player 3 days for all their turns (this server's setting); each move puts back 10 hours")
	g := h.tallyIn("g", "c1", "turn_limit=bank")
	if g.TurnBank != 72*time.Hour || g.TurnLimit != 0 {
		t.Fatalf("the game's clock: limit %v bank %v", g.TurnLimit, g.TurnBank)
	}
	mustContain(t, "the game's first message", h.rec.last("c1", "").m.Content, "time bank 3 days each")
	h.now = h.now.Add(30 * time.Hour)
	h.typed("g", "c1", "alice", "add 1")
	row, _ := h.store.Game(context.Background(), g.ID)
	refill := 72 * time.Hour / 7
	if row.Seats[0].BankSpent != (30*time.Hour - refill).Truncate(time.Second) {
		t.Fatalf("alice's bank after a 30-hour turn: spent %v", row.Seats[0].BankSpent)
	}
	h.typed("g", "c1", "bob", "ok")
	mustContain(t, "bob's turns", h.run("g", "c1", "bob", "game", "turns").Message.Content, "time bank: 3 days left")
	h.now = h.now.Add(71 * time.Hour)
	h.tick()
	if row, _ := h.store.Game(context.Background(), g.ID); row.Seats[1].Away {
		t.Fatal("bob's seat was handed over before his bank ran out")
	}
	h.now = h.now.Add(time.Hour)
	h.tick()
	row, _ = h.store.Game(context.Background(), g.ID)
	if !row.Seats[1].Away || row.Seats[0].Away {
		t.Fatalf("after bob's bank ran out: %+v", row.Seats)
	}
	mustContain(t, "the table's message", h.turn().m.Content, "Bob ran out of their time bank of 3 days")

	// A server may give every new game a time bank.
	mustEphemeral(t, h.settingsWith("alice", true, "turn_limit=bank"), "New games on this server get a time bank (this server's setting)")
	h.confirmed(Interaction{Type: SlashCommand, Guild: "g", Channel: "c1", User: User{ID: "alice"}, Command: "game", Sub: "abandon"})
	if g := h.tallyIn("g", "c1"); g.TurnBank != 72*time.Hour || g.TurnLimit != 0 {
		t.Fatalf("a new game on a server of time banks: limit %v bank %v", g.TurnLimit, g.TurnBank)
	}
}

// A vote to skip or replace a player who is away says so.
func TestVoteOnAPlayerAwaySaysSo(t *testing.T) {
	h := newHarness(t)
	mustEphemeral(t, h.cmd("alice", "tally", "challenge", "opponent=bob", "opponent2=carol"), "Challenge sent")
	for _, who := range []string{"bob", "carol"} {
		h.click(who, h.rec.last(chanID, ""), "Accept")
	}
	mustEphemeral(t, h.cmd("alice", "game", "away", "days=2"), "You are away")
	h.hours(12)
	mustEphemeral(t, h.cmd("bob", "game", "skip", "player=alice"), "Vote opened: Bob asks to skip Alice's turn (they are away until Tue 3 Mar 12:00 UTC).")
	mustContain(t, "the vote's message", h.rec.last(chanID, "").m.Content, "(they are away until Tue 3 Mar 12:00 UTC)")
}
