package discordtest_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/discordtest"
)

const (
	guild  = "900"
	chanA  = "901"
	chanB  = "902"
	alice  = "100"
	bob    = "101"
	wait   = 5 * time.Second
	nowait = 300 * time.Millisecond
)

// newWorld is a fake with a guild of two channels and two users.
func newWorld(t *testing.T, opts ...discordtest.ServerOption) *discordtest.Server {
	t.Helper()
	fake := discordtest.New(t, opts...)
	fake.AddUser(alice, "alice")
	fake.AddUser(bob, "bob")
	fake.AddChannel(guild, chanA)
	fake.AddChannel(guild, chanB)
	return fake
}

// startBot opens a real discordgo session against the fake with the
// interaction handler; the session is closed before the fake.
func startBot(t *testing.T, fake *discordtest.Server, handle func(*discordgo.Session, *discordgo.InteractionCreate)) *discordgo.Session {
	t.Helper()
	dg := fake.NewSession()
	if handle != nil {
		dg.AddHandler(handle)
	}
	if err := dg.Open(); err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { _ = dg.Close() })
	if err := fake.WaitGatewayReady(wait); err != nil {
		t.Fatalf("gateway not ready: %v", err)
	}
	return dg
}

func ptr[T any](v T) *T { return &v }

// gameCommands is a command set shaped like the bot's.
func gameCommands() []*discordgo.ApplicationCommand {
	return []*discordgo.ApplicationCommand{
		{Name: "ping", Description: "Answer pong"},
		{
			Name: "game", Description: "Everything all games share",
			Options: []*discordgo.ApplicationCommandOption{
				{Type: discordgo.ApplicationCommandOptionSubCommand, Name: "status", Description: "Show the game"},
				{
					Type: discordgo.ApplicationCommandOptionSubCommand, Name: "new", Description: "Start a game",
					Options: []*discordgo.ApplicationCommandOption{
						{Type: discordgo.ApplicationCommandOptionString, Name: "kind", Description: "Which game", Required: true,
							Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "Hijack", Value: "hijack"}, {Name: "Locked Out", Value: "lockedout"}}},
						{Type: discordgo.ApplicationCommandOptionInteger, Name: "players", Description: "Seats", MinValue: ptr(2.0), MaxValue: 6},
						{Type: discordgo.ApplicationCommandOptionUser, Name: "opponent", Description: "Who to play"},
						{Type: discordgo.ApplicationCommandOptionBoolean, Name: "bot", Description: "Add a bot"},
					},
				},
				{
					Type: discordgo.ApplicationCommandOptionSubCommand, Name: "move", Description: "Play a typed move",
					Options: []*discordgo.ApplicationCommandOption{
						{Type: discordgo.ApplicationCommandOptionString, Name: "text", Description: "The move", Required: true, Autocomplete: true},
					},
				},
			},
		},
		{Name: "setup", Description: "Admin setup", DefaultMemberPermissions: ptr(discordtest.PermManageChannels),
			DMPermission: ptr(false)},
	}
}

func registerCommands(t *testing.T, dg *discordgo.Session, fake *discordtest.Server, guildID string) []*discordgo.ApplicationCommand {
	t.Helper()
	cmds, err := dg.ApplicationCommandBulkOverwrite(fake.ApplicationID(), guildID, gameCommands())
	if err != nil {
		t.Fatalf("bulk overwrite: %v", err)
	}
	return cmds
}

func pngBytes(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x++ {
		img.Set(x, x%h, color.RGBA{200, 30, 30, 255})
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func pngFile(t *testing.T, name string) *discordgo.File {
	return &discordgo.File{Name: name, ContentType: "image/png", Reader: bytes.NewReader(pngBytes(t, 40, 30))}
}

// restCode extracts Discord's error code and HTTP status from a discordgo error.
func restCode(err error) (status, code int) {
	var re *discordgo.RESTError
	if errors.As(err, &re) {
		status = re.Response.StatusCode
		if re.Message != nil {
			code = re.Message.Code
		}
	}
	return
}

func buttons(ids ...string) discordgo.ActionsRow {
	var cs []discordgo.MessageComponent
	for _, id := range ids {
		cs = append(cs, discordgo.Button{Label: "Do " + id, Style: discordgo.PrimaryButton, CustomID: id})
	}
	return discordgo.ActionsRow{Components: cs}
}

func selectMenu(id string, n int) discordgo.ActionsRow {
	var opts []discordgo.SelectMenuOption
	for i := 0; i < n; i++ {
		v := string(rune('a'+i%26)) + string(rune('a'+i/26))
		opts = append(opts, discordgo.SelectMenuOption{Label: "Option " + v, Value: v})
	}
	return discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.SelectMenu{CustomID: id, Placeholder: "Pick", Options: opts},
	}}
}

// editBody is Edit Message's body with only documented fields: the fake
// refuses discordgo's MessageEdit, whose untagged ID and Channel are sent
// as fields.
type editBody struct {
	Content     *string                           `json:"content,omitempty"`
	Components  *[]discordgo.MessageComponent     `json:"components,omitempty"`
	Attachments *[]*discordgo.MessageAttachment   `json:"attachments,omitempty"`
	Mentions    *discordgo.MessageAllowedMentions `json:"allowed_mentions,omitempty"`
}

// editMessage sends Edit Message with a clean body and its uploads.
func editMessage(dg *discordgo.Session, channel, id string, e editBody, files ...*discordgo.File) (*discordgo.Message, error) {
	ctype, body := "application/json", []byte(nil)
	var err error
	if len(files) > 0 {
		ctype, body, err = discordgo.MultipartBodyWithJSON(e, files)
	} else {
		body, err = json.Marshal(e)
	}
	if err != nil {
		return nil, err
	}
	raw, err := dg.RequestRaw(http.MethodPatch, discordgo.EndpointChannelMessage(channel, id), ctype, body,
		discordgo.EndpointChannelMessage(channel, ""), 0)
	if err != nil {
		return nil, err
	}
	var m discordgo.Message
	return &m, json.Unmarshal(raw, &m)
}

// editContent edits a message's content.
func editContent(dg *discordgo.Session, channel, id, content string) (*discordgo.Message, error) {
	return editMessage(dg, channel, id, editBody{Content: &content})
}
