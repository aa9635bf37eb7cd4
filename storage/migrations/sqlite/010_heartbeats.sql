-- One row per live bot process: the processes sharing a bot token find
-- their share of Discord's global rate limit by counting the rows not yet
-- expired (internal/discord/share.go). expires_at is in Unix
-- milliseconds, set by the process from its own clock.
CREATE TABLE process_heartbeats (
    process TEXT PRIMARY KEY,
    expires_at BIGINT NOT NULL
);
