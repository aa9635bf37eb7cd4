package commands

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"standoff/internal/games"
)

// Every subcommand is one route: its schema (what Discord registers), where
// it may run, what /game help says of it, and its handler. The schema, the
// dispatch, autocomplete, /game help, and what an answer may show in the
// channel are all read from these tables, so a new subcommand is one
// declaration and one handler.

// handler answers a subcommand; g is the game kind of a game's own
// command, and zero for /game.
type handler func(r *Router, ctx context.Context, in Interaction, g Game) (Response, error)

type route struct {
	Subcommand
	// group is the line of /game help that lists the route; "" lists it
	// nowhere. note is said beside its name there.
	group, note string
	// posts: handling may post in the channel (refused up front where the
	// bot may not post). public: the answer is for the whole channel, so
	// a deferred answer is public too.
	posts, public bool
	// anywhere: it needs no game in the channel and works in DMs.
	anywhere bool
	// inDMs: it acts on the channel's game and works in a DM too, where
	// the game is a daily run's (typed moves).
	inDMs  bool
	handle handler
	// act, in place of handle: it runs under the lock of the channel's
	// game, as a move's pipeline (Serve).
	act actor
	// complete answers autocomplete for the route's options.
	complete func(r *Router, ctx context.Context, in Interaction) []Suggestion
}

// shared adapts a /game handler, which needs no game kind.
func shared(f func(r *Router, ctx context.Context, in Interaction) (Response, error)) handler {
	return func(r *Router, ctx context.Context, in Interaction, _ Game) (Response, error) { return f(r, ctx, in) }
}

// inRoom adapts a room's /game handler: room picks the room from the
// router.
func inRoom[R any](room func(*Router) R, f func(R, context.Context, Interaction) (Response, error)) handler {
	return func(r *Router, ctx context.Context, in Interaction, _ Game) (Response, error) {
		return f(room(r), ctx, in)
	}
}

// inKindRoom adapts a room's handler of a game's own command.
func inKindRoom[R any](room func(*Router) R, f func(R, context.Context, Interaction, Game) (Response, error)) handler {
	return func(r *Router, ctx context.Context, in Interaction, g Game) (Response, error) {
		return f(room(r), ctx, in, g)
	}
}

// actIn adapts a room's control handler.
func actIn[R any](room func(*Router) R, f func(R, context.Context, *Call, *table) (acted, error)) actor {
	return func(r *Router, ctx context.Context, c *Call, t *table) (acted, error) {
		return f(room(r), ctx, c, t)
	}
}

// The rooms that answer routes.
func settingsRoom(r *Router) *settings { return r.settings }
func recordsRoom(r *Router) *records   { return r.records }
func paceRoom(r *Router) *pace         { return r.pace }
func votesRoom(r *Router) *votes       { return r.votes }
func leavingRoom(r *Router) *leaving   { return r.leaving }
func lobbiesRoom(r *Router) *lobbies   { return r.lobbies }
func dailyRoom(r *Router) *daily       { return r.daily }
func showingRoom(r *Router) *showing   { return r.showing }

// The lines of /game help, in order.
const (
	groupEveryone = "Everyone"
	groupYou      = "Your games, your pace"
	groupTable    = "The table"
	groupServer   = "The server"
)

var helpGroups = []string{groupEveryone, groupYou, groupTable, groupServer}

// gameOption is /game's choice of a game kind; Commands fills in the kinds.
var gameOption = CommandOption{Name: "game", Type: StringOption}

func withGameChoice(desc string) []CommandOption {
	o := gameOption
	o.Description = desc
	return []CommandOption{o}
}

// gameRoutes is /game: what every kind shares. It is set in init because
// its handlers (help, rules) read the table themselves.
var gameRoutes []route

