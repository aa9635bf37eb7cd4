// Package console is the bot without Discord: a transport beside
// internal/discord that reads lines such as
//
//	alice: /hijack challenge opponent:@bob size:3
//	bob: click Accept
//
// and prints what each party would see, prefixed [#channel], [DM name] or
// [ephemeral name]. It drives the same commands.Router through the same
// exported API as Discord does (Handle, Commands, Tick, Wait, the
// Transport it implements), and shows a game its earlier process left
// open through the Router's Restore, as /game status and the clock do.
package console

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"standoff/internal/commands"
	"standoff/internal/games"
	"standoff/storage"
)

// Options configure a console session.
type Options struct {
	DB        string // SQLite file
	ImagesDir string // where images are written; "" prints them without saving
	Seed      uint64 // seeds of the games, in the order they start
	Games     []commands.Game
	Config    commands.Config
	Echo      bool // print each input line (for piped input)
	Log       *slog.Logger
}

// Start is the console clock's starting time.
var Start = time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)

// consoleBot is the bot's own user in console mode: @standoff.
const consoleBot = "standoff"

// defaultGuild is the server commands run in until "server NAME".
const defaultGuild = "console"

// consoleDM is the channel name that stands for each user's direct
// messages with the bot: commands typed there run in their DM.
const consoleDM = "dm"

type consoleMessage struct {
	id    string
	where string // "#chan", "DM name" or "ephemeral name"
	user  string // for DMs and ephemerals: who sees it
	chann string // channel id the message lives in
	msg   commands.Message
}

// Console is the console transport and its interpreter.
type Console struct {
	opts    Options
	out     io.Writer
	mu      sync.Mutex
	next    int
	msgs    []*consoleMessage
	closed  map[string]bool // users whose DMs are closed
	manage  map[string]bool // users with Manage Channels
	admin   map[string]bool // users with Manage Server
	channel string
	// guild is the server the next commands run in (server NAME).
	guild  string
	clock  time.Time
	seeds  *games.RNG
	images int
	store  *storage.Store
	router *commands.Router
	forms  map[string]*commands.Form // the form each user has open (clicks.go)
	// threads are the threads the bot started, by id, with their parent
	// channel; follow is the one the console moves into once the command
	// that started it is answered (output.go).
	threads map[string]string
	follow  string
	// private are the private threads the bot created, by id, with their
	// members: only they see what is posted there (output.go).
	private map[string][]string
}

// Run reads commands from in until EOF and writes what users see to out.
func Run(ctx context.Context, in io.Reader, out io.Writer, opts Options) error {
	if opts.Config.BotUserID == "" {
		opts.Config.BotUserID = consoleBot
	}
	c := &Console{opts: opts, out: out, closed: map[string]bool{}, manage: map[string]bool{}, admin: map[string]bool{},
		channel: "general", guild: defaultGuild, clock: Start, seeds: games.NewRNG(opts.Seed), threads: map[string]string{}, private: map[string][]string{}}
	if opts.ImagesDir != "" {
		if err := os.MkdirAll(opts.ImagesDir, 0o755); err != nil {
			return err
		}
	}
	if opts.ImagesDir != "" {
		n, err := lastImage(opts.ImagesDir)
		if err != nil {
			return err
		}
		c.images = n
	}
	if err := c.open(); err != nil {
		return err
	}
	defer func() { c.store.Close() }()
	if err := c.loadClock(ctx); err != nil {
		return err
	}
	if err := c.resume(ctx); err != nil {
		return err
	}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if opts.Echo {
			fmt.Fprintf(out, "> %s\n", line)
		}
		err := c.line(ctx, line)
		if errors.Is(err, errQuit) {
			c.router.Wait()
			return nil
		}
		if err != nil {
			fmt.Fprintf(out, "[console] %v\n", err)
		}
	}
	c.router.Wait()
	return sc.Err()
}

// errQuit ends the console as end of input does.
var errQuit = errors.New("quit")

// imageNumber is the running number that starts a written picture's name.
var imageNumber = regexp.MustCompile(`^([0-9]+)-`)

// lastImage is the highest running number among the pictures already in
// dir, so that a new console continues the numbering instead of
// overwriting an earlier run's pictures.
func lastImage(dir string) (int, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	last := 0
	for _, e := range entries {
		if m := imageNumber.FindStringSubmatch(e.Name()); m != nil {
			if n, err := strconv.Atoi(m[1]); err == nil && n > last {
				last = n
			}
		}
	}
	return last, nil
}

