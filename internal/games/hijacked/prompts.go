package hijacked

import (
	"fmt"
	"strconv"
	"strings"

	"standoff/internal/games"
)

// maxChoices is Discord's limit of options in one select menu; maxButtons
// how many choices still show as buttons.
const (
	maxChoices = 25
	maxButtons = 5
)

// Prompts: the player on turn places dice (Turn), and every player with an
// any-time action open (free a passenger or pilot, cash a demand or medal,
// use a bonus tile) has a standing prompt that never waits for them and has
// no default.
func (s *State) Prompts() []games.Prompt {
	if s.Phase == phaseOver {
		return nil
	}
	var out []games.Prompt
	if s.isCybot(s.Turn) {
		out = append(out, cybot{s}.prompts()...) // the Cybot's move, or the question it waits on
	} else if acts := s.turnActions(s.Turn, true); len(acts) > 0 {
		p := games.Prompt{Seat: s.Turn, Turn: true, Text: s.turnText(), Choices: s.menu(acts)}
		switch s.Phase {
		case phaseTurn:
			p.Default = verbEnd
			if a, _, ok := s.placeExtra(s.Turn); ok {
				p.Default = a.String() // the bonus die must be played
			}
		case phaseDecide:
			p.Default = verbDiscard
		case phaseKeep:
			p.Default = acts[0].String()
		}
		out = append(out, p)
	}
	var standing []games.Prompt
	for seat, pl := range s.Players {
		if pl.Resigned {
			continue
		}
		if acts := s.AnyTimeActions(seat); len(acts) > 0 {
			standing = append(standing, games.Prompt{Seat: seat, Text: fmt.Sprintf("%s, any time: %s.", pl.Name, anyTimeSummary(acts)), Choices: s.menu(acts), Standing: true})
		}
	}
	return append(out, s.owned(standing)...)
}

// owned names the players on the standing controls: they sit side by side
// under the turn message, and whoever clicks one acts for their own seat,
// so "Free a passenger for 2 gray cards" must say whose it is. A control
// several players have (the same move, such as cashing an intel) is one
// button on the message, so it names them all; a group whose size differs
// between them drops the count.
func (s *State) owned(ps []games.Prompt) []games.Prompt {
	key := func(c games.Choice) string { return c.Move + "\x00" + c.Refine }
	who := map[string][]string{}
	label := map[string]string{}
	mixed := map[string]bool{}
	for _, p := range ps {
		for _, c := range p.Choices {
			k := key(c)
			who[k] = append(who[k], s.Players[p.Seat].Name)
			if l, ok := label[k]; ok && l != c.Label {
				mixed[k] = true
			}
			label[k] = c.Label
		}
	}
	for i := range ps {
		cs := make([]games.Choice, len(ps[i].Choices))
		for j, c := range ps[i].Choices {
			k := key(c)
			if mixed[k] {
				if at := strings.LastIndex(c.Label, "… ("); at >= 0 {
					c.Label = c.Label[:at] + "…"
				}
			}
			c.Label = strings.Join(who[k], ", ") + ": " + c.Label
			cs[j] = c
		}
		ps[i].Choices = cs
	}
	return ps
}

// turnText says what the player on turn is asked.
func (s *State) turnText() string {
	p := s.Players[s.Turn]
	switch s.Phase {
	case phaseDecide:
		c := s.Pending.Card
		if why := s.cannotPlay(s.Turn, c); why != "" {
			// It could be played when chosen; an any-time action since
			// (a demand cashed) took that away, and only the discard is left.
			return fmt.Sprintf("%s, you chose %s: you can no longer play it (%s), so discard it for 1 point.", p.Name, cardText(c), why)
		}
		return fmt.Sprintf("%s, you chose %s: play it into your supply or discard it for 1 point.", p.Name, cardText(c))
	case phaseKeep:
		var t []string
		for _, k := range s.Keep {
			t = append(t, fmt.Sprintf("%s (%s)", data.BonusTiles[k].Name, data.BonusTiles[k].Text))
		}
		return fmt.Sprintf("%s, keep one bonus tile: %s.", p.Name, strings.Join(t, " or "))
	}
	cards := ""
	if left := s.cardsLeft(s.Turn); left > 0 {
		cards = fmt.Sprintf(" You may still choose %s.", plural(left, "passenger card"))
	}
	return fmt.Sprintf("%s, round %d: your dice %s.%s Place dice, then end your turn.", p.Name, s.Round, s.diceText(), cards)
}