func init() {
	gameRoutes = []route{
		{Subcommand: Subcommand{Name: "status", Description: "the game in this channel: board, players, who must act"},
			group: groupEveryone, handle: inRoom(showingRoom, (*showing).status)},
		{Subcommand: Subcommand{Name: "hand", Description: "your private view and decisions, shown only to you"},
			group: groupEveryone, note: "your private view", handle: inRoom(showingRoom, (*showing).hand)},
		{Subcommand: Subcommand{Name: "resign", Description: "resign from the game in this channel"},
			group: groupEveryone, posts: true, handle: inRoom(leavingRoom, (*leaving).resign)},
		{Subcommand: Subcommand{Name: "abandon", Description: "stop the game in this channel (its creator or a moderator)"},
			group: groupEveryone, note: "creator or moderators", posts: true, handle: inRoom(leavingRoom, (*leaving).abandon)},
		{Subcommand: Subcommand{Name: "rules", Description: "the rules of a game", Options: withGameChoice("which game (default: the one in this channel)")},
			group: groupEveryone, anywhere: true, handle: inRoom(showingRoom, (*showing).rules)},
		{Subcommand: Subcommand{Name: "history", Description: "the moves played so far in this channel's game", Options: []CommandOption{
			{Name: "id", Description: "the game number (default: this channel's last game, or its threads')", Type: IntegerOption, Min: 1, Max: 1 << 30},
		}},
			group: groupEveryone, handle: inRoom(recordsRoom, (*records).history)},
		{Subcommand: Subcommand{Name: "turns", Description: "every game waiting on you, on this server (in the bot's DM: every server)"},
			group: groupYou, note: "every game waiting on you", anywhere: true, handle: inRoom(paceRoom, (*pace).turns)},
		{Subcommand: Subcommand{Name: "notify", Description: "how you are told a game waits on you: mention, DM, quiet hours, heads-up, digest", Options: notifyOptions},
			group: groupYou, note: "mention or DM, quiet hours, heads-up, daily digest", anywhere: true, handle: inRoom(paceRoom, (*pace).notify), complete: func(r *Router, ctx context.Context, in Interaction) []Suggestion { return r.pace.completeZone(ctx, in) }},
		{Subcommand: Subcommand{Name: "away", Description: "step away for some days: your turn limits and reminders pause", Options: []CommandOption{awayOption}},
			group: groupYou, note: "days:N pauses your turn limits and reminders; days:off when back", anywhere: true, handle: inRoom(paceRoom, (*pace).away)},
		{Subcommand: Subcommand{Name: "help", Description: "how to play with Standoff"},
			anywhere: true, handle: shared(func(r *Router, _ context.Context, _ Interaction) (Response, error) {
				return ephemeral(r.helpText()), nil
			})},
		{Subcommand: Subcommand{Name: voteUndo, Description: "take back your last move (the others agree by buttons when needed)"},
			group: groupTable, note: "take back your last move", posts: true, handle: inRoom(votesRoom, (*votes).tableCommand)},
		{Subcommand: Subcommand{Name: voteSkip, Description: "ask the table to skip the turn of a player who is away", Options: []CommandOption{
			{Name: "player", Description: "the player whose turn to skip (leave out to pick from the table)", Type: UserOption},
		}}, group: groupTable, note: "vote on a player who is away", posts: true, handle: inRoom(votesRoom, (*votes).tableCommand)},
		{Subcommand: Subcommand{Name: voteReplace, Description: "ask the table to let the bot play a vanished player's seat", Options: []CommandOption{
			{Name: "player", Description: "the player to replace (leave out to pick from the table)", Type: UserOption},
		}}, group: groupTable, note: "vote on a player who vanished", posts: true, handle: inRoom(votesRoom, (*votes).tableCommand)},
		{Subcommand: Subcommand{Name: voteRejoin, Description: "take your seat back from the bot: at once before your next turn, else by a vote"},
			group: groupTable, posts: true, handle: inRoom(votesRoom, (*votes).tableCommand)},
		{Subcommand: Subcommand{Name: "replay", Description: "an animated replay of a finished game", Options: []CommandOption{
			{Name: "id", Description: "the game number (default: this channel's last finished game, or its threads')", Type: IntegerOption, Min: 1, Max: 1 << 30},
		}}, group: groupTable, posts: true, public: true, handle: inRoom(recordsRoom, (*records).replay)},
		{Subcommand: Subcommand{Name: "stats", Description: "wins, losses, best scores and ratings on this server", Options: append([]CommandOption{
			{Name: "user", Description: "whose stats (default: yours)", Type: UserOption},
		}, withGameChoice("one game only")...)}, group: groupTable, handle: inRoom(recordsRoom, (*records).stats)},
		{Subcommand: Subcommand{Name: "leaderboard", Description: "this server's best players (by rating for one game)", Options: withGameChoice("one game only")},
			group: groupTable, handle: inRoom(recordsRoom, (*records).leaderboard)},
		{Subcommand: Subcommand{Name: "daily", Description: "today's daily runs: standings here and everywhere, your streak", Options: append(withGameChoice("one game only"),
			CommandOption{Name: "replay", Description: "replay yesterday's best run as a GIF", Type: BooleanOption})},
			group: groupEveryone, note: "today's standings, your streak", anywhere: true, handle: inRoom(dailyRoom, (*daily).standings)},
		{Subcommand: Subcommand{Name: "settings", Description: "this server's settings for new games"},
			group: groupServer, note: "the turn limit of new games, time banks, time away", anywhere: true, handle: inRoom(settingsRoom, (*settings).show)},
	}
}

