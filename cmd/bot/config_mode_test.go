package main

import (
	"crypto/ed25519"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The interactions mode, its listen address and public key, the shard
// count and the clock's period come from the file, with readable refusals.
func TestModeConfig(t *testing.T) {
	pub, _, _ := ed25519.GenerateKey(nil)
	key := hex.EncodeToString(pub)
	load := func(body string) (config, error) {
		path := filepath.Join(t.TempDir(), "c.toml")
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return loadConfig(path)
	}
	c, err := load("")
	if err != nil || c.Mode != "gateway" || c.Shards != 0 {
		t.Errorf("defaults: mode %q shards %d err %v, want gateway, 0 (Discord's count)", c.Mode, c.Shards, err)
	}
	c, err = load("mode = \"http\"\npublic_key = \"" + key + "\"\n")
	if err != nil || c.Mode != "http" || c.Listen != "127.0.0.1:8080" {
		t.Errorf("http mode: %+v %v, want listen 127.0.0.1:8080 by default", c, err)
	}
	c, err = load("mode = \"http\"\nlisten = \"0.0.0.0:9000\"\npublic_key = \"" + key + "\"\nshards = 4\n[reminders]\ncheck_every = \"10s\"\n")
	if err != nil || c.Listen != "0.0.0.0:9000" || c.Shards != 4 || c.Reminders.CheckEvery.Duration != 10*time.Second {
		t.Errorf("explicit values: %+v %v", c, err)
	}
	// An HTTP-mode process drains 10 s by default before it stops, or as
	// the file says; "none" stops at once, and gateway mode never drains.
	for body, want := range map[string]time.Duration{
		"mode = \"http\"\npublic_key = \"" + key + "\"\n":                   defaultDrain,
		"mode = \"http\"\npublic_key = \"" + key + "\"\ndrain = \"3s\"\n":   3 * time.Second,
		"mode = \"http\"\npublic_key = \"" + key + "\"\ndrain = \"none\"\n": 0,
		"drain = \"30s\"\n": 0,
	} {
		c, err := load(body)
		if err != nil || c.drain() != want {
			t.Errorf("%q: drain %v err %v, want %v", body, c.drain(), err, want)
		}
	}
	for body, want := range map[string]string{
		"mode = \"http\"\n":                        "public_key",
		"mode = \"http\"\npublic_key = \"abcd\"\n": "64 hex digits",
		"mode = \"webhook\"\n":                     "neither \"gateway\" nor \"http\"",
		"shards = -1\n":                            "shards = -1",
		"mode = \"gateway\"\npublic_kee = \"x\"\n": "unknown key",
	} {
		if _, err := load(body); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: err = %v, want one saying %q", body, err, want)
		}
	}
}

// A PostgreSQL URL's password never reaches the log.
func TestDatabaseForLog(t *testing.T) {
	c := config{Database: "postgres://standoff:s3cret@db.internal:5432/standoff?sslmode=require"}
	if got := c.databaseForLog(); strings.Contains(got, "s3cret") || !strings.Contains(got, "db.internal") {
		t.Errorf("logged %q", got)
	}
	if got := (config{Database: "standoff.db"}).databaseForLog(); got != "standoff.db" {
		t.Errorf("logged %q", got)
	}
}
