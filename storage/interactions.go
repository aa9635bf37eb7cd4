package storage

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// ClaimInteraction records that an interaction is being taken: true the
// first time its id is claimed by any process sharing the database, false
// ever after, so that a request sent again (a replay, or the same request
// reaching two processes) changes nothing. Claims older than keep are
// pruned in the same write; the caller refuses interactions that old by
// their own timestamp. The claim is a soft write (group_commit.go): it
// survives the process, and a power cut could take it back only together
// with everything the interaction did.
func (s *Store) ClaimInteraction(ctx context.Context, id string, now time.Time, keep time.Duration) (bool, error) {
	var claimed bool
	run := func(ctx context.Context, tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, s.q(`INSERT INTO seen_interactions (id, seen_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING`),
			id, now.UnixMilli())
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		claimed = n == 1
		_, err = tx.ExecContext(ctx, s.q(`DELETE FROM seen_interactions WHERE seen_at < ?`), now.Add(-keep).UnixMilli())
		return err
	}
	var err error
	if s.group != nil {
		err = s.group.doSoft(ctx, run)
	} else {
		err = s.write(ctx, run)
	}
	return claimed && err == nil, err
}

// BotState is what the bot keeps about itself under key ("" when unset).
func (s *Store) BotState(ctx context.Context, key string) (string, error) {
	var v string
	err := s.read.QueryRowContext(ctx, s.q(`SELECT value FROM bot_state WHERE key = ?`), key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return v, err
}

// SetBotState keeps value under key.
func (s *Store) SetBotState(ctx context.Context, key, value string) error {
	return s.exec(ctx, `INSERT INTO bot_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, key, value)
}
