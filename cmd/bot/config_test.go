package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"
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
