package discordtest_test

import (
	"encoding/json"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/discordtest"
)

func TestRunCommandAndRespondJSON(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	got := make(chan *discordgo.InteractionCreate, 1)
	dg := startBot(t, fake, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		got <- i
		err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{
				Content:    "Game started by " + i.Member.User.Username,
				Components: []discordgo.MessageComponent{buttons("join", "start")},
			},
		})
		if err != nil {
			t.Errorf("respond: %v", err)
		}
	})
	registerCommands(t, dg, fake, "")

	in := fake.Must(fake.RunCommand(alice, chanA, "game", "new",
		discordtest.Opt("kind", "hijack"), discordtest.Opt("players", 3), discordtest.Opt("opponent", bob), discordtest.Opt("bot", true)))
	resp, err := in.Wait(wait)
	if err != nil {
		t.Fatal(err)
	}
	i := <-got
	// The bot saw the real payload shape.
	data := i.ApplicationCommandData()
	if i.Type != discordgo.InteractionApplicationCommand || data.Name != "game" || i.GuildID != guild || i.ChannelID != chanA {
		t.Fatalf("interaction = type %v name %q guild %q channel %q", i.Type, data.Name, i.GuildID, i.ChannelID)
	}
	sub := data.Options[0]
	if sub.Name != "new" || sub.GetOption("kind").StringValue() != "hijack" || sub.GetOption("players").IntValue() != 3 ||
		!sub.GetOption("bot").BoolValue() || sub.GetOption("opponent").UserValue(nil).ID != bob {
		t.Errorf("options = %+v", sub.Options)
	}
	if data.Resolved == nil || data.Resolved.Users[bob] == nil {
		t.Errorf("resolved users missing for the user option")
	}
	if i.Member == nil || i.Member.User.ID != alice || i.Member.Permissions != discordtest.DefaultMemberPermissions || i.User != nil {
		t.Errorf("member = %+v, user = %+v", i.Member, i.User)
	}
	if i.AppID != fake.ApplicationID() || i.Token == "" {
		t.Errorf("app id %q token %q", i.AppID, i.Token)
	}

	if resp.Type != discordtest.CallbackChannelMessage || resp.Ephemeral || resp.Latency <= 0 || resp.Latency > 3*time.Second {
		t.Errorf("response = %+v", resp)
	}
	msgs := fake.Messages(chanA)
	if len(msgs) != 1 || msgs[0].Content != "Game started by alice" || msgs[0].InteractionID != in.ID() {
		t.Fatalf("channel messages = %+v", msgs)
	}
	if ids := msgs[0].CustomIDs(); strings.Join(ids, ",") != "join,start" {
		t.Errorf("custom ids = %v", ids)
	}
	// GET @original through discordgo.
	orig, err := dg.InteractionResponse(i.Interaction)
	if err != nil || orig.ID != msgs[0].ID || len(orig.Components) != 1 {
		t.Errorf("InteractionResponse = %+v, %v", orig, err)
	}
}

func TestRespondWithFilesAndFetchFromCDN(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := startBot(t, fake, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{
				Content: "Board",
				Files:   []*discordgo.File{pngFile(t, "board.png")},
				Embeds:  []*discordgo.MessageEmbed{{Title: "Turn 1", Image: &discordgo.MessageEmbedImage{URL: "attachment://board.png"}}},
			},
		})
		if err != nil {
			t.Errorf("respond with file: %v", err)
		}
	})
	registerCommands(t, dg, fake, "")
	in := fake.Must(fake.RunCommand(alice, chanA, "game", "status"))
	m, err := in.WaitOriginal(wait)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Attachments) != 1 || len(m.Embeds) != 1 || m.Embeds[0].Image.URL != "attachment://board.png" {
		t.Fatalf("message = %+v", m)
	}
	a := m.Attachments[0]
	img, err := a.PNG()
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 40 || b.Dy() != 30 || a.Width != 40 || a.ContentType != "image/png" {
		t.Errorf("image %v, attachment %+v", b, a)
	}
	// The attachment URL works through the configured client (fake CDN).
	resp, err := dg.Client.Get(a.URL)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || len(body) != a.Size {
		t.Errorf("CDN answered %d with %d bytes, want %d", resp.StatusCode, len(body), a.Size)
	}
}