// cardsLeft is how many more passenger cards the player on turn can
// choose: the turn's limit less those chosen, no more than the dice left
// allow (each card takes a die, their own reservation from an earlier turn
// none), and none when no card can be chosen now.
func (s *State) cardsLeft(seat int) int {
	left := s.cardLimit() - s.CardsTaken
	if left <= 0 {
		return 0
	}
	dice := 0
	for _, d := range s.Dice {
		if !d.Used {
			dice++
		}
	}
	if r := s.reservation(seat); r >= 0 && !s.reservedThisTurn(r) {
		dice++
	}
	left = min(left, dice)
	for _, a := range s.cardCandidates(seat, s.valueRefs()) {
		if a.Verb == verbCard && s.check(seat, a) == nil {
			return left
		}
	}
	return 0
}

func anyTimeSummary(acts []Action) string {
	var parts []string
	seen := map[string]bool{}
	for _, a := range acts {
		w := map[string]string{verbFree: "free passengers or pilots", verbCash: "cash demands", verbMedal: "exchange a medal", verbTile: "use a bonus tile"}[a.Verb]
		if !seen[w] {
			seen[w] = true
			parts = append(parts, w)
		}
	}
	return strings.Join(parts, ", ")
}

// category groups actions for guided menus.
func category(a Action) string {
	if a.Verb == verbTile {
		return "tile:" + a.What
	}
	return a.Verb
}

// menu turns actions into choices: all of them when they fit as buttons,
// otherwise one entry per kind of action, opening the kind (games.Refiner).
func (s *State) menu(acts []Action) []games.Choice {
	if len(acts) <= maxButtons {
		return s.choices(acts)
	}
	var order []string
	groups := map[string][]Action{}
	for _, a := range acts {
		c := category(a)
		if _, ok := groups[c]; !ok {
			order = append(order, c)
		}
		groups[c] = append(groups[c], a)
	}
	var out []games.Choice
	for _, c := range order {
		g := groups[c]
		if len(g) == 1 {
			out = append(out, s.choices(g)...)
			continue
		}
		out = append(out, games.Choice{Label: groupLabel(c, len(g)), Refine: c})
	}
	return out
}

func (s *State) choices(acts []Action) []games.Choice {
	var out []games.Choice
	for _, a := range acts {
		out = append(out, games.Choice{Label: s.label(a), Move: a.String()})
	}
	return out
}

func groupLabel(cat string, n int) string {
	l := map[string]string{
		verbCard: "Choose a passenger card", verbReserve: "Reserve a face-up card", verbTrust: "Build trust",
		verbPersuade: "Persuade a hijacker", verbRetreat: "Police retreat", verbDemand: "Take a demand",
		verbBonus: "Take the bonus die", verbAdjust: "Adjust a die with demands", verbPlay: "Play the card",
		verbKeep: "Keep a bonus tile", verbFree: "Free a passenger or pilot", verbCash: "Cash a demand (1 point)",
		verbMedal: "Exchange a medal", "tile:" + tilePilot: "Tile: free a pilot for any 3 cards",
		"tile:" + tileMini: "Tile: mini die and intel", "tile:" + tileGive: "Tile: give demands",
		"tile:" + tileSalvage: "Tile: a card from the discard pile", "tile:" + tileTrust: "Tile: free build trust",
	}[cat]
	if l == "" {
		l = cat
	}
	return fmt.Sprintf("%s… (%d)", l, n)
}

// Refine opens a group of a menu. Keys: a category ("card", "adjust",
// "tile:salvage" ...), a narrower group ("card#3" one seat, "adjust#6" one
// die, "tile:salvage#blue" one colour), or gifts chosen so far
// ("give/food:2/crypto:3").
func (s *State) Refine(seat int, key string) (string, []games.Choice) {
	if seat < 0 || seat >= s.n() || s.Phase == phaseOver {
		return "The game is over.", nil
	}
	acts := s.Actions(seat)
	if strings.HasPrefix(key, "give/") || key == "give" {
		return s.refineGive(seat, key)
	}
	cat, sub, _ := strings.Cut(key, "#")
	var in []Action
	for _, a := range acts {
		if category(a) == cat && (sub == "" || subgroup(a) == sub) {
			in = append(in, a)
		}
	}
	if len(in) == 0 {
		return "That choice is no longer open.", nil
	}
	title := strings.TrimSuffix(groupLabel(cat, len(in)), fmt.Sprintf("… (%d)", len(in))) + ":"
	if cat == "tile:"+tileGive && len(in) > maxChoices {
		return s.refineGive(seat, "give")
	}
	if len(in) <= maxChoices {
		return title, s.choices(in)
	}
	// Too many for one menu: one entry per seat, die or colour.
	var out []games.Choice
	seen := map[string]bool{}
	for _, a := range in {
		g := subgroup(a)
		if !seen[g] {
			seen[g] = true
			out = append(out, games.Choice{Label: subLabel(a), Refine: cat + "#" + g})
		}
	}
	return title, out
}

