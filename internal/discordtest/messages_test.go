package discordtest_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/discordtest"
)

func TestChannelMessagesWithFilesAndComponents(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := fake.NewSession() // REST only

	m, err := dg.ChannelMessageSendComplex(chanA, &discordgo.MessageSend{
		Content:    "<@100> to move",
		Files:      []*discordgo.File{pngFile(t, "board.png"), pngFile(t, "legend.png")},
		Components: []discordgo.MessageComponent{buttons("a", "b"), selectMenu("s", 5)},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Attachments) != 2 || len(m.Components) != 2 || m.Author.ID != fake.BotUserID() {
		t.Fatalf("sent = %+v", m)
	}
	boardID := m.Attachments[0].ID

	// Edit keeping only the board, adding a new file, dropping the components.
	content := "<@101> to move"
	edited, err := editMessage(dg, chanA, m.ID, editBody{
		Content:     &content,
		Components:  &[]discordgo.MessageComponent{},
		Attachments: &[]*discordgo.MessageAttachment{{ID: boardID}},
	}, pngFile(t, "board2.png"))
	if err != nil {
		t.Fatal(err)
	}
	if len(edited.Attachments) != 2 || edited.Attachments[0].ID != boardID || edited.Attachments[1].Filename != "board2.png" {
		t.Errorf("attachments after edit = %+v", edited.Attachments)
	}
	got, ok := fake.Message(m.ID)
	if !ok || got.Content != content || len(got.Components) != 0 || got.Edits != 1 || got.EditedAt.IsZero() {
		t.Errorf("stored = %+v", got)
	}
	for _, a := range got.Attachments {
		if _, err := a.PNG(); err != nil {
			t.Error(err)
		}
	}

	// An edit without attachments keeps them all; with an empty list drops them.
	c2 := "again"
	if e, err := editMessage(dg, chanA, m.ID, editBody{Content: &c2}); err != nil || len(e.Attachments) != 2 {
		t.Errorf("plain edit: %v, %d attachments", err, len(e.Attachments))
	}
	if e, err := editMessage(dg, chanA, m.ID,
		editBody{Attachments: &[]*discordgo.MessageAttachment{}}); err != nil || len(e.Attachments) != 0 {
		t.Errorf("edit with no attachments kept: %v, %d attachments", err, len(e.Attachments))
	}

	fetched, err := dg.ChannelMessage(chanA, m.ID)
	if err != nil || fetched.Content != "again" {
		t.Errorf("GET = %+v, %v", fetched, err)
	}
	if err := dg.ChannelMessageDelete(chanA, m.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := dg.ChannelMessage(chanA, m.ID); err == nil {
		t.Error("deleted message still fetched")
	} else if _, code := restCode(err); code != discordtest.CodeUnknownMessage {
		t.Errorf("code %d, want 10008", code)
	}
	if n := len(fake.Messages(chanA)); n != 0 {
		t.Errorf("%d messages after delete", n)
	}
	if _, err := dg.ChannelMessageSend("424242", "hi"); err == nil {
		t.Error("sent to an unknown channel")
	} else if _, code := restCode(err); code != discordtest.CodeUnknownChannel {
		t.Errorf("code %d, want 10003", code)
	}
	if fake.Calls(discordtest.RouteSendMessage) != 2 || fake.Calls(discordtest.RouteEditMessage) != 3 {
		t.Errorf("calls = %v", fake.CallCounts())
	}
}

// formErrorPaths flattens Discord's nested "errors" object into dotted paths.
func formErrorPaths(t *testing.T, err error) []string {
	t.Helper()
	status, code := restCode(err)
	if status != 400 || code != discordtest.CodeInvalidFormBody {
		t.Fatalf("got %v (status %d code %d), want 400/50035", err, status, code)
	}
	var re *discordgo.RESTError
	_ = asREST(err, &re)
	var body struct {
		Errors map[string]any `json:"errors"`
	}
	if err := json.Unmarshal(re.ResponseBody, &body); err != nil {
		t.Fatal(err)
	}
	var out []string
	var walk func(prefix string, v map[string]any)
	walk = func(prefix string, v map[string]any) {
		for k, child := range v {
			if k == "_errors" {
				for _, e := range child.([]any) {
					out = append(out, prefix+":"+e.(map[string]any)["code"].(string))
				}
				continue
			}
			p := k
			if prefix != "" {
				p = prefix + "." + k
			}
			walk(p, child.(map[string]any))
		}
	}
	walk("", body.Errors)
	return out
}

func asREST(err error, re **discordgo.RESTError) bool {
	r, ok := err.(*discordgo.RESTError)
	*re = r
	return ok
}

func TestMessageValidation(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := fake.NewSession()
	sixRows := []discordgo.MessageComponent{}
	for i := 0; i < 6; i++ {
		sixRows = append(sixRows, buttons("r"+string(rune('0'+i))))
	}
	cases := []struct {
		name string
		msg  *discordgo.MessageSend
		want string
	}{
		{"2001 chars", &discordgo.MessageSend{Content: strings.Repeat("x", 2001)}, "content:BASE_TYPE_MAX_LENGTH"},
		{"custom id 101", &discordgo.MessageSend{Components: []discordgo.MessageComponent{buttons(strings.Repeat("c", 101))}},
			"components.0.components.0.custom_id:BASE_TYPE_MAX_LENGTH"},
		{"6 rows", &discordgo.MessageSend{Components: sixRows}, "components:BASE_TYPE_MAX_LENGTH"},
		{"26 options", &discordgo.MessageSend{Components: []discordgo.MessageComponent{selectMenu("s", 26)}},
			"components.0.components.0.options:BASE_TYPE_BAD_LENGTH"},
		{"6 buttons", &discordgo.MessageSend{Components: []discordgo.MessageComponent{buttons("1", "2", "3", "4", "5", "6")}},
			"components.0.components:BASE_TYPE_BAD_LENGTH"},
		{"duplicate ids", &discordgo.MessageSend{Components: []discordgo.MessageComponent{buttons("x"), buttons("x")}},
			"components.1.components.0.custom_id:COMPONENT_CUSTOM_ID_DUPLICATED"},
		{"select with a button", &discordgo.MessageSend{Components: []discordgo.MessageComponent{discordgo.ActionsRow{
			Components: []discordgo.MessageComponent{
				discordgo.SelectMenu{CustomID: "s", Options: []discordgo.SelectMenuOption{{Label: "a", Value: "a"}}},
				discordgo.Button{Label: "b", CustomID: "b", Style: discordgo.PrimaryButton},
			}}}}, "components.0.components.0:COMPONENT_LAYOUT_WIDTH_EXCEEDED"},
		{"label 81", &discordgo.MessageSend{Components: []discordgo.MessageComponent{discordgo.ActionsRow{
			Components: []discordgo.MessageComponent{discordgo.Button{Label: strings.Repeat("l", 81), CustomID: "b", Style: discordgo.PrimaryButton}}}}},
			"components.0.components.0.label:BASE_TYPE_MAX_LENGTH"},
		{"embed title 257", &discordgo.MessageSend{Embeds: []*discordgo.MessageEmbed{{Title: strings.Repeat("t", 257)}}},
			"embeds.0.title:BASE_TYPE_MAX_LENGTH"},
	}
	for _, c := range cases {
		_, err := dg.ChannelMessageSendComplex(chanA, c.msg)
		paths := formErrorPaths(t, err)
		found := false
		for _, p := range paths {
			found = found || p == c.want
		}
		if !found {
			t.Errorf("%s: errors %v, want %s", c.name, paths, c.want)
		}
	}
	// Eleven files.
	var files []*discordgo.File
	for i := 0; i < 11; i++ {
		files = append(files, &discordgo.File{Name: "f.txt", Reader: strings.NewReader("x")})
	}
	if _, err := dg.ChannelMessageSendComplex(chanA, &discordgo.MessageSend{Files: files}); !contains(formErrorPaths(t, err), "attachments:BASE_TYPE_MAX_LENGTH") {
		t.Error("11 files accepted")
	}
	if _, err := dg.ChannelMessageSendComplex(chanA, &discordgo.MessageSend{}); err == nil {
		t.Error("empty message accepted")
	} else if _, code := restCode(err); code != discordtest.CodeCannotSendEmpty {
		t.Errorf("empty message: code %d", code)
	}
	if len(fake.Messages(chanA)) != 0 {
		t.Error("an invalid message was stored")
	}
	// The same limits apply to interaction responses, under "data".
	bot := startBot(t, fake, nil)
	errc := make(chan error, 1)
	bot.AddHandler(func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		errc <- s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: strings.Repeat("x", 2001)}})
	})
	registerCommands(t, bot, fake, "")
	fake.Must(fake.RunCommand(alice, chanA, "ping", ""))
	if paths := formErrorPaths(t, <-errc); !contains(paths, "data.content:BASE_TYPE_MAX_LENGTH") {
		t.Errorf("callback errors %v", paths)
	}
}