func TestDeferredResponseEditAndFollowups(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := startBot(t, fake, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		})
		if err != nil {
			t.Errorf("defer: %v", err)
			return
		}
		content := "rendered"
		if _, err := s.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{
			Content: &content, Files: []*discordgo.File{pngFile(t, "board.png")},
		}); err != nil {
			t.Errorf("edit original: %v", err)
		}
		f, err := s.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{
			Content: "only you see this", Flags: discordgo.MessageFlagsEphemeral,
		})
		if err != nil {
			t.Errorf("followup: %v", err)
			return
		}
		edited := "only you see this, edited"
		if _, err := s.FollowupMessageEdit(i.Interaction, f.ID, &discordgo.WebhookEdit{Content: &edited}); err != nil {
			t.Errorf("followup edit: %v", err)
		}
		if _, err := s.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{
			Content: "public followup", Files: []*discordgo.File{pngFile(t, "hand.png")},
		}); err != nil {
			t.Errorf("followup with file: %v", err)
		}
	})
	registerCommands(t, dg, fake, "")
	in := fake.Must(fake.RunCommand(alice, chanA, "game", "status"))
	resp, err := in.Wait(wait)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Type != discordtest.CallbackDeferredChannelMessage || resp.Message == nil || !resp.Message.Loading {
		t.Errorf("deferred response = %+v", resp)
	}
	orig, err := in.WaitOriginal(wait)
	if err != nil {
		t.Fatal(err)
	}
	if orig.Content != "rendered" || orig.Loading || len(orig.Attachments) != 1 {
		t.Errorf("original = %+v", orig)
	}
	fs, err := in.WaitFollowups(2, wait)
	if err != nil {
		t.Fatal(err)
	}
	if !fs[0].Ephemeral || fs[0].Recipient != alice || fs[0].Content != "only you see this, edited" {
		t.Errorf("ephemeral followup = %+v", fs[0])
	}
	if fs[1].Ephemeral || len(fs[1].Attachments) != 1 {
		t.Errorf("public followup = %+v", fs[1])
	}
	if eph := fake.Ephemerals(alice); len(eph) != 1 || eph[0].ID != fs[0].ID {
		t.Errorf("alice's ephemerals = %+v", eph)
	}
	if eph := fake.Ephemerals(bob); len(eph) != 0 {
		t.Errorf("bob sees ephemerals %+v", eph)
	}
	if n := len(fake.Messages(chanA)); n != 2 {
		t.Errorf("channel shows %d messages, want the original and the public followup", n)
	}
	if errs := fake.RESTErrors(); len(errs) != 0 {
		t.Errorf("REST errors: %v", errs)
	}
}

func TestFollowupAfterDeferFillsTheLoadingMessage(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := startBot(t, fake, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
		})
		// Not ephemeral here, but the deferral decided: Discord keeps it ephemeral.
		if _, err := s.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "done"}); err != nil {
			t.Errorf("followup: %v", err)
		}
	})
	registerCommands(t, dg, fake, "")
	in := fake.Must(fake.RunCommand(alice, chanA, "game", "status"))
	m, err := in.WaitOriginal(wait)
	if err != nil {
		t.Fatal(err)
	}
	if m.Content != "done" || !m.Ephemeral || m.Loading || len(in.Followups()) != 0 {
		t.Errorf("original = %+v, followups %d", m, len(in.Followups()))
	}
	if len(fake.Messages(chanA)) != 0 {
		t.Error("an ephemeral response shows in the channel")
	}
}

