package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"standoff/internal/discord"
	"standoff/internal/discordtest"
)

// TestDoctorCommand runs `standoff doctor -config` against the fake
// Discord on loopback: a good setup (commands not registered yet: a
// warning only) passes; a wrong token and a server where the bot cannot
// attach files fail it (the exit status is non-zero).
func TestDoctorCommand(t *testing.T) {
	fake := discordtest.New(t)
	fake.AddChannel("900", "901")
	t.Setenv(discord.RedirectEnv, strings.TrimPrefix(fake.URL(), "http://"))
	dir := t.TempDir()
	config := func(token string) string {
		p := filepath.Join(dir, token+".toml")
		body := "token = \"" + token + "\"\ndatabase = \"" + filepath.Join(dir, "standoff.db") + "\"\n"
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	t.Setenv("DISCORD_TOKEN", "")
	good := config(strings.TrimPrefix(fake.Token(), "Bot "))
	var out bytes.Buffer
	if err := runDoctor([]string{"-config", good}, &out); err != nil || !strings.Contains(out.String(), "Ready to play, 1 warning(s).") {
		t.Errorf("a good setup: %v\n%s", err, out.String())
	}
	out.Reset()
	if err := runDoctor([]string{"-config", config("wrong")}, &out); err != errUnready || !strings.Contains(out.String(), "FAIL  token") {
		t.Errorf("a wrong token: %v\n%s", err, out.String())
	}
	fake.DenyBotInGuild("900", discordtest.PermAttachFiles, true)
	out.Reset()
	if err := runDoctor([]string{"-config", good}, &out); err != errUnready || !strings.Contains(out.String(), "lacks Attach Files") {
		t.Errorf("no Attach Files: %v\n%s", err, out.String())
	}
}
