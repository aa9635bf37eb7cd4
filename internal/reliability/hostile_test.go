package reliability

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"standoff/internal/catalog"
	"standoff/internal/commands"
	"standoff/internal/games"
)

// hostileValues are what people (and scripts) type into options and moves:
// nothing, too much, unicode of every kind, control characters, and text
// that looks like an injection into SQL, Discord markup, templates or paths.
var hostileValues = []string{
	"", " ", "\t", strings.Repeat("a", 6000), strings.Repeat("é", 3000), strings.Repeat("9", 400),
	"🎲🎲🎲", "‮reversed", "zero\u200bwidth", "ａ５", "Ⅻ", "\ufeffbom", "\xff\xfe invalid utf8",
	"\x00", "nul\x00byte", "\x1b[31mred\x1b[0m", "line\nbreak", "cr\rlf\r\n", "\a\b\f\v",
	"'; DROP TABLE games; --", `" OR 1=1 --`, "Robert'); DELETE FROM moves;--",
	"@everyone", "@here", "<@&123456789>", "<@1>", "<#1>", "||spoiler||", "```", "**bold**", "[link](https://example.com)",
	"{{.}}", "${jndi:ldap://x/a}", "%s%d%n%x", "../../etc/passwd", "C:\\Windows", "-1", "0", "99999999999999999999", "NaN", "true", "null",
	"m:1:0:add 1", "a5", "draw", "!resign", "!undo", "end", "keep",
}

// snapshot fingerprints every game: id, status and version.
func (e *env) snapshot() string {
	var b strings.Builder
	for id := int64(1); ; id++ {
		row, err := e.stores[0].Game(context.Background(), id)
		if err != nil {
			break
		}
		fmt.Fprintf(&b, "%d:%s:%d ", row.ID, row.Status, row.Version)
	}
	return b.String()
}

// answerOK holds an answer to hostile input to the promises: answered (a
// refusal is ephemeral and not empty), no "went wrong" (a failure, not a
// refusal), and no one pinged but players.
func answerOK(t *testing.T, what string, r commands.Response, allowed map[string]bool) {
	t.Helper()
	if r.Kind == commands.Reply {
		if strings.TrimSpace(r.Message.Content) == "" && len(r.Message.Files) == 0 {
			t.Errorf("%s: an empty answer", what)
		}
		if strings.Contains(r.Message.Content, "went wrong") {
			t.Errorf("%s: the generic failure instead of a refusal: %q", what, r.Message.Content)
		}
		if n := utf8.RuneCountInString(r.Message.Content); n > 2000 {
			t.Errorf("%s: an answer of %d characters (Discord takes 2000)", what, n)
		}
	}
	for _, m := range r.Message.Mentions {
		if !allowed[m] {
			t.Errorf("%s: the answer may ping %q", what, m)
		}
	}
}

