package images

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"standoff/internal/games"
	"standoff/internal/games/hijacked"
	"standoff/internal/games/hunted"
	"standoff/internal/games/lockedout"
)

// A name cut short keeps the bot's mark whole, so the table always sees
// which seat is the bot's; an unmarked name is cut as clip always cut it.
func TestASeatNameCutKeepsTheBotMark(t *testing.T) {
	for _, c := range []struct {
		name string
		n    int
		want string
	}{
		{"bob (bot)", 18, "bob (bot)"},
		{"Alexandra Constantinopolous (bot)", 18, "Alexandra C… (bot)"},
		{"Standoff (bot level 2)", 18, "Standoff (bot)"},
		{"Alexandra Constantinopolous", 18, "Alexandra Constan…"},
		{"(bot) fan club", 8, "(bot) f…"},
	} {
		if got := clipSeat(c.name, c.n); got != c.want || len([]rune(got)) > c.n {
			t.Errorf("clipSeat(%q, %d) = %q, want %q", c.name, c.n, got, c.want)
		}
		if c.name == "Alexandra Constantinopolous" && clipSeat(c.name, c.n) != clip(c.name, c.n) {
			t.Errorf("an unmarked name is cut otherwise than clip cuts it")
		}
	}
	if got := seatName("bob", true); got != "bob (bot)" {
		t.Errorf("seatName(bob, bot) = %q", got)
	}
	for _, named := range []string{"Standoff (bot level 2)", "Standoff (bot)", "alice (BOT)"} {
		if got := seatName(named, true); got != named {
			t.Errorf("a name with the mark is marked twice: %q", got)
		}
	}
	// A person whose name has the word in it is marked like anyone (the
	// table flags only a person's seat, never the bot's own).
	for _, name := range []string{"Robot Bob", "bot hunter", "Bot", "the bot"} {
		if got := seatName(name, true); got != name+" (bot)" {
			t.Errorf("seatName(%q, bot) = %q", name, got)
		}
	}
}

// The sentences a game writes with its players' names ("bob is placing
// dice") name a bot seat "bob (bot)": its whole name only, not a word that
// starts like it nor a longer player's name that holds it.
func TestMarkSeatsInASentence(t *testing.T) {
	names := []string{"Bob", "Bob Smith", "Al"}
	for _, c := range []struct {
		text string
		bot  []bool
		want string
	}{
		{"Bob is placing dice", []bool{true, false, false}, "Bob (bot) is placing dice"},
		{"Bob Smith is placing dice", []bool{true, false, false}, "Bob Smith is placing dice"},
		{"Bob Smith is shown Bob's card", []bool{true, true, false}, "Bob Smith (bot) is shown Bob (bot)'s card"},
		{"Alice and Al", []bool{false, false, true}, "Alice and Al (bot)"},
		{"Bob is placing dice", []bool{false, false, false}, "Bob is placing dice"},
		{"Bob (bot) waits", []bool{true, false, false}, "Bob (bot) waits"},
	} {
		if got := markSeats(c.text, names, c.bot); got != c.want {
			t.Errorf("markSeats(%q, %v) = %q, want %q", c.text, c.bot, got, c.want)
		}
	}
}

// seatsLong is a name too long for any row, to see the mark kept.
const seatsLong = "Alexandra Constantinopolous"