// resume shows the controls of the games a previous console left open (the
// lobby or turn message, and the DMs of open private decisions): its
// messages are gone with it, and without them nobody could click on.
func (c *Console) resume(ctx context.Context) error {
	open, err := c.store.OpenGames(ctx)
	if err != nil {
		return err
	}
	for _, g := range open {
		if title, ok := c.title(g.Kind); ok {
			fmt.Fprintf(c.out, "[console] #%s: game #%d (%s) is still open; its controls again:\n", g.Channel, g.ID, title)
		}
		if err := c.rememberThread(ctx, g.Channel); err != nil {
			return err
		}
		done, err := c.router.Restore(ctx, g.ID, commands.Restoring{Lobby: true, Private: true})
		if err != nil {
			return err
		}
		if done.Failed {
			fmt.Fprintf(c.out, "[console] %s\n", done.Notice)
		}
	}
	return nil
}

// title is the title of the game kind named kind.
func (c *Console) title(kind string) (string, bool) {
	for _, g := range c.opts.Games {
		if g.Kind.Name == kind {
			return g.Kind.Title, true
		}
	}
	return "", false
}

func (c *Console) open() error {
	st, err := storage.Open(c.opts.DB)
	if err != nil {
		return err
	}
	if err := st.CheckWritable(context.Background()); err != nil {
		st.Close()
		return fmt.Errorf("%s: %w", c.opts.DB, err)
	}
	// The console's daily runs come from its seed, so that a transcript
	// replays the same runs; the bot keeps a random secret.
	secret := games.NewRNG(c.opts.Seed ^ 0xda11)
	if _, err := st.InitBotState(context.Background(), commands.DailySecretKey, fmt.Sprintf("%016x%016x", secret.Uint64(), secret.Uint64())); err != nil {
		st.Close()
		return err
	}
	c.store = st
	log := c.opts.Log
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	c.router = commands.New(commands.Deps{
		Store: st, Transport: c, Games: c.opts.Games, Log: log,
		Now:  func() time.Time { return c.clock },
		Seed: func() uint64 { return c.seeds.Uint64() },
	}, c.opts.Config)
	return nil
}

var userLine = regexp.MustCompile(`^([A-Za-z0-9_.-]{1,32}):\s*(.*)$`)

// quotedUserLine takes any display name, markdown included ("**zed**":
// /hijack ...), so that names Discord users really have can be tried.
var quotedUserLine = regexp.MustCompile(`^"([^"]{1,32})":\s*(.*)$`)

func (c *Console) line(ctx context.Context, line string) error {
	if strings.HasPrefix(line, "#") {
		return nil
	}
	if m := userLine.FindStringSubmatch(line); m != nil {
		return c.userAction(ctx, strings.ToLower(m[1]), m[2])
	}
	if m := quotedUserLine.FindStringSubmatch(line); m != nil {
		return c.userAction(ctx, strings.ToLower(m[1]), m[2])
	}
	f := strings.Fields(line)
	switch f[0] {
	case "quit", "exit":
		if len(f) != 1 {
			return fmt.Errorf("usage: %s", f[0])
		}
		return errQuit
	case "help":
		fmt.Fprintln(c.out, Help)
		return nil
	case "channel":
		if len(f) != 2 {
			return fmt.Errorf("usage: channel NAME")
		}
		c.channel = strings.TrimPrefix(f[1], "#")
		if c.channel != consoleDM && !c.isThread(c.channel) && !strings.Contains(c.channel, ".") {
			c.channel = c.serverChannel(c.channel)
		}
		return nil
	case "server":
		if len(f) != 2 {
			return fmt.Errorf("usage: server NAME")
		}
		// Channels are the same names on every server; a channel of
		// another server than the first is known by its server's prefix.
		c.guild = strings.ToLower(f[1])
		c.channel = c.serverChannel("general")
		fmt.Fprintf(c.out, "[server %s] now on server %s, in #%s\n", c.guild, c.guild, c.channel)
		return nil
	case "wait":
		if len(f) != 2 {
			return fmt.Errorf("usage: wait DURATION, e.g. wait 25h")
		}
		d, err := parseWait(f[1])
		if err != nil {
			return err
		}
		return c.wait(ctx, d)
	case "restart":
		c.router.Wait()
		if err := c.store.Close(); err != nil {
			return err
		}
		fmt.Fprintln(c.out, "[console] restarted from "+filepath.Base(c.opts.DB))
		return c.open()
	case "dms":
		if len(f) != 3 || (f[2] != "off" && f[2] != "on") {
			return fmt.Errorf("usage: dms NAME off|on")
		}
		c.mu.Lock()
		c.closed[strings.ToLower(f[1])] = f[2] == "off"
		c.mu.Unlock()
		return nil
	case "manage":
		if len(f) != 2 {
			return fmt.Errorf("usage: manage NAME")
		}
		c.manage[strings.ToLower(f[1])] = true
		return nil
	case "admin":
		if len(f) != 2 {
			return fmt.Errorf("usage: admin NAME")
		}
		c.admin[strings.ToLower(f[1])] = true
		return nil
	}
	return fmt.Errorf("unknown console command %q; type help", f[0])
}

