package discord

import (
	"encoding/json"

	"github.com/bwmarrin/discordgo"
)

// dispatch handles the events the bot uses. The others are dropped: the
// bot keeps no state of guilds or channels, so GUILD_CREATE and
// THREAD_CREATE (sent only with the GUILDS intent, which the bot does not
// ask for, though a session given it must still run) are nothing to it.
func (g *gateway) dispatch(p gwPayload, identified func()) {
	switch p.T {
	case "READY":
		var r discordgo.Ready
		var extra struct {
			ResumeURL string `json:"resume_gateway_url"`
		}
		if err := json.Unmarshal(p.D, &r); err != nil {
			g.log.Error("could not read READY", "err", err)
			return
		}
		_ = json.Unmarshal(p.D, &extra)
		g.mu.Lock()
		g.sessionID, g.resumeURL, g.resumeFails = r.SessionID, extra.ResumeURL, 0
		g.mu.Unlock()
		identified()
		if g.onReady != nil {
			g.onReady(&r)
		}
	case "RESUMED":
		g.log.Info("resumed the Discord gateway session")
		g.mu.Lock()
		g.resumeFails = 0
		g.mu.Unlock()
		identified()
	case "INTERACTION_CREATE":
		var i discordgo.InteractionCreate
		if err := json.Unmarshal(p.D, &i); err != nil || i.Interaction == nil {
			g.log.Error("could not read an interaction", "err", err)
			return
		}
		if g.onInteraction != nil {
			go g.onInteraction(&i, inThread(&i, p.D))
		}
	}
}