// adminRoutes is /standoff: what changes the bot for a whole server. It is
// its own command because Discord hides a command from members without a
// permission (default_member_permissions) only as a whole, never one
// subcommand of it: /game is for every player, /standoff for Manage Server.
var adminRoutes = []route{
	{Subcommand: Subcommand{Name: "settings", Description: "change this server's settings for new games", Options: append([]CommandOption{
		{Name: "turn_limit", Description: "the turn limit of new games that name none", Type: StringOption,
			Choices: append(slices.Clone(turnLimitOption.Choices), Suggestion{Name: "the bot's default", Value: "default"})},
	}, serverRhythmOptions...)}, group: groupServer, note: "Manage Server: change them", handle: inRoom(settingsRoom, (*settings).change)},
}

// kindRoutes is a game's own command.
func kindRoutes(k *games.Kind) []route {
	var challenge []CommandOption
	for i := 1; i < k.MaxPlayers; i++ {
		desc := "a player to challenge"
		if k.Bot != nil {
			desc += " (pick the bot itself to play against it)"
		}
		challenge = append(challenge, CommandOption{Name: opponentOption(i), Description: desc, Type: UserOption,
			Required: i == 1 && k.Bot == nil})
	}
	challenge = append(challenge, kindOptions(k)...)
	challenge = append(challenge, turnLimitOption)
	if k.Bot != nil {
		challenge = append(challenge, CommandOption{Name: "ai", Description: "play against the bot at this level",
			Type: IntegerOption, Min: 1, Max: k.BotLevels})
	}
	start := Subcommand{Name: "start", Description: "open a lobby for " + k.Title + " that players join by button", Options: append(kindOptions(k), turnLimitOption)}
	if k.MinPlayers == 1 {
		// Played alone, it starts at once; a partner accepts by button.
		start.Description = "start a game of " + k.Title + " now, alone or with a partner"
		if k.MaxPlayers > 1 {
			start.Options = append(start.Options, CommandOption{Name: "partner", Description: "a player to play with (they accept by button)", Type: UserOption})
		}
	}
	routes := []route{
		{Subcommand: Subcommand{Name: "challenge", Description: "challenge players to " + k.Title + "; they accept by button", Options: challenge},
			posts: true, handle: inKindRoom(lobbiesRoom, (*lobbies).challenge)},
		{Subcommand: start, posts: true, handle: inKindRoom(lobbiesRoom, (*lobbies).openLobby)},
		{Subcommand: Subcommand{Name: "move", Description: "play a move typed in " + k.Title + " notation", Options: []CommandOption{
			{Name: "move", Description: "the move, e.g. as listed while you type", Type: StringOption, Required: true, Autocomplete: true},
		}}, posts: true, inDMs: k.Daily != nil, act: (*Router).typedMove, complete: (*Router).completeMove},
		{Subcommand: Subcommand{Name: "board", Description: "show the current " + k.Title + " board to you", Options: []CommandOption{
			{Name: "text", Description: "plain text instead of an image", Type: BooleanOption},
		}}, handle: inKindRoom(showingRoom, (*showing).board)},
	}
	if solo, ok := soloSubcommand(k); ok {
		routes = append(routes, route{Subcommand: solo, posts: true, handle: inKindRoom(lobbiesRoom, (*lobbies).solo)})
	}
	if k.Daily != nil {
		// Played in the player's DM; in the DM itself it shows the day's
		// run, in a server channel it starts it there too.
		routes = append(routes, route{Subcommand: Subcommand{Name: "daily", Description: "today's run of " + k.Title + ", the same for everyone, played in your DM or a private thread"},
			posts: true, anywhere: true, handle: inKindRoom(dailyRoom, (*daily).start)})
	}
	return routes
}

