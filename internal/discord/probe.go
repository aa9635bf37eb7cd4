package discord

import (
	"context"
	"net/http"
	"strconv"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/commands"
)

// Probe reads, with the bot's token, what standoff doctor checks: who the
// bot is, its application, its registered commands and its servers. It
// opens no gateway session and changes nothing.
type Probe struct{ b *Bot }

// NewProbe makes a probe from the bot's options (Token, Configure).
func NewProbe(opts Options) (*Probe, error) {
	opts.Share, opts.RequestsPerSecond = nil, 0
	b, err := New(opts)
	if err != nil {
		return nil, err
	}
	return &Probe{b}, nil
}

func (p *Probe) get(ctx context.Context, url string, out any) error {
	return p.b.api.call(ctx, http.MethodGet, url, nil, nil, out)
}

// Me is the bot's user.
func (p *Probe) Me(ctx context.Context) (*discordgo.User, error) {
	var u discordgo.User
	return &u, p.get(ctx, discordgo.EndpointUser("@me"), &u)
}

// InstallParams are an install link's OAuth2 scopes and bot permissions.
type InstallParams struct {
	Scopes      []string `json:"scopes"`
	Permissions string   `json:"permissions"`
}

// Application is the fields of the application object the doctor reads.
type Application struct {
	ID                      string         `json:"id"`
	Name                    string         `json:"name"`
	VerifyKey               string         `json:"verify_key"`
	InteractionsEndpointURL string         `json:"interactions_endpoint_url"`
	InstallParams           *InstallParams `json:"install_params"`
	IntegrationTypesConfig  map[string]struct {
		OAuth2InstallParams *InstallParams `json:"oauth2_install_params"`
	} `json:"integration_types_config"`
}

// GuildInstall is the install link servers are added with: the guild
// integration type's, or the older install_params; nil when there is none.
func (a *Application) GuildInstall() *InstallParams {
	if c, ok := a.IntegrationTypesConfig["0"]; ok && c.OAuth2InstallParams != nil {
		return c.OAuth2InstallParams
	}
	return a.InstallParams
}

// Application is the bot's application.
func (p *Probe) Application(ctx context.Context) (*Application, error) {
	var a Application
	return &a, p.get(ctx, discordgo.EndpointApplication("@me"), &a)
}

// Registered lists the commands registered in a scope: global ("" guild)
// or one guild's.
func (p *Probe) Registered(ctx context.Context, appID, guildID string) ([]*discordgo.ApplicationCommand, error) {
	var cmds []*discordgo.ApplicationCommand
	return cmds, p.get(ctx, commandsEndpoint(appID, guildID), &cmds)
}

// Guild is a server the bot is in, with the bot's permissions there
// (its roles', before any channel's overwrites).
type Guild struct {
	ID, Name    string
	Owner       bool
	Permissions int64
}

// Guilds lists the servers the bot is in (the first 200: Discord's page).
func (p *Probe) Guilds(ctx context.Context) ([]Guild, error) {
	var raw []struct {
		ID          string `json:"id"`
		Name        string `json:"name"`
		Owner       bool   `json:"owner"`
		Permissions string `json:"permissions"`
	}
	if err := p.get(ctx, discordgo.EndpointUserGuilds("@me")+"?limit=200", &raw); err != nil {
		return nil, err
	}
	out := make([]Guild, 0, len(raw))
	for _, g := range raw {
		perms, _ := strconv.ParseInt(g.Permissions, 10, 64)
		out = append(out, Guild{ID: g.ID, Name: g.Name, Owner: g.Owner, Permissions: perms})
	}
	return out, nil
}

// Declared is what this version registers for these commands: globally
// (with the contexts it allows) or in a dev guild.
func Declared(cmds []commands.Command, global bool) []*discordgo.ApplicationCommand {
	return applicationCommands(cmds, global)
}

// HTTPStatus is the HTTP status of a failed Discord request (401 for a
// refused token), 0 when no answer came.
func HTTPStatus(err error) int { return status(err) }
