package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"standoff/internal/catalog"
	"standoff/internal/commands"
	"standoff/internal/discord"
	"standoff/internal/doctor"
)

// errUnready is doctor's error when a check found something that would
// break play: the report said what, so main only sets the exit status.
var errUnready = fmt.Errorf("not ready to play")

// runDoctor checks the setup a config describes (standoff doctor) and
// prints the report to out; it fails when something would break play.
func runDoctor(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("doctor", flag.ContinueOnError)
	path := fs.String("config", "", "TOML config file (see config.example.toml)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, err := loadConfig(*path)
	if err != nil {
		fmt.Fprintf(out, "FAIL  config: %v\n      fix: correct the file (config.example.toml explains every key)\n", err)
		return errUnready
	}
	s := doctor.Setup{Mode: cfg.Mode, Database: cfg.Database, DevGuildID: cfg.DevGuildID,
		Discord: discord.Options{Token: cfg.Token},
		// The commands this version registers; the router is built only
		// to declare them, with no database or Discord behind it.
		Commands: commands.New(commands.Deps{Games: catalog.Games()}, cfg.table()).Commands()}
	if cfg.Mode == "http" {
		s.Discord.PublicKey, _ = discord.ParsePublicKey(cfg.PublicKey)
	}
	if addr := os.Getenv(discord.RedirectEnv); addr != "" {
		if s.Discord.Configure, err = discord.RedirectTo(addr); err != nil {
			return err
		}
		fmt.Fprintln(out, "(talking to a fake Discord at "+addr+", not discord.com)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	r := doctor.Run(ctx, s)
	r.Write(out)
	if r.Failed() {
		return errUnready
	}
	return nil
}
