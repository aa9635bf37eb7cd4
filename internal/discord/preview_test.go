package discord

import (
	"encoding/json"
	"fmt"
	"testing"

	"standoff/internal/catalog"
	"standoff/internal/commands"
	"standoff/internal/discordtest"
	"standoff/internal/games"
)

// payload is the JSON body the transport sends for a message.
func payload(m commands.Message) ([]byte, error) {
	return json.Marshal(messageCreate{MessageSend: sendOf(m, m.Mentions), Nonce: "0123456789", EnforceNonce: true})
}

// randomOptions picks every option of a kind at random within its range.
func randomOptions(k *games.Kind, rng *games.RNG) games.Options {
	o := games.Options{}
	for _, spec := range k.Options {
		switch spec.Kind {
		case games.OptionBool:
			o[spec.Name] = rng.Intn(2)
		default:
			o[spec.Name] = spec.Min + rng.Intn(spec.Max-spec.Min+1)
		}
	}
	return o
}

// TestEveryTurnMessageIsValid plays random games of every hosted game, with
// every player count and random options, and after every move builds each
// message the bot could post (the channel's turn message, every seat's
// private message, every guided choice) and checks it as Discord would:
// "custom_id must be unique within a message" among the rest. A message
// Discord refuses is a game with no controls.
func TestEveryTurnMessageIsValid(t *testing.T) {
	t.Parallel()
	// Games per player count, and moves per game: long enough to reach
	// draw offers, reactions and endings, short enough for CI (the random
	// games of each engine's own tests go further).
	perCount, maxMoves := 3, 400
	if testing.Short() || raceEnabled {
		perCount, maxMoves = 1, 150
	}
	for _, g := range catalog.Games() {
		k := g.Kind
		for players := k.MinPlayers; players <= k.MaxPlayers; players++ {
			for n := 0; n < perCount; n++ {
				seed := uint64(1000*players + n)
				rng := games.NewRNG(seed)
				// Random options until a valid combination comes up (some
				// options need others, e.g. in_place needs can_rotate); the
				// first game of each count plays the defaults.
				var resolved games.Options
				var err error
				for try := 0; try < 20; try++ {
					opts := games.Options{}
					if n > 0 {
						opts = randomOptions(k, rng)
					}
					if resolved, err = k.Resolve(opts); err == nil {
						_, err = k.New(games.Setup{Players: make([]string, players), Options: resolved, Seed: seed})
					}
					if err == nil {
						break
					}
				}
				if err != nil {
					t.Fatalf("%s %d players: no valid options found: %v", k.Name, players, err)
				}
				names := make([]string, players)
				for i := range names {
					names[i] = fmt.Sprintf("p%d", i)
				}
				version := 0
				check := func(st games.State) error {
					version++
					for i, m := range commands.Preview(k, st, players, 42, version) {
						body, err := payload(m)
						if err != nil {
							return err
						}
						if err := discordtest.ValidateMessage(body, len(m.Files)); err != nil {
							return fmt.Errorf("message %d (%q): %v", i, m.Content, err)
						}
					}
					return nil
				}
				st, err := k.New(games.Setup{Players: names, Options: resolved, Seed: seed})
				if err != nil {
					t.Fatalf("%s %d players %v: %v", k.Name, players, resolved, err)
				}
				// Random legal moves by random seats that may act, checking
				// every position from the first, until the game ends.
				for n := 0; ; n++ {
					if err := check(st); err != nil {
						t.Errorf("%s %d players %v seed %d, after %d moves: %v", k.Name, players, resolved, seed, n, err)
						break
					}
					prompts := st.Prompts()
					if st.Outcome() != nil || len(prompts) == 0 || n == maxMoves {
						break
					}
					p := prompts[rng.Intn(len(prompts))]
					legal := st.Legal(p.Seat)
					if len(legal) == 0 {
						t.Fatalf("%s: seat %d is prompted but has no legal move", k.Name, p.Seat)
					}
					if _, err := st.Apply(p.Seat, legal[rng.Intn(len(legal))]); err != nil {
						t.Fatalf("%s: a legal move was refused: %v", k.Name, err)
					}
				}
			}
		}
	}
}
