package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"standoff/internal/catalog"
	"standoff/internal/commands"
	"standoff/internal/console"
	"standoff/internal/games"
	"standoff/internal/games/hunted"
)

var (
	update   = flag.Bool("update", false, "rewrite expected transcripts from the current output")
	generate = flag.Bool("generate", false, "write new whole-game scripts into testdata (then run -update)")
)

const transcriptSeed = 1

// Transcripts in testdata are whole console sessions of the real games:
// lines starting "> " are typed, the rest is what the console must print.
func TestPlayTranscripts(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.transcript")
	if len(files) == 0 {
		t.Fatal("no transcripts in testdata")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			got := replay(t, want)
			// A console error means the script no longer fits the game
			// (a button it clicks is gone): the transcript would only
			// record the breakage.
			if i := bytes.Index(got, []byte("\n[console] ")); i >= 0 {
				end := bytes.IndexByte(got[i+1:], '\n')
				t.Errorf("the script no longer plays: %s", got[i+1:i+1+max(end, 0)])
			}
			if *update {
				os.WriteFile(file, got, 0o644)
				return
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("transcript differs; first difference:\n%s", console.TranscriptDiff(string(want), string(got)))
			}
		})
	}
}

func replay(t *testing.T, transcript []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	err := console.Run(context.Background(), strings.NewReader(console.TypedLines(string(transcript))), &out, console.Options{
		DB: filepath.Join(t.TempDir(), "play.db"), Seed: transcriptSeed, Games: quickDraw(catalog.Games()), Config: commands.DefaultConfig(), Echo: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// quickDraw swaps the renderers for a one-pixel stand-in: transcripts check
// the text and where images go; the renderers have their own tests, and
// drawing hundreds of real boards would dominate the test's time.
func quickDraw(gs []commands.Game) []commands.Game {
	out := append([]commands.Game(nil), gs...)
	for i := range out {
		out[i].Draw = func(games.View) (image.Image, error) { return image.NewGray(image.Rect(0, 0, 1, 1)), nil }
	}
	return out
}

// TestGenerateScripts writes whole-game scripts by playing random legal
// moves on the engine with the seed the console will give the game. It only
// runs with -generate; the scripts are then turned into transcripts with
// -update and reviewed.
func TestGenerateScripts(t *testing.T) {
	if !*generate {
		return
	}
	seed := games.NewRNG(transcriptSeed).Uint64() // the first game's seed in a fresh console
	write := func(name, header string, kind string, players []string, opts games.Options, pick uint64) {
		k := catalog.Games()
		var kd *games.Kind
		for _, g := range k {
			if g.Kind.Name == kind {
				kd = g.Kind
			}
		}
		opts, err := kd.Resolve(opts)
		if err != nil {
			t.Fatal(err)
		}
		s, err := kd.New(games.Setup{Players: players, Options: opts, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		rng := games.NewRNG(pick)
		var b strings.Builder
		b.WriteString(header)
		for n := 0; n < 3000 && s.Outcome() == nil; n++ {
			ps := s.Prompts()
			p := ps[rng.Intn(len(ps))]
			legal := s.Legal(p.Seat)
			m := legal[rng.Intn(len(legal))]
			if rng.Intn(3) == 0 {
				m = legal[0] // the game's own first suggestion: more purposeful play
			}
			if _, err := s.Apply(p.Seat, m); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "> %s: /%s move move:\"%s\"\n", players[p.Seat], kind, m)
		}
		b.WriteString("> " + players[0] + ": /game history\n")
		if err := os.WriteFile(filepath.Join("testdata", name), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Hunted, Hijack and Locked Out are also played by buttons alone: each
	// move is a click on the turn message or a DM (or a pick in its select
	// menu) and on the guided menus it opens.
	clicks := func(name, header, kind string, players []string, opts games.Options, pick uint64, policy func(games.State, *games.RNG) (int, string), won func(*games.Outcome) bool) {
		clickScript(t, seed, name, header, kind, players, opts, pick, policy, won)
	}
	// The policies: Hunted's greedy player with a little noise; elsewhere a
	// random prompt's random button-reachable move, the game's first
	// suggestion one time in three.
	greedy := func(s games.State, rng *games.RNG) (int, string) {
		p := s.Prompts()[0]
		if rng.Intn(8) == 0 {
			// The noise gives cards away only during the turn's free
			// actions, as before gifts were open at any time: a gift
			// costs time, and more of them lose the run.
			var legal []string
			for _, m := range s.Legal(p.Seat) {
				if !strings.HasPrefix(m, "give ") || s.(*hunted.State).Phase == "main" {
					legal = append(legal, m)
				}
			}
			return p.Seat, legal[rng.Intn(len(legal))]
		}
		return p.Seat, hunted.Greedy(s)
	}
	random := func(s games.State, rng *games.RNG) (int, string) {
		var waiting []games.Prompt
		for _, p := range s.Prompts() {
			if !p.Standing {
				waiting = append(waiting, p)
			}
		}
		p := waiting[rng.Intn(len(waiting))]
		legal := s.Legal(p.Seat)
		if rng.Intn(3) == 0 {
			return p.Seat, legal[0]
		}
		return p.Seat, legal[rng.Intn(len(legal))]
	}
	firstWins := func(o *games.Outcome) bool { return o.Rank[0] == 1 }
	anyEnd := func(*games.Outcome) bool { return true }
	clicks("lockedout_buttons.transcript", "> # a whole 4-player game of Locked Out played by buttons alone, in the channel and in DMs\n> alice: /lockedout start\n> bob: click Join\n> carol: click Join\n> dave: click Join\n> alice: click Start\n",
		"lockedout", []string{"alice", "bob", "carol", "dave"}, nil, 7, random, anyEnd)
	clicks("hijack_buttons.transcript", "> # a whole 2-player Hijack game played by buttons alone\n> alice: /hijack challenge opponent:@bob size:2 num_pieces:4\n> bob: click Accept\n",
		"hijack", []string{"alice", "bob"}, games.Options{"size": 2, "num_pieces": 4}, 3, random, anyEnd)
	clicks("hunted_solo.transcript", "> # a whole solo game of Hunted played by buttons alone\n> alice: /hunted start\n",
		"hunted", []string{"alice"}, nil, 3, greedy, firstWins)
	clicks("hunted_coop.transcript", "> # a whole co-op game of Hunted played by buttons alone\n> alice: /hunted challenge opponent:@bob\n> bob: click Accept\n",
		"hunted", []string{"alice", "bob"}, nil, 4, greedy, firstWins)
	hijackedClicks(t, seed, "hijacked_three.transcript", "> # a whole 3-player game of Hijacked played by buttons alone\n> alice: /hijacked start\n> bob: click Join\n> carol: click Join\n> alice: click Start\n",
		[]string{"alice", "bob", "carol"}, nil, 1)
	hijackedClicks(t, seed, "hijacked_solo.transcript", "> # a whole solo game against the Cybot, played by buttons alone\n> alice: /hijacked solo\n",
		[]string{"alice", "Cybot"}, []int{0, 1}, 1)
	write("lockedout_six.transcript",
		"> # six players, a whole game of Locked Out typed from start to end\n> alice: /lockedout start\n> bob: click Join\n> carol: click Join\n> dave: click Join\n> erin: click Join\n> frank: click Join\n> alice: click Start\n",
		"lockedout", []string{"alice", "bob", "carol", "dave", "erin", "frank"}, nil, 11)
	write("hijack_two.transcript",
		"> # a whole 2-player Hijack game on a small board\n> alice: /hijack challenge opponent:@bob size:2 num_pieces:4\n> bob: click Accept\n",
		"hijack", []string{"alice", "bob"}, games.Options{"size": 2, "num_pieces": 4}, 5)
	write("hijack_three_options.transcript",
		"> # three players with every option\n> alice: /hijack challenge opponent:@bob opponent2:@carol size:2 num_pieces:4 can_rotate:true in_place:true block_marker:true\n> bob: click Accept\n> carol: click Accept\n",
		"hijack", []string{"alice", "bob", "carol"}, games.Options{"size": 2, "num_pieces": 4, "can_rotate": 1, "in_place": 1, "block_marker": 1}, 9)
}

// hijackedClicks writes a whole Hijacked game played by buttons alone: each
// move is a click (or a select-menu pick) on the turn message, on a standing
// any-time control, or on the guided menus they open. The player on turn
// rates its buttons by what they start with; any player frees passengers and
// pilots the moment its standing controls offer it. The first seeded game
// that ends with passengers freed (not stormed by the police) is kept. Seats
// with a bot level in bots (the Cybot) move at once, as the platform plays
// them, and are not written.
func hijackedClicks(t *testing.T, seed uint64, name, header string, players []string, bots []int, pick uint64) {
	var kd *games.Kind
	for _, g := range catalog.Games() {
		if g.Kind.Name == "hijacked" {
			kd = g.Kind
		}
	}
	rate := func(label string) int {
		// A standing control starts with its player's name.
		for _, name := range players {
			label = strings.TrimPrefix(label, name+": ")
		}
		for _, r := range []struct {
			prefix string
			score  int
		}{{"Free a pilot", 12}, {"Free a passenger", 11}, {"Play ", 9}, {"Keep ", 8}, {"Police retreat", 9},
			{"Choose a passenger card", 8}, {"Seat ", 8}, {"Top card", 8}, {"Take the bonus die", 7}, {"Persuade", 6},
			{"Build trust", 5}, {"Use Mini", 6}, {"Take ", 4}, {"Reserve", 3}, {"Discard", 2}, {"End turn", 2},
			{"Adjust", 1}, {"Turn a", 1}, {"Cash", 0}, {"Exchange", 0}, {"Give", 0}, {"…give", 0}, {"Free build", 0}} {
			if strings.HasPrefix(label, r.prefix) {
				return r.score
			}
		}
		return 3
	}
	// click writes how a player picks a choice from a row of choices.
	click := func(b *strings.Builder, player, menu string, choices []games.Choice, c games.Choice, standing bool) {
		if standing && !strings.Contains(c.Label, player) {
			// The channel names each player's any-time buttons.
			c.Label = player + ": " + c.Label
		}
		if standing && !strings.Contains(menu, player) {
			menu = player + ": " + menu
		}
		if len(choices) <= 5 {
			label := c.Label
			if len(label) > 80 {
				cut := 79
				for cut > 0 && label[cut]&0xC0 == 0x80 {
					cut--
				}
				label = label[:cut]
			}
			fmt.Fprintf(b, "> %s: click %s\n", player, label)
			return
		}
		r := []rune(menu)
		if len(r) > 40 {
			r = r[:40]
		}
		v := "m|" + c.Move
		if c.Refine != "" {
			v = "r|" + c.Refine
		}
		fmt.Fprintf(b, "> %s: select \"%s\" %s\n", player, string(r), v)
	}
	var b strings.Builder
	for try := uint64(0); try < 200; try++ {
		s, err := kd.New(games.Setup{Players: players, Seed: seed, Bots: bots})
		if err != nil {
			t.Fatal(err)
		}
		ref := s.(games.Refiner)
		rng := games.NewRNG(pick + try)
		b.Reset()
		b.WriteString(header)
	moves:
		for n := 0; n < 3000 && s.Outcome() == nil; n++ {
			ps := s.Prompts()
			for _, q := range ps {
				if q.Turn && bots != nil && bots[q.Seat] > 0 {
					m, err := kd.Bot(s, q.Seat, bots[q.Seat], rng)
					if err != nil {
						t.Fatal(err)
					}
					if _, err := s.Apply(q.Seat, m); err != nil {
						t.Fatal(err)
					}
					continue moves
				}
			}
			p := ps[0]
			for _, q := range ps {
				if q.Turn {
					p = q
				}
			}
			for _, q := range ps {
				for _, ch := range q.Choices {
					if !q.Turn && rate(ch.Label) >= 11 {
						p = q
					}
				}
			}
			text, choices := p.Text, p.Choices
			for depth := 0; ; depth++ {
				best := -1
				var c games.Choice
				for _, ch := range choices {
					if r := rate(ch.Label)*10 + rng.Intn(10); r > best {
						best, c = r, ch
					}
				}
				click(&b, players[p.Seat], text, choices, c, p.Standing && depth == 0)
				if c.Move != "" {
					if _, err := s.Apply(p.Seat, c.Move); err != nil {
						t.Fatal(err)
					}
					break
				}
				if depth > 5 {
					t.Fatalf("guided menu %q too deep", c.Refine)
				}
				text, choices = ref.Refine(p.Seat, c.Refine)
			}
		}
		// A solo game is kept only if the Cybot asked whether to cooperate
		// and to pick a card, and the player cooperated.
		asked := bots == nil || strings.Contains(b.String(), "click Cooperate") && strings.Contains(b.String(), " card at seat ")
		if o := s.Outcome(); o != nil && len(o.Winners()) > 0 && asked {
			t.Logf("%s: passengers freed with pick %d", name, pick+try)
			break
		}
	}
	b.WriteString("> " + players[0] + ": /game history\n")
	if err := os.WriteFile(filepath.Join("testdata", name), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// clickScript writes a whole game played by buttons alone from the given
// seed: each move is the policy's, found among the buttons and guided
// menus and clicked; the first seeded run the goal accepts is kept (or the
// last one tried).
func clickScript(t *testing.T, seed uint64, name, header, kind string, players []string, opts games.Options, pick uint64, policy func(games.State, *games.RNG) (int, string), won func(*games.Outcome) bool) {
	var kd *games.Kind
	for _, g := range catalog.Games() {
		if g.Kind.Name == kind {
			kd = g.Kind
		}
	}
	opts, err := kd.Resolve(opts)
	if err != nil {
		t.Fatal(err)
	}
	// Each move is the policy's, found among the buttons and guided
	// menus and clicked. The first seeded run the goal accepts is kept
	// (or the last one tried).
	type step struct {
		text    string
		choices []games.Choice
		pick    games.Choice
	}
	var path func(ref games.Refiner, seat int, text string, choices []games.Choice, move string, depth int) []step
	path = func(ref games.Refiner, seat int, text string, choices []games.Choice, move string, depth int) []step {
		for _, c := range choices {
			if c.Move == move {
				return []step{{text, choices, c}}
			}
		}
		for _, c := range choices {
			if c.Refine != "" && depth < 6 && ref != nil {
				subText, sub := ref.Refine(seat, c.Refine)
				if rest := path(ref, seat, subText, sub, move, depth+1); rest != nil {
					return append([]step{{text, choices, c}}, rest...)
				}
			}
		}
		return nil
	}
	var b strings.Builder
	for try := uint64(0); try < 200; try++ {
		s, err := kd.New(games.Setup{Players: players, Options: opts, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		ref, _ := s.(games.Refiner)
		rng := games.NewRNG(pick + try)
		b.Reset()
		b.WriteString(header)
		for n := 0; n < 3000 && s.Outcome() == nil; n++ {
			seat, move := policy(s, rng)
			var steps []step
			for _, p := range s.Prompts() {
				if p.Seat == seat && !p.Standing {
					steps = path(ref, p.Seat, p.Text, p.Choices, move, 0)
					break
				}
			}
			if steps == nil {
				t.Fatalf("%s: no buttons lead to %q", name, move)
			}
			for i, st := range steps {
				c := st.pick
				if len(st.choices) <= 5 {
					fmt.Fprintf(&b, "> %s: click %s\n", players[seat], c.Label)
					continue
				}
				menu := []rune(st.text)
				if i == 0 {
					// A prompt's own menu says whose it is (menuPlaceholder).
					menu = []rune(players[seat] + ": choose a move")
				}
				if len(menu) > 40 {
					menu = menu[:40]
				}
				v := "m|" + c.Move
				if c.Refine != "" {
					v = "r|" + c.Refine
				}
				fmt.Fprintf(&b, "> %s: select \"%s\" %s\n", players[seat], string(menu), v)
			}
			if _, err := s.Apply(seat, move); err != nil {
				t.Fatal(err)
			}
		}
		if o := s.Outcome(); o != nil && won(o) {
			t.Logf("%s: kept with pick %d", name, pick+try)
			break
		}
	}
	b.WriteString("> " + players[0] + ": /game history\n")
	if err := os.WriteFile(filepath.Join("testdata", name), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
