package images

import (
	"fmt"
	"strings"

	"standoff/internal/games"
	"standoff/internal/games/hijacked"
)

// HijackedAlt describes a Hijacked picture in words for a screen reader
// (the attachment's description), from the view it is given and nothing
// else: for the public view only what the table sees. The most telling
// facts come first (whose turn and what they must do, the scores, the
// police and trust, the last move); the rest follows while it fits in
// altBudget, a fact that does not fit left out whole. The same words
// serve the turn picture and the full board.
func HijackedAlt(v games.View) string {
	switch v := v.(type) {
	case *hijacked.PublicView:
		return fitAltParts(hijackedAltFacts(hijackedAltPublic(hijackedMarked(v))), altBudget)
	case *hijacked.PrivateView:
		return fitAltParts(hijackedAltFacts(hijackedFacts(hijackedAltPrivate(v)...)), altBudget)
	}
	return ""
}

// hijackedAltFacts ranks facts in reading order, which is their order of
// importance.
func hijackedAltFacts(facts []altPart) []altPart {
	for i := range facts {
		facts[i].prio = i
	}
	return facts
}

// hijackedFacts are sentences, each a fact with no shorter form.
func hijackedFacts(sentences ...string) []altPart {
	out := make([]altPart, len(sentences))
	for i, s := range sentences {
		out[i] = altPart{text: s}
	}
	return out
}

// hijackedAltPublic is the table in sentences, the most telling first.
func hijackedAltPublic(v *hijacked.PublicView) []altPart {
	var out []string
	if v.Over {
		out = append(out, fmt.Sprintf("Hijacked, game over in round %d. %s", v.Round, v.Result))
	} else {
		out = append(out, fmt.Sprintf("Hijacked, round %d, %s's turn: %s.", v.Round, v.Players[v.Turn].Name, v.Waiting))
	}
	out = append(out, hijackedAltScores(v))
	if !v.Over {
		out = append(out, fmt.Sprintf("Police %s from the plane; trust %d%%.", count(v.Police, "minute"), v.Trust))
	}
	if n := len(v.Events); n > 0 && !strings.Contains(v.Result, v.Events[n-1]) {
		out = append(out, "Last move: "+v.Events[n-1])
	}
	if v.Over {
		return append(hijackedFacts(out...), hijackedAltSupplies(v))
	}
	if s := hijackedAltDice(v); s != "" {
		out = append(out, s)
	}
	if v.Pending != nil {
		out = append(out, "Chosen card: "+hijackedCardWords(*v.Pending)+".")
	}
	out = append(out, hijackedAltSeats(v), hijackedAltHijackers(v), hijackedAltCybot(v.Cybot), hijackedAltMedals(v))
	var nums []string
	for i, n := range v.Numbers {
		nums = append(nums, fmt.Sprintf("%d gives %s", n, v.Places[i]))
	}
	return append(append(hijackedFacts(out...), hijackedAltSupplies(v)),
		hijackedFacts(hijackedAltRecognition(v), "Demands by die: "+strings.Join(nums, ", ")+".")...)
}

// hijackedAltScores: every player's score (the final total at the end), and
// what marks them.
func hijackedAltScores(v *hijacked.PublicView) string {
	var s []string
	for _, p := range v.Players {
		score := p.Score
		if p.FinalScore != nil {
			score = p.FinalScore.Total
		}
		w := fmt.Sprintf("%s %d", p.Name, score)
		var tags []string
		if p.Seat == v.Turn && !v.Over {
			tags = append(tags, "on turn")
		}
		if p.Star {
			tags = append(tags, "star")
		}
		if p.Resigned {
			tags = append(tags, "left")
		}
		if len(tags) > 0 {
			w += " (" + strings.Join(tags, ", ") + ")"
		}
		s = append(s, w)
	}
	head := "Scores: "
	if v.Over && hijackedScored(v) {
		head = "Final scores: "
	}
	return head + strings.Join(s, ", ") + "."
}

func hijackedAltDice(v *hijacked.PublicView) string {
	if len(v.Dice) == 0 {
		return ""
	}
	var ds []string
	for _, d := range v.Dice {
		w := fmt.Sprint(d.Value)
		if d.Kind == "bonus" || d.Kind == "mini" {
			w = d.Kind + " " + w
		}
		if d.Used {
			w += " used"
		}
		ds = append(ds, w)
	}
	return fmt.Sprintf("%s's dice: %s.", v.Players[v.Turn].Name, strings.Join(ds, ", "))
}

func hijackedAltSeats(v *hijacked.PublicView) string {
	var ss []string
	for _, st := range v.Seats {
		var w string
		switch {
		case st.Empty:
			w = fmt.Sprintf("%d empty", st.Number)
		case st.Face == nil:
			w = fmt.Sprintf("%d face down, %s", st.Number, count(st.Pips, "pip"))
		default:
			w = fmt.Sprintf("%d %s", st.Number, hijackedCardWords(*st.Face))
		}
		if st.Reserver >= 0 {
			w += fmt.Sprintf(", reserved by %s with a %d", v.Players[st.Reserver].Name, st.ResValue)
		}
		ss = append(ss, w)
	}
	return "Seats: " + strings.Join(ss, "; ") + "."
}

