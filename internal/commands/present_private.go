package commands

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"standoff/internal/games"
)

// privateMessage is a seat's hand, news and decisions; ok is false when the
// seat has nothing private. withPicture asks for the hand's picture (a DM
// draws it only when the hand changed: drawing is most of its cost).
func privateMessage(t *table, seat int, events []games.Event, withPicture bool) (Message, string, bool) {
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
	// The hand is said once: as a picture (its alt text carries it for a
	// screen reader) when one is drawn, else as text.
	pictured := withPicture && view != nil && t.game.Draw != nil
	var b strings.Builder
	fmt.Fprintf(&b, "%s in <#%s>, private to you\n", t.header(), t.row.Channel)
	for _, n := range news {
		b.WriteString(n + "\n")
	}
	if view != nil && !pictured {
		b.WriteString("```\n" + view.Text() + "\n```\n")
	}
	for _, p := range prompts {
		b.WriteString("**" + p.Text + "**\n")
	}
	if pictured && len(news) == 0 && len(prompts) == 0 {
		// A phone's notification shows the text, never the picture.
		b.WriteString("Your private view (your hand) as it stands now: here it is.\n")
	}
	content := clip(strings.TrimRight(b.String(), "\n"), maxContent)
	msg := Message{Content: content, Rows: privateControls(t, seat)}
	if pictured {
		t.attachView(&msg, view, "hand.png")
	}
	return msg, dmHash(view, prompts), true
}

// actsInChannel says whether the seat must act now on a prompt the channel
// shows.
func actsInChannel(t *table, seat int) bool {
	for _, p := range t.promptsFor(seat) {
		if !p.Private && !p.Standing {
			return true
		}
	}
	return false
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