func TestSecondCallbackIsRefused(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	second := make(chan error, 1)
	dg := startBot(t, fake, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		r := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "first"}}
		_ = s.InteractionRespond(i.Interaction, r)
		r.Data.Content = "second"
		second <- s.InteractionRespond(i.Interaction, r)
	})
	registerCommands(t, dg, fake, "")
	in := fake.Must(fake.RunCommand(alice, chanA, "ping", ""))
	err := <-second
	if status, code := restCode(err); status != 400 || code != discordtest.CodeAlreadyAcknowledged {
		t.Fatalf("second callback: %v (status %d code %d), want 400/40060", err, status, code)
	}
	if ms := fake.Messages(chanA); len(ms) != 1 || ms[0].Content != "first" {
		t.Errorf("messages = %+v", ms)
	}
	at := in.Attempts()
	if len(at) != 2 || at[0].Status != 204 || at[1].Code != discordtest.CodeAlreadyAcknowledged {
		t.Errorf("attempts = %+v", at)
	}
}

func TestLateCallbackIsRefused(t *testing.T) {
	t.Parallel()
	fake := newWorld(t, discordtest.WithInteractionDeadline(100*time.Millisecond))
	late := make(chan error, 1)
	dg := startBot(t, fake, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		time.Sleep(250 * time.Millisecond) // a slow render before answering
		late <- s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "too late"},
		})
	})
	registerCommands(t, dg, fake, "")
	in := fake.Must(fake.RunCommand(alice, chanA, "ping", ""))
	err := <-late
	if status, code := restCode(err); status != 404 || code != discordtest.CodeUnknownInteraction {
		t.Fatalf("late callback: %v (status %d code %d), want 404/10062", err, status, code)
	}
	if _, err := in.Wait(nowait); err == nil {
		t.Error("Wait reports a response although the only one was late")
	}
	if len(fake.Messages(chanA)) != 0 {
		t.Error("a late response created a message")
	}
}

func TestCallbackTypeMustFitTheInteraction(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	errs := make(chan error, 2)
	dg := startBot(t, fake, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		// UPDATE_MESSAGE and autocomplete results are wrong for a slash command.
		errs <- s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseUpdateMessage, Data: &discordgo.InteractionResponseData{Content: "x"}})
		errs <- s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "a", Value: "a"}}}})
	})
	registerCommands(t, dg, fake, "")
	fake.Must(fake.RunCommand(alice, chanA, "ping", ""))
	for k := 0; k < 2; k++ {
		if status, code := restCode(<-errs); status != 400 || code != discordtest.CodeInvalidFormBody {
			t.Errorf("wrong callback type accepted or refused oddly: %d/%d", status, code)
		}
	}
}

func TestClickSelectAndUpdateMessage(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := startBot(t, fake, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		if i.Type != discordgo.InteractionMessageComponent {
			return
		}
		d := i.MessageComponentData()
		if i.Message == nil || len(i.Message.Components) == 0 {
			t.Errorf("component interaction without its message")
		}
		content := "clicked " + d.CustomID + " " + strings.Join(d.Values, ",")
		// Replace the message and strip its components, as an old turn should.
		err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Content: content, Components: []discordgo.MessageComponent{}},
		})
		if err != nil {
			t.Errorf("update: %v", err)
		}
	})
	turn, err := dg.ChannelMessageSendComplex(chanA, &discordgo.MessageSend{
		Content:    "Your turn",
		Components: []discordgo.MessageComponent{buttons("move:1", "move:2"), selectMenu("pick", 3)},
	})
	if err != nil {
		t.Fatal(err)
	}
	in := fake.Must(fake.Click(bob, turn.ID, "move:2"))
	resp, err := in.Wait(wait)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Type != discordtest.CallbackUpdateMessage || resp.Message.Content != "clicked move:2 " || len(resp.Message.Components) != 0 {
		t.Errorf("response = %+v", resp)
	}
	// The buttons are gone: clicking again must fail in the test API.
	if _, err := fake.Click(bob, turn.ID, "move:1"); err == nil {
		t.Error("clicked a stripped button")
	}

	menu, err := dg.ChannelMessageSendComplex(chanA, &discordgo.MessageSend{
		Content: "Choose", Components: []discordgo.MessageComponent{selectMenu("pick", 3)},
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fake.Select(alice, menu.ID, "pick", "zz"); err == nil {
		t.Error("selected a value the menu does not offer")
	}
	if _, err := fake.Select(alice, menu.ID, "pick", "aa", "ba"); err == nil {
		t.Error("selected two values in a single-choice menu")
	}
	if _, err := fake.Click(alice, menu.ID, "pick"); err == nil {
		t.Error("clicked a select menu as a button")
	}
	sel := fake.Must(fake.Select(alice, menu.ID, "pick", "ba"))
	m, err := sel.WaitOriginal(wait)
	if err != nil {
		t.Fatal(err)
	}
	if m.ID != menu.ID || m.Content != "clicked pick ba" {
		t.Errorf("updated message = %+v", m)
	}
}

// Discord ignores "components": null, which discordgo sends when
// InteractionResponseData.Components is nil: such an update keeps the buttons.
func TestUpdateWithNilComponentsKeepsThem(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := startBot(t, fake, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Content: "updated, buttons forgotten"},
		})
	})
	turn, err := dg.ChannelMessageSendComplex(chanA, &discordgo.MessageSend{
		Content: "turn", Components: []discordgo.MessageComponent{buttons("go")},
	})
	if err != nil {
		t.Fatal(err)
	}
	m, err := fake.Must(fake.Click(alice, turn.ID, "go")).WaitOriginal(wait)
	if err != nil {
		t.Fatal(err)
	}
	if m.Content != "updated, buttons forgotten" || len(m.Buttons()) != 1 {
		t.Errorf("message = %+v", m)
	}
	fake.Must(fake.Click(alice, turn.ID, "go")) // still clickable
}