func parseWait(s string) (time.Duration, error) {
	if strings.HasSuffix(s, "d") {
		var n int
		if _, err := fmt.Sscanf(s, "%dd", &n); err == nil && n > 0 && n <= 365 {
			return time.Duration(n) * 24 * time.Hour, nil
		}
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 || d > 365*24*time.Hour {
		return 0, fmt.Errorf("wait takes a duration such as 30m, 25h or 2d, not %q", s)
	}
	return d, nil
}

// wait advances the clock in steps of at most an hour, ticking each step,
// as a running bot would.
func (c *Console) wait(ctx context.Context, d time.Duration) error {
	end := c.clock.Add(d)
	for c.clock.Before(end) {
		step := time.Hour
		if rest := end.Sub(c.clock); rest < step {
			step = rest
		}
		c.clock = c.clock.Add(step)
		c.router.Tick(ctx)
	}
	return c.store.SetBotState(ctx, consoleClockKey, c.clock.Format(time.RFC3339Nano))
}

// consoleClockKey keeps the console's clock in its database: a console
// started again on an old database goes on from the time the last one
// reached, so time banks, waits and "waiting since" stay true.
const consoleClockKey = "console_clock"

// loadClock takes up the time an earlier console on this database reached.
func (c *Console) loadClock(ctx context.Context) error {
	v, err := c.store.BotState(ctx, consoleClockKey)
	if err != nil || v == "" {
		return err
	}
	t, err := time.Parse(time.RFC3339Nano, v)
	if err != nil {
		return fmt.Errorf("%s: the console clock kept there (%q) is not a time: %w", filepath.Base(c.opts.DB), v, err)
	}
	if t.After(c.clock) {
		c.clock = t
	}
	return nil
}

func (c *Console) userAction(ctx context.Context, user, rest string) error {
	in := commands.Interaction{Guild: c.guild, Channel: c.channel, User: commands.User{ID: user, Name: commands.NameOf(user)}, CanManage: c.manage[user], CanManageServer: c.admin[user]}
	if c.channel == consoleDM {
		in.Guild, in.Channel, in.DM = "", "dm-"+user, true
	}
	in.InThread = c.isThread(c.channel)
	words, err := splitWords(rest)
	if err != nil {
		return err
	}
	if len(words) == 0 {
		return fmt.Errorf("%s: what should %s do? type help", user, user)
	}
	switch {
	case strings.HasPrefix(words[0], "/"):
		in.Type = commands.SlashCommand
		if err := c.fillCommand(&in, words, false); err != nil {
			c.print("ephemeral "+user, commands.Message{Content: err.Error()})
			return nil
		}
	case words[0] == "autocomplete":
		in.Type = commands.Autocomplete
		if err := c.fillCommand(&in, words[1:], true); err != nil {
			c.print("ephemeral "+user, commands.Message{Content: err.Error()})
			return nil
		}
	case words[0] == "click" && len(words) >= 2:
		in.Type = commands.ComponentClick
		if err := c.findButton(&in, strings.Join(words[1:], " ")); err != nil {
			return err
		}
	case words[0] == "submit":
		if err := c.fillForm(&in, strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), "submit"))); err != nil {
			return err
		}
	case words[0] == "select" && len(words) >= 3:
		in.Type = commands.ComponentClick
		menu, values := selectArgs(rest)
		if err := c.findSelect(&in, menu, values); err != nil {
			return err
		}
	default:
		return fmt.Errorf("%s: expected /command, click, select, submit or autocomplete; type help", user)
	}
	resp := c.router.Handle(ctx, in)
	defer c.followThread()
	switch resp.Kind {
	case commands.Reply:
		where := "#" + c.channel
		if resp.Message.Ephemeral {
			where = "ephemeral " + user
		} else if in.DM {
			where = "DM " + user
		}
		c.record(where, user, in.Channel, resp.Message)
	case commands.Update:
		if in.MessageID == "" {
			// A hand-typed id names no message: Discord would refuse the
			// update, the console shows the answer as a message of its own.
			c.record("ephemeral "+user, user, in.Channel, resp.Message)
			break
		}
		return c.Edit(ctx, in.Channel, in.MessageID, resp.Message)
	case commands.OpenForm:
		c.openForm(user, resp.Form)
	case commands.Choices:
		var names []string
		for _, s := range resp.Suggestions {
			names = append(names, s.Name)
		}
		if len(names) == 0 {
			names = []string{"(no suggestions)"}
		}
		fmt.Fprintf(c.out, "[autocomplete %s] %s\n", user, strings.Join(names, " | "))
	}
	return nil
}