func TestFileSizeLimit(t *testing.T) {
	t.Parallel()
	fake := newWorld(t, discordtest.WithMaxFileSize(1024))
	dg := fake.NewSession()
	_, err := dg.ChannelMessageSendComplex(chanA, &discordgo.MessageSend{
		Files: []*discordgo.File{{Name: "big.bin", Reader: bytes.NewReader(make([]byte, 2048))}}})
	if status, code := restCode(err); status != 413 || code != discordtest.CodeEntityTooLarge {
		t.Errorf("oversized file: %v (%d/%d), want 413/40005", err, status, code)
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func TestDMChannelsAndClosedDMs(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := fake.NewSession()
	ch, err := dg.UserChannelCreate(alice)
	if err != nil {
		t.Fatal(err)
	}
	if ch.Type != discordgo.ChannelTypeDM || ch.ID != fake.DMChannelID(alice) || len(ch.Recipients) != 1 || ch.Recipients[0].ID != alice {
		t.Fatalf("DM channel = %+v", ch)
	}
	again, _ := dg.UserChannelCreate(alice)
	if again.ID != ch.ID {
		t.Error("a second DM channel for the same user")
	}
	if _, err := dg.ChannelMessageSendComplex(ch.ID, &discordgo.MessageSend{Content: "your hand", Files: []*discordgo.File{pngFile(t, "hand.png")}}); err != nil {
		t.Fatal(err)
	}
	dms, err := fake.WaitDMs(alice, 1, wait)
	if err != nil || dms[0].Content != "your hand" || len(dms[0].Attachments) != 1 {
		t.Errorf("DMs = %+v, %v", dms, err)
	}

	fake.SetDMsClosed(bob, true)
	bobDM, err := dg.UserChannelCreate(bob)
	if err != nil {
		t.Fatal(err) // opening the channel works; sending does not
	}
	_, err = dg.ChannelMessageSend(bobDM.ID, "your hand")
	if status, code := restCode(err); status != 403 || code != discordtest.CodeCannotMessageUser {
		t.Errorf("closed DMs: %v (%d/%d), want 403/50007", err, status, code)
	}
	if _, err := dg.UserChannelCreate("555"); err == nil {
		t.Error("DM channel with an unknown user")
	} else if _, code := restCode(err); code != discordtest.CodeInvalidRecipients {
		t.Errorf("unknown recipient: code %d", code)
	}
}

func TestMissingSendPermission(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	fake.SetSendDenied(chanB, true)
	dg := startBot(t, fake, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		if err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "interaction responses still work"}}); err != nil {
			t.Errorf("respond: %v", err)
		}
	})
	_, err := dg.ChannelMessageSend(chanB, "hello")
	if status, code := restCode(err); status != 403 || code != discordtest.CodeMissingPermissions {
		t.Errorf("send without permission: %v (%d/%d), want 403/50013", err, status, code)
	}
	registerCommands(t, dg, fake, "")
	in := fake.Must(fake.RunCommand(alice, chanB, "ping", ""))
	if _, err := in.WaitOriginal(wait); err != nil {
		t.Fatal(err)
	}
	fake.SetSendDenied(chanB, false)
	if _, err := dg.ChannelMessageSend(chanB, "hello"); err != nil {
		t.Errorf("send after permission restored: %v", err)
	}
}