func TestDeferredUpdateThenEditOriginal(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := startBot(t, fake, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate})
		content := "moved"
		if _, err := s.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{
			Content: &content, Components: &[]discordgo.MessageComponent{buttons("undo")},
		}); err != nil {
			t.Errorf("edit: %v", err)
		}
	})
	turn, err := dg.ChannelMessageSendComplex(chanA, &discordgo.MessageSend{
		Content: "turn", Components: []discordgo.MessageComponent{buttons("go")},
	})
	if err != nil {
		t.Fatal(err)
	}
	in := fake.Must(fake.Click(alice, turn.ID, "go"))
	m, err := in.WaitOriginal(wait)
	if err != nil {
		t.Fatal(err)
	}
	if m.ID != turn.ID || m.Content != "moved" || strings.Join(m.CustomIDs(), ",") != "undo" || m.Edits != 1 {
		t.Errorf("message after deferred update = %+v", m)
	}
}

func TestEphemeralMessageOnlyItsRecipientCanClick(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := startBot(t, fake, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		if i.Type == discordgo.InteractionApplicationCommand {
			_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "your hand", Flags: discordgo.MessageFlagsEphemeral,
					Components: []discordgo.MessageComponent{buttons("play:card")}},
			})
			return
		}
		_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate})
	})
	registerCommands(t, dg, fake, "")
	in := fake.Must(fake.RunCommand(alice, chanA, "game", "status"))
	r, err := in.Wait(wait)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Ephemeral || r.Message.Recipient != alice {
		t.Fatalf("response = %+v", r)
	}
	if _, err := fake.Click(bob, r.Message.ID, "play:card"); err == nil {
		t.Error("bob clicked alice's ephemeral message")
	}
	c := fake.Must(fake.Click(alice, r.Message.ID, "play:card"))
	if _, err := c.Wait(wait); err != nil {
		t.Fatal(err)
	}
	// Ephemeral messages are not reachable through the channel endpoints.
	if _, err := dg.ChannelMessage(chanA, r.Message.ID); err == nil {
		t.Error("fetched an ephemeral message through the channel")
	}
}

func TestAutocompleteChoices(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := startBot(t, fake, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		if i.Type != discordgo.InteractionApplicationCommandAutocomplete {
			return
		}
		var partial string
		for _, o := range i.ApplicationCommandData().Options[0].Options {
			if o.Focused {
				partial = o.StringValue()
			}
		}
		var choices []*discordgo.ApplicationCommandOptionChoice
		for _, m := range []string{"h1-h2", "h1-h3", "j4"} {
			if strings.HasPrefix(m, partial) {
				choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: m, Value: m})
			}
		}
		if err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: choices},
		}); err != nil {
			t.Errorf("autocomplete: %v", err)
		}
	})
	registerCommands(t, dg, fake, "")
	in := fake.Must(fake.Autocomplete(alice, chanA, "game", "move", "text", "h1"))
	choices, err := in.WaitChoices(wait)
	if err != nil {
		t.Fatal(err)
	}
	if len(choices) != 2 || choices[0].Value != "h1-h2" || choices[1].Name != "h1-h3" {
		t.Errorf("choices = %+v", choices)
	}
	if _, err := fake.Autocomplete(alice, chanA, "game", "new", "kind", "h"); err == nil {
		t.Error("autocomplete on an option without autocomplete")
	}
}

