package discord_test

import (
	"strings"
	"testing"

	"standoff/internal/discordtest"
	"standoff/internal/games"
	"standoff/storage"
)

// waitedTurn is the seat on turn, if a person is.
func waitedTurn(st games.State) (games.Prompt, bool) {
	for _, p := range st.Prompts() {
		if p.Turn || (!p.Standing && p.Default != "") {
			return p, true
		}
	}
	return games.Prompt{}, false
}

// clickChoice plays a prompt's choice the way a person does: by the control
// that offers it on msg (a button, or an entry of a select menu), then, for a
// guided choice, by the first entry of each ephemeral menu it opens, until a
// move is played.
func (e *env) clickChoice(user string, msg discordtest.Message, c games.Choice) {
	e.t.Helper()
	for step := 0; step < 10; step++ {
		kind, arg := "m", c.Move
		if c.Refine != "" {
			kind, arg = "r", c.Refine
		}
		var next *discordtest.Interaction
		found := false
		for _, b := range msg.Buttons() {
			if strings.HasPrefix(b.CustomID, kind+":") && strings.HasSuffix(b.CustomID, ":"+arg) {
				next, found = e.must(e.fake.Click(user, msg.ID, b.CustomID)), true
				break
			}
		}
		if !found {
			for _, sel := range msg.Selects() {
				for _, o := range sel.Options {
					if o.Value == kind+"|"+arg {
						e.selects.Add(1)
						next, found = e.must(e.fake.Select(user, msg.ID, sel.CustomID, o.Value)), true
						break
					}
				}
				if found {
					break
				}
			}
		}
		if !found {
			e.t.Fatalf("no control offers %s %q on %q %v", kind, arg, msg.Content, msg.CustomIDs())
		}
		if kind == "m" {
			for _, m := range e.told(next) {
				if m.Ephemeral {
					e.t.Fatalf("%s's click on %q was refused: %q", names[user], arg, m.Content)
				}
			}
			return
		}
		// A guided step: an ephemeral menu whose first entry goes on.
		msg = e.guidedStep(next)
		c = games.Choice{}
		if bs := msg.Buttons(); len(bs) > 0 {
			if k, a, ok := strings.Cut(bs[0].CustomID, ":"); ok {
				_, a, _ = strings.Cut(a, ":") // game
				_, a, _ = strings.Cut(a, ":") // version
				if k == "m" {
					c.Move = a
				} else {
					c.Refine = a
				}
			}
		} else if sels := msg.Selects(); len(sels) > 0 && len(sels[0].Options) > 0 {
			v := sels[0].Options[0].Value
			if strings.HasPrefix(v, "m|") {
				c.Move = v[2:]
			} else {
				c.Refine = v[2:]
			}
		}
	}
	e.t.Fatalf("guided menus never reached a move")
}

// TestHijackedGame plays a whole four-player Hijacked game through
// discordgo and the fake Discord: a lobby, turns by the guided controls of
// the living turn message and by typed moves, any-time actions typed by
// players who are not on turn, to the end. Medal values never reach the
// channel; every turn message validates as Discord would.
func TestHijackedGame(t *testing.T) {
	inModes(t, func(t *testing.T, mode envOption) {
		e := newEnv(t, mode)
		if s := e.reply(alice, general, "hijacked", "start"); !strings.Contains(s.Content, "Lobby opened") {
			t.Fatalf("start answered %q", s.Content)
		}
		lobby, _ := e.fake.LastMessage(general)
		for _, u := range []string{bob, carol, dave} {
			lobby, _ = e.fake.Message(lobby.ID)
			join, _ := findID(lobby, "join:")
			if s := e.click(u, lobby.ID, join); s != "" {
				t.Fatalf("%s's Join answered %q", names[u], s)
			}
		}
		lobby, _ = e.fake.Message(lobby.ID)
		start, _ := findID(lobby, "start:")
		lobbyRow, _ := e.game(general)
		e.click(alice, lobby.ID, start)
		row := e.settle(general, lobbyRow)
		played, typed, anytime := 0, 0, 0
		for row.Status == storage.Active && played < 800 {
			_, st := e.game(general)
			// Now and then a player who is not on turn cashes in at once.
			if played%7 == 3 {
				for seat := range row.Seats {
					p, _ := waitedTurn(st)
					if seat == p.Seat {
						continue
					}
					for _, mv := range st.Legal(seat) {
						if strings.HasPrefix(mv, "free ") || strings.HasPrefix(mv, "cash ") {
							if s := e.reply(row.Seats[seat].UserID, general, "hijacked", "move", discordtest.Opt("move", mv)); !strings.HasPrefix(s.Content, "Played") {
								t.Fatalf("any-time %q answered %q", mv, s.Content)
							}
							row = e.settle(general, row)
							anytime++
							_, st = e.game(general)
							break
						}
					}
				}
			}
			p, ok := waitedTurn(st)
			if !ok || row.Status != storage.Active {
				break
			}
			user := row.Seats[p.Seat].UserID
			if played%4 == 0 {
				mv := st.Legal(p.Seat)[0]
				if s := e.reply(user, general, "hijacked", "move", discordtest.Opt("move", mv)); !strings.HasPrefix(s.Content, "Played") {
					t.Fatalf("typed %q answered %q", mv, s.Content)
				}
				typed++
			} else {
				e.clickChoice(user, e.turnMessage(general), p.Choices[0])
			}
			row = e.settle(general, row)
			played++
		}
		if row.Status != storage.Finished {
			t.Fatalf("the game did not end in %d moves: %s", played, row.Status)
		}
		t.Logf("%d turn moves (%d typed), %d any-time actions", played, typed, anytime)
		for _, m := range e.fake.Messages(general) {
			if strings.Contains(m.Content, "private to you") || strings.Contains(m.Content, "is worth") {
				t.Errorf("a private view or a medal value in the channel: %q", m.Content)
			}
		}
		checkImages(t, e.fake.Messages(general))
		e.noErrorLogs()
	})
}

// TestHuntedSolo plays a whole solo run of Hunted through discordgo and the
// fake Discord, by the controls of each turn's message and typed moves.
func TestHuntedSolo(t *testing.T) {
	inModes(t, func(t *testing.T, mode envOption) {
		e := newEnv(t, mode)
		before := &storage.Game{Version: -1}
		if s := e.reply(alice, general, "hunted", "start"); !strings.Contains(s.Content, "started") {
			t.Fatalf("start answered %q", s.Content)
		}
		row := e.settle(general, before)
		played := 0
		for row.Status == storage.Active && played < 1500 {
			_, st := e.game(general)
			if played%5 == 0 {
				mv := st.Legal(0)[0]
				if s := e.reply(alice, general, "hunted", "move", discordtest.Opt("move", mv)); !strings.HasPrefix(s.Content, "Played") {
					t.Fatalf("typed %q answered %q", mv, s.Content)
				}
			} else {
				p, _ := waitedTurn(st)
				e.clickChoice(alice, e.turnMessage(general), p.Choices[0])
			}
			row = e.settle(general, row)
			played++
		}
		if row.Status != storage.Finished {
			t.Fatalf("the run did not end in %d moves", played)
		}
		last := e.turnMessage(general)
		if !strings.Contains(last.Content, "Game over") {
			t.Fatalf("final message %q", last.Content)
		}
		checkImages(t, e.fake.Messages(general))
		e.noErrorLogs()
	})
}