// subgroup is how a big group splits: card by seat, adjust by die, salvage
// by colour, a tile's card sets by their first card.
func subgroup(a Action) string {
	switch {
	case a.Verb == verbCard || a.Verb == verbReserve || a.Verb == verbPersuade || a.Verb == verbTrust:
		return strconv.Itoa(a.Target)
	case a.Verb == verbAdjust:
		return a.Dice[0].String()
	case a.What == tileSalvage:
		return data.Cards[data.card[a.Cards[0]]].Color
	case a.What == tilePilot:
		return a.Cards[0]
	}
	return a.Verb
}

func subLabel(a Action) string {
	switch {
	case a.Verb == verbCard && a.Target == 0:
		return "Top of the draw pile…"
	case a.Verb == verbCard || a.Verb == verbReserve:
		return fmt.Sprintf("Seat %d…", a.Target)
	case a.Verb == verbPersuade:
		return fmt.Sprintf("Hijacker %d…", a.Target)
	case a.Verb == verbTrust:
		return fmt.Sprintf("Up to %d cubes…", a.Target)
	case a.Verb == verbAdjust:
		return fmt.Sprintf("Die showing %d…", a.Dice[0].Value)
	case a.What == tileSalvage:
		return fmt.Sprintf("A %s card…", data.Cards[data.card[a.Cards[0]]].Color)
	case a.What == tilePilot:
		return fmt.Sprintf("Sets with %s…", a.Cards[0])
	}
	return a.Verb + "…"
}

// discardOnly says in a few words why the player on turn could only
// discard a face-up card if they chose it now, "" when they could play it.
func (s *State) discardOnly(c int) string {
	card := data.Cards[c]
	p := &s.Players[s.Turn]
	switch {
	case card.Color == red:
		return "red"
	case s.cannotPlay(s.Turn, c) == "":
		return ""
	case s.Trust*10 < card.Trust:
		return fmt.Sprintf("needs %d%% trust", card.Trust)
	case card.Demand != "none" && p.Demands[demandIndex(card.Demand)] == 0 && p.Demands[intel] == 0:
		return "needs " + card.Demand
	}
	return "your supply is full"
}

// refineGive builds the gifts of the gifts tile one at a time.
func (s *State) refineGive(seat int, key string) (string, []games.Choice) {
	var cur []Gift
	for _, w := range strings.Split(key, "/")[1:] {
		d, who, _ := strings.Cut(w, ":")
		to, err := strconv.Atoi(who)
		if err != nil {
			return "That choice is no longer open.", nil
		}
		cur = append(cur, Gift{Demand: d, To: to - 1})
	}
	var out []games.Choice
	if len(cur) > 0 {
		a := Action{Verb: verbTile, What: tileGive, Gifts: cur}
		if s.check(seat, a) != nil {
			return "That choice is no longer open.", nil
		}
		out = append(out, games.Choice{Label: s.label(a), Move: a.String()})
	}
	if len(cur) < 3 {
		for d, name := range demandNames {
			for t, q := range s.Players {
				if t == seat || q.Resigned {
					continue
				}
				g := Gift{Demand: name, To: t}
				if k := len(cur); k > 0 && (d < demandIndex(cur[k-1].Demand) || d == demandIndex(cur[k-1].Demand) && t < cur[k-1].To) {
					continue // gifts in the order Legal writes them
				}
				next := Action{Verb: verbTile, What: tileGive, Gifts: append(append([]Gift{}, cur...), g)}
				if s.check(seat, next) != nil || len(out) >= maxChoices {
					continue
				}
				k := key
				if k == "give" || k == "tile:give" {
					k = "give"
				}
				out = append(out, games.Choice{Label: fmt.Sprintf("…give %s to %s", demandNames[d], q.Name), Refine: fmt.Sprintf("%s/%s:%d", k, name, t+1)})
			}
		}
	}
	if len(out) == 0 {
		return "That choice is no longer open.", nil
	}
	return "Give demands (1 point each, up to 3):", out
}

