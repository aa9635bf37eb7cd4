package discordtest_test

import (
	"bytes"
	"io"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/discordtest"
)

// WaitChannelUpdate sees the first public post or edit after a time, not
// the ones before it, not ephemeral answers, and not another channel's.
func TestWaitChannelUpdate(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := startBot(t, fake, func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		_ = s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "only you", Flags: discordgo.MessageFlagsEphemeral},
		})
	})
	registerCommands(t, dg, fake, "")
	old, err := dg.ChannelMessageSend(chanA, "before")
	if err != nil {
		t.Fatal(err)
	}
	since := time.Now()
	if _, _, err := fake.WaitChannelUpdate(chanA, since, nowait); err == nil {
		t.Fatal("a message posted before since counted as an update")
	}

	// An ephemeral answer and a post in another channel are not updates.
	in := fake.Must(fake.RunCommand(alice, chanA, "ping", ""))
	if _, err := in.WaitOriginal(wait); err != nil {
		t.Fatal(err)
	}
	if _, err := dg.ChannelMessageSend(chanB, "elsewhere"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := fake.WaitChannelUpdate(chanA, since, nowait); err == nil {
		t.Fatal("an ephemeral answer or another channel's post counted as an update")
	}

	// The edit of the old message, then a new post: the edit is first.
	type got struct {
		m   discordtest.Message
		at  time.Time
		err error
	}
	done := make(chan got, 1)
	go func() {
		m, at, err := fake.WaitChannelUpdate(chanA, since, wait)
		done <- got{m, at, err}
	}()
	time.Sleep(20 * time.Millisecond) // let it wait
	before := time.Now()
	if _, err := editContent(dg, chanA, old.ID, "edited"); err != nil {
		t.Fatal(err)
	}
	after := time.Now()
	newest, err := dg.ChannelMessageSend(chanA, "new")
	if err != nil {
		t.Fatal(err)
	}
	g := <-done
	if g.err != nil {
		t.Fatal(g.err)
	}
	if g.m.ID != old.ID || g.at.Before(before) || g.at.After(after) {
		t.Errorf("update = %s %q at %v, want the edit of %s between %v and %v", g.m.ID, g.m.Content, g.at, old.ID, before, after)
	}
	// Asked from after the edit, the new post is the update.
	m, _, err := fake.WaitChannelUpdate(chanA, after, wait)
	if err != nil || m.Content != "new" {
		t.Errorf("update after the edit = %q, %v; want the new post", m.Content, err)
	}
	// The old message, no longer the newest, edited (its buttons taken
	// off): the board did not change.
	since = time.Now()
	if _, err := editContent(dg, chanA, old.ID, "buttons off"); err != nil {
		t.Fatal(err)
	}
	if m, _, err := fake.WaitChannelUpdate(chanA, since, nowait); err == nil {
		t.Errorf("an edit of an older message counted as an update: %q", m.Content)
	}
	// With the newest message deleted, the old one is at the bottom
	// again: its edit is an update.
	if err := dg.ChannelMessageDelete(chanA, newest.ID); err != nil {
		t.Fatal(err)
	}
	since = time.Now()
	if _, err := editContent(dg, chanA, old.ID, "at the bottom again"); err != nil {
		t.Fatal(err)
	}
	if m, _, err := fake.WaitChannelUpdate(chanA, since, wait); err != nil || m.ID != old.ID {
		t.Errorf("edit of the newest message after a deletion: %q, %v", m.Content, err)
	}
}

// Many goroutines waiting on their own interactions all get their answer:
// the per-interaction wake-ups miss none.
func TestManyConcurrentWaiters(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := startBot(t, fake, func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		go func() {
			_ = s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
			content := "done " + ic.ID
			_, _ = s.InteractionResponseEdit(ic.Interaction, &discordgo.WebhookEdit{Content: &content})
		}()
	})
	registerCommands(t, dg, fake, "")
	var wg sync.WaitGroup
	errs := make(chan error, 200)
	for i := 0; i < 40; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 5; j++ {
				in, err := fake.RunCommand(alice, chanA, "ping", "")
				if err == nil {
					var m discordtest.Message
					if m, err = in.WaitOriginal(wait); err == nil && m.Content != "done "+in.ID() {
						t.Errorf("interaction %s finished with %q", in.ID(), m.Content)
					}
				}
				if err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// WithoutFileBytes keeps what Discord reports of a file (size, type,
// dimensions) and still refuses a file over the limit, but serves no bytes.
func TestWithoutFileBytes(t *testing.T) {
	t.Parallel()
	fake := newWorld(t, discordtest.WithoutFileBytes(), discordtest.WithMaxFileSize(64<<10))
	dg := fake.NewSession()
	data := pngBytes(t, 120, 45)
	m, err := dg.ChannelMessageSendComplex(chanA, &discordgo.MessageSend{
		Files: []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(data)}}})
	if err != nil {
		t.Fatal(err)
	}
	a := m.Attachments[0]
	if a.Size != len(data) || a.Width != 120 || a.Height != 45 || a.ContentType != "image/png" {
		t.Errorf("attachment = %+v, want %d bytes, 120x45, image/png", a, len(data))
	}
	stored, _ := fake.Message(m.ID)
	if stored.Attachments[0].Data != nil {
		t.Errorf("%d bytes kept", len(stored.Attachments[0].Data))
	}
	resp, err := fake.HTTPClient().Get(a.URL)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("CDN answered %d for a file kept without bytes, want 404", resp.StatusCode)
	}
	_, err = dg.ChannelMessageSendComplex(chanA, &discordgo.MessageSend{
		Files: []*discordgo.File{{Name: "big.bin", Reader: bytes.NewReader(make([]byte, 65<<10))}}})
	if status, code := restCode(err); status != 413 || code != discordtest.CodeEntityTooLarge {
		t.Errorf("oversized file: %v (%d/%d), want 413/40005", err, status, code)
	}

	// By default the bytes are kept and served, the same as sent.
	keep := newWorld(t)
	m, err = keep.NewSession().ChannelMessageSendComplex(chanA, &discordgo.MessageSend{
		Files: []*discordgo.File{{Name: "board.png", ContentType: "image/png", Reader: bytes.NewReader(data)}}})
	if err != nil {
		t.Fatal(err)
	}
	resp, err = keep.HTTPClient().Get(m.Attachments[0].URL)
	if err != nil {
		t.Fatal(err)
	}
	served, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !bytes.Equal(served, data) {
		t.Errorf("CDN served %d bytes, want the %d sent", len(served), len(data))
	}
}
