// Package doctor checks a Standoff setup before players find out what is
// wrong with it: the token, the application's install link and commands,
// the database, HTTP mode's key and endpoint, and the bot's permissions in
// every server. Each check ends in a plain verdict and, when it is not
// fine, the fix.
package doctor

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/commands"
	"standoff/internal/discord"
	"standoff/storage"
)

// Verdict is how a check came out.
type Verdict int

// Verdicts, from fine to breaking play.
const (
	OK   Verdict = iota
	Warn         // play works, something is worth fixing
	Fail         // something players would run into
)

func (v Verdict) String() string {
	return [...]string{"ok  ", "warn", "FAIL"}[v]
}

// Check is one finding.
type Check struct {
	Name    string
	Verdict Verdict
	Detail  string
	Fix     string
}

// Report is every check, in the order an operator fixes them.
type Report []Check

// Failed reports whether anything would break play.
func (r Report) Failed() bool {
	for _, c := range r {
		if c.Verdict == Fail {
			return true
		}
	}
	return false
}

// Write prints the report, one check a line and its fix under it.
func (r Report) Write(w io.Writer) {
	fails, warns := 0, 0
	for _, c := range r {
		fmt.Fprintf(w, "%s  %s: %s\n", c.Verdict, c.Name, c.Detail)
		if c.Fix != "" && c.Verdict != OK {
			fmt.Fprintf(w, "      fix: %s\n", c.Fix)
		}
		switch c.Verdict {
		case Fail:
			fails++
		case Warn:
			warns++
		}
	}
	switch {
	case fails > 0:
		fmt.Fprintf(w, "%d problem(s) would break play, %d warning(s).\n", fails, warns)
	case warns > 0:
		fmt.Fprintf(w, "Ready to play, %d warning(s).\n", warns)
	default:
		fmt.Fprintln(w, "Ready to play.")
	}
}

// Setup is what the doctor checks: the config as the bot would run it.
type Setup struct {
	Discord    discord.Options // Token, Configure (tests), PublicKey for HTTP mode
	Mode       string          // "gateway" or "http"
	Database   string
	DevGuildID string
	// Commands are what this version declares.
	Commands []commands.Command
}

// Permissions games need in a server, and what each is for.
var needed = []struct {
	bit     int64
	name    string
	verdict Verdict // without it
	why     string
}{
	{discordgo.PermissionViewChannel, "View Channel", Fail, "the bot cannot see the channels games are played in"},
	{discordgo.PermissionSendMessages, "Send Messages", Fail, "turn messages cannot be posted"},
	{discordgo.PermissionAttachFiles, "Attach Files", Fail, "boards cannot be shown"},
	{discordgo.PermissionCreatePublicThreads, "Create Public Threads", Warn, "games stay in the channel instead of a thread each"},
	{discordgo.PermissionSendMessagesInThreads, "Send Messages in Threads", Warn, "games stay in the channel instead of a thread each"},
}

// neededBits is every permission games use, for invite links.
func neededBits() int64 {
	var n int64
	for _, p := range needed {
		n |= p.bit
	}
	return n
}

// Run checks the setup.
func Run(ctx context.Context, s Setup) Report {
	var r Report
	r = append(r, checkDatabase(ctx, s.Database)...)
	r = append(r, checkDiscord(ctx, s)...)
	return r
}

func checkDatabase(ctx context.Context, path string) Report {
	d := storage.Diagnose(ctx, path)
	name := "database (" + d.Dialect + ")"
	switch {
	case d.Reach != nil:
		return Report{{name, Fail, "cannot be reached: " + d.Reach.Error(),
			"check database in the config: the SQLite file's path, or the PostgreSQL URL, server, user and password"}}
	case d.Missing:
		if d.Write != nil {
			return Report{{name, Fail, "the file does not exist and cannot be created: " + d.Write.Error(),
				"make its directory writable for the bot's user"}}
		}
		return Report{{name, OK, "not created yet; the bot creates it at first start", ""}}
	}
	var out Report
	if d.Write != nil {
		out = append(out, Check{name, Fail, "cannot be written: " + d.Write.Error(),
			"SQLite: make the file and its directory writable for the bot's user (and the disk not full); PostgreSQL: grant the user CREATE and write rights on its database"})
	} else {
		out = append(out, Check{name, OK, "reachable and writable", ""})
	}
	switch newer, pending := d.Newer(), d.Pending(); {
	case len(newer) > 0:
		out = append(out, Check{"schema", Fail, fmt.Sprintf("migrated by a newer Standoff (migrations %v unknown to this version)", newer),
			"run the newer version, or restore a backup taken before it"})
	case len(pending) > 0:
		out = append(out, Check{"schema", Warn, fmt.Sprintf("%d of %d migrations to apply (%v)", len(pending), len(d.Known), pending),
			"nothing to do: the bot applies them when it starts (take a backup first)"})
	default:
		out = append(out, Check{"schema", OK, fmt.Sprintf("migrated (%d migrations)", len(d.Known)), ""})
	}
	return out
}

