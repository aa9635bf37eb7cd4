package images

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"standoff/internal/games"
	"standoff/internal/games/hunted"
)

// HuntedAltMax is the longest alt text: every game's budget (altBudget),
// well under Discord's limit for an attachment's description.
const HuntedAltMax = altBudget

// HuntedAlt is the turn picture in words, for a screen reader, the most
// needed first: whose turn or how the game ended, time and health, what is
// being resolved (the fight and its dice, a location), the cards in each
// row, then the tower, the last event and the inventories. Hunted hides
// nothing but the order of its decks, which no view carries. It is at most
// HuntedAltMax bytes, as every alt text's budget is counted (a name in
// another script takes two or three bytes a letter): when the state says
// more, the least needed facts (the inventories, then the tower and the
// last event) lose their details and then go, before the rows lose theirs;
// a fact is whole or absent, never cut.
func HuntedAlt(v games.View) string {
	pv, ok := v.(*hunted.PublicView)
	if !ok || pv == nil {
		return ""
	}
	return huntedAltFit(huntedAltParts(huntedMarked(pv)), HuntedAltMax)
}

// huntedAltPart is one fact of the alt text (a sentence, or a list of cards):
// its full and short forms, and its rank (0 kept longest).
type huntedAltPart struct {
	full, short string
	rank        int
}

// huntedAltParts are the facts, the most needed first.
func huntedAltParts(v *hunted.PublicView) []huntedAltPart {
	var ps []huntedAltPart
	// A card list has a short form; the last event is split into its
	// sentences, facts that go one by one from the end, so that one long
	// event cannot crowd out the rest.
	add := func(rank int, full, short string) {
		full, short = huntedASCII(full), huntedASCII(short)
		if full != "" {
			ps = append(ps, huntedAltPart{full, short, rank})
		}
	}
	sentences := func(rank int, text string) {
		for _, s := range huntedSentences(text) {
			add(rank, s, "")
		}
	}
	mode := "solo"
	if v.Coop {
		mode = "co-op"
	}
	status := fmt.Sprintf("Hunted: Kobayashi Tower, %s. %s", mode, v.Prompt)
	if v.Over {
		verdict := "lost"
		if v.Won {
			verdict = "won"
		}
		status = fmt.Sprintf("Hunted: Kobayashi Tower, %s. Game over: %s, score %d.", mode, verdict, v.Score)
	}
	add(0, status, "")
	add(0, huntedAltBars(v), "")
	for _, s := range huntedAltNow(v) {
		add(1, s, "")
	}
	if v.Over {
		add(1, v.Result, "")
	}
	if len(v.Reward) > 0 {
		add(1, huntedAltCards("Fight won, keep one for free", v.Reward, true), huntedAltNames("Fight won, keep one for free", v.Reward))
	}
	if len(v.Surveil) > 0 {
		add(2, huntedAltCards("On the monitors", v.Surveil, false), huntedAltNames("On the monitors", v.Surveil))
	}
	for _, p := range v.Players {
		name := "Row"
		if v.Coop {
			name = p.Name + "'s row"
		}
		add(1, huntedAltCards(name, p.Row, false), huntedAltNames(name, p.Row))
	}
	if v.Coop {
		add(1, huntedAltCards("Shared row", v.Shared, false), huntedAltNames("Shared row", v.Shared))
	}
	add(2, huntedAltTower(v), "")
	if ev := huntedTurnRecentEvents(v, 1); len(ev) > 0 {
		sentences(2, "Just now: "+ev[0])
	}
	for _, p := range v.Players {
		name := "Inventory"
		if v.Coop {
			name = p.Name + "'s inventory"
		}
		add(3, huntedAltCards(name, p.Inv, true), huntedAltNames(name, p.Inv))
	}
	if v.Coop && len(v.SharedInv) > 0 {
		add(3, huntedAltCards("Shared inventory", v.SharedInv, true), huntedAltNames("Shared inventory", v.SharedInv))
	}
	return ps
}

// huntedSentences splits a text after each sentence's end (". ", "! ", "? "),
// but not after an abbreviation in a name (Sgt. Pratt).
func huntedSentences(text string) []string {
	var out []string
	start := 0
	for i := 0; i+1 < len(text); i++ {
		if !strings.ContainsRune(".!?", rune(text[i])) || text[i+1] != ' ' {
			continue
		}
		if strings.HasSuffix(text[:i], "Sgt") {
			continue
		}
		out = append(out, text[start:i+1])
		start = i + 2
	}
	if rest := strings.TrimSpace(text[start:]); rest != "" {
		out = append(out, rest)
	}
	return out
}

// huntedAltFit joins the facts within max characters: from the highest rank
// down, a rank's facts take their short forms, then go, last first,
// before a lower rank loses anything. The first fact (whose turn) always
// stays; should it alone be too long, it is cut at a word.
func huntedAltFit(ps []huntedAltPart, max int) string {
	text := func() string {
		var out []string
		for _, p := range ps {
			if p.full != "" {
				out = append(out, p.full)
			}
		}
		return strings.Join(out, " ")
	}
	long := func() bool { return len(text()) > max }
	for rank := 3; rank >= 0 && long(); rank-- {
		for i := range ps {
			if ps[i].rank == rank && ps[i].short != "" {
				ps[i].full = ps[i].short
			}
		}
		for i := len(ps) - 1; i > 0 && long(); i-- {
			if ps[i].rank == rank {
				ps[i].full = ""
			}
		}
	}
	s := text()
	if len(s) > max {
		s = huntedAltClip(s, max)
	}
	return s
}

