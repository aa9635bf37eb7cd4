package discord_test

import (
	"strings"

	"standoff/internal/discordtest"
	"standoff/internal/games"
	"standoff/storage"
)

// play answers prompt p of user's the way a person does: from the message
// that shows it (the turn message, their DM, or /game hand when their DMs
// are closed), by a random choice its controls offer, and a random entry
// of each guided menu that opens; now and then by typing a legal move in
// the turn message's form instead.
func (g *notifyGame) play(row *storage.Game, st games.State, user string, p games.Prompt) {
	e := g.e
	e.t.Helper()
	var msg discordtest.Message
	switch {
	case p.Private && g.closed[user]:
		msg = e.reply(user, g.channel, "game", "hand")
	case p.Private:
		dm, ok := lastWithControls(e.fake.DMs(user))
		if !ok {
			e.t.Fatalf("%s has a private decision %q but no DM with controls", names[user], p.Text)
		}
		msg = dm
	default:
		msg = e.turnMessage(g.channel)
	}
	offered := g.offered(msg, p.Choices)
	if form, ok := findID(msg, "type:"); ok && !p.Private && (len(offered) == 0 || g.rng.Intn(6) == 0) {
		legal := st.Legal(p.Seat)
		g.typeMove(user, msg.ID, form, legal[g.rng.Intn(len(legal))])
		return
	}
	if len(offered) == 0 {
		e.t.Fatalf("no control on %q %v offers any of %s's choices %+v", msg.Content, msg.CustomIDs(), names[user], p.Choices)
	}
	c := offered[g.rng.Intn(len(offered))]
	for step := 0; step < 10; step++ {
		in := g.press(user, msg, c)
		if c.Move != "" {
			for _, m := range e.told(in) {
				if m.Ephemeral {
					e.t.Fatalf("%s's click on %q was refused: %q", names[user], c.Move, m.Content)
				}
			}
			return
		}
		msg = e.guidedStep(in)
		menu := g.menuChoices(msg)
		if len(menu) == 0 {
			e.t.Fatalf("a guided menu offers nothing: %q %v", msg.Content, msg.CustomIDs())
		}
		c = menu[g.rng.Intn(len(menu))]
	}
	e.t.Fatalf("guided menus never reached a move")
}

// typeMove plays move through the "Type a move" form.
func (g *notifyGame) typeMove(user, messageID, button, move string) {
	e := g.e
	e.t.Helper()
	open := e.must(e.fake.Click(user, messageID, button))
	if resp, err := open.Wait(e.patience); err != nil || resp.Type != discordtest.CallbackModal {
		e.t.Fatalf("Type a move answered %+v, %v", resp, err)
	}
	g.forms++
	in := e.must(e.fake.SubmitModal(user, open, map[string]string{"move": move}))
	if told := e.told(in); len(told) != 1 || !strings.HasPrefix(told[0].Content, "Played") {
		e.t.Fatalf("the form's %q answered %+v", move, told)
	}
}

// offered lists the choices a control on msg offers.
func (g *notifyGame) offered(msg discordtest.Message, choices []games.Choice) []games.Choice {
	var out []games.Choice
	for _, c := range choices {
		if _, _, ok := control(msg, c); ok {
			out = append(out, c)
		}
	}
	return out
}

// control finds the button, or the select menu and its value, that offers c.
func control(msg discordtest.Message, c games.Choice) (id, value string, ok bool) {
	kind, arg := "m", c.Move
	if c.Refine != "" {
		kind, arg = "r", c.Refine
	}
	for _, b := range msg.Buttons() {
		if strings.HasPrefix(b.CustomID, kind+":") && strings.HasSuffix(b.CustomID, ":"+arg) {
			return b.CustomID, "", true
		}
	}
	for _, sel := range msg.Selects() {
		for _, o := range sel.Options {
			if o.Value == kind+"|"+arg {
				return sel.CustomID, o.Value, true
			}
		}
	}
	return "", "", false
}

