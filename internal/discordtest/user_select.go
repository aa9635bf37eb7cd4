package discordtest

import "fmt"

// A user select (component type 5) lists the users Discord's client knows
// in the channel; a pick sends their ids as the values, and the
// interaction's data.resolved holds each one's user object (with "bot":
// true for a bot account) and, in a guild, their member object without
// its user, as Discord documents for select menu interactions.

// AddBotUser adds a bot account other than the application's own: a user
// whose user object says "bot": true. It can be named in user options and
// picked in user selects, as a bot on a real server can.
func (s *Server) AddBotUser(id, name string) {
	s.AddUser(id, name)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.users[id].bot = true
}

// resolvePickedLocked is a user select's resolved data for the picked ids;
// an id that is no user (the client lists only users) is an error.
func (s *Server) resolvePickedLocked(ch *channelState, ids []string) (map[string]any, error) {
	users, members := map[string]any{}, map[string]any{}
	for _, id := range ids {
		if id == s.cfg.botID {
			users[id] = s.wireBot()
			members[id] = map[string]any{"roles": []any{}, "joined_at": "2024-01-01T00:00:00.000000+00:00", "nick": nil, "avatar": nil,
				"deaf": false, "mute": false, "flags": 0, "pending": false, "premium_since": nil, "permissions": "0"}
			continue
		}
		u := s.users[id]
		if u == nil {
			return nil, fmt.Errorf("discordtest: a user select cannot pick %q: no such user", id)
		}
		users[id] = s.wireUser(u)
		members[id] = s.wireMember(u, false)
	}
	out := map[string]any{"users": users}
	if ch.guildID != "" {
		out["members"] = members
	}
	return out, nil
}
