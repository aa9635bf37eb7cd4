package commands

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"standoff/internal/games"
)

// A challenge that names nobody (typing @name is the hard part on a phone)
// answers, to the challenger alone, with a menu of the server's users
// ("Who do you challenge?") and, where the game has a bot, "Play the bot".
// Picking makes the challenge exactly as naming them with the same options
// would. The menu's id carries those options, so it needs nothing kept
// until it is used:
//
//	chal:<u|b>:<kind>:<made>:<print>:<options>
//
// u is the menu of users, b the bot button; made is when the menu was made
// (Unix seconds, base 36); print is a fingerprint of the challenger, the
// channel and the rest of the id, so a menu works for its challenger, in
// its channel, as it was made; options are "i=value" pairs joined by ".",
// i the option's place in challengeCarried. A menu makes one challenge: its
// first use is claimed in the database (storage.ClaimInteraction), and it
// expires after menuLife, before that claim is forgotten.

// menuLife is how long a challenge menu may be used. Claims are kept for
// as long (the interaction replay guard keeps its own for as long too: a
// shorter keep by any caller would forget this one early).
const menuLife = 10 * time.Minute

// menuPrint is the length of a challenge menu's fingerprint.
const menuPrint = 10

type challengeMenu struct {
	bot   bool
	kind  string
	made  int64
	print string
	opts  string
}

func (m challengeMenu) String() string {
	mode := "u"
	if m.bot {
		mode = "b"
	}
	return strings.Join([]string{"chal", mode, m.kind, strconv.FormatInt(m.made, 36), m.print, m.opts}, ":")
}

// parseChallengeMenu reads what follows "chal:".
func parseChallengeMenu(rest string) (challengeMenu, bool) {
	parts := strings.Split(rest, ":")
	if len(parts) != 5 || (parts[0] != "u" && parts[0] != "b") {
		return challengeMenu{}, false
	}
	made, err := strconv.ParseInt(parts[2], 36, 64)
	if err != nil {
		return challengeMenu{}, false
	}
	return challengeMenu{bot: parts[0] == "b", kind: parts[1], made: made, print: parts[3], opts: parts[4]}, true
}

// fingerprint binds a menu to its challenger and channel.
func (m challengeMenu) fingerprint(user, channel string) string {
	h := sha256.Sum256([]byte(strings.Join([]string{user, channel, m.kind, strconv.FormatInt(m.made, 36), m.opts}, "\x00")))
	return hex.EncodeToString(h[:])[:menuPrint]
}

// challengeCarried lists the options of a challenge a menu carries: all but
// the opponents and the bot's level.
func challengeCarried(k *games.Kind) []string {
	var out []string
	for _, o := range kindOptions(k) {
		out = append(out, o.Name)
	}
	return append(out, turnLimitOption.Name)
}

// encodeCarried writes the challenge's options for a menu's id; false when
// a value would not read back (Discord's values never hold such
// characters; a hand-made one could).
func encodeCarried(k *games.Kind, options map[string]string) (string, bool) {
	var pairs []string
	for i, name := range challengeCarried(k) {
		v, ok := options[name]
		if !ok {
			continue
		}
		if v == "" || strings.ContainsFunc(v, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_')
		}) {
			return "", false
		}
		pairs = append(pairs, strconv.Itoa(i)+"="+v)
	}
	return strings.Join(pairs, "."), true
}

func decodeCarried(k *games.Kind, s string) (map[string]string, bool) {
	names := challengeCarried(k)
	out := map[string]string{}
	if s == "" {
		return out, true
	}
	for _, pair := range strings.Split(s, ".") {
		i, v, found := strings.Cut(pair, "=")
		n, err := strconv.Atoi(i)
		if !found || err != nil || n < 0 || n >= len(names) {
			return nil, false
		}
		out[names[n]] = v
	}
	return out, true
}

// opponentsRange is how many opponents a challenge of the kind names.
func opponentsRange(k *games.Kind) (lo, hi int) {
	return max(k.MinPlayers-1, 1), k.MaxPlayers - 1
}

// askOpponents answers a challenge that names nobody with the menu; false
// when the options cannot ride in its id (the caller refuses as before).
func (lb *lobbies) askOpponents(in Interaction, g Game) (Response, bool) {
	k := g.Kind
	opts, ok := encodeCarried(k, in.Options)
	lo, hi := opponentsRange(k)
	if !ok || hi < 1 {
		return Response{}, false
	}
	m := challengeMenu{kind: k.Name, made: lb.now().Unix(), opts: opts}
	m.print = m.fingerprint(in.User.ID, in.Channel)
	if len(m.String()) > maxCustomID {
		return Response{}, false
	}
	count := fmt.Sprintf("%d to %d players", lo, hi)
	if lo == hi {
		count = fmt.Sprintf("%d player", lo)
		if lo > 1 {
			count += "s"
		}
	}
	text := fmt.Sprintf("Who do you challenge to %s? Pick %s from the menu; they accept by button.", k.Title, count)
	if given := carriedText(k, in.Options); given != "" {
		text += " Options: " + given + "."
	}
	msg := Message{Content: text, Ephemeral: true, Rows: []Row{{Select: &Select{CustomID: m.String(), Placeholder: "Who do you challenge?",
		Users: true, MinValues: lo, MaxValues: hi}}}}
	if k.Bot != nil {
		m.bot = true
		msg.Content += " Or play the bot."
		msg.Rows = append(msg.Rows, Row{Buttons: []Button{{Label: "Play the bot", CustomID: m.String(), Style: Secondary}}})
	}
	return Response{Kind: Reply, Message: msg}, true
}

