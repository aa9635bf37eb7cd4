package commands

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"standoff/internal/games"
	"standoff/internal/images"
	"standoff/storage"
)

// Discord's limits that shape every message.
const (
	maxContent     = 2000
	maxRows        = 5
	maxButtons     = 5
	maxSelect      = 25
	maxLabel       = 80
	maxNarration   = 1200
	maxOptionLabel = 100
)

func publicText(events []games.Event) string {
	var lines []string
	for _, e := range events {
		if e.Seat < 0 {
			lines = append(lines, e.Text)
		}
	}
	return newestLines(strings.Join(lines, "\n"), maxNarration)
}

// newestLines keeps the newest whole lines of a narration that fit in n
// bytes, marking what was dropped with a first line "…": what just
// happened matters most, and the move log keeps the rest.
func newestLines(s string, n int) string {
	if len(s) <= n {
		return s
	}
	lines := strings.Split(strings.TrimPrefix(s, "…\n"), "\n")
	for len(lines) > 1 && len(strings.Join(lines, "\n"))+len("…\n") > n {
		lines = lines[1:]
	}
	return clip("…\n"+strings.Join(lines, "\n"), n)
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n - 1
	for cut > 0 && !isRuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// header names the game in every message it posts.
func (t *table) header() string {
	return fmt.Sprintf("**%s** · game #%d", t.game.Kind.Title, t.row.ID)
}

// turnMessage is the channel's view of the game now.
func (r *Router) turnMessage(t *table, narration string) Message {
	// What the table must read (the result, who must act) is written
	// first; the narration gets the room that is left.
	var b strings.Builder
	var mentions []string
	if out := t.state.Outcome(); out != nil {
		b.WriteString("**Game over.** ")
		b.WriteString(out.Text)
		b.WriteString("\n")
		b.WriteString(t.standings(out))
		if t.best != "" {
			b.WriteString("\n" + t.best)
		}
	} else if t.paused() {
		line, ids := t.pausedLine()
		b.WriteString(line)
		mentions = append(mentions, ids...)
	} else {
		for _, line := range r.waitLines(t) {
			b.WriteString(line.text)
			b.WriteString("\n")
			if line.user != "" {
				mentions = append(mentions, line.user)
			}
		}
	}
	tail := strings.TrimRight(b.String(), "\n")
	content := t.header() + "\n"
	if narration != "" {
		if room := maxContent - len(content) - len(tail) - 1; room > 0 {
			content += newestLines(narration, room) + "\n"
		}
	}
	msg := Message{Content: clip(strings.TrimRight(content+tail, "\n"), maxContent), Mentions: mentions}
	if f, ok := r.picture(t, t.state.Public(), "board.png"); ok {
		msg.Files = []File{f}
	}
	if t.state.Outcome() == nil && !t.paused() {
		msg.Rows = r.publicControls(t)
	}
	return msg
}

// standings list the places at the end of a game. A loss for the whole
// table has no places; a draw or a shared win names who drew or won
// together before any places below.
func (t *table) standings(out *games.Outcome) string {
	name := func(seat int) string {
		n := t.row.Seats[seat].Name
		if out.Score != nil && seat < len(out.Score) {
			n += fmt.Sprintf(" (%d)", out.Score[seat])
		}
		return n
	}
	var b strings.Builder
	switch out.End {
	case games.EndAllLost:
		var all []string
		for seat := range out.Rank {
			all = append(all, name(seat))
		}
		if len(all) == 1 {
			return all[0] + " lost."
		}
		return "Everyone lost: " + strings.Join(all, ", ") + "."
	case games.EndDraw, games.EndShared:
		var first []string
		for _, seat := range out.Winners() {
			first = append(first, name(seat))
		}
		what := map[games.Ending]string{games.EndDraw: "Drawn", games.EndShared: "Won together"}[out.End]
		fmt.Fprintf(&b, "%s: %s\n", what, strings.Join(first, ", "))
	}
	for place := 1; place <= len(out.Rank); place++ {
		if place == 1 && (out.End == games.EndDraw || out.End == games.EndShared) {
			continue
		}
		for seat, rank := range out.Rank {
			if rank == place {
				fmt.Fprintf(&b, "%d. %s\n", rank, name(seat))
			}
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

type waitLine struct{ text, user string }

// waitLines say who must act; private prompts are only named, never shown.
func (r *Router) waitLines(t *table) []waitLine {
	var out []waitLine
	seen := map[int]bool{}
	for _, p := range t.prompts() {
		if seen[p.Seat] || p.Standing {
			continue
		}
		seen[p.Seat] = true
		seat := t.row.Seats[p.Seat]
		if seat.BotLevel > 0 {
			out = append(out, waitLine{text: fmt.Sprintf("%s (bot) is thinking.", seat.Name)})
			continue
		}
		if seat.Away {
			out = append(out, waitLine{text: fmt.Sprintf("%s's seat is played by the bot.", seat.Name)})
			continue
		}
		switch {
		case p.Private && seat.DMFailed:
			out = append(out, waitLine{fmt.Sprintf("%s: you have a private decision. Your DMs are closed, so use /game hand to see it.", mention(seat.UserID)), seat.UserID})
		case p.Private:
			out = append(out, waitLine{fmt.Sprintf("%s: you have a private decision in your DMs (or use /game hand).", mention(seat.UserID)), seat.UserID})
		default:
			out = append(out, waitLine{fmt.Sprintf("%s: %s", mention(seat.UserID), p.Text), seat.UserID})
		}
	}
	return out
}

// publicControls turns the public prompts of human seats into rows. A
// control two seats share (the same move, such as accepting a draw) appears
// once: Discord refuses a message carrying a custom id twice.
func (r *Router) publicControls(t *table) []Row {
	var rows []Row
	seen := map[string]bool{}
	for _, p := range t.prompts() {
		if p.Private || t.row.Seats[p.Seat].BotLevel > 0 || len(p.Choices) == 0 {
			continue
		}
		choices, text := p.Choices, p.Text
		if p.Standing {
			choices, text = t.ownedChoices(p)
		}
		if row, ok := t.choiceRow(choices, text, t.promptFingerprint(p)); ok && len(rows) < maxRows {
			if row, ok = distinctRow(row, len(rows), seen); ok {
				rows = append(rows, row)
			}
		}
	}
	return rows
}

// ownedChoices names the player a standing prompt belongs to on each of
// its buttons and in its menu's placeholder: the channel shows every
// player's any-time actions, and the same action (free a passenger) can
// be one player's and not another's.
func (t *table) ownedChoices(p games.Prompt) ([]games.Choice, string) {
	name := t.row.Seats[p.Seat].Name
	owned := func(s string) string {
		if strings.Contains(s, name) {
			return s
		}
		return name + ": " + s
	}
	out := make([]games.Choice, len(p.Choices))
	for i, c := range p.Choices {
		c.Label = owned(c.Label)
		out[i] = c
	}
	return out, owned(p.Text)
}

// privateControls are the rows for one seat's private prompts.
func (r *Router) privateControls(t *table, seat int) []Row {
	var rows []Row
	seen := map[string]bool{}
	for _, p := range t.promptsFor(seat) {
		if !p.Private || len(p.Choices) == 0 {
			continue
		}
		if row, ok := t.choiceRow(p.Choices, p.Text, t.promptFingerprint(p)); ok && len(rows) < maxRows {
			if row, ok = distinctRow(row, len(rows), seen); ok {
				rows = append(rows, row)
			}
		}
	}
	return rows
}

// choiceRow makes buttons for a few choices and a select menu for more,
// their ids naming the prompt they come from (promptFingerprint).
// Choices whose id would not fit Discord's limits are left to typing.
func (t *table) choiceRow(choices []games.Choice, placeholder, prompt string) (Row, bool) {
	id := func(action, arg string) customID {
		return customID{Action: action, Game: t.row.ID, Version: t.row.Version, Prompt: prompt, Arg: arg}
	}
	// A choice offered twice (the same move or guided step) is one control:
	// Discord refuses a custom id twice in a message and a value twice in a
	// select menu.
	if len(choices) <= maxButtons {
		var row Row
		seen := map[string]bool{}
		for _, c := range choices {
			cid := id("m", c.Move)
			style := Primary
			if c.Refine != "" {
				cid, style = id("r", c.Refine), Secondary
			}
			if !cid.fits() || seen[cid.String()] {
				continue
			}
			seen[cid.String()] = true
			row.Buttons = append(row.Buttons, Button{Label: clip(c.Label, maxLabel), CustomID: cid.String(), Style: style})
		}
		return row, len(row.Buttons) > 0
	}
	sel := &Select{CustomID: id("s", "").String(), Placeholder: clip(placeholder, 150)}
	values := map[string]bool{}
	for _, c := range choices {
		v := moveValue(c.Move)
		if c.Refine != "" {
			v = refineValue(c.Refine)
		}
		if len(v) > maxOptionLabel || len(sel.Options) == maxSelect || values[v] {
			continue
		}
		values[v] = true
		sel.Options = append(sel.Options, SelectOption{Label: clip(c.Label, maxOptionLabel), Value: v})
	}
	return Row{Select: sel}, len(sel.Options) > 0
}

// picture renders a view when the game has a renderer.
func (r *Router) picture(t *table, v games.View, name string) (File, bool) {
	if t.game.Draw == nil || v == nil {
		return File{}, false
	}
	// Rendering is most of a move's cost: bound how many run at once, so a
	// burst of moves queues instead of holding every picture in memory.
	r.renders <- struct{}{}
	defer func() { <-r.renders }()
	img, err := t.game.Draw(v)
	if err != nil {
		r.log.Error("could not draw", "game", t.row.ID, "err", err)
		return File{}, false
	}
	data, err := images.EncodePNG(img)
	images.Release(img) // the renderer's picture is ours; its memory serves the next one
	if err != nil {
		r.log.Error("could not encode", "game", t.row.ID, "err", err)
		return File{}, false
	}
	return File{Name: name, Data: data}, true
}

// privateMessage is a seat's hand, news and decisions; nil content when the
// seat has nothing private.
func (r *Router) privateMessage(t *table, seat int, events []games.Event, withImage bool) (Message, string, bool) {
	view := t.state.Private(seat)
	var news []string
	for _, e := range events {
		if e.Seat == seat {
			news = append(news, e.Text)
		}
	}
	var prompts []games.Prompt
	for _, p := range t.promptsFor(seat) {
		if p.Private {
			prompts = append(prompts, p)
		}
	}
	if view == nil && len(news) == 0 && len(prompts) == 0 {
		return Message{}, "", false
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s in <#%s>, private to you\n", t.header(), t.row.Channel)
	for _, n := range news {
		b.WriteString(n + "\n")
	}
	if view != nil {
		b.WriteString("```\n" + view.Text() + "\n```\n")
	}
	for _, p := range prompts {
		b.WriteString("**" + p.Text + "**\n")
	}
	content := clip(strings.TrimRight(b.String(), "\n"), maxContent)
	msg := Message{Content: content, Rows: r.privateControls(t, seat)}
	if withImage {
		r.attachHand(t, view, &msg)
	}
	return msg, dmHash(view, prompts), true
}

// actsInChannel says whether the seat must act now on a prompt the channel
// shows.
func (t *table) actsInChannel(seat int) bool {
	for _, p := range t.promptsFor(seat) {
		if !p.Private && !p.Standing {
			return true
		}
	}
	return false
}

// attachHand adds the picture of a seat's private view to its message.
// Drawing is most of a private message's cost, so a DM draws it only once
// it knows the message will be sent.
func (r *Router) attachHand(t *table, view games.View, msg *Message) {
	if view == nil {
		return
	}
	if f, ok := r.picture(t, view, "hand.png"); ok {
		msg.Files = []File{f}
	}
}

// dmHash fingerprints what a DM shows: each line of the view, then the
// open decisions. A DM is sent again when the view gains something (a line
// it did not have: a card drawn, a value changed) or a new decision
// appears; not when something merely leaves it (a shown card goes back, a
// decision closes), which would repeat an unchanged hand.
func dmHash(view games.View, prompts []games.Prompt) string {
	part := func(b []byte, n int) string {
		s := sha256.Sum256(b)
		return hex.EncodeToString(s[:n])
	}
	var lines []string
	if view != nil {
		for _, l := range strings.Split(view.Text(), "\n") {
			if strings.TrimSpace(l) != "" {
				lines = append(lines, part([]byte(l), 3))
			}
		}
	}
	p := ""
	if len(prompts) > 0 {
		pj, _ := json.Marshal(prompts)
		p = part(pj, 6)
	}
	return strings.Join(lines, ",") + ":" + p
}

// viewGained says whether the view of now has a line the old one had not.
func viewGained(old, now string) bool {
	oldView, _, _ := strings.Cut(old, ":")
	view, _, _ := strings.Cut(now, ":")
	had := map[string]bool{}
	for _, l := range strings.Split(oldView, ",") {
		had[l] = true
	}
	for _, l := range strings.Split(view, ",") {
		if !had[l] {
			return true
		}
	}
	return false
}

// newDecision says whether now shows an open decision old did not.
func newDecision(old, now string) bool {
	_, oldPrompts, _ := strings.Cut(old, ":")
	_, prompts, _ := strings.Cut(now, ":")
	return prompts != "" && prompts != oldPrompts
}

// dmNeeded says whether a seat's DM must be sent again.
func dmNeeded(old, now string, news bool) bool {
	return news || old == "" || viewGained(old, now) || newDecision(old, now)
}

// sendDMs sends each human seat its private message when it says something
// new: news, a view that gained something, a new decision. A closed DM is
// said in the channel without revealing anything, and /game hand does the
// same job; while DMs stay closed each new decision is announced by a new
// channel message that mentions the player (an edit notifies nobody).
//
// posted is true when a new turn message was just posted: it mentioned
// every player it waits for, so a closed DM needs no second mention.
func (r *Router) sendDMs(ctx context.Context, t *table, events []games.Event, posted bool) {
	for i := range t.row.Seats {
		seat := &t.row.Seats[i]
		if seat.BotLevel > 0 {
			continue
		}
		hasNews := false
		for _, e := range events {
			hasNews = hasNews || e.Seat == i
		}
		// The picture is drawn only for a DM that will be sent: most
		// moves change one seat's hand or none, and drawing every
		// seat's was most of a Locked Out move.
		msg, hash, ok := r.privateMessage(t, i, events, false)
		needed := ok && dmNeeded(seat.DMHash, hash, hasNews)
		if seat.DMFailed {
			// Each refused DM counts toward Discord's invalid-request
			// limit: try again only for a new decision (DMs may have been
			// opened since), else the channel and /game hand carry it.
			needed = ok && newDecision(seat.DMHash, hash)
		}
		if !needed {
			if ok && hash != seat.DMHash {
				// Remember what the seat was last shown, so only what is
				// new later sends a DM (a decision that closed and comes
				// back is new again: the DM that showed it lost its
				// controls when it was used).
				seat.DMHash = hash
				if err := r.store.SetDM(ctx, t.row.ID, i, hash, seat.DMFailed); err != nil {
					r.log.Error("could not record a DM", "game", t.row.ID, "err", err)
				}
			}
			continue
		}
		_, before, _ := strings.Cut(seat.DMHash, ":")
		_, now, _ := strings.Cut(hash, ":")
		if before != "" && now == "" && t.actsInChannel(i) {
			// The player acted in this DM and their turn goes on with
			// controls in the channel (an accusation after playing an
			// access card): say where.
			msg.Content = clip(msg.Content+fmt.Sprintf("\nYour turn goes on in <#%s>: use the buttons under the game's message there.", t.row.Channel), maxContent)
		}
		if viewGained(seat.DMHash, hash) {
			// The hand's picture comes when the hand changed; a DM for a
			// decision alone has the hand as text.
			r.attachHand(t, t.state.Private(i), &msg)
		}
		err := r.out.DM(ctx, seat.UserID, msg)
		failed := errors.Is(err, ErrDMClosed)
		if err != nil && !failed {
			r.log.Error("could not send a DM", "game", t.row.ID, "seat", i, "err", err)
			continue
		}
		if failed {
			r.announceClosedDM(ctx, t, *seat, newDecision(seat.DMHash, hash) && !(posted && t.waitsOn(i)))
		}
		seat.DMHash, seat.DMFailed = hash, failed
		if err := r.store.SetDM(ctx, t.row.ID, i, seat.DMHash, failed); err != nil {
			r.log.Error("could not record a DM", "game", t.row.ID, "err", err)
		}
	}
}

// waitsOn says whether the turn message mentions the seat as waited for.
func (t *table) waitsOn(seat int) bool {
	for _, p := range t.promptsFor(seat) {
		if !p.Standing {
			return true
		}
	}
	return false
}

// announceClosedDM tells a player whose DMs are closed, in a new channel
// message that mentions them, that they have something private to answer
// (never what it is). The first time it also says why.
func (r *Router) announceClosedDM(ctx context.Context, t *table, seat storage.Seat, decision bool) {
	var text string
	switch {
	case !seat.DMFailed:
		text = fmt.Sprintf("%s: I cannot send you direct messages (your DMs are closed for this server). Use /game hand here to see your hand and answer privately.", mention(seat.UserID))
	case decision:
		text = fmt.Sprintf("%s: you have a new private decision in game #%d. Your DMs are closed, so use /game hand here to answer.", mention(seat.UserID), t.row.ID)
	default:
		return
	}
	notice := Message{Content: text, Mentions: []string{seat.UserID}}
	if _, err := r.out.Send(ctx, t.row.Channel, notice); err != nil {
		r.log.Error("could not post the DM notice", "game", t.row.ID, "err", err)
	}
}

// finishedRow is true when the stored game no longer takes moves.
func finishedRow(row *storage.Game) bool { return !row.Open() }