func checkDiscord(ctx context.Context, s Setup) Report {
	if s.Discord.Token == "" {
		return Report{{"token", Fail, "no bot token", "set token in the config or DISCORD_TOKEN (developer portal, Bot, Reset Token)"}}
	}
	p, err := discord.NewProbe(s.Discord)
	if err != nil {
		return Report{{"token", Fail, err.Error(), "set token in the config or DISCORD_TOKEN"}}
	}
	me, err := p.Me(ctx)
	if err != nil {
		if discord.HTTPStatus(err) == 401 {
			return Report{{"token", Fail, "Discord refuses the token (401 Unauthorized): it is wrong, or was reset",
				"developer portal, your application, Bot, Reset Token; put the new one in token or DISCORD_TOKEN"}}
		}
		return Report{{"token", Fail, "Discord could not be asked who the bot is: " + err.Error(), "check the machine reaches https://discord.com"}}
	}
	r := Report{{"token", OK, fmt.Sprintf("the bot is %s (%s)", me.Username, me.ID), ""}}
	if !me.Bot {
		r[0] = Check{"token", Fail, me.Username + " is not a bot account", "use the token under Bot in the developer portal, not a user's"}
		return r
	}
	app, err := p.Application(ctx)
	if err != nil {
		return append(r, Check{"application", Fail, "cannot be read: " + err.Error(), "check the token is the application's bot token"})
	}
	r = append(r, checkInstall(app))
	r = append(r, checkEndpoint(s, app))
	r = append(r, checkCommands(ctx, p, s, app))
	return append(r, checkGuilds(ctx, p)...)
}

func checkInstall(app *discord.Application) Check {
	invite := fmt.Sprintf("https://discord.com/oauth2/authorize?client_id=%s&scope=bot+applications.commands&permissions=%d", app.ID, neededBits())
	in := app.GuildInstall()
	if in == nil {
		return Check{"install link", Warn, "the application has no install link for servers",
			"developer portal, Installation: Guild Install with scopes bot and applications.commands and the permissions games need; or invite with " + invite}
	}
	var missing []string
	for _, sc := range []string{"bot", "applications.commands"} {
		if !slices.Contains(in.Scopes, sc) {
			missing = append(missing, sc)
		}
	}
	if len(missing) > 0 {
		return Check{"install link", Fail, fmt.Sprintf("servers are added without scope %s (scopes: %s)", strings.Join(missing, ", "), strings.Join(in.Scopes, " ")),
			"developer portal, Installation, Guild Install: add scopes bot and applications.commands; or invite with " + invite}
	}
	var perms int64
	fmt.Sscan(in.Permissions, &perms)
	if lacks := names(neededBits() &^ perms); perms&discordgo.PermissionAdministrator == 0 && len(lacks) > 0 {
		return Check{"install link", Warn, "servers are added without " + strings.Join(lacks, ", "),
			"developer portal, Installation, Guild Install: add those permissions; or invite with " + invite}
	}
	return Check{"install link", OK, "servers are added with scopes bot and applications.commands and the permissions games need", ""}
}

func checkEndpoint(s Setup, app *discord.Application) Check {
	const name = "interactions"
	if s.Mode != "http" {
		if app.InteractionsEndpointURL != "" {
			return Check{name, Fail, "gateway mode, but the application sends interactions to " + app.InteractionsEndpointURL + ", never to the gateway",
				"developer portal, General Information: clear Interactions Endpoint URL, or run in mode = \"http\""}
		}
		return Check{name, OK, "gateway mode; no Interactions Endpoint URL set", ""}
	}
	key := hex.EncodeToString(s.Discord.PublicKey)
	switch {
	case len(s.Discord.PublicKey) != ed25519.PublicKeySize:
		return Check{name, Fail, "HTTP mode without a valid public_key", "copy PUBLIC KEY from the developer portal, General Information, into public_key"}
	case app.VerifyKey != "" && app.VerifyKey != key:
		return Check{name, Fail, "public_key is not this application's: every interaction would be refused",
			"set public_key to " + app.VerifyKey + " (developer portal, General Information, PUBLIC KEY)"}
	case app.InteractionsEndpointURL == "":
		return Check{name, Fail, "HTTP mode, but no Interactions Endpoint URL is set: interactions go to the gateway, which no process reads",
			"start the processes, then set Interactions Endpoint URL (developer portal, General Information) to the load balancer's https URL"}
	case !strings.HasPrefix(app.InteractionsEndpointURL, "https://"):
		return Check{name, Fail, "the Interactions Endpoint URL " + app.InteractionsEndpointURL + " is not https", "serve it over https through the load balancer"}
	}
	return Check{name, OK, "HTTP mode; public_key matches; interactions go to " + app.InteractionsEndpointURL, ""}
}

