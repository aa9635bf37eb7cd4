package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"standoff/internal/commands"
)

// The example file in the repository is a valid config, and its values
// reach the router.
func TestExampleConfigLoads(t *testing.T) {
	c, err := loadConfig("../../config.example.toml")
	if err != nil {
		t.Fatal(err)
	}
	tb := c.table()
	if tb.RemindAfter != 12*time.Hour || tb.TurnLimit != 0 || tb.CloseAfter != 720*time.Hour {
		t.Fatalf("table config %+v", tb)
	}
	if l := c.rateLimit(); l != commands.DefaultRateLimit {
		t.Fatalf("the example's rate limit %+v is not the default %+v", l, commands.DefaultRateLimit)
	}
}

// [rate_limit] overrides the default per-user limit, a key at a time;
// a negative value is refused.
func TestRateLimitFromTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.toml")
	load := func(body string) (config, error) {
		os.WriteFile(path, []byte(body), 0o644)
		return loadConfig(path)
	}
	c, err := load("[rate_limit]\nburst = 50\n")
	if err != nil {
		t.Fatal(err)
	}
	if l := c.rateLimit(); l.Burst != 50 || l.PerSecond != commands.DefaultRateLimit.PerSecond || l.NoticeEvery != commands.DefaultRateLimit.NoticeEvery {
		t.Errorf("burst = 50 gave %+v", l)
	}
	if c, err = load(""); err != nil || c.rateLimit() != commands.DefaultRateLimit {
		t.Errorf("no [rate_limit] gave %+v (%v), want the default", c.rateLimit(), err)
	}
	for _, bad := range []string{"burst = -1", "per_second = -2.5"} {
		if _, err := load("[rate_limit]\n" + bad + "\n"); err == nil {
			t.Errorf("%s was accepted", bad)
		}
	}
}

func TestTurnLimitAndCloseAfterFromTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.toml")
	os.WriteFile(path, []byte("[reminders]\nturn_limit = \"72h\"\nclose_after = \"none\"\n"), 0o644)
	c, err := loadConfig(path)
	if err != nil {
		t.Fatal(err)
	}
	tb := c.table()
	if tb.TurnLimit != 72*time.Hour || tb.CloseAfter != 0 {
		t.Fatalf("table config %+v", tb)
	}
	for _, bad := range []string{"3 days", "-5h"} {
		os.WriteFile(path, []byte("[reminders]\nturn_limit = \""+bad+"\"\n"), 0o644)
		if _, err := loadConfig(path); err == nil {
			t.Fatalf("the duration %q was accepted", bad)
		}
	}
}
