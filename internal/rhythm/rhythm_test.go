package rhythm

import (
	"testing"
	"time"
)

func utc(s string) time.Time {
	t, err := time.Parse("2006-01-02 15:04", s)
	if err != nil {
		panic(err)
	}
	return t
}

func TestParseClock(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Clock
		bad  bool
	}{
		{in: "07:30", want: 7*60 + 30}, {in: "7:30", want: 7*60 + 30}, {in: "22:00", want: 22 * 60},
		{in: "0:00", want: 0}, {in: "23:59", want: 23*60 + 59}, {in: "8", want: 8 * 60}, {in: " 08:05 ", want: 8*60 + 5},
		{in: "24:00", bad: true}, {in: "12:60", bad: true}, {in: "7:5", bad: true}, {in: "noon", bad: true},
		{in: "", bad: true}, {in: "-1:00", bad: true}, {in: "123:00", bad: true}, {in: "7:30pm", bad: true},
	} {
		got, err := ParseClock(c.in)
		if (err != nil) != c.bad || (!c.bad && got != c.want) {
			t.Errorf("ParseClock(%q) = %v, %v; want %v (error: %v)", c.in, got, err, c.want, c.bad)
		}
	}
	if s := Clock(7*60 + 5).String(); s != "07:05" {
		t.Errorf("String = %q", s)
	}
}

func TestParseWindow(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Window
		bad  bool
	}{
		{in: "22:00-07:00", want: Window{22 * 60, 7 * 60}},
		{in: "13:00-14:30", want: Window{13 * 60, 14*60 + 30}},
		{in: "off", want: Window{}}, {in: "none", want: Window{}},
		{in: "22:00", bad: true}, {in: "22:00-22:00", bad: true}, {in: "22:00-25:00", bad: true},
	} {
		got, err := ParseWindow(c.in)
		if (err != nil) != c.bad || (!c.bad && got != c.want) {
			t.Errorf("ParseWindow(%q) = %v, %v; want %v (error: %v)", c.in, got, err, c.want, c.bad)
		}
	}
	if s := (Window{22 * 60, 7 * 60}).String(); s != "22:00-07:00" {
		t.Errorf("String = %q", s)
	}
}

func TestParseHow(t *testing.T) {
	for in, want := range map[string]How{"mention": Mention, "DM": DM, " both": Both, "none": Silent, "": Mention} {
		if got, err := ParseHow(in); err != nil || got != want {
			t.Errorf("ParseHow(%q) = %v, %v", in, got, err)
		}
	}
	if _, err := ParseHow("pigeon"); err == nil {
		t.Error("ParseHow(pigeon) was accepted")
	}
}

func TestLoadZone(t *testing.T) {
	for _, name := range []string{"Europe/Paris", "America/New_York", "Asia/Tokyo", "Australia/Adelaide", "UTC", ""} {
		if _, err := LoadZone(name); err != nil {
			t.Errorf("LoadZone(%q): %v", name, err)
		}
	}
	for _, name := range []string{"Mars/Olympus", "Local", "local", "../etc/passwd"} {
		if _, err := LoadZone(name); err == nil {
			t.Errorf("LoadZone(%q) was accepted", name)
		}
	}
	if loc := (Settings{Zone: "Nowhere/Gone"}).Location(); loc != time.UTC {
		t.Errorf("an unknown stored zone reads as %v, want UTC", loc)
	}
}

// Quiet hours are read in the player's own zone, across midnight and
// across a change of clocks (Paris went to summer time on 29 March 2026 at
// 02:00 local, 01:00 UTC).
func TestQuietHours(t *testing.T) {
	paris := Settings{Zone: "Europe/Paris", Quiet: Window{22 * 60, 7 * 60}}
	tokyo := Settings{Zone: "Asia/Tokyo", Quiet: Window{23 * 60, 8 * 60}}
	lunch := Settings{Quiet: Window{12 * 60, 13*60 + 30}}
	for _, c := range []struct {
		name  string
		s     Settings
		now   string // UTC
		quiet bool
		end   string // UTC; "" when not quiet
	}{
		{"Paris, evening before quiet", paris, "2026-01-10 20:59", false, ""},
		{"Paris, quiet starts at 22:00 local", paris, "2026-01-10 21:00", true, "2026-01-11 06:00"},
		{"Paris, after midnight", paris, "2026-01-11 02:00", true, "2026-01-11 06:00"},
		{"Paris, the last quiet minute", paris, "2026-01-11 05:59", true, "2026-01-11 06:00"},
		{"Paris, quiet ends at 07:00 local", paris, "2026-01-11 06:00", false, ""},
		{"Paris, the night clocks go forward", paris, "2026-03-28 23:30", true, "2026-03-29 05:00"},
		{"Paris, summer", paris, "2026-07-01 20:30", true, "2026-07-02 05:00"},
		{"Tokyo, quiet at 23:00 local", tokyo, "2026-01-10 14:00", true, "2026-01-10 23:00"},
		{"Tokyo, morning", tokyo, "2026-01-10 23:00", false, ""},
		{"UTC lunch, inside", lunch, "2026-01-10 13:00", true, "2026-01-10 13:30"},
		{"UTC lunch, after", lunch, "2026-01-10 13:30", false, ""},
		{"no quiet hours", Settings{}, "2026-01-10 03:00", false, ""},
	} {
		now := utc(c.now)
		if got := c.s.QuietAt(now); got != c.quiet {
			t.Errorf("%s: QuietAt = %v", c.name, got)
		}
		want := now
		if c.end != "" {
			want = utc(c.end)
		}
		if got := c.s.QuietEnd(now); !got.Equal(want) {
			t.Errorf("%s: QuietEnd = %v, want %v", c.name, got.UTC(), want)
		}
	}
}

