package discordtest

import (
	"maps"
	"net/http"
)

// Thread events, after Discord's Gateway Events ("Thread Create"): a
// THREAD_CREATE is "sent when a thread is created, relevant to the current
// user, or when the current user is added to a thread"; its inner payload
// is the thread's channel object with newly_created true for a new thread,
// and only sessions that asked for the GUILDS intent get it. A thread the
// bot starts is relevant to it whether public or private.

// intentGuilds is the GUILDS gateway intent (1 << 0).
const intentGuilds = 1 << 0

// announceThread wraps a thread route: once it has started a thread, the
// sessions that carry the thread's guild get THREAD_CREATE. It is sent
// before the route answers, so a test that has the answer can look for
// the event at once.
func announceThread(h handler) handler {
	return func(s *Server, c *call) *reply {
		rep := h(s, c)
		if th, isMap := rep.body.(map[string]any); rep.status == http.StatusOK && isMap {
			s.gw.threadCreated(th)
		}
		return rep
	}
}

// threadCreated sends THREAD_CREATE for a new thread, given as the route
// answered it, to every live session with the GUILDS intent on the shard
// of the thread's guild. A bot without GUILDS (or without a session) gets
// nothing, as from Discord: no error.
func (g *gateway) threadCreated(wire map[string]any) {
	ev := maps.Clone(wire)
	// permissions is only in the resolved channels of an interaction.
	delete(ev, "permissions")
	ev["newly_created"] = true
	guild, _ := ev["guild_id"].(string)
	g.mu.Lock()
	for _, sess := range g.sessions {
		if sess.valid && sess.intents&intentGuilds != 0 && sess.shard[0] == ShardOf(guild, sess.shard[1]) {
			_ = g.sendLocked(sess, "THREAD_CREATE", ev, false)
			g.stats.ThreadCreates++
		}
	}
	g.mu.Unlock()
	g.s.notify()
}
