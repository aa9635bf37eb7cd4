package discordtest_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/discordtest"
)

// An attachment's description (its alt text) is kept with the attachment,
// up to Discord's 1024 characters; a longer one has the message refused.
func TestAttachmentDescriptionLimit(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := fake.NewSession()
	send := func(desc string) (string, error) {
		payload := map[string]any{
			"content":     "a board",
			"attachments": []map[string]any{{"id": 0, "filename": "board.png", "description": desc}},
		}
		ctype, body, err := discordgo.MultipartBodyWithJSON(payload, []*discordgo.File{pngFile(t, "board.png")})
		if err != nil {
			t.Fatal(err)
		}
		raw, err := dg.RequestRaw(http.MethodPost, discordgo.EndpointChannelMessages(chanA), ctype, body, discordgo.EndpointChannelMessages(chanA), 0)
		if err != nil {
			return "", err
		}
		var m discordgo.Message
		if err := discordgo.Unmarshal(raw, &m); err != nil {
			t.Fatal(err)
		}
		return m.ID, nil
	}
	// Characters, not bytes: 1024 of them fit however many bytes each takes.
	fits := strings.Repeat("é", discordtest.MaxAttachmentDescription)
	id, err := send(fits)
	if err != nil {
		t.Fatalf("a description of %d characters was refused: %v", discordtest.MaxAttachmentDescription, err)
	}
	if m, ok := fake.Message(id); !ok || len(m.Attachments) != 1 || m.Attachments[0].Description != fits {
		t.Fatalf("the description was not kept: %+v", m.Attachments)
	}
	_, err = send(fits + "e")
	if status, code := restCode(err); status != http.StatusBadRequest || code != 50035 {
		t.Fatalf("a description of %d characters: %v (status %d, code %d), want 400 and 50035", discordtest.MaxAttachmentDescription+1, err, status, code)
	}
}