// A seat the bot took over is drawn "name (bot)" in each game's turn
// picture and full board: the picture differs from the unmarked one, a
// drawn text names the seat with its mark, long as its name is, and no
// other seat is marked. SEATS_PNG=dir writes the marked pictures.
func TestAMarkedSeatIsDrawnAsTheBots(t *testing.T) {
	type drawn struct {
		texts func(games.View) []string
		draw  func(games.View) (image.Image, error)
	}
	cases := []struct {
		name    string
		players []string
		views   func(t *testing.T, names []string) (plain, marked games.View)
		drawn   map[string]drawn
	}{
		{"hijacked", []string{"Alice", seatsLong, "Carol"}, func(t *testing.T, names []string) (games.View, games.View) {
			s, err := hijacked.Kind.New(games.Setup{Players: names, Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			playRandomly(t, s, 6, 3)
			return s.Public(), s.Public()
		}, map[string]drawn{
			"turn": {func(v games.View) []string { return hijackedTurnTable(hijackedMarked(v.(*hijacked.PublicView))).texts }, Hijacked},
			"full": {func(v games.View) []string { return hijackedFullTable(hijackedMarked(v.(*hijacked.PublicView))).texts }, HijackedFull},
		}},
		{"hunted", []string{"Alice", seatsLong}, func(t *testing.T, names []string) (games.View, games.View) {
			s, err := hunted.Kind.New(games.Setup{Players: names, Options: games.Options{"health": 6, "time": 20}, Seed: 4})
			if err != nil {
				t.Fatal(err)
			}
			playRandomly(t, s, 3, 4)
			return s.Public(), s.Public()
		}, map[string]drawn{
			"turn": {func(v games.View) []string { return huntedTurnBoard(huntedMarked(v.(*hunted.PublicView))).texts }, Hunted},
			"full": {func(v games.View) []string { return huntedFullBoard(huntedMarked(v.(*hunted.PublicView))).texts }, HuntedFull},
		}},
		{"lockedout", []string{"Alice", seatsLong, "Carol"}, func(t *testing.T, names []string) (games.View, games.View) {
			s, err := lockedout.Kind.New(games.Setup{Players: names, Seed: 5})
			if err != nil {
				t.Fatal(err)
			}
			playRandomly(t, s, 4, 5)
			return s.Public(), s.Public()
		}, map[string]drawn{
			"turn": {func(v games.View) []string {
				return lockedOutTable(lockedOutMarked(v.(*lockedout.PublicView)), false).texts
			}, LockedOut},
			"full": {func(v games.View) []string {
				return lockedOutTable(lockedOutMarked(v.(*lockedout.PublicView)), true).texts
			}, LockedOutFull},
		}},
	}
	for _, c := range cases {
		plain, marked := c.views(t, c.players)
		marked.(games.AutomatedSeats).MarkAutomated(1)
		for layout, d := range c.drawn {
			t.Run(c.name+"/"+layout, func(t *testing.T) {
				texts := d.texts(marked)
				said := strings.Join(texts, "\n")
				if !strings.Contains(said, "(bot)") {
					t.Fatalf("no text marks the bot's seat: %q", texts)
				}
				for _, s := range texts {
					// Hunted's handgun is the card "Alexandra Constantinopolous's
					// Handgun": a card's name, cut as cards are.
					card := strings.HasPrefix(seatsLong+"'s Handgun", strings.TrimSuffix(s, "…"))
					if strings.HasPrefix(s, "Alexandra") && !card && !strings.Contains(s, "Alexandra Constantinopolous") && !strings.HasSuffix(strings.SplitN(s, "'s", 2)[0], "(bot)") {
						t.Errorf("the bot's seat cut short loses its mark: %q", s)
					}
				}
				for _, other := range []string{"Alice (bot)", "Carol (bot)"} {
					if strings.Contains(said, other) {
						t.Errorf("a seat its player plays is marked: %q", texts)
					}
				}
				a, err := d.draw(plain)
				if err != nil {
					t.Fatal(err)
				}
				b, err := d.draw(marked)
				if err != nil {
					t.Fatal(err)
				}
				if seatsSamePixels(a, b) {
					t.Fatal("the marked picture is the unmarked one")
				}
				if dir := os.Getenv("SEATS_PNG"); dir != "" {
					var buf bytes.Buffer
					if err := png.Encode(&buf, b); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(filepath.Join(dir, c.name+"-"+layout+".png"), buf.Bytes(), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			})
		}
	}
}

func seatsSamePixels(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				return false
			}
		}
	}
	return true
}

// A marked view's alt text names the bot's seat "name (bot)" and no other.
func TestAMarkedSeatIsDescribedAsTheBots(t *testing.T) {
	s, err := lockedout.Kind.New(games.Setup{Players: []string{"Alice", "Bob", "Carol"}, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	hs, err := hunted.Kind.New(games.Setup{Players: []string{"Alice", "Bob"}, Options: games.Options{"health": 6, "time": 20}, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	js, err := hijacked.Kind.New(games.Setup{Players: []string{"Alice", "Bob", "Carol"}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct {
		st  games.State
		alt func(games.View) string
	}{"lockedout": {s, LockedOutAlt}, "hunted": {hs, HuntedAlt}, "hijacked": {js, HijackedAlt}} {
		plain := c.alt(c.st.Public())
		v := c.st.Public()
		v.(games.AutomatedSeats).MarkAutomated(1)
		marked := c.alt(v)
		if strings.Contains(plain, "(bot)") {
			t.Errorf("%s: an unmarked view's alt text marks a seat: %q", name, plain)
		}
		if !strings.Contains(marked, "Bob (bot)") || strings.Contains(marked, "Alice (bot)") || strings.Contains(marked, "Carol (bot)") {
			t.Errorf("%s: the alt text does not mark Bob's seat alone: %q", name, marked)
		}
	}
}