// TestHostileInput sends every hostile value in every option of every
// subcommand of every command (the channel has a game being played, so
// commands reach it), and as every game's typed move by the player on
// turn. Nothing panics, nothing fails as a bug, every answer is bounded and
// pings nobody but players, and a refused input changes no game.
func TestHostileInput(t *testing.T) {
	e := newEnv(t, 1, nil)
	allowed := map[string]bool{}
	for _, u := range seatUsers(6) {
		allowed[u] = true
	}
	var live []*faultGame
	for _, g := range catalog.Games() {
		ch := "hostile-" + g.Kind.Name
		users := seatUsers(players(g.Kind))
		row := e.start(g.Kind, ch, users)
		live = append(live, &faultGame{kind: g.Kind, id: row.ID, channel: ch, users: users})
	}
	tried := 0
	for _, g := range live {
		for _, cmd := range e.routers[0].Commands() {
			if cmd.Name != "game" && cmd.Name != g.kind.Name {
				continue
			}
			for _, sub := range cmd.Subs {
				switch sub.Name {
				case "abandon", "resign", "challenge", "start", "solo":
					continue // they end or replace the game; tried in their own tests below
				}
				for _, opt := range sub.Options {
					for _, v := range hostileValues {
						before := e.snapshot()
						r := e.slash(0, "u2", g.channel, cmd.Name, sub.Name, opt.Name+"="+v)
						tried++
						what := fmt.Sprintf("/%s %s %s:%.40q", cmd.Name, sub.Name, opt.Name, v)
						answerOK(t, what, r, allowed)
						if !strings.HasPrefix(r.Message.Content, "Played") && e.snapshot() != before && sub.Name != "undo" {
							t.Errorf("%s: refused (%q) but a game changed", what, r.Message.Content)
						}
					}
				}
			}
		}
		// Typed moves by whoever may act.
		row, st := e.load(g.kind, g.id)
		seats := humanToAct(row, st)
		for _, v := range hostileValues {
			before := e.snapshot()
			r := e.slash(0, g.users[seats[0]], g.channel, g.kind.Name, "move", "move="+v)
			tried++
			what := fmt.Sprintf("%s move %.40q", g.kind.Name, v)
			answerOK(t, what, r, allowed)
			played := strings.HasPrefix(r.Message.Content, "Played")
			if !played && e.snapshot() != before {
				t.Errorf("%s: refused but the game changed", what)
			}
			if played {
				legal := false
				for _, m := range st.Legal(seats[0]) {
					legal = legal || strings.EqualFold(m, strings.TrimSpace(v))
				}
				t.Logf("%s was played (legal as typed: %v)", what, legal)
				row, st = e.load(g.kind, g.id)
				seats = humanToAct(row, st)
			}
		}
		// Hostile options when creating a game.
		for _, spec := range g.kind.Options {
			for _, v := range hostileValues {
				before := e.snapshot()
				r := e.slash(0, "u5", "hostile-new", g.kind.Name, "challenge", "opponent=u6", spec.Name+"="+v)
				tried++
				what := fmt.Sprintf("/%s challenge %s:%.40q", g.kind.Name, spec.Name, v)
				answerOK(t, what, r, allowed)
				if strings.Contains(r.Message.Content, "Challenge sent") || strings.Contains(r.Message.Content, "started") {
					e.slashConfirmed(0, "u5", "hostile-new", "game", "abandon")
				} else if e.snapshot() != before {
					t.Errorf("%s: refused but a game changed", what)
				}
			}
		}
		e.checkReplay(g.kind, g.id)
	}
	t.Logf("hostile input: %d values x options and moves = %d interactions, every one answered and bounded", len(hostileValues), tried)
}

