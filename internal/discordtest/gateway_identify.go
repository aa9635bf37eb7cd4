package discordtest

import (
	"encoding/json"
	"fmt"

	"github.com/gorilla/websocket"
)

func (g *gateway) tokenOK(t string) bool {
	g.mu.Lock()
	reset := g.limits.tokenReset
	g.mu.Unlock()
	want := g.s.cfg.token
	return !reset && t != "" && (t == want || "Bot "+t == want)
}

func (g *gateway) identify(c *gwConn, d json.RawMessage) bool {
	var id struct {
		Token    string `json:"token"`
		Intents  int    `json:"intents"`
		Compress bool   `json:"compress"`
		Shard    []int  `json:"shard"`
	}
	if json.Unmarshal(d, &id) != nil {
		c.closeWith(CloseDecodeError, "Decode error")
		return false
	}
	shard := [2]int{0, 1}
	if id.Shard != nil {
		// Discord: [shard_id, num_shards], 0 <= shard_id < num_shards.
		if len(id.Shard) != 2 || id.Shard[1] < 1 || id.Shard[0] < 0 || id.Shard[0] >= id.Shard[1] {
			c.closeWith(CloseInvalidShard, "Invalid shard")
			return false
		}
		shard = [2]int{id.Shard[0], id.Shard[1]}
	}
	if !g.tokenOK(id.Token) {
		c.closeWith(CloseAuthenticationFailed, "Authentication failed")
		return false
	}
	ready, guildCreates := g.s.readyPayloads(shard)
	g.mu.Lock()
	if c.identified {
		g.mu.Unlock()
		c.closeWith(CloseAlreadyAuthenticated, "Already authenticated")
		return false
	}
	if c.invalidated {
		g.stats.SameSocketIdentifies++
	}
	if refused, alive := g.startSessionLocked(c, shard); refused {
		g.mu.Unlock()
		g.s.notify()
		return alive
	}
	sess := &gwSession{id: randomHex(16), valid: true, compress: id.Compress, conn: c, shard: shard, intents: id.Intents}
	g.sessions[sess.id] = sess
	c.session, c.identified = sess, true
	g.stats.Identifies++
	if g.stats.Shards == nil {
		g.stats.Shards = map[string]int{}
	}
	g.stats.Shards[fmt.Sprintf("%d/%d", shard[0], shard[1])]++
	g.stats.Intents = id.Intents
	ready["session_id"] = sess.id
	err := g.sendLocked(sess, "READY", ready, id.Compress)
	if id.Intents&intentGuilds != 0 {
		for _, gc := range guildCreates {
			if err == nil {
				err = g.sendLocked(sess, "GUILD_CREATE", gc, id.Compress)
			}
		}
	}
	g.mu.Unlock()
	g.s.notify()
	return err == nil
}

func (g *gateway) resume(c *gwConn, d json.RawMessage) bool {
	var rs struct {
		Token     string `json:"token"`
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	if json.Unmarshal(d, &rs) != nil {
		c.closeWith(CloseDecodeError, "Decode error")
		return false
	}
	if !g.tokenOK(rs.Token) {
		c.closeWith(CloseAuthenticationFailed, "Authentication failed")
		return false
	}
	g.mu.Lock()
	sess := g.sessions[rs.SessionID]
	if sess == nil || !sess.valid {
		g.mu.Unlock()
		// Invalid session, not resumable: the client must identify anew.
		return c.writeJSON(map[string]any{"op": 9, "d": false}) == nil
	}
	if rs.Seq > sess.seq {
		g.mu.Unlock()
		c.closeWith(CloseInvalidSeq, "Invalid seq")
		return false
	}
	if rs.Seq < sess.acked {
		// Frames it confirmed having are gone: it cannot resume there.
		g.mu.Unlock()
		return c.writeJSON(map[string]any{"op": 9, "d": false}) == nil
	}
	if old := sess.conn; old != nil && old != c {
		old.dropped = true
		_ = old.ws.Close()
	}
	sess.conn = c
	c.session, c.identified = sess, true
	var err error
	for _, f := range sess.log {
		if f.seq > rs.Seq && err == nil {
			err = c.write(websocket.TextMessage, f.data)
		}
	}
	if err == nil {
		err = g.sendLocked(sess, "RESUMED", map[string]any{"_trace": []string{"discordtest"}}, false)
	}
	g.stats.Resumes++
	g.mu.Unlock()
	g.s.notify()
	return err == nil
}

func (s *Server) readyPayloads(shard [2]int) (map[string]any, []map[string]any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	guilds := []any{}
	var creates []map[string]any
	for _, g := range s.guilds {
		if ShardOf(g.id, shard[1]) != shard[0] {
			continue // another shard's server
		}
		guilds = append(guilds, map[string]any{"id": g.id, "unavailable": true})
		chans := []any{}
		threads := []any{}
		for _, id := range g.channels {
			w := s.wireChannel(s.channels[id])
			if isThread(s.channels[id].kind) {
				threads = append(threads, w)
			} else {
				chans = append(chans, w)
			}
		}
		creates = append(creates, map[string]any{
			"id": g.id, "name": "guild-" + g.id, "unavailable": false, "owner_id": "1",
			"member_count": len(s.users) + 1, "large": false, "joined_at": "2024-01-01T00:00:00.000000+00:00",
			"channels": chans, "threads": threads, "members": []any{}, "voice_states": []any{},
			"presences": []any{}, "emojis": []any{}, "stickers": []any{},
			"roles": []any{map[string]any{"id": g.id, "name": "@everyone", "permissions": itoa64(DefaultMemberPermissions), "position": 0}},
		})
	}
	ready := map[string]any{
		"v":                  10,
		"user":               s.wireBot(),
		"guilds":             guilds,
		"private_channels":   []any{},
		"resume_gateway_url": "ws://" + s.addr + resumePath,
		"application":        map[string]any{"id": s.cfg.appID, "flags": 0},
		"shard":              shard,
		"_trace":             []string{"discordtest"},
	}
	return ready, creates
}