// label is an action's button text.
func (s *State) label(a Action) string {
	die := func(i int) string { return dieRefLabel(a.Dice[i]) }
	switch a.Verb {
	case verbCard:
		return s.cardLabel(a)
	case verbPlay:
		c := data.Cards[s.Pending.Card]
		if a.Demand == "" {
			return fmt.Sprintf("Play %s", c.ID)
		}
		return fmt.Sprintf("Play %s, pay %s", c.ID, a.Demand)
	case verbDiscard:
		return fmt.Sprintf("Discard %s for 1 point", data.Cards[s.Pending.Card].ID)
	case verbReserve:
		return fmt.Sprintf("Reserve seat %d (%s) with your %s", a.Target, data.Cards[s.Seats[a.Target-1].Card].ID, die(0))
	case verbTrust:
		return fmt.Sprintf("Build trust, up to %s, with your %s", plural(a.Target, "cube"), die(0))
	case verbPersuade:
		sl := s.Slots[a.Target-1]
		return fmt.Sprintf("Persuade %s with %s and %s (%d/4 so far)", data.Hijackers[sl.Tile].Name, die(0), die(1), map[bool]int{true: sl.Turns, false: 0}[sl.Disc == s.Turn])
	case verbRetreat:
		return fmt.Sprintf("Police retreat with %s and %s", die(0), die(1))
	case verbDemand:
		return fmt.Sprintf("Take %s with your %s", data.NumberPlaces[s.numberPlace(a.Dice[0].Value)], die(0))
	case verbBonus:
		return fmt.Sprintf("Take the bonus die with your %s", die(0))
	case verbAdjust:
		to := (a.Dice[0].Value-1+a.Delta+6)%6 + 1
		return fmt.Sprintf("Turn a %d into a %d, pay %s", a.Dice[0].Value, to, a.Demand)
	case verbEnd:
		return "End turn"
	case verbKeep:
		t := data.BonusTiles[data.tile[a.What]]
		return fmt.Sprintf("Keep %s: %s", t.Name, t.Text)
	case verbFree:
		if a.What == "pilot" {
			return fmt.Sprintf("Free a pilot for 3 %s cards (+5)", a.Color)
		}
		return fmt.Sprintf("Free a passenger for 2 %s cards (+3)", a.Color)
	case verbCash:
		return fmt.Sprintf("Cash %s for 1 point", aDemand(a.Demand))
	case verbMedal:
		return fmt.Sprintf("Exchange medal %d (%s) for its points", a.Target, data.Objectives[s.Medals[a.Target-1].Objective])
	case verbTile:
		return s.tileLabel(a)
	}
	return a.String()
}

func (s *State) cardLabel(a Action) string {
	die := func(i int) string { return dieRefLabel(a.Dice[i]) }
	if a.Target == 0 {
		return fmt.Sprintf("Top card of the pile (%s) with your %s", plural(data.Cards[s.Draw[len(s.Draw)-1]].Pips, "pip"), die(0))
	}
	st := s.Seats[a.Target-1]
	if !st.FaceUp {
		return fmt.Sprintf("Seat %d (face down, %s) with your %s", a.Target, plural(data.Cards[st.Card].Pips, "pip"), die(0))
	}
	card := fmt.Sprintf("Seat %d: %s", a.Target, cardWords(st.Card))
	switch why := s.discardOnly(st.Card); why {
	case "":
	case "red":
		card += ", discard only"
	default:
		// The reason says what the card needs: its trust and demand
		// need not be said again.
		c := data.Cards[st.Card]
		card = fmt.Sprintf("Seat %d: %s %s, discard only: %s", a.Target, c.Color, c.ID, why)
	}
	if len(a.Dice) == 0 {
		return fmt.Sprintf("%s: your reservation, no die", card)
	}
	return fmt.Sprintf("%s, with your %s", card, die(0))
}

func (s *State) tileLabel(a Action) string {
	switch a.What {
	case tilePilot:
		return fmt.Sprintf("Free a pilot for %s (+5)", strings.Join(a.Cards, ", "))
	case tileMini:
		return "Use Mini die: take a mini die and an intel"
	case tileSalvage:
		return fmt.Sprintf("Take %s from the discard pile", cardView(data.card[a.Cards[0]]).Text())
	case tileTrust:
		return fmt.Sprintf("Free build trust, up to %s (red costs 2)", plural(a.Target, "cube"))
	case tileGive:
		var g []string
		for _, x := range a.Gifts {
			g = append(g, fmt.Sprintf("%s to %s", x.Demand, s.Players[x.To].Name))
		}
		return fmt.Sprintf("Give %s (+%d)", strings.Join(g, ", "), len(a.Gifts))
	}
	return a.String()
}

// dieRefLabel names a die by value, and by kind when it is not the player's own.
func dieRefLabel(d DieRef) string {
	return strconv.Itoa(d.Value) + map[string]string{"b": " (bonus)", "m": " (mini)"}[d.Kind]
}

// cardWords names a face-up passenger card for a button or menu entry in
// words a new player reads without the rulebook: its colour and id, the
// trust it needs and the demand it costs (a red card is a hijacker's and
// is only discarded).
func cardWords(c int) string {
	d := data.Cards[c]
	if d.Color == red {
		return fmt.Sprintf("red %s", d.ID)
	}
	wants := "no demand"
	if d.Demand != "none" {
		wants = "costs " + d.Demand
	}
	return fmt.Sprintf("%s %s (%d%% trust, %s)", d.Color, d.ID, d.Trust, wants)
}