func checkCommands(ctx context.Context, p *discord.Probe, s Setup, app *discord.Application) Check {
	scope := "global"
	if s.DevGuildID != "" {
		scope = "server " + s.DevGuildID
	}
	name := "commands (" + scope + ")"
	got, err := p.Registered(ctx, app.ID, s.DevGuildID)
	if err != nil {
		return Check{name, Warn, "cannot be read: " + err.Error(), "check dev_guild_id names a server the bot is in"}
	}
	want := discord.Declared(s.Commands, s.DevGuildID == "")
	diff := compare(want, got)
	if len(diff) == 0 {
		return Check{name, OK, fmt.Sprintf("the %d commands this version declares are registered", len(want)), ""}
	}
	return Check{name, Warn, "registered commands differ from this version's: " + strings.Join(diff, "; "),
		"start this version: it registers its commands when it starts (one bulk overwrite); Discord shows global changes within minutes"}
}

// compare lists how the registered commands differ from the declared ones,
// by name and by their options' names and types, all the way down.
func compare(want, got []*discordgo.ApplicationCommand) []string {
	byName := map[string]*discordgo.ApplicationCommand{}
	for _, c := range got {
		byName[c.Name] = c
	}
	var diff []string
	for _, w := range want {
		g, ok := byName[w.Name]
		if !ok {
			diff = append(diff, "/"+w.Name+" missing")
			continue
		}
		delete(byName, w.Name)
		if shape(w.Options) != shape(g.Options) || w.Description != g.Description {
			diff = append(diff, "/"+w.Name+" changed")
		}
	}
	var extra []string
	for n := range byName {
		extra = append(extra, "/"+n+" not declared")
	}
	sort.Strings(extra)
	return append(diff, extra...)
}

func shape(opts []*discordgo.ApplicationCommandOption) string {
	var b strings.Builder
	for _, o := range opts {
		fmt.Fprintf(&b, "%s:%d:%t(%s)", o.Name, o.Type, o.Required, shape(o.Options))
	}
	return b.String()
}

func checkGuilds(ctx context.Context, p *discord.Probe) Report {
	guilds, err := p.Guilds(ctx)
	if err != nil {
		return Report{{"servers", Fail, "cannot be listed: " + err.Error(), "check the token"}}
	}
	if len(guilds) == 0 {
		return Report{{"servers", Warn, "the bot is in no server", "invite it with the install link (see install link above)"}}
	}
	var r Report
	for _, g := range guilds {
		r = append(r, checkGuild(g))
	}
	return r
}

func checkGuild(g discord.Guild) Check {
	name := fmt.Sprintf("server %s (%s)", g.Name, g.ID)
	if g.Owner || g.Permissions&discordgo.PermissionAdministrator != 0 {
		return Check{name, OK, "the bot is an administrator there", ""}
	}
	verdict := OK
	var lacks, why []string
	for _, p := range needed {
		if g.Permissions&p.bit == 0 {
			lacks = append(lacks, p.name)
			if !slices.Contains(why, p.why) {
				why = append(why, p.why)
			}
			verdict = max(verdict, p.verdict)
		}
	}
	if verdict == OK {
		return Check{name, OK, "the bot has every permission games need (channel overwrites can still take them away in a channel)", ""}
	}
	return Check{name, verdict, "the bot lacks " + strings.Join(lacks, ", ") + ": " + strings.Join(why, "; "),
		"Server Settings, Roles: give the bot's role " + strings.Join(lacks, ", ")}
}

// names lists the needed permissions in bits.
func names(bits int64) []string {
	var out []string
	for _, p := range needed {
		if bits&p.bit != 0 {
			out = append(out, p.name)
		}
	}
	return out
}