// soloSubcommand is /<game> solo for the kinds that can be played alone:
// against the game's bot, or a game one person plays.
func soloSubcommand(k *games.Kind) (Subcommand, bool) {
	switch {
	case k.Bot != nil:
		solo := kindOptions(k)
		if k.BotLevels > 1 {
			solo = append(solo, CommandOption{Name: "ai", Description: "the bot's level",
				Type: IntegerOption, Min: 1, Max: k.BotLevels})
		}
		solo = append(solo, turnLimitOption)
		desc := "play " + k.Title + " alone against the bot"
		if k.BotName != "" {
			desc = "play " + k.Title + " alone against the " + k.BotName
		}
		if k.MinPlayers > 2 {
			// A table of three or more: the bot takes every other seat.
			desc = "play " + k.Title + " at once with the bot in every other seat"
			solo = append(solo, CommandOption{Name: "players", Description: "seats in all, you and the bots",
				Type: IntegerOption, Min: k.MinPlayers, Max: k.MaxPlayers})
		}
		return Subcommand{Name: "solo", Description: desc, Options: solo}, true
	case k.MinPlayers == 1:
		return Subcommand{Name: "solo", Description: "play " + k.Title + " alone, starting now",
			Options: append(kindOptions(k), turnLimitOption)}, true
	}
	return Subcommand{}, false
}

// routesOf is the table of a top-level command, and the kind it plays
// (zero for /game); ok is false for a command the bot does not have.
func (gs gameSet) routesOf(command string) ([]route, Game, bool) {
	switch command {
	case "game":
		return gameRoutes, Game{}, true
	case adminCommand:
		return adminRoutes, Game{}, true
	}
	g, ok := gs.find(command)
	if !ok {
		return nil, Game{}, false
	}
	return kindRoutes(g.Kind), g, true
}

// routeOf finds an interaction's route.
func (gs gameSet) routeOf(in Interaction) (route, Game, bool) {
	routes, g, ok := gs.routesOf(in.Command)
	if !ok {
		return route{}, Game{}, false
	}
	for _, rt := range routes {
		if rt.Name == in.Sub {
			return rt, g, true
		}
	}
	return route{}, g, false
}

// Commands lists every slash command the bot registers.
func (r *Router) Commands() []Command {
	var out []Command
	for _, g := range r.games {
		routes := kindRoutes(g.Kind)
		out = append(out, Command{Name: g.Kind.Name, Description: g.Kind.Summary, Subs: subcommands(routes, nil),
			InDMs: slices.ContainsFunc(routes, func(rt route) bool { return rt.anywhere || rt.inDMs })})
	}
	return append(out, Command{
		Name:        "game",
		Description: "what every Standoff game shares: status, hand, rules, history, votes, stats",
		Subs:        subcommands(gameRoutes, r.games.choices()),
		InDMs:       slices.ContainsFunc(gameRoutes, func(rt route) bool { return rt.anywhere }),
	}, Command{
		Name:         adminCommand,
		Description:  "server settings for Standoff's games (Manage Server)",
		Subs:         subcommands(adminRoutes, nil),
		ManageServer: true,
	})
}