func hijackedAltHijackers(v *hijacked.PublicView) string {
	var hs []string
	for _, h := range v.Hijackers {
		if h.ID == "" {
			hs = append(hs, fmt.Sprintf("%d empty", h.Place))
			continue
		}
		w := fmt.Sprintf("%d %s, dice %s and %s, %d of 4", h.Place, h.Name, hijackedAltRange(h.Ranges[0]), hijackedAltRange(h.Ranges[1]), h.Turns)
		if h.Disc >= 0 {
			w += ", " + v.Players[h.Disc].Name + " talks"
		}
		hs = append(hs, w)
	}
	return "Hijackers: " + strings.Join(hs, "; ") + "."
}

// hijackedAltMedals: each medal, its objective and what became of it; an
// open one's value is public (it lies number up), a won one's is not.
func hijackedAltMedals(v *hijacked.PublicView) string {
	var ms []string
	for _, m := range v.Medals {
		w := fmt.Sprintf("%d %s, ", m.Number, m.Objective)
		who := ""
		if m.Holder >= 0 && m.Holder < len(v.Players) {
			who = v.Players[m.Holder].Name
		}
		switch m.State {
		case "board":
			w += "open, " + count(m.Value, "point")
		case "held":
			w += "won by " + who + ", face down"
		case "cashed":
			w += "cashed by " + who
		default:
			w += m.State
		}
		ms = append(ms, w)
	}
	if len(ms) == 0 {
		return ""
	}
	return "Medals: " + strings.Join(ms, "; ") + "."
}

// hijackedAltRecognition: where the thumbs are on the recognition track
// and what each place is worth at the end, players on the same space
// together.
func hijackedAltRecognition(v *hijacked.PublicView) string {
	var ps []string
	for space, pts := range v.Recognition {
		var names []string
		for _, p := range v.Players {
			if p.Thumb == space {
				names = append(names, p.Name)
			}
		}
		if len(names) == 0 {
			continue
		}
		where := "off the track"
		if space > 0 {
			where = fmt.Sprintf("space %d", space)
		}
		ps = append(ps, fmt.Sprintf("%s %s (%s)", strings.Join(names, ", "), hijackedSigned(pts), where))
	}
	if len(ps) == 0 {
		return ""
	}
	return "Recognition, points at the end: " + strings.Join(ps, "; ") + "."
}

// hijackedAltRange is a die range a screen reader says right: "1 to 3".
func hijackedAltRange(r [2]int) string {
	if r[0] == r[1] {
		return fmt.Sprint(r[0])
	}
	return fmt.Sprintf("%d to %d", r[0], r[1])
}

// hijackedAltSupplies: a sentence per player, their cards, demands and
// the rest, as one fact: when they do not all fit, every player's supply is
// said briefly (its cards and demands counted) rather than some players'
// left out.
func hijackedAltSupplies(v *hijacked.PublicView) altPart {
	var full, short []string
	for _, p := range v.Players {
		var ids []string
		for _, c := range p.Cards {
			ids = append(ids, c.ID)
		}
		cards := "no cards"
		if len(ids) > 0 {
			cards = "cards " + strings.Join(ids, ", ")
		}
		parts := []string{cards, hijacked.DemandText(p.Demands)}
		for _, e := range hijackedExtras(p) {
			switch {
			case v.Over && strings.HasPrefix(e, "next turn"):
			case e == "STAR":
				parts = append(parts, "the star")
			default:
				parts = append(parts, e)
			}
		}
		full = append(full, fmt.Sprintf("%s: %s.", p.Name, strings.Join(parts, "; ")))
		demands := 0
		for _, n := range p.Demands {
			demands += n
		}
		short = append(short, fmt.Sprintf("%s %s, %s", p.Name, countOrNo(len(p.Cards), "card"), countOrNo(demands, "demand")))
	}
	return altPart{text: strings.Join(full, " "), short: "Supplies: " + strings.Join(short, "; ") + "."}
}

// countOrNo is count, with "no" for none: "no cards", "1 demand".
func countOrNo(n int, what string) string {
	if n == 0 {
		return "no " + what + "s"
	}
	return count(n, what)
}

// hijackedAltCybot: the Cybot's card, each action with what became of it.
func hijackedAltCybot(c *hijacked.CybotView) string {
	if c == nil {
		return ""
	}
	if c.Card == 0 {
		return "Cybot: no card yet."
	}
	var as []string
	for i, a := range c.Actions {
		state := map[string]string{"todo": "next", "now": "now"}[a.State]
		switch {
		case hijackedCybotFellBack(a):
			state = "not possible, its fallback done"
		case state == "":
			state = a.State
		}
		as = append(as, fmt.Sprintf("%d %s, %s", i+1, a.Name, state))
	}
	s := fmt.Sprintf("Cybot card %d: %s.", c.Card, strings.Join(as, "; "))
	if c.Hijacker != "" {
		s += fmt.Sprintf(" Its hijacker: %s.", c.Hijacker)
	}
	return s
}

// hijackedAltPrivate: a player's medals with their values (the DM's picture).
func hijackedAltPrivate(v *hijacked.PrivateView) []string {
	if len(v.Medals) == 0 {
		return []string{v.Name + ": no medals yet."}
	}
	out := []string{v.Name + "'s medals, only you see their values:"}
	for _, m := range v.Medals {
		state := "face down"
		if m.Cashed {
			state = "exchanged"
		}
		out = append(out, fmt.Sprintf("medal %d, %s: %s, %s.", m.Number, m.Objective, count(m.Value, "point"), state))
	}
	return out
}