func TestModalRoundTrip(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	submitted := make(chan string, 1)
	dg := startBot(t, fake, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		switch i.Type {
		case discordgo.InteractionApplicationCommand:
			err := s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseModal,
				Data: &discordgo.InteractionResponseData{CustomID: "move-modal", Title: "Your move",
					Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
						discordgo.TextInput{CustomID: "text", Label: "Move", Style: discordgo.TextInputShort, Required: true, MaxLength: 20},
					}}}},
			})
			if err != nil {
				t.Errorf("modal: %v", err)
			}
		case discordgo.InteractionModalSubmit:
			d := i.ModalSubmitData()
			v := d.Components[0].(*discordgo.ActionsRow).Components[0].(*discordgo.TextInput).Value
			submitted <- d.CustomID + "=" + v
			_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "played " + v}})
		}
	})
	registerCommands(t, dg, fake, "")
	in := fake.Must(fake.RunCommand(alice, chanA, "ping", ""))
	r, err := in.Wait(wait)
	if err != nil {
		t.Fatal(err)
	}
	if r.Type != discordtest.CallbackModal || r.Modal == nil || len(r.Modal.TextInputs()) != 1 {
		t.Fatalf("response = %+v", r)
	}
	if _, err := fake.SubmitModal(alice, in, map[string]string{"text": strings.Repeat("x", 21)}); err == nil {
		t.Error("submitted a value over the input's max length")
	}
	sub := fake.Must(fake.SubmitModal(alice, in, map[string]string{"text": "h1-h2"}))
	if got := <-submitted; got != "move-modal=h1-h2" {
		t.Errorf("bot got %q", got)
	}
	if m, err := sub.WaitOriginal(wait); err != nil || m.Content != "played h1-h2" {
		t.Errorf("reply = %+v, %v", m, err)
	}
}

func TestRunCommandChecksTheSchema(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	payloads := make(chan *discordgo.InteractionCreate, 4)
	dg := startBot(t, fake, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		payloads <- i
		_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
	})
	registerCommands(t, dg, fake, guild)
	bad := []struct {
		name, sub string
		opts      []discordtest.CommandOption
	}{
		{"nope", "", nil},
		{"game", "", nil},
		{"game", "fly", nil},
		{"game", "new", nil}, // kind is required
		{"game", "new", []discordtest.CommandOption{discordtest.Opt("kind", "chess")}},
		{"game", "new", []discordtest.CommandOption{discordtest.Opt("kind", "hijack"), discordtest.Opt("players", 9)}},
		{"game", "new", []discordtest.CommandOption{discordtest.Opt("kind", "hijack"), discordtest.Opt("players", "3")}},
		{"game", "new", []discordtest.CommandOption{discordtest.Opt("kind", "hijack"), discordtest.Opt("colour", "red")}},
		{"game", "new", []discordtest.CommandOption{discordtest.Opt("kind", "hijack"), discordtest.Opt("opponent", "999")}},
		{"setup", "", nil}, // needs Manage Channels
	}
	for _, b := range bad {
		if _, err := fake.RunCommand(alice, chanA, b.name, b.sub, b.opts...); err == nil {
			t.Errorf("/%s %s %v was accepted", b.name, b.sub, b.opts)
		}
	}
	fake.GrantManageChannels(alice)
	fake.Must(fake.RunCommand(alice, chanA, "setup", ""))
	i := <-payloads
	if i.Member.Permissions&discordtest.PermManageChannels == 0 {
		t.Errorf("member permissions %d lack Manage Channels", i.Member.Permissions)
	}
	// Guild commands are not offered in DMs.
	if _, err := fake.RunCommand(alice, fake.DMChannelID(alice), "ping", ""); err == nil {
		t.Error("guild command run in a DM")
	}
}