// carriedText lists the options a menu carries as they were typed.
func carriedText(k *games.Kind, options map[string]string) string {
	var parts []string
	for _, name := range challengeCarried(k) {
		if v, ok := options[name]; ok {
			parts = append(parts, name+":"+v)
		}
	}
	return strings.Join(parts, " ")
}

// challengeMenuClick makes the challenge a menu or its bot button asks for.
func (lb *lobbies) challengeMenuClick(ctx context.Context, c *Call, _ *table) (acted, error) {
	ask, g, err := lb.menuChallenge(ctx, c.in, c.ctl.menu)
	if err != nil {
		return acted{}, err
	}
	resp, err := lb.challenge(ctx, ask, g)
	if err != nil {
		return acted{}, err
	}
	// The menu is used up: the message says what came of it instead.
	resp.Kind = Update
	return answered(resp, nil)
}

// menuChallenge checks a pick and turns it into the challenge command it
// stands for; the menu is claimed last, once nothing else refuses it.
func (lb *lobbies) menuChallenge(ctx context.Context, in Interaction, m challengeMenu) (Interaction, Game, error) {
	g, found := lb.games.find(m.kind)
	if !found {
		return in, g, refusef("That menu is not one I know; run the challenge command again.")
	}
	carried, ok := decodeCarried(g.Kind, m.opts)
	if !ok {
		return in, g, refusef("That menu is not one I know; run the challenge command again.")
	}
	rerun := fmt.Sprintf("/%s challenge", g.Kind.Name)
	if m.fingerprint(in.User.ID, in.Channel) != m.print {
		return in, g, refusef("That menu is someone else's challenge (or another channel's); run %s yourself to challenge players.", rerun)
	}
	if age := lb.now().Sub(time.Unix(m.made, 0)); age > menuLife || age < -time.Minute {
		return in, g, refusef("That menu is more than %d minutes old; run %s again.", int(menuLife.Minutes()), rerun)
	}
	ask := in
	ask.Type, ask.Command, ask.Sub, ask.CustomID, ask.Values, ask.MessageID = SlashCommand, g.Kind.Name, "challenge", "", nil, ""
	ask.Options = maps.Clone(carried)
	if m.bot {
		if g.Kind.Bot == nil {
			return in, g, refusef("%s has no bot to play.", g.Kind.Title)
		}
		ask.Options["ai"] = strconv.Itoa((g.Kind.BotLevels + 1) / 2)
	} else if err := lb.checkPicked(in, g.Kind); err != nil {
		return in, g, err
	} else {
		for i, id := range in.Values {
			ask.Options[opponentOption(i+1)] = id
		}
	}
	claimed, err := lb.store.ClaimInteraction(ctx, "menu:"+m.print+":"+strconv.FormatInt(m.made, 36), lb.now(), menuLife)
	if err != nil {
		return in, g, err
	}
	if !claimed {
		return in, g, refusef("That menu was used already: each makes one challenge. Run %s again for another.", rerun)
	}
	return ask, g, nil
}

// checkPicked refuses, before anything is claimed or stored, a pick the
// challenge could not seat: the challenger, a bot account (the bot itself
// is seated where the game has one), someone twice, too few or too many.
func (lb *lobbies) checkPicked(in Interaction, k *games.Kind) error {
	lo, hi := opponentsRange(k)
	if len(in.Values) < lo || len(in.Values) > hi {
		return refusef("Pick %d to %d players for %s.", lo, hi, k.Title)
	}
	for i, id := range in.Values {
		name, ok := in.Users[id]
		if !ok {
			name = NameOf(mention(id))
		}
		switch {
		case id == in.User.ID:
			return refusef("You cannot challenge yourself; pick other players from the menu.")
		case id == lb.cfg.BotUserID && lb.cfg.BotUserID != "":
			if k.Bot == nil {
				return refusef("I cannot play %s myself; pick people from the menu.", k.Title)
			}
		case in.Bots[id]:
			return refusef("%s is a bot account and cannot play; pick people from the menu.", name)
		case slices.Contains(in.Values[:i], id):
			return refusef("%s is picked twice; pick each player once.", name)
		}
	}
	return nil
}