func TestRateLimitIsRetriedByDiscordgo(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := fake.NewSession()
	limited := make(chan *discordgo.RateLimit, 4)
	dg.AddHandler(func(_ *discordgo.Session, r *discordgo.RateLimit) { limited <- r })
	fake.RateLimitNext(discordtest.RouteSendMessage, 2, 30*time.Millisecond)
	m, err := dg.ChannelMessageSend(chanA, "after the limit")
	if err != nil {
		t.Fatalf("send under a rate limit: %v", err)
	}
	if m.Content != "after the limit" || fake.Calls(discordtest.RouteSendMessage) != 3 {
		t.Errorf("message %q after %d calls, want 3", m.Content, fake.Calls(discordtest.RouteSendMessage))
	}
	if len(limited) != 2 {
		t.Errorf("discordgo saw %d rate limits, want 2", len(limited))
	}
	errs := fake.RESTErrors()
	if len(errs) != 2 || errs[0].Status != 429 || !strings.Contains(errs[0].Body, `"retry_after":0.03`) {
		t.Errorf("errors = %v", errs)
	}
	// Without retries, the limit surfaces as discordgo's RateLimitError.
	fake.RateLimitNext(discordtest.RouteSendMessage, 1, 30*time.Millisecond)
	_, err = dg.ChannelMessageSend(chanA, "x", discordgo.WithRetryOnRatelimit(false))
	if _, isRL := err.(*discordgo.RateLimitError); !isRL {
		t.Errorf("err = %T %v, want *discordgo.RateLimitError", err, err)
	}
}