func TestNextDigest(t *testing.T) {
	paris := Settings{Zone: "Europe/Paris", Digest: true, DigestAt: 8 * 60}
	for _, c := range []struct {
		s          Settings
		after, due string
	}{
		{paris, "2026-01-10 06:00", "2026-01-10 07:00"},
		{paris, "2026-01-10 07:00", "2026-01-11 07:00"}, // just sent: tomorrow's
		{paris, "2026-01-10 12:00", "2026-01-11 07:00"},
		{paris, "2026-03-28 12:00", "2026-03-29 06:00"}, // summer time from the 29th
		{Settings{Digest: true, DigestAt: 0}, "2026-01-10 23:59", "2026-01-11 00:00"},
	} {
		if got := c.s.NextDigest(utc(c.after)); !got.Equal(utc(c.due)) {
			t.Errorf("NextDigest(%s) = %v, want %s", c.after, got.UTC(), c.due)
		}
	}
	if got := (Settings{DigestAt: 8 * 60}).NextDigest(utc("2026-01-10 06:00")); !got.IsZero() {
		t.Errorf("no digest, yet one is due at %v", got)
	}
}

func TestDecide(t *testing.T) {
	noon := utc("2026-01-10 12:00")
	quiet := Window{22 * 60, 7 * 60}
	away := Settings{AwayFrom: utc("2026-01-09 12:00"), AwayUntil: utc("2026-01-12 23:00"), Quiet: quiet}
	for _, c := range []struct {
		name string
		s    Settings
		now  time.Time
		e    Event
		want Plan
	}{
		{"default: a mention", Settings{}, noon, MustAct, Plan{Mention: true}},
		{"dm", Settings{How: DM}, noon, MustAct, Plan{DM: true}},
		{"both", Settings{How: Both}, noon, Reminder, Plan{Mention: true, DM: true}},
		{"none", Settings{How: Silent}, noon, MustAct, Plan{}},
		{"digest instead of pings", Settings{How: Both, Digest: true}, noon, MustAct, Plan{}},
		{"digest instead of reminders", Settings{Digest: true}, noon, Reminder, Plan{}},
		{"no heads-up asked", Settings{}, noon, HeadsUp, Plan{}},
		{"heads-up asked", Settings{HeadsUp: true, How: DM}, noon, HeadsUp, Plan{DM: true}},
		{"quiet: held to its end", Settings{Quiet: quiet}, utc("2026-01-10 23:00"), MustAct, Plan{Hold: utc("2026-01-11 07:00")}},
		{"quiet: a reminder too", Settings{Quiet: quiet, How: DM}, utc("2026-01-10 03:00"), Reminder, Plan{Hold: utc("2026-01-10 07:00")}},
		{"quiet: a heads-up too", Settings{Quiet: quiet, HeadsUp: true}, utc("2026-01-10 03:00"), HeadsUp, Plan{Hold: utc("2026-01-10 07:00")}},
		{"quiet, but none asked", Settings{Quiet: quiet, How: Silent}, utc("2026-01-10 03:00"), MustAct, Plan{}},
		{"away: a turn waits for the return, past quiet hours", away, noon, MustAct, Plan{Hold: utc("2026-01-13 07:00")}},
		{"away: no reminder", away, noon, Reminder, Plan{}},
		{"away: no heads-up", away, noon, HeadsUp, Plan{}},
		{"back from away", away, utc("2026-01-13 09:00"), MustAct, Plan{Mention: true}},
	} {
		if got := Decide(c.s, c.now, c.e); !got.Hold.Equal(c.want.Hold) || got.Mention != c.want.Mention || got.DM != c.want.DM {
			t.Errorf("%s: Decide = %+v, want %+v", c.name, got, c.want)
		}
	}
}

