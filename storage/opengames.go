package storage

import "context"

// OpenGames lists every game in a lobby or being played, oldest first.
func (s *Store) OpenGames(ctx context.Context) ([]*Game, error) {
	ids, err := s.ids(ctx, `SELECT id FROM games WHERE status IN ('lobby', 'active') ORDER BY id`)
	if err != nil {
		return nil, err
	}
	out := make([]*Game, 0, len(ids))
	for _, id := range ids {
		g, err := s.Game(ctx, id)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, nil
}
