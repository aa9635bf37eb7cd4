package commands

import (
	"context"
	"fmt"
	"maps"
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
	handle   handler
	// complete answers autocomplete for the route's options.
	complete func(r *Router, ctx context.Context, in Interaction) []Suggestion
}

// shared adapts a /game handler, which needs no game kind.
func shared(f func(r *Router, ctx context.Context, in Interaction) (Response, error)) handler {
	return func(r *Router, ctx context.Context, in Interaction, _ Game) (Response, error) { return f(r, ctx, in) }
}

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
			group: groupEveryone, handle: shared((*Router).status)},
		{Subcommand: Subcommand{Name: "hand", Description: "your private view and decisions, shown only to you"},
			group: groupEveryone, note: "your private view", handle: shared((*Router).hand)},
		{Subcommand: Subcommand{Name: "resign", Description: "resign from the game in this channel"},
			group: groupEveryone, posts: true, handle: shared((*Router).resign)},
		{Subcommand: Subcommand{Name: "abandon", Description: "stop the game in this channel (its creator or a moderator)"},
			group: groupEveryone, note: "creator or moderators", posts: true, handle: shared((*Router).abandon)},
		{Subcommand: Subcommand{Name: "rules", Description: "the rules of a game", Options: withGameChoice("which game (default: the one in this channel)")},
			group: groupEveryone, anywhere: true, handle: shared((*Router).rules)},
		{Subcommand: Subcommand{Name: "history", Description: "the moves played so far in this channel's game", Options: []CommandOption{
			{Name: "id", Description: "the game number (default: this channel's last game, or its threads')", Type: IntegerOption, Min: 1, Max: 1 << 30},
		}},
			group: groupEveryone, handle: shared((*Router).history)},
		{Subcommand: Subcommand{Name: "turns", Description: "every game waiting on you, on this server (in the bot's DM: every server)"},
			group: groupYou, note: "every game waiting on you", anywhere: true, handle: shared((*Router).turns)},
		{Subcommand: Subcommand{Name: "notify", Description: "how you are told a game waits on you: mention, DM, quiet hours, heads-up, digest", Options: notifyOptions},
			group: groupYou, note: "mention or DM, quiet hours, heads-up, daily digest", anywhere: true, handle: shared((*Router).notify), complete: (*Router).completeZone},
		{Subcommand: Subcommand{Name: "away", Description: "step away for some days: your turn limits and reminders pause", Options: []CommandOption{awayOption}},
			group: groupYou, note: "days:N pauses your turn limits and reminders; days:off when back", anywhere: true, handle: shared((*Router).away)},
		{Subcommand: Subcommand{Name: "help", Description: "how to play with Standoff"},
			anywhere: true, handle: shared(func(r *Router, _ context.Context, _ Interaction) (Response, error) {
				return ephemeral(r.helpText()), nil
			})},
		{Subcommand: Subcommand{Name: voteUndo, Description: "take back your last move (the others agree by buttons when needed)"},
			group: groupTable, note: "take back your last move", posts: true, handle: shared((*Router).tableCommand)},
		{Subcommand: Subcommand{Name: voteSkip, Description: "ask the table to skip the turn of a player who is away", Options: []CommandOption{
			{Name: "player", Description: "the player whose turn to skip (leave out to pick from the table)", Type: UserOption},
		}}, group: groupTable, note: "vote on a player who is away", posts: true, handle: shared((*Router).tableCommand)},
		{Subcommand: Subcommand{Name: voteReplace, Description: "ask the table to let the bot play a vanished player's seat", Options: []CommandOption{
			{Name: "player", Description: "the player to replace (leave out to pick from the table)", Type: UserOption},
		}}, group: groupTable, note: "vote on a player who vanished", posts: true, handle: shared((*Router).tableCommand)},
		{Subcommand: Subcommand{Name: voteRejoin, Description: "take your seat back from the bot: at once before your next turn, else by a vote"},
			group: groupTable, posts: true, handle: shared((*Router).tableCommand)},
		{Subcommand: Subcommand{Name: "replay", Description: "an animated replay of a finished game", Options: []CommandOption{
			{Name: "id", Description: "the game number (default: this channel's last finished game, or its threads')", Type: IntegerOption, Min: 1, Max: 1 << 30},
		}}, group: groupTable, posts: true, public: true, handle: shared((*Router).replay)},
		{Subcommand: Subcommand{Name: "stats", Description: "wins, losses, best scores and ratings on this server", Options: append([]CommandOption{
			{Name: "user", Description: "whose stats (default: yours)", Type: UserOption},
		}, withGameChoice("one game only")...)}, group: groupTable, handle: shared((*Router).stats)},
		{Subcommand: Subcommand{Name: "leaderboard", Description: "this server's best players (by rating for one game)", Options: withGameChoice("one game only")},
			group: groupTable, handle: shared((*Router).leaderboard)},
		{Subcommand: Subcommand{Name: "settings", Description: "this server's settings for new games"},
			group: groupServer, note: "the turn limit of new games, time banks, time away", anywhere: true, handle: shared((*Router).settings)},
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
	}, serverRhythmOptions...)}, group: groupServer, note: "Manage Server: change them", handle: shared((*Router).changeSettings)},
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
			posts: true, handle: (*Router).challenge},
		{Subcommand: start, posts: true, handle: (*Router).openLobby},
		{Subcommand: Subcommand{Name: "move", Description: "play a move typed in " + k.Title + " notation", Options: []CommandOption{
			{Name: "move", Description: "the move, e.g. as listed while you type", Type: StringOption, Required: true, Autocomplete: true},
		}}, posts: true, handle: (*Router).typedMove, complete: (*Router).completeMove},
		{Subcommand: Subcommand{Name: "board", Description: "show the current " + k.Title + " board to you", Options: []CommandOption{
			{Name: "text", Description: "plain text instead of an image", Type: BooleanOption},
		}}, handle: (*Router).board},
	}
	if solo, ok := soloSubcommand(k); ok {
		routes = append(routes, route{Subcommand: solo, posts: true, handle: (*Router).solo})
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

// solo starts a game played alone: against the bot, or by one person.
func (r *Router) solo(ctx context.Context, in Interaction, g Game) (Response, error) {
	in.Options = maps.Clone(in.Options)
	if g.Kind.Bot == nil {
		// A game played alone: solo is start without a partner.
		delete(in.Options, "partner")
		return r.openLobby(ctx, in, g)
	}
	if _, ok := in.Options["ai"]; !ok {
		in.Options["ai"] = fmt.Sprint((g.Kind.BotLevels + 1) / 2)
	}
	return r.challenge(ctx, in, g)
}

// routesOf is the table of a top-level command, and the kind it plays
// (zero for /game); ok is false for a command the bot does not have.
func (r *Router) routesOf(command string) ([]route, Game, bool) {
	switch command {
	case "game":
		return gameRoutes, Game{}, true
	case adminCommand:
		return adminRoutes, Game{}, true
	}
	g, ok := r.game(command)
	if !ok {
		return nil, Game{}, false
	}
	return kindRoutes(g.Kind), g, true
}

// routeOf finds an interaction's route.
func (r *Router) routeOf(in Interaction) (route, Game, bool) {
	routes, g, ok := r.routesOf(in.Command)
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

// slash dispatches a slash command through its route.
func (r *Router) slash(ctx context.Context, in Interaction) (Response, error) {
	routes, _, known := r.routesOf(in.Command)
	if !known {
		return Response{}, refusef("I do not know the command /%s. Try /game help.", in.Command)
	}
	rt, g, ok := r.routeOf(in)
	if !ok {
		return Response{}, refusef("/%s has no subcommand %q; use %s.", in.Command, in.Sub, orList(names(routes)))
	}
	if in.DM && !rt.anywhere {
		if in.Command == "game" {
			return Response{}, refusef("/game %s is about the game in a channel; run it in that channel.", in.Sub)
		}
		return Response{}, refusef("Games are played in server channels. Run /%s %s in a channel of your server.", in.Command, in.Sub)
	}
	return rt.handle(r, ctx, in, g)
}

// autocomplete answers through the route of the command being typed.
func (r *Router) autocomplete(ctx context.Context, in Interaction) []Suggestion {
	rt, _, ok := r.routeOf(in)
	if !ok || rt.complete == nil {
		return nil
	}
	return rt.complete(r, ctx, in)
}

// postsInChannel says whether handling the interaction may post in its
// channel (a lobby, a turn message, a notice); the read-only commands only
// answer the user and work wherever the bot may not post.
func (r *Router) postsInChannel(in Interaction) bool {
	switch in.Type {
	case ComponentClick:
		_, _, rules := parseRulesID(in.CustomID)
		return !rules
	case FormSubmit:
		return true
	case SlashCommand:
		rt, _, ok := r.routeOf(in)
		return ok && rt.posts
	}
	return false
}

// AnswersInChannel says whether the interaction's answer is for the whole
// channel (a replay) rather than for the user alone. A transport that must
// acknowledge before the answer exists decides the acknowledgement's
// visibility by it, so that a slow answer is as public or private as a
// fast one.
func (r *Router) AnswersInChannel(in Interaction) bool {
	if in.Type != SlashCommand {
		return false
	}
	rt, _, ok := r.routeOf(in)
	return ok && rt.public
}

// Commands lists every slash command the bot registers.
func (r *Router) Commands() []Command {
	var out []Command
	for _, g := range r.games {
		out = append(out, Command{Name: g.Kind.Name, Description: g.Kind.Summary, Subs: subcommands(kindRoutes(g.Kind), nil)})
	}
	return append(out, Command{
		Name:        "game",
		Description: "what every Standoff game shares: status, hand, rules, history, votes, stats",
		Subs:        subcommands(gameRoutes, r.gameKindChoices()),
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