func TestCoalesce(t *testing.T) {
	held := []Held{
		{Game: 3, Channel: "c3", Event: Reminder},
		{Game: 1, Channel: "c1", Event: HeadsUp},
		{Game: 3, Channel: "c3", Event: MustAct},
		{Game: 2, Channel: "c1", Event: MustAct},
		{Game: 1, Channel: "c1", Event: HeadsUp},
	}
	dm := Coalesce(Settings{How: DM}, held)
	if len(dm.Mentions) != 0 || len(dm.DM) != 3 {
		t.Fatalf("dm: %+v", dm)
	}
	if dm.DM[0] != (Held{2, "c1", MustAct}) || dm.DM[1] != (Held{3, "c3", MustAct}) || dm.DM[2] != (Held{1, "c1", HeadsUp}) {
		t.Errorf("one DM, each game once with its strongest event, turns first: %+v", dm.DM)
	}
	if both := Coalesce(Settings{How: Both}, held); len(both.DM) != 3 || len(both.Mentions) != 0 {
		t.Errorf("both: one DM, %+v", both)
	}
	m := Coalesce(Settings{}, held)
	if len(m.DM) != 0 || len(m.Mentions) != 2 || len(m.Mentions[0]) != 2 || m.Mentions[0][0].Channel != "c1" || len(m.Mentions[1]) != 1 {
		t.Errorf("mention: one message per channel: %+v", m)
	}
	if none := Coalesce(Settings{How: Silent}, held); len(none.DM)+len(none.Mentions) != 0 {
		t.Errorf("none: %+v", none)
	}
}

func TestCountedAndDeadline(t *testing.T) {
	day := 24 * time.Hour
	since := utc("2026-01-10 12:00")
	away := func(from, until string) Settings { return Settings{AwayFrom: utc(from), AwayUntil: utc(until)} }
	for _, c := range []struct {
		name     string
		s        Settings
		now      string
		counted  time.Duration
		deadline string // for a 2-day allowance
	}{
		{"never away", Settings{}, "2026-01-11 12:00", day, "2026-01-12 12:00"},
		{"away before the wait", away("2026-01-01 00:00", "2026-01-05 00:00"), "2026-01-11 12:00", day, "2026-01-12 12:00"},
		{"away after the deadline", away("2026-01-13 00:00", "2026-01-20 00:00"), "2026-01-11 12:00", day, "2026-01-12 12:00"},
		{"away through the whole wait", away("2026-01-09 00:00", "2026-01-15 00:00"), "2026-01-11 12:00", 0, "2026-01-17 00:00"},
		{"away from half a day in", away("2026-01-11 00:00", "2026-01-14 00:00"), "2026-01-15 00:00", 12*time.Hour + day, "2026-01-15 12:00"},
		{"back early (until set to the return)", away("2026-01-11 00:00", "2026-01-11 06:00"), "2026-01-12 12:00", 2*day - 6*time.Hour, "2026-01-12 18:00"},
		{"now before since", Settings{}, "2026-01-09 12:00", 0, "2026-01-12 12:00"},
	} {
		if got := Counted(c.s, since, utc(c.now)); got != c.counted {
			t.Errorf("%s: Counted = %v, want %v", c.name, got, c.counted)
		}
		if got := Deadline(c.s, since, 2*day); !got.Equal(utc(c.deadline)) {
			t.Errorf("%s: Deadline = %v, want %s", c.name, got, c.deadline)
		}
	}
}

func TestBank(t *testing.T) {
	week, day, h := 7*24*time.Hour, 24*time.Hour, time.Hour
	b := Bank{Size: week}
	if b.Refill() != day {
		t.Fatalf("a week's bank refills %v a move, want a day", b.Refill())
	}
	for _, c := range []struct {
		name              string
		spent, took, want time.Duration
		waited            bool
	}{
		{"a move within the refill costs nothing", 0, 20 * h, 0, true},
		{"a slow turn spends the rest", 0, 3 * day, 2 * day, true},
		{"a quick move refills", 2 * day, h, day + h, true},
		{"never beyond full", day, 0, 0, true},
		{"never below empty", week, 10 * day, week, true},
		{"an any-time action neither spends nor refills", 3 * day, 5 * h, 3 * day, false},
	} {
		if got := b.AfterMove(c.spent, c.took, c.waited); got != c.want {
			t.Errorf("%s: AfterMove = %v, want %v", c.name, got, c.want)
		}
	}
	if b.Left(5*day) != 2*day || b.Left(8*day) != 0 {
		t.Error("Left")
	}
}
