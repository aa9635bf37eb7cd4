package discord_test

import (
	"strings"
	"testing"

	"standoff/internal/discordtest"
	"standoff/storage"
)

// lastWithControls is the newest message that still has controls.
func lastWithControls(msgs []discordtest.Message) (discordtest.Message, bool) {
	for i := len(msgs) - 1; i >= 0; i-- {
		if len(msgs[i].CustomIDs()) > 0 {
			return msgs[i], true
		}
	}
	return discordtest.Message{}, false
}

// challengedLockedOut starts a Locked Out game in general: alice
// challenges bob and carol, and both accept (the last Accept starts it).
func (e *env) challengedLockedOut() *storage.Game {
	e.t.Helper()
	if s := e.reply(alice, general, "lockedout", "challenge", discordtest.Opt("opponent", bob), discordtest.Opt("opponent2", carol)); !strings.Contains(s.Content, "Challenge sent") {
		e.t.Fatalf("challenge answered %q", s.Content)
	}
	row, _ := e.game(general)
	for _, u := range []string{bob, carol} {
		row, _ = e.game(general)
		challenge, _ := e.fake.LastMessage(general)
		accept, ok := findID(challenge, "accept:")
		if !ok {
			e.t.Fatalf("no Accept on %q", challenge.Content)
		}
		if s := e.click(u, challenge.ID, accept); s != "" {
			e.t.Fatalf("%s's Accept answered %q", names[u], s)
		}
	}
	return e.settle(general, row)
}

// nextDMDecision plays the public moves until the game in general (*row,
// kept up to date) waits on a private decision, and returns whose it is
// and the DM that offers it; ok is false once the game is over.
func (e *env) nextDMDecision(row **storage.Game) (user string, dm discordtest.Message, ok bool) {
	e.t.Helper()
	for played := 0; (*row).Status == storage.Active && played < 200; played++ {
		_, st := e.game(general)
		p := st.Prompts()[0]
		user = (*row).Seats[p.Seat].UserID
		if !p.Private {
			e.playGuided(user, e.turnMessage(general))
			*row = e.settle(general, *row)
			continue
		}
		dm, ok = lastWithControls(e.fake.DMs(user))
		if !ok {
			e.t.Fatalf("%s has a private decision %q but no DM with controls", names[user], p.Text)
		}
		return user, dm, true
	}
	return "", discordtest.Message{}, false
}

// play plays the move a guided menu offers.
func (e *env) playGuided(user string, from discordtest.Message) {
	e.t.Helper()
	menu, id, value := e.guided(user, from)
	var s string
	if value != "" {
		s = e.choose(user, menu.ID, id, value)
	} else {
		s = e.click(user, menu.ID, id)
	}
	if s != "" {
		e.t.Fatalf("%s's move from %q was refused: %q", names[user], menu.Content, s)
	}
}

// TestLockedOutGame plays a whole three-player Locked Out game through the
// fake: lobby Join and Start, public moves by button and typing, private
// decisions answered from DMs, one player with closed DMs answering through
// /game hand, a restart mid-game with old DM buttons still working.
// It runs in both modes, as TestHijackGame.
func TestLockedOutGame(t *testing.T) {
	inModes(t, testLockedOutGame)
}