// TestHostileActors: commands from DMs, from people not playing, challenges
// of oneself, of the bot of a game without one, of a user already in a
// game, in a channel that has a game; clicks on finished and abandoned
// games' messages; forged custom ids naming another game, another seat, a
// future or past version, an unknown action. Each is refused with a reason
// and changes nothing.
func TestHostileActors(t *testing.T) {
	e := newEnv(t, 1, nil)
	var k, k2 *games.Kind
	for _, g := range catalog.Games() {
		switch g.Kind.Name {
		case "hijack":
			k = g.Kind
		case "lockedout":
			k2 = g.Kind
		}
	}
	a := e.start(k, "chan-a", []string{"u1", "u2"})
	b := e.start(k, "chan-b", []string{"u3", "u4"})
	allowed := map[string]bool{"u1": true, "u2": true, "u3": true, "u4": true, "u5": true}
	_, stA := e.load(k, a.ID)
	seatA := humanToAct(a, stA)[0]
	moveA := stA.Legal(seatA)[0]
	moverA, otherA := []string{"u1", "u2"}[seatA], []string{"u1", "u2"}[1-seatA]
	type probe struct {
		what  string
		do    func() commands.Response
		wants string
	}
	dm := func(uid, command, sub string, opts ...string) commands.Response {
		in := commands.Interaction{Type: commands.SlashCommand, Channel: "dm-" + uid, DM: true, User: user(uid),
			Command: command, Sub: sub, Options: map[string]string{}, Users: map[string]commands.Name{}}
		for _, o := range opts {
			k, v, _ := strings.Cut(o, "=")
			in.Options[k] = v
		}
		return e.routers[0].Handle(context.Background(), in)
	}
	probes := []probe{
		{"a challenge from a DM", func() commands.Response { return dm("u5", "hijack", "challenge", "opponent=u6") }, "server channels"},
		{"a typed move from a DM", func() commands.Response { return dm(moverA, "hijack", "move", "move="+moveA) }, "server channels"},
		{"a move by someone not playing", func() commands.Response {
			return e.slash(0, "u5", "chan-a", "hijack", "move", "move="+moveA)
		}, "not playing"},
		{"a move by the player not on turn", func() commands.Response {
			return e.slash(0, otherA, "chan-a", "hijack", "move", "move="+moveA)
		}, "not your move"},
		{"a move of another game's kind", func() commands.Response {
			return e.slash(0, moverA, "chan-a", "lockedout", "move", "move=end")
		}, "not Locked Out"},
		{"a challenge of oneself", func() commands.Response {
			return e.slash(0, "u5", "chan-c", "hijack", "challenge", "opponent=u5")
		}, "yourself"},
		{"a challenge in a channel that has a game", func() commands.Response {
			return e.slash(0, "u5", "chan-a", "hijack", "challenge", "opponent=u6")
		}, "already has a game"},
		{"the same opponent twice", func() commands.Response {
			return e.slash(0, "u5", "chan-c", k2.Name, "challenge", "opponent=u6", "opponent2=u6")
		}, "twice"},
		{"a stranger's click on a game's button", func() commands.Response {
			return e.click(0, "u5", "chan-a", fmt.Sprintf("m:%d:%d:%s", a.ID, a.Version, moveA))
		}, "not playing"},
		{"the other seat's click on the mover's button", func() commands.Response {
			return e.click(0, otherA, "chan-a", fmt.Sprintf("m:%d:%d:%s", a.ID, a.Version, moveA))
		}, "not your move"},
		{"a click naming another game (the player is not in it)", func() commands.Response {
			return e.click(0, moverA, "chan-a", fmt.Sprintf("m:%d:%d:%s", b.ID, b.Version, moveA))
		}, "not playing"},
		{"a click with a future version", func() commands.Response {
			return e.click(0, moverA, "chan-a", fmt.Sprintf("m:%d:%d:%s", a.ID, a.Version+1, moveA))
		}, "position changed"},
		{"a click with a past version", func() commands.Response {
			return e.click(0, moverA, "chan-a", fmt.Sprintf("m:%d:%d:%s", a.ID, a.Version-1, moveA))
		}, "position changed"},
		{"a click on a game that does not exist", func() commands.Response {
			return e.click(0, moverA, "chan-a", fmt.Sprintf("m:%d:0:%s", 99999, moveA))
		}, "no longer exists"},
		{"an unknown action", func() commands.Response {
			return e.click(0, moverA, "chan-a", fmt.Sprintf("zap:%d:%d:x", a.ID, a.Version))
		}, "not one I know"},
		{"a forged join of a game being played", func() commands.Response {
			return e.click(0, "u5", "chan-a", fmt.Sprintf("join:%d:%d", a.ID, a.Version))
		}, "already started"},
		{"a forged accept of a game being played", func() commands.Response {
			return e.click(0, "u5", "chan-a", fmt.Sprintf("accept:%d:%d", a.ID, a.Version))
		}, "already started"},
		{"a command from another bot's account", func() commands.Response {
			in := commands.Interaction{Type: commands.SlashCommand, Guild: "g", Channel: "chan-c", User: commands.User{ID: "b1", Name: commands.NameOf("Bot"), Bot: true},
				Command: "hijack", Sub: "challenge", Options: map[string]string{"opponent": "u6"}, Users: map[string]commands.Name{"u6": commands.NameOf("Fay")}}
			return e.routers[0].Handle(context.Background(), in)
		}, "Bot accounts"},
		{"a click from another bot's account", func() commands.Response {
			in := commands.Interaction{Type: commands.ComponentClick, Guild: "g", Channel: "chan-a", User: commands.User{ID: moverA, Name: commands.NameOf("x"), Bot: true},
				CustomID: fmt.Sprintf("m:%d:%d:%s", a.ID, a.Version, moveA)}
			return e.routers[0].Handle(context.Background(), in)
		}, "Bot accounts"},
		{"a challenge of another bot", func() commands.Response {
			in := commands.Interaction{Type: commands.SlashCommand, Guild: "g", Channel: "chan-c", User: user("u5"),
				Command: "hijack", Sub: "challenge", Options: map[string]string{"opponent": "b1"}, Users: map[string]commands.Name{"b1": commands.NameOf("OtherBot")},
				Bots: map[string]bool{"b1": true}}
			return e.routers[0].Handle(context.Background(), in)
		}, "bot account"},
		{"abandon by a player who did not create it", func() commands.Response {
			return e.slash(0, "u2", "chan-a", "game", "abandon")
		}, "creator"},
	}
	for _, p := range probes {
		before := e.snapshot()
		r := p.do()
		answerOK(t, p.what, r, allowed)
		if r.Kind != commands.Reply || !r.Message.Ephemeral || !strings.Contains(r.Message.Content, p.wants) {
			t.Errorf("%s: want an ephemeral refusal saying %q, got %+v", p.what, p.wants, r.Message.Content)
		}
		if e.snapshot() != before {
			t.Errorf("%s: refused but a game changed", p.what)
		}
	}
	// A user already in a game may be challenged elsewhere: a player can be
	// in several channels' games at once (by design, as on a real table
	// server); the new challenge must not disturb the first game.
	before, _ := e.load(k, a.ID)
	if r := e.slash(0, "u5", "chan-c", "hijack", "challenge", "opponent="+moverA); !strings.Contains(r.Message.Content, "Challenge sent") {
		t.Errorf("challenging a player who is in another channel's game: %q", r.Message.Content)
	}
	if after, _ := e.load(k, a.ID); after.Version != before.Version {
		t.Error("a challenge elsewhere changed the player's first game")
	}
	// Finished and abandoned games: their old buttons do nothing.
	id := fmt.Sprintf("m:%d:%d:%s", a.ID, a.Version, moveA)
	if r := e.slashConfirmed(0, "u1", "chan-a", "game", "abandon"); !strings.Contains(r.Message.Content, "bandon") {
		t.Fatalf("abandon by its creator: %q", r.Message.Content)
	}
	_, stB := e.load(k, b.ID)
	seatB := humanToAct(b, stB)[0]
	if r := e.slashConfirmed(0, []string{"u3", "u4"}[seatB], "chan-b", "game", "resign"); !strings.Contains(r.Message.Content, "resigned") {
		t.Fatalf("resign: %q", r.Message.Content)
	}
	rowB, _ := e.load(k, b.ID)
	for _, c := range []struct{ what, user, channel, id string }{
		{"a click on an abandoned game's button", moverA, "chan-a", id},
		{"a click on a finished game's button", []string{"u3", "u4"}[1-seatB], "chan-b", fmt.Sprintf("m:%d:%d:%s", b.ID, rowB.Version, moveA)},
	} {
		before := e.snapshot()
		r := e.click(0, c.user, c.channel, c.id)
		answerOK(t, c.what, r, allowed)
		if !strings.Contains(r.Message.Content, "over") {
			t.Errorf("%s: %q", c.what, r.Message.Content)
		}
		if e.snapshot() != before {
			t.Errorf("%s changed a game", c.what)
		}
	}
	t.Logf("hostile actors: %d refusals checked", len(probes)+2)
}
