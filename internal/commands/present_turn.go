package commands

import (
	"fmt"
	"strings"

	"standoff/internal/games"
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

// clip shortens s to at most n bytes, "…" included where it cuts (Discord
// counts characters, never more than bytes). It cuts after a whole word
// when one ends in the last third, so a label or a line never ends mid-word
// ("Cash an int…").
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	const ellipsis = "…"
	cut := n - len(ellipsis)
	if cut <= 0 {
		return ""
	}
	for cut > 0 && !isRuneStart(s[cut]) {
		cut--
	}
	if space := strings.LastIndexAny(s[:cut+1], " \n"); space > 0 && space >= cut*2/3 {
		cut = space
	}
	return strings.TrimRight(s[:cut], " ,;:") + ellipsis
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// header names the game in every message it posts.
func (t *table) header() string {
	return fmt.Sprintf("**%s** · game #%d", t.game.Kind.Title, t.row.ID)
}

// turnMessage is the channel's view of the game now.
func turnMessage(t *table, narration string) Message {
	// What the table must read (the result, who must act) is written
	// first; the narration gets the room that is left.
	var b strings.Builder
	var mentions []string
	if out := t.state.Outcome(); out != nil {
		b.WriteString("**Game over.** ")
		b.WriteString(out.Text)
		b.WriteString("\n")
		if !placesSaid(t, out, narration) {
			b.WriteString(standings(t, out))
		}
		for _, line := range []string{t.best, t.ratings} {
			if line != "" {
				if !strings.HasSuffix(b.String(), "\n") {
					b.WriteString("\n")
				}
				b.WriteString(line)
			}
		}
	} else if t.paused() {
		line, ids := t.pausedLine()
		b.WriteString(line)
		mentions = append(mentions, ids...)
	} else {
		for _, line := range waitLines(t) {
			b.WriteString(line.text)
			b.WriteString("\n")
			if line.user != "" {
				mentions = append(mentions, line.user)
			}
		}
		if away := awayLines(t.row.Seats, t.players, t.now); away != "" {
			b.WriteString(away + "\n")
		}
	}
	tail := strings.TrimRight(b.String(), "\n")
	if out := t.state.Outcome(); out != nil {
		// The result is said once, in its place above the standings.
		narration = withoutLine(narration, out.Text)
	}
	content := t.header() + "\n"
	if narration != "" {
		if room := maxContent - len(content) - len(tail) - 1; room > 0 {
			content += newestLines(narration, room) + "\n"
		}
	}
	msg := Message{Content: clip(strings.TrimRight(content+tail, "\n"), maxContent), Mentions: mentions}
	t.attachView(&msg, t.state.Public(), "board.png")
	if t.state.Outcome() == nil && !t.paused() {
		msg.Rows = t.withTools(publicControls(t))
	}
	return msg
}

// standings list the places at the end of a game. A loss for the whole
// table has no places; a draw or a shared win names who drew or won
// together before any places below.
func standings(t *table, out *games.Outcome) string {
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
func waitLines(t *table) []waitLine {
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
			out = append(out, waitLine{mentionedPrompt(seat, p.Text), seat.UserID})
		}
	}
	return out
}

// mentionedPrompt puts the player's mention before a prompt; a prompt that
// opens with the player's name ("alice, round 1: ...", "dave begins ...")
// says it once, as the mention.
func mentionedPrompt(seat storage.Seat, text string) string {
	if rest, ok := strings.CutPrefix(text, seat.Name); ok && (strings.HasPrefix(rest, ", ") || strings.HasPrefix(rest, " ")) {
		return mention(seat.UserID) + rest
	}
	return mention(seat.UserID) + ": " + text
}

// withoutLine drops the narration's lines that say exactly line.
func withoutLine(narration, line string) string {
	var keep []string
	for _, l := range strings.Split(narration, "\n") {
		if strings.TrimSpace(l) != strings.TrimSpace(line) {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// placesSaid reports an outcome whose places are said already, by its own
// text (Locked Out ranks every hand) or by the narration of the game's end
// (Hijacked's final scoring, rank by rank), or that has one seat only (a
// solo run's "1. alice" would say nothing new): the standings are not said
// again. Every seat must be placed there.
func placesSaid(t *table, out *games.Outcome, narration string) bool {
	if len(out.Rank) <= 1 {
		return true
	}
	said := out.Text + "\n" + narration
	for seat, rank := range out.Rank {
		if seat >= len(t.row.Seats) || !strings.Contains(said, fmt.Sprintf("%d. %s", rank, t.row.Seats[seat].Name)) {
			return false
		}
	}
	return true
}