// subcommands is a table's schema; kinds fills /game's choice of game.
func subcommands(routes []route, kinds []Suggestion) []Subcommand {
	var out []Subcommand
	for _, rt := range routes {
		sub := rt.Subcommand
		sub.Options = slices.Clone(sub.Options)
		for i, o := range sub.Options {
			if o.Name == gameOption.Name && o.Type == gameOption.Type && o.Choices == nil {
				sub.Options[i].Choices = kinds
			}
		}
		out = append(out, sub)
	}
	return out
}

// helpText is /game help: each game's way in, then /game's subcommands by
// group.
func (r *Router) helpText() string {
	var b strings.Builder
	b.WriteString("**Standoff** hosts board games: each new game gets a thread of its own (where a server turns threads off, a channel or thread holds one game).\n")
	for _, g := range r.games {
		k := g.Kind
		var start []string
		for _, rt := range kindRoutes(k) {
			if rt.posts && rt.Name != "move" {
				start = append(start, fmt.Sprintf("`/%s %s`", k.Name, rt.Name))
			}
		}
		fmt.Fprintf(&b, "• **%s** (%d-%d players): %s %s, then `/%s move`.\n",
			k.Title, k.MinPlayers, k.MaxPlayers, k.Summary, strings.Join(start, ", "), k.Name)
	}
	for _, group := range helpGroups {
		var items []string
		for _, c := range []struct {
			name   string
			routes []route
		}{{"game", gameRoutes}, {adminCommand, adminRoutes}} {
			for _, rt := range c.routes {
				if rt.group != group {
					continue
				}
				item := "`/" + c.name + " " + rt.Name + "`"
				if rt.note != "" {
					item += " (" + rt.note + ")"
				}
				items = append(items, item)
			}
		}
		fmt.Fprintf(&b, "%s: %s.\n", group, strings.Join(items, ", "))
	}
	b.WriteString(ratingsHelp)
	b.WriteString("Buttons under the newest game message play moves; older messages stop working once the game moves on.")
	return b.String()
}

func names(routes []route) []string {
	var out []string
	for _, rt := range routes {
		out = append(out, rt.Name)
	}
	return out
}

