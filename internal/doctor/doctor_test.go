package doctor

import (
	"bytes"
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	"standoff/internal/catalog"
	"standoff/internal/commands"
	"standoff/internal/discord"
	"standoff/internal/discordtest"
	"standoff/storage"
)

const guild = "900"

// world is a fake Discord where everything is set up right: the bot in
// one server with the permissions games need, the install link asking for
// bot and applications.commands, this version's commands registered; and
// a migrated SQLite database.
func world(t *testing.T) (*discordtest.Server, Setup) {
	t.Helper()
	fake := discordtest.New(t)
	fake.AddChannel(guild, "901")
	db := filepath.Join(t.TempDir(), "standoff.db")
	s, err := storage.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	cmds := commands.New(commands.Deps{Games: catalog.Games()}, commands.DefaultConfig()).Commands()
	if _, err := fake.NewSession().ApplicationCommandBulkOverwrite(fake.ApplicationID(), "", discord.Declared(cmds, true)); err != nil {
		t.Fatal(err)
	}
	return fake, Setup{Discord: discord.Options{Token: strings.TrimPrefix(fake.Token(), "Bot "), Configure: fake.Configure},
		Mode: "gateway", Database: db, Commands: cmds}
}

// check runs the doctor and returns the report and its printout.
func check(t *testing.T, s Setup) (Report, string) {
	t.Helper()
	r := Run(context.Background(), s)
	var out bytes.Buffer
	r.Write(&out)
	return r, out.String()
}

// find is the check whose name starts with prefix.
func find(t *testing.T, r Report, out, prefix string) Check {
	t.Helper()
	for _, c := range r {
		if strings.HasPrefix(c.Name, prefix) {
			return c
		}
	}
	t.Fatalf("no check %q in\n%s", prefix, out)
	return Check{}
}

func TestDoctorPassesAGoodSetup(t *testing.T) {
	t.Parallel()
	_, s := world(t)
	r, out := check(t, s)
	if r.Failed() || strings.Contains(out, "warn") || !strings.Contains(out, "Ready to play.") {
		t.Errorf("a good setup:\n%s", out)
	}
	if c := find(t, r, out, "token"); !strings.Contains(c.Detail, "Standoff") {
		t.Errorf("the token check does not say who the bot is: %+v", c)
	}
}

func TestDoctorFindsABadToken(t *testing.T) {
	t.Parallel()
	_, s := world(t)
	s.Discord.Token = "not.the.token"
	r, out := check(t, s)
	c := find(t, r, out, "token")
	if !r.Failed() || c.Verdict != Fail || !strings.Contains(c.Detail, "401") || !strings.Contains(c.Fix, "Reset Token") {
		t.Errorf("a bad token:\n%s", out)
	}
}

func TestDoctorFindsMissingPermissions(t *testing.T) {
	t.Parallel()
	fake, s := world(t)
	fake.DenyBotInGuild(guild, discordtest.PermAttachFiles|discordtest.PermCreatePublicThreads, true)
	r, out := check(t, s)
	c := find(t, r, out, "server")
	if !r.Failed() || c.Verdict != Fail || !strings.Contains(c.Detail, "Attach Files, Create Public Threads") ||
		!strings.Contains(c.Fix, "give the bot's role Attach Files, Create Public Threads") {
		t.Errorf("missing Attach Files and Create Public Threads:\n%s", out)
	}
	// Without thread permissions alone games still play, in the channel.
	fake.DenyBotInGuild(guild, discordtest.PermAttachFiles, false)
	fake.DenyBotInGuild(guild, discordtest.PermSendMessagesInThread, true)
	r, out = check(t, s)
	if c := find(t, r, out, "server"); r.Failed() || c.Verdict != Warn || !strings.Contains(c.Detail, "stay in the channel") {
		t.Errorf("missing thread permissions only:\n%s", out)
	}
}

func TestDoctorFindsTheInstallLinkAndCommands(t *testing.T) {
	t.Parallel()
	fake, s := world(t)
	fake.SetInstallParams([]string{"applications.commands"}, discordtest.PermSendMessages)
	s.Commands = s.Commands[1:] // this version declares one command fewer than registered
	r, out := check(t, s)
	if c := find(t, r, out, "install link"); c.Verdict != Fail || !strings.Contains(c.Detail, "without scope bot") || !strings.Contains(c.Fix, "scope=bot+applications.commands") {
		t.Errorf("install link without the bot scope:\n%s", out)
	}
	if c := find(t, r, out, "commands"); c.Verdict != Warn || !strings.Contains(c.Detail, "not declared") {
		t.Errorf("commands differing:\n%s", out)
	}
	fake.ClearInstallParams()
	r, out = check(t, s)
	if c := find(t, r, out, "install link"); c.Verdict != Warn {
		t.Errorf("no install link:\n%s", out)
	}
}

func TestDoctorFindsTheInteractionsEndpoint(t *testing.T) {
	t.Parallel()
	fake, s := world(t)
	fake.SetInteractionEndpoints("https://standoff.example/interactions")
	r, out := check(t, s)
	if c := find(t, r, out, "interactions"); !r.Failed() || c.Verdict != Fail || !strings.Contains(c.Fix, "clear Interactions Endpoint URL") {
		t.Errorf("gateway mode with an endpoint URL:\n%s", out)
	}
	s.Mode = "http"
	s.Discord.PublicKey = make([]byte, 32) // not the application's
	r, out = check(t, s)
	if c := find(t, r, out, "interactions"); c.Verdict != Fail || !strings.Contains(c.Fix, fake.PublicKeyHex()) {
		t.Errorf("HTTP mode with a wrong public key:\n%s", out)
	}
	s.Discord.PublicKey = fake.PublicKey()
	r, out = check(t, s)
	if c := find(t, r, out, "interactions"); r.Failed() || c.Verdict != OK {
		t.Errorf("HTTP mode set up right:\n%s", out)
	}
}

func TestDoctorFindsTheDatabase(t *testing.T) {
	t.Parallel()
	_, s := world(t)
	db, err := sql.Open("sqlite3", s.Database)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO schema_migrations (version) VALUES (999)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	r, out := check(t, s)
	if c := find(t, r, out, "schema"); !r.Failed() || c.Verdict != Fail || !strings.Contains(c.Detail, "newer Standoff") {
		t.Errorf("a database of a newer version:\n%s", out)
	}
	s.Database = filepath.Join(t.TempDir(), "no", "such", "dir", "x.db")
	r, out = check(t, s)
	if c := find(t, r, out, "database"); !r.Failed() || c.Verdict != Fail {
		t.Errorf("a database that cannot be created:\n%s", out)
	}
}