func TestServerErrorsAndDelays(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := fake.NewSession()
	fake.FailNext(discordtest.RouteSendMessage, 1, 500)
	if _, err := dg.ChannelMessageSend(chanA, "x"); err == nil {
		t.Error("500 not visible as an error")
	} else if status, _ := restCode(err); status != 500 {
		t.Errorf("status %d, want 500", status)
	}
	if _, err := dg.ChannelMessageSend(chanA, "y"); err != nil {
		t.Errorf("send after the fault: %v", err)
	}
	// A 502 is retried by discordgo (MaxRestRetries is 1 after Configure).
	fake.FailNext(discordtest.RouteSendMessage, 1, 502)
	if _, err := dg.ChannelMessageSend(chanA, "z"); err != nil {
		t.Errorf("send after one 502: %v", err)
	}
	fake.SetDelay(discordtest.RouteGetChannel, 80*time.Millisecond)
	start := time.Now()
	if _, err := dg.Channel(chanA); err != nil {
		t.Fatal(err)
	}
	if time.Since(start) < 80*time.Millisecond {
		t.Error("delay not applied")
	}
}

func TestSlowCallbackMissesTheDeadline(t *testing.T) {
	t.Parallel()
	fake := newWorld(t, discordtest.WithInteractionDeadline(150*time.Millisecond))
	errc := make(chan error, 1)
	dg := startBot(t, fake, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		errc <- s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
	})
	registerCommands(t, dg, fake, "")
	fake.SetDelay(discordtest.RouteInteractionCallback, 300*time.Millisecond)
	fake.Must(fake.RunCommand(alice, chanA, "ping", ""))
	if _, code := restCode(<-errc); code != discordtest.CodeUnknownInteraction {
		t.Errorf("callback delayed past the deadline: code %d, want 10062", code)
	}
}