// huntedAltClip is s cut at a word to at most n bytes, with "...", never
// inside a letter.
func huntedAltClip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	k := max(n-3, 0)
	for k > 0 && !utf8.RuneStart(s[k]) {
		k--
	}
	cut := s[:k]
	if i := strings.LastIndexByte(cut, ' '); i > n/2 {
		cut = cut[:i]
	}
	return cut + "..."
}

// huntedAltBars are time, health and tokens.
func huntedAltBars(v *hunted.PublicView) string {
	s := fmt.Sprintf("Time %d of %d.", v.Time, v.MaxTime)
	for _, p := range v.Players {
		who := "Health"
		if v.Coop {
			who = p.Name + ": health"
		}
		s += fmt.Sprintf(" %s %d of %d, %s, %s.", who, p.Health, p.MaxHealth, count(p.Keys, "key"), count(p.Regroup, "regroup token"))
	}
	return s
}

// huntedAltTower is the location deck.
func huntedAltTower(v *hunted.PublicView) string {
	roof := fmt.Sprintf("the Roof is among the last %d", v.RoofIn)
	switch {
	case v.OnRoof:
		roof = "on the Roof"
	case v.RoofTop:
		roof = "the Roof is next"
	}
	return fmt.Sprintf("Tower: %s passed, %d left; %s.", count(v.LocPassed, "location"), v.LocLeft, roof)
}

// huntedAltNow is what is being resolved: the fight, the dice, the location
// cards to choose from or the one being played.
func huntedAltNow(v *hunted.PublicView) []string {
	var out []string
	if f := v.Fight; f != nil {
		s := fmt.Sprintf("Fight: %s, targets %s, round %d.", f.Name, huntedAltTargets(f), f.Round+1)
		if f.Lars {
			s = fmt.Sprintf("Final fight with Lars: %d of %d hits, 5 or more each, round %d.", f.LarsHits, f.LarsNeed, f.Round+1)
		}
		if f.HostageIcon {
			s += " It hits hostages first."
		}
		out = append(out, s)
	}
	if r := v.Roll; r != nil {
		out = append(out, fmt.Sprintf("%s rolled %s for %s, not kept yet.", r.Who, huntedAltDice(r.Dice), r.What))
	} else if len(v.Rolls) > 0 {
		r := v.Rolls[len(v.Rolls)-1]
		out = append(out, fmt.Sprintf("Last roll, %s, %s: %s; %s.", r.Who, r.What, huntedAltDice(r.Dice), r.Outcome))
	}
	if len(v.Choice) > 0 {
		var ls []string
		for _, l := range v.Choice {
			ls = append(ls, l.Name+": "+l.Text)
		}
		out = append(out, "Location cards drawn, play one. "+strings.Join(ls, " Or "))
	} else if title, text := huntedTurnResolving(v); title != "" && v.Fight == nil {
		out = append(out, title+". "+text)
	}
	return out
}

// huntedAltTargets are a fight's numbers, the hit ones said.
func huntedAltTargets(f *hunted.FightView) string {
	s := make([]string, len(f.Targets))
	for i, t := range f.Targets {
		s[i] = fmt.Sprint(t)
		if i < len(f.Hit) && f.Hit[i] {
			s[i] += " (hit)"
		}
	}
	return strings.Join(s, " and ")
}

// huntedAltDice are dice as "6 on a d6, 7 on a d6 with 2 added".
func huntedAltDice(ds []hunted.Die) string {
	s := make([]string, len(ds))
	for i, d := range ds {
		s[i] = fmt.Sprintf("%d on a d%d", d.Value(), d.Sides)
		if d.Boost > 0 {
			s[i] += fmt.Sprintf(" with %d added", 2*d.Boost)
		}
	}
	return strings.Join(s, ", ")
}

var huntedIconWord = map[string]string{"M": "move", "S": "search", "K": "key"}

// huntedAltCards lists cards with their type and what they do; a row card
// also what it gives and costs.
func huntedAltCards(title string, cards []hunted.CardView, inInv bool) string {
	if len(cards) == 0 {
		return title + ": empty."
	}
	s := make([]string, len(cards))
	for i, c := range cards {
		var w []string
		if !inInv {
			if g := huntedAltIcons(huntedGives(c)); g != "" {
				w = append(w, "gives "+g)
			}
			if c.Noise > 0 {
				w = append(w, count(c.Noise, "bell"))
			}
			if t := huntedCostTime(c); t != "" {
				w = append(w, "costs "+t)
			} else if k := huntedAltIcons(huntedCosts(c)); k != "" {
				w = append(w, "costs "+k)
			}
		}
		if d := huntedDoes(c, inInv); d != "" {
			w = append(w, d)
		}
		s[i] = fmt.Sprintf("%s (%s: %s)", c.Name, c.Type, strings.Join(w, "; "))
	}
	return title + ": " + strings.Join(s, ", ") + "."
}

// huntedAltNames lists cards by name and type only.
func huntedAltNames(title string, cards []hunted.CardView) string {
	if len(cards) == 0 {
		return ""
	}
	s := make([]string, len(cards))
	for i, c := range cards {
		s[i] = c.Name + " (" + c.Type + ")"
	}
	return title + ": " + strings.Join(s, ", ") + "."
}

// huntedAltIcons says icon letters as words: "move and search".
func huntedAltIcons(ls []string) string {
	w := make([]string, len(ls))
	for i, l := range ls {
		w[i] = huntedIconWord[l]
	}
	return strings.Join(w, " and ")
}

// huntedASCII spells the picture's symbols out, so a screen reader says them
// and each counts as one character.
func huntedASCII(s string) string {
	return strings.NewReplacer(" · ", ", ", "·", ",", "×", "x", "→", "->", "…", "...", "–", "-", "—", "-", "✓", "passed").Replace(s)
}
