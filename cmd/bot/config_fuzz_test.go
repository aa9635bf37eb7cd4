package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fuzzToken is a token the config files below carry; no error may repeat it.
const fuzzToken = "NzkyNzE1NDU0MTk2MDg4ODQy.X-hvzA.Ovy4MCQywSkoMRRclStW4xAYK7I"

// FuzzLoadConfig reads config files that start with a token and go on with
// anything: loading never panics, a bad file is an error that names the
// file and never repeats the token, and a good one yields a router config
// with no negative duration.
func FuzzLoadConfig(f *testing.F) {
	for _, s := range []string{
		"", "database = \"x.db\"", "[reminders]\nremind_after = \"12h\"", "[reminders]\nturn_limit = \"none\"",
		"[reminders]\nremind_after = \"-5h\"", "token = 5", "token = \"" + fuzzToken, "unknown = 1", "[reminders]\nclose_after = \"forever\"",
		"log_level = \"debug\"\ndev_guild_id = \"123\"", "\x00", "[[reminders]]", "database = '''\n'''", "token = \"a\"\ntoken = \"b\"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, rest string) {
		if os.Getenv("DISCORD_TOKEN") != "" {
			t.Fatal("DISCORD_TOKEN is set: it would override the file")
		}
		path := filepath.Join(t.TempDir(), "config.toml")
		body := "token = \"" + fuzzToken + "\"\n" + rest
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		c, err := loadConfig(path)
		if err != nil {
			if strings.Contains(err.Error(), fuzzToken) || strings.Contains(err.Error(), "X-hvzA") {
				t.Fatalf("the error repeats the token: %v", err)
			}
			if !strings.Contains(err.Error(), path) {
				t.Fatalf("the error does not name the file: %v", err)
			}
			return
		}
		if c.Database == "" {
			t.Fatal("no database after loading")
		}
		tb := c.table()
		for _, d := range []int64{int64(tb.RemindAfter), int64(tb.RemindEvery), int64(tb.AnswerAfter), int64(tb.TurnLimit), int64(tb.CloseAfter)} {
			if d < 0 {
				t.Fatalf("a negative duration in %+v from %q", tb, rest)
			}
		}
	})
}