func TestBulkOverwriteCommands(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := fake.NewSession()
	first := registerCommands(t, dg, fake, "")
	if len(first) != 3 || first[0].ID == "" || first[0].ApplicationID != fake.ApplicationID() {
		t.Fatalf("registered = %+v", first)
	}
	// Overwriting keeps ids of commands that stay; others go.
	second, err := dg.ApplicationCommandBulkOverwrite(fake.ApplicationID(), "", gameCommands()[:2])
	if err != nil {
		t.Fatal(err)
	}
	if len(second) != 2 || second[0].ID != first[0].ID || second[1].ID != first[1].ID {
		t.Errorf("ids changed: %v %v", first, second)
	}
	if got := fake.Commands(""); len(got) != 2 || got[1].Options[1].Options[0].Choices[1].Value != "lockedout" {
		t.Errorf("stored commands = %+v", got)
	}
	guildCmds := registerCommands(t, dg, fake, guild)
	if len(fake.Commands(guild)) != 3 || guildCmds[0].GuildID != guild {
		t.Errorf("guild commands = %+v", guildCmds)
	}
	if _, err := dg.ApplicationCommandBulkOverwrite(fake.ApplicationID(), "777", gameCommands()); err == nil {
		t.Error("registered commands in a guild the bot is not in")
	}

	var manyOpts []*discordgo.ApplicationCommandOption
	for i := 0; i < 26; i++ {
		manyOpts = append(manyOpts, &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString,
			Name: "o" + string(rune('a'+i)), Description: "d"})
	}
	var manyChoices []*discordgo.ApplicationCommandOptionChoice
	for i := 0; i < 26; i++ {
		manyChoices = append(manyChoices, &discordgo.ApplicationCommandOptionChoice{Name: "c", Value: "v" + string(rune('a'+i))})
	}
	bad := []struct {
		cmd  *discordgo.ApplicationCommand
		want string
	}{
		{&discordgo.ApplicationCommand{Name: "Game", Description: "d"}, "0.name:APPLICATION_COMMAND_INVALID_NAME"},
		{&discordgo.ApplicationCommand{Name: strings.Repeat("g", 33), Description: "d"}, "0.name:BASE_TYPE_BAD_LENGTH"},
		{&discordgo.ApplicationCommand{Name: "game", Description: strings.Repeat("d", 101)}, "0.description:BASE_TYPE_BAD_LENGTH"},
		{&discordgo.ApplicationCommand{Name: "game", Description: ""}, "0.description:BASE_TYPE_BAD_LENGTH"},
		{&discordgo.ApplicationCommand{Name: "game", Description: "d", Options: manyOpts}, "0.options:BASE_TYPE_MAX_LENGTH"},
		{&discordgo.ApplicationCommand{Name: "game", Description: "d", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "kind", Description: "d", Choices: manyChoices}}},
			"0.options.0.choices:BASE_TYPE_MAX_LENGTH"},
		{&discordgo.ApplicationCommand{Name: "game", Description: "d", Options: []*discordgo.ApplicationCommandOption{
			{Type: discordgo.ApplicationCommandOptionString, Name: "a", Description: "d"},
			{Type: discordgo.ApplicationCommandOptionString, Name: "b", Description: "d", Required: true}}},
			"0.options.1.required:APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID"},
	}
	for _, b := range bad {
		_, err := dg.ApplicationCommandBulkOverwrite(fake.ApplicationID(), "", []*discordgo.ApplicationCommand{b.cmd})
		if paths := formErrorPaths(t, err); !contains(paths, b.want) {
			t.Errorf("%s: errors %v, want %s", b.cmd.Name, paths, b.want)
		}
	}
	if len(fake.Commands("")) != 2 {
		t.Error("a refused overwrite changed the commands")
	}
}

func TestThreadsAreChannels(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	fake.AddThread(guild, chanA, "903")
	dg := fake.NewSession()
	th, err := dg.Channel("903")
	if err != nil {
		t.Fatal(err)
	}
	if th.ParentID != chanA || th.Type != discordgo.ChannelTypeGuildPublicThread || th.GuildID != guild {
		t.Errorf("thread = %+v", th)
	}
	if _, err := dg.ChannelMessageSend("903", "game on"); err != nil {
		t.Fatal(err)
	}
	if ms := fake.Messages("903"); len(ms) != 1 || len(fake.Messages(chanA)) != 0 {
		t.Errorf("thread messages %+v leaked into the parent", ms)
	}
}

// TestEditRefusesUnknownFields: discordgo's MessageEdit sends its untagged
// ID and Channel as fields ("ID":"","Channel":""); the fake refuses any
// field Edit Message does not document, so such a body cannot reach it
// unseen, while the same edit with only documented fields goes through.
func TestEditRefusesUnknownFields(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := fake.NewSession()
	m, err := dg.ChannelMessageSend(chanA, "turn")
	if err != nil {
		t.Fatal(err)
	}
	st, code := restCode2(dg.ChannelMessageEdit(chanA, m.ID, "edited"))
	if st != http.StatusBadRequest || code != discordtest.CodeInvalidFormBody {
		t.Errorf("discordgo's MessageEdit body: %d %d, want 400 %d", st, code, discordtest.CodeInvalidFormBody)
	}
	if _, err := editContent(dg, chanA, m.ID, "edited"); err != nil {
		t.Errorf("clean edit refused: %v", err)
	}
}