func testLockedOutGame(t *testing.T, mode envOption) {
	// A whole game played at machine speed in one channel: Discord's
	// per-channel edit bucket (5 per 5 s) would only make it minutes long
	// (its 429s are waited out). The limits have their own tests.
	e := newEnv(t, mode, withFake(nil, discordtest.WithLimits(discordtest.NoLimits())))
	e.fake.SetDMsClosed(carol, true)

	if s := e.reply(alice, general, "lockedout", "start"); !strings.Contains(s.Content, "Lobby opened") {
		t.Fatalf("start answered %q", s.Content)
	}
	lobby, _ := e.fake.LastMessage(general)
	join, _ := findID(lobby, "join:")
	mark := len(e.fake.Requests())
	if s := e.click(bob, lobby.ID, join); s != "" {
		t.Fatalf("bob's Join answered %q", s)
	}
	lobby, _ = e.fake.Message(lobby.ID)
	join, _ = findID(lobby, "join:") // the lobby's version moved on
	if s := e.click(carol, lobby.ID, join); s != "" {
		t.Fatalf("carol's Join answered %q", s)
	}
	lobby, _ = e.fake.Message(lobby.ID)
	if !strings.Contains(lobby.Content, "Players (3): alice, bob, carol") {
		t.Errorf("lobby after joins: %q", lobby.Content)
	}
	for _, r := range e.fake.Requests()[mark:] {
		if r.BotToken {
			// The Join click's answer updates the lobby it was on.
			t.Errorf("a Join cost a request with the bot's token: %s", r.Route)
		}
	}
	start, _ := findID(lobby, "start:")
	if s := e.click(bob, lobby.ID, start); !strings.Contains(s, "Only the lobby's creator") {
		t.Errorf("bob's Start answered %q", s)
	}
	lobbyRow, _ := e.game(general)
	if s := e.click(alice, lobby.ID, start); s != "" {
		t.Fatalf("alice's Start answered %q", s)
	}
	row := e.settle(general, lobbyRow)

	// Carol's DMs are closed: the channel says so, revealing nothing, and
	// /game hand shows her hand to her alone.
	e.eventually("the closed-DM notice", func() bool {
		for _, m := range e.fake.Messages(general) {
			if strings.Contains(m.Content, "<@"+carol+">: I cannot send you direct messages") {
				return true
			}
		}
		return false
	})
	hand := e.reply(carol, general, "game", "hand")
	if !hand.Ephemeral || hand.Recipient != carol || !strings.Contains(hand.Content, "private to you") {
		t.Errorf("carol's /game hand: %+v", hand)
	}
	if dms := e.fake.DMs(carol); len(dms) != 0 {
		t.Errorf("carol has %d DMs although hers are closed", len(dms))
	}
	if s := e.reply(eve, general, "game", "hand"); !strings.Contains(s.Content, "not playing") {
		t.Errorf("eve's /game hand answered %q", s.Content)
	}

	played, private, typed, posts := 0, 0, 0, 0
	restarted := false
	for row.Status == storage.Active && played < 400 {
		_, st := e.game(general)
		p := st.Prompts()[0]
		user := row.Seats[p.Seat].UserID
		switch {
		case p.Private && user == carol:
			e.playGuided(carol, e.reply(carol, general, "game", "hand"))
			private++
		case p.Private:
			dm, ok := lastWithControls(e.fake.DMs(user))
			if !ok {
				dms := e.fake.DMs(user)
				for _, m := range dms {
					t.Logf("DM %s edits %d: %q %v", m.ID, m.Edits, m.Content, m.CustomIDs())
				}
				t.Fatalf("after %d moves %s has a private decision %q but no DM with controls\n%s", played, names[user], p.Text, e.logs.String())
			}
			if !restarted && played >= 10 {
				// The DM's buttons were made before the restart.
				e.restart()
				restarted = true
			}
			e.playGuided(user, dm)
			private++
		case played%3 == 0:
			mv := st.Legal(p.Seat)[0]
			if s := e.reply(user, general, "lockedout", "move", discordtest.Opt("move", mv)); s.Content != "Played `"+mv+"`." {
				t.Fatalf("typed %q answered %q", mv, s.Content)
			}
			typed++
		default:
			e.playGuided(user, e.turnMessage(general))
		}
		prev := row.MessageID
		row = e.settle(general, row)
		if row.MessageID != prev {
			posts++
		}
		played++
	}
	t.Logf("%d moves: %d private, %d typed; status %s", played, private, typed, row.Status)
	if !restarted || private == 0 {
		t.Fatalf("the game ended too soon to test DMs and restarts (%d moves)", played)
	}
	for _, u := range []string{alice, bob, carol} {
		if row.Status != storage.Active {
			break
		}
		e.confirmed(u, general, "game", "resign")
		prev := row.MessageID
		row = e.settle(general, row)
		if row.MessageID != prev {
			posts++
		}
		played++
	}
	if row.Status != storage.Finished {
		t.Fatalf("status %s", row.Status)
	}
	if n := e.moves(row.ID); n != played {
		t.Errorf("%d moves logged, %d played", n, played)
	}

	// DMs reach players with open DMs, each in their own DM channel, and
	// nobody else; the channel never shows a private view.
	for id := range names {
		dms := e.fake.DMs(id)
		if (id == alice || id == bob) != (len(dms) > 0) {
			t.Errorf("%s got %d DMs", names[id], len(dms))
		}
		for _, m := range dms {
			if m.ChannelID != e.fake.DMChannelID(id) || m.GuildID != "" || !strings.Contains(m.Content, "private to you") {
				t.Errorf("DM to %s: %+v", names[id], m)
			}
		}
		checkImages(t, dms)
	}
	msgs := e.fake.Messages(general)
	for _, m := range msgs {
		if strings.Contains(m.Content, "private to you") {
			t.Errorf("a private view in the channel: %q", m.Content)
		}
		if m.ID != row.MessageID && len(m.CustomIDs()) != 0 {
			t.Errorf("old message %s kept controls %v", m.ID, m.CustomIDs())
		}
	}
	// Lobby, first turn, one DM notice, and a turn message for every move
	// that handed the turn to someone else (a move that leaves the same
	// players waited on edits the living turn message instead). Carol,
	// whose DMs are closed, is told of a private decision once a turn, by
	// the turn message that pings her: no line of its own says it.
	pings := 0
	for _, m := range msgs {
		if strings.Contains(m.Content, "you have a new private decision") {
			pings++
			if !strings.HasPrefix(m.Content, "<@"+carol+">") {
				t.Errorf("a decision ping for someone else than carol: %q", m.Content)
			}
		}
	}
	if len(msgs) != 3+posts+pings || posts == 0 || posts >= played || pings != 0 {
		t.Errorf("%d channel messages, want %d (%d new turn messages and %d pings in %d moves)", len(msgs), 3+posts+pings, posts, pings, played)
	}
	checkImages(t, msgs)
	e.noErrorsBut(discordtest.CodeCannotMessageUser)
	e.noErrorLogs()
}