// press clicks (or selects) the control that offers c.
func (g *notifyGame) press(user string, msg discordtest.Message, c games.Choice) *discordtest.Interaction {
	e := g.e
	e.t.Helper()
	id, value, ok := control(msg, c)
	if !ok {
		e.t.Fatalf("no control offers %+v on %q %v", c, msg.Content, msg.CustomIDs())
	}
	if value != "" {
		e.selects.Add(1)
		return e.must(e.fake.Select(user, msg.ID, id, value))
	}
	return e.must(e.fake.Click(user, msg.ID, id))
}

// menuChoices lists what a guided menu offers: its buttons that play or
// refine, and the entries of its select menus.
func (g *notifyGame) menuChoices(msg discordtest.Message) []games.Choice {
	var out []games.Choice
	for _, b := range msg.Buttons() {
		kind, rest, ok := strings.Cut(b.CustomID, ":")
		if !ok || kind != "m" && kind != "r" {
			continue
		}
		_, rest, _ = strings.Cut(rest, ":") // the game
		_, arg, _ := strings.Cut(rest, ":") // the version
		if kind == "m" {
			out = append(out, games.Choice{Move: arg})
		} else {
			out = append(out, games.Choice{Refine: arg})
		}
	}
	for _, sel := range msg.Selects() {
		for _, o := range sel.Options {
			if v, ok := strings.CutPrefix(o.Value, "m|"); ok {
				out = append(out, games.Choice{Move: v})
			} else if v, ok := strings.CutPrefix(o.Value, "r|"); ok {
				out = append(out, games.Choice{Refine: v})
			}
		}
	}
	return out
}

// askUndo has the player who moved last ask to take it back, and the
// others answer the vote by its buttons, at random. The vote pings each
// player asked once; its answers ping nobody until it is carried out,
// which is then an action like any other.
func (g *notifyGame) askUndo(user string) {
	e := g.e
	e.t.Helper()
	row, st := e.game(g.channel)
	mark := len(e.fake.Notifications())
	s := e.reply(user, g.channel, "game", "undo")
	e.router.Wait()
	switch {
	case strings.HasPrefix(s.Content, "Vote opened"):
	case strings.HasPrefix(s.Content, "Took back"), strings.HasPrefix(s.Content, "Done"):
		after := e.settle(g.channel, row)
		_, afterSt := e.game(g.channel)
		g.actions++
		g.check("an undo at once", &gameAt{row, st}, after, afterSt, user, mark)
		return
	default:
		// Refused (nothing to take back, or hidden information seen
		// since): nothing happened, so nobody may hear of it.
		g.checkNone("a refused undo ("+s.Content+")", mark)
		return
	}
	g.votes++
	vote, ok := e.fake.LastMessage(g.channel)
	if !ok || !strings.Contains(vote.Content, "**Vote:**") {
		e.t.Fatalf("no vote message after %q", s.Content)
	}
	var voters []string
	for _, seat := range row.Seats {
		if seat.UserID != user && seat.BotLevel == 0 && !seat.Away {
			voters = append(voters, seat.UserID)
		}
	}
	g.checkExactly("the undo vote", voters, mark)
	for _, v := range voters {
		answer := "yes"
		if g.rng.Intn(3) == 0 {
			answer = "no"
		}
		current, _ := e.fake.Message(vote.ID)
		id, ok := findID(current, "vote:")
		if !ok {
			break // decided
		}
		id = id[:strings.LastIndex(id, ":")+1] + answer
		mark = len(e.fake.Notifications())
		if told := e.click(v, vote.ID, id); told != "" && !strings.Contains(told, "Vote") && !strings.Contains(told, "vote") {
			e.t.Logf("%s's %s answered %q", names[v], answer, told)
		}
		e.router.Wait()
		if now, _ := e.game(g.channel); now.Version == row.Version {
			g.checkNone("a vote answered ("+answer+")", mark)
			if answer == "no" {
				return
			}
			continue
		}
		after := e.settle(g.channel, row)
		_, afterSt := e.game(g.channel)
		g.actions++
		g.check("the undo carried out", &gameAt{row, st}, after, afterSt, v, mark)
		return
	}
}