func TestDMInteractionsCarryUserNotMember(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	got := make(chan *discordgo.InteractionCreate, 1)
	dg := startBot(t, fake, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		got <- i
		_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "hello in DM"}})
	})
	registerCommands(t, dg, fake, "")
	dm := fake.DMChannelID(alice)
	if _, err := fake.RunCommand(alice, dm, "setup", ""); err == nil {
		t.Error("/setup has dm_permission false but ran in a DM")
	}
	in := fake.Must(fake.RunCommand(alice, dm, "ping", ""))
	i := <-got
	if i.Member != nil || i.User == nil || i.User.ID != alice || i.GuildID != "" || i.ChannelID != dm {
		t.Errorf("DM interaction: member %+v user %+v guild %q", i.Member, i.User, i.GuildID)
	}
	if _, err := in.Wait(wait); err != nil {
		t.Fatal(err)
	}
	if dms := fake.DMs(alice); len(dms) != 1 || dms[0].Content != "hello in DM" {
		t.Errorf("DMs = %+v", dms)
	}
}

func TestExpiredTokenRefusesFollowups(t *testing.T) {
	t.Parallel()
	fake := newWorld(t, discordtest.WithTokenLifetime(150*time.Millisecond))
	errc := make(chan error, 1)
	dg := startBot(t, fake, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
		time.Sleep(300 * time.Millisecond)
		_, err := s.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: "late"})
		errc <- err
	})
	registerCommands(t, dg, fake, "")
	fake.Must(fake.RunCommand(alice, chanA, "ping", ""))
	if status, code := restCode(<-errc); status != 401 || code != discordtest.CodeInvalidWebhookToken {
		t.Errorf("follow-up after the token expired: %d/%d, want 401/50027", status, code)
	}
}

func TestInteractionPayloadIsDiscordShaped(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := startBot(t, fake, nil)
	registerCommands(t, dg, fake, "")
	fake.SetSendDenied(chanB, true)
	in := fake.Must(fake.RunCommand(bob, chanB, "game", "status"))
	var p map[string]any
	if err := json.Unmarshal(in.Payload(), &p); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"id", "application_id", "type", "data", "guild_id", "channel_id", "member", "token", "version", "app_permissions"} {
		if _, ok := p[k]; !ok {
			t.Errorf("payload lacks %q", k)
		}
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(in.Payload(), &i); err != nil {
		t.Fatal(err)
	}
	if i.AppPermissions&discordtest.PermSendMessages != 0 {
		t.Error("app_permissions include Send Messages in a channel where the bot lacks it")
	}
}

func TestConcurrentInteractions(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	var seen counter
	dg := startBot(t, fake, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		seen.add(i.ID)
		_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
		content := "done " + i.ID
		if _, err := s.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: &content}); err != nil {
			t.Errorf("edit: %v", err)
		}
	})
	registerCommands(t, dg, fake, "")
	const n = 20
	ins := make(chan *discordtest.Interaction, n)
	var wg sync.WaitGroup
	for k := 0; k < n; k++ {
		wg.Add(1)
		go func(k int) {
			defer wg.Done()
			user, ch := alice, chanA
			if k%2 == 1 {
				user, ch = bob, chanB
			}
			in, err := fake.RunCommand(user, ch, "game", "status")
			if err != nil {
				t.Error(err)
				return
			}
			ins <- in
		}(k)
	}
	wg.Wait()
	close(ins)
	for in := range ins {
		m, err := in.WaitOriginal(wait)
		if err != nil || m.Content != "done "+in.ID() {
			t.Errorf("%s: %+v, %v", in.ID(), m, err)
		}
		if seen.get(in.ID()) != 1 {
			t.Errorf("%s delivered %d times", in.ID(), seen.get(in.ID()))
		}
	}
	if len(fake.Messages(chanA))+len(fake.Messages(chanB)) != n {
		t.Errorf("%d messages, want %d", len(fake.Messages(chanA))+len(fake.Messages(chanB)), n)
	}
}