// fillCommand parses "/cmd [sub] name:value ..." against the registered
// commands, checking what Discord's client would check before sending.
func (c *Console) fillCommand(in *commands.Interaction, words []string, autocomplete bool) error {
	if len(words) == 0 || !strings.HasPrefix(words[0], "/") {
		return fmt.Errorf("expected a slash command such as /game help")
	}
	name := strings.TrimPrefix(words[0], "/")
	var cmd *commands.Command
	for _, cm := range c.router.Commands() {
		if cm.Name == name {
			cm := cm
			cmd = &cm
		}
	}
	if cmd == nil {
		return fmt.Errorf("there is no command /%s; try /game help", name)
	}
	in.Command, words = name, words[1:]
	if len(words) == 0 || strings.Contains(words[0], ":") {
		var subs []string
		for _, s := range cmd.Subs {
			subs = append(subs, s.Name)
		}
		return fmt.Errorf("/%s needs a subcommand: %s", name, strings.Join(subs, ", "))
	}
	sub, ok := cmd.Sub(words[0])
	if !ok {
		return fmt.Errorf("/%s has no subcommand %q", name, words[0])
	}
	in.Sub, words = sub.Name, words[1:]
	in.Options, in.Users = map[string]string{}, map[string]commands.Name{}
	for _, w := range words {
		k, v, ok := strings.Cut(w, ":")
		if !ok {
			return fmt.Errorf("options are written name:value, not %q", w)
		}
		spec, ok := sub.Option(k)
		if !ok {
			return unknownOption(name, sub, k)
		}
		switch spec.Type {
		case commands.UserOption:
			if !strings.HasPrefix(v, "@") || len(v) < 2 {
				return fmt.Errorf("option %s takes a user, written @name", k)
			}
			v = strings.ToLower(v[1:])
			in.Users[v] = commands.NameOf(v)
		case commands.IntegerOption:
			var n int
			if _, err := fmt.Sscanf(v, "%d", &n); err != nil || fmt.Sprint(n) != v {
				return fmt.Errorf("option %s takes a whole number", k)
			}
			if spec.Min != 0 || spec.Max != 0 {
				if n < spec.Min || n > spec.Max {
					return fmt.Errorf("option %s takes a number from %d to %d", k, spec.Min, spec.Max)
				}
			}
		case commands.BooleanOption:
			v = strings.ToLower(v)
			if v != "true" && v != "false" {
				return fmt.Errorf("option %s is true or false", k)
			}
		}
		in.Options[k] = v
		if autocomplete {
			in.Focused = k
		}
	}
	if !autocomplete {
		for _, o := range sub.Options {
			if _, ok := in.Options[o.Name]; o.Required && !ok {
				return fmt.Errorf("/%s %s needs option %s", name, sub.Name, o.Name)
			}
		}
	}
	return nil
}

// splitWords splits on spaces, keeping "quoted values" (also opt:"a b") whole.

// Transport.

// serverChannel is a channel's name on the current server: as typed on
// the first server, "NAME.SERVER" on any other, so that two servers'
// #general stay apart.
func (c *Console) serverChannel(name string) string {
	if c.guild == defaultGuild {
		return name
	}
	return name + "." + c.guild
}
