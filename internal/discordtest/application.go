package discordtest

import "sort"

// RouteCurrentUserGuilds lists the guilds the bot is in, each with the
// bot's permissions there (what standoff doctor checks per server).
const RouteCurrentUserGuilds = "GET /users/@me/guilds"

// installParams is the application's default install link (developer
// portal, Installation): the scopes and permissions a server's admin is
// asked for when adding the bot.
type installParams struct {
	set    bool // false: the portal has no install link
	scopes []string
	perms  int64
}

// SetInstallParams sets the application's guild install link: the OAuth2
// scopes and the bot's permissions (install_params and
// integration_types_config["0"].oauth2_install_params). By default the
// link asks for bot and applications.commands with the bot's usual
// permissions.
func (s *Server) SetInstallParams(scopes []string, perms int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.install = installParams{set: true, scopes: append([]string(nil), scopes...), perms: perms}
}

// ClearInstallParams leaves the application without an install link.
func (s *Server) ClearInstallParams() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.install = installParams{}
}

// DenyBotInGuild takes permissions from the bot in the whole guild (its
// roles lack them), or gives them back.
func (s *Server) DenyBotInGuild(guildID string, perms int64, deny bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.guilds[guildID]
	if g == nil {
		s.fatalf("discordtest: unknown guild %q", guildID)
		return
	}
	if deny {
		g.denied |= perms
	} else {
		g.denied &^= perms
	}
	s.notifyLocked()
}

// getApplication is GET /applications/@me: the fields the bot and the
// doctor read, as Discord documents the application object.
func (s *Server) getApplication(c *call) *reply {
	s.mu.Lock()
	defer s.mu.Unlock()
	app := map[string]any{
		"id": s.cfg.appID, "name": s.cfg.botName, "description": "", "icon": nil,
		"bot_public": false, "bot_require_code_grant": false, "flags": 0,
		"bot": s.wireBot(), "verify_key": s.PublicKeyHex(), "interactions_endpoint_url": nil,
		"integration_types_config": map[string]any{"0": map[string]any{}},
	}
	if len(s.endpoints) > 0 {
		app["interactions_endpoint_url"] = s.endpoints[0]
	}
	if s.install.set {
		p := map[string]any{"scopes": s.install.scopes, "permissions": itoa64(s.install.perms)}
		app["install_params"] = p
		app["integration_types_config"] = map[string]any{"0": map[string]any{"oauth2_install_params": p}}
	}
	return ok(app)
}

// listGuilds is GET /users/@me/guilds: partial guilds with the bot's
// permissions in each (its roles', before channel overwrites).
func (s *Server) listGuilds(c *call) *reply {
	s.mu.Lock()
	defer s.mu.Unlock()
	ids := make([]string, 0, len(s.guilds))
	for id, g := range s.guilds {
		if !g.botRemoved {
			ids = append(ids, id)
		}
	}
	sort.Slice(ids, func(i, j int) bool { return idLess(ids[i], ids[j]) })
	out := []any{}
	for _, id := range ids {
		out = append(out, map[string]any{
			"id": id, "name": "guild-" + id, "icon": nil, "banner": nil, "owner": false,
			"permissions": itoa64(botPermissions &^ s.guilds[id].denied), "features": []any{},
		})
	}
	return ok(out)
}