// orList joins names as "a, b or c".
func orList(s []string) string {
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// Every control the bot makes (a button, a select menu) and every form it
// opens is one click route, as every subcommand is one route: the first
// field of its custom id and the shape of the rest, the values its last
// field may take, whether its answer is for the channel, whether handling
// it may post in the channel, which game's lock it takes, and its handler.
// The id is parsed once, by its route's shape, when the interaction is
// routed (Route); the handler gets what was parsed.
type clickRoute struct {
	// name is the id's first field; on is the interaction it comes in.
	name string
	on   InteractionType
	// shape reads the rest of the id.
	shape idShape
	// args are the values the id's last field may take (nil: any).
	args []string
	// public: the answer is for the whole channel. posts: handling may
	// post in the channel.
	public, posts bool
	lock          lockBy
	// form, when set, is the form the control opens, made from its id
	// alone.
	form func(control) *Form
	// admit checks, before the lock, what a route's lock needs (a form's
	// game is the channel's).
	admit func(r *Router, ctx context.Context, c *Call) error
	act   actor
}

// clickRoutes is every control's route. A control's answer is for its
// user alone, or replaces the clicked message: none is public.
var clickRoutes = []clickRoute{
	// m:<game>:<version>[.<prompt>]:<move> plays a move; r:... opens a
	// guided choice (games.Refiner); s:<game>:<version>[.<prompt>][:<row>]
	// is a select menu whose values are "m|move" or "r|key".
	{name: "m", on: ComponentClick, shape: gameShape, posts: true, lock: lockGame, act: (*Router).moveClick},
	{name: "r", on: ComponentClick, shape: gameShape, posts: true, lock: lockGame, act: (*Router).moveClick},
	{name: "s", on: ComponentClick, shape: gameShape, posts: true, lock: lockGame, act: (*Router).moveClick},
	// A lobby's buttons: <name>:<game>:<version>.
	{name: "join", on: ComponentClick, shape: gameShape, posts: true, lock: lockGame, act: actIn(lobbiesRoom, (*lobbies).lobbyButton)},
	{name: "leave", on: ComponentClick, shape: gameShape, posts: true, lock: lockGame, act: actIn(lobbiesRoom, (*lobbies).lobbyButton)},
	{name: "start", on: ComponentClick, shape: gameShape, posts: true, lock: lockGame, act: actIn(lobbiesRoom, (*lobbies).lobbyButton)},
	{name: "accept", on: ComponentClick, shape: gameShape, posts: true, lock: lockGame, act: actIn(lobbiesRoom, (*lobbies).lobbyButton)},
	{name: "decline", on: ComponentClick, shape: gameShape, posts: true, lock: lockGame, act: actIn(lobbiesRoom, (*lobbies).lobbyButton)},
	// vote:<game>:<version>:yes|no
	{name: "vote", on: ComponentClick, shape: gameShape, args: []string{"yes", "no"}, posts: true, lock: lockGame, act: actIn(votesRoom, (*votes).voteButton)},
	// confirm:<game>:<version>:resign|abandon, cancel:<game>:<version>
	{name: "confirm", on: ComponentClick, shape: gameShape, args: []string{confirmResign, confirmAbandon}, posts: true, lock: lockGame, act: actIn(leavingRoom, (*leaving).confirmButton)},
	{name: "cancel", on: ComponentClick, shape: gameShape, posts: true, lock: lockGame, act: actIn(leavingRoom, (*leaving).confirmButton)},
	// full:<game>:<version> shows the whole board to the user.
	{name: "full", on: ComponentClick, shape: gameShape, posts: true, act: actIn(showingRoom, (*showing).fullBoardButton)},
	// type:<game>:<version> opens the typed-move form; typed:<game> is
	// the form sent.
	{name: "type", on: ComponentClick, shape: gameShape, posts: true, form: formAtOnce, act: (*Router).typeMoveForm},
	{name: "typed", on: FormSubmit, shape: formShape, posts: true, lock: lockChannel, admit: (*Router).admitForm, act: (*Router).typedMove},
	// pick:<game>:<version>:skip|replace, the menu of players to vote on.
	{name: "pick", on: ComponentClick, shape: gameShape, args: []string{voteSkip, voteReplace}, posts: true, act: actIn(votesRoom, (*votes).pickClick)},
	// rules:<kind>:s|<page>, the rules menu: it needs no game, and shows
	// in a channel the bot may not post in.
	{name: "rules", on: ComponentClick, shape: rulesShape, act: actIn(showingRoom, (*showing).rulesClick)},
	// chal:<u|b>:<kind>:<made>:<print>:<options>, a challenge's menu of
	// users and its Play the bot.
	{name: "chal", on: ComponentClick, shape: menuShape, posts: true, act: actIn(lobbiesRoom, (*lobbies).challengeMenuClick)},
}

// clickTable finds a route by its name and the interaction it comes in.
var clickTable = func() map[clickKey]*clickRoute {
	m := map[clickKey]*clickRoute{}
	for i := range clickRoutes {
		rt := &clickRoutes[i]
		k := clickKey{rt.name, rt.on}
		if m[k] != nil || strings.Contains(rt.name, ":") || rt.shape == nil || rt.act == nil {
			panic("click route " + rt.name + " is declared twice or incompletely")
		}
		m[k] = rt
	}
	return m
}()

type clickKey struct {
	name string
	on   InteractionType
}
