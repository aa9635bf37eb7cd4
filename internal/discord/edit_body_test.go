package discord_test

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"testing"

	"standoff/internal/commands"
)

// TestEditsSendOnlyDocumentedFields: every message edit used to carry
// discordgo's untagged MessageEdit fields ("ID":"","Channel":""). The fake
// refuses fields Edit Message does not document, so an edit with a
// picture, one without, and taking the controls off must all go through.
func TestEditsSendOnlyDocumentedFields(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	var pic bytes.Buffer
	if err := png.Encode(&pic, image.NewGray(image.Rect(0, 0, 4, 4))); err != nil {
		t.Fatal(err)
	}
	row := commands.Row{Buttons: []commands.Button{{CustomID: "x", Label: "X"}}}
	id, err := e.bot.Send(ctx, general, commands.Message{Content: "turn 1", Rows: []commands.Row{row}})
	if err != nil {
		t.Fatal(err)
	}
	edits := []commands.Message{
		{Content: "turn 2", Files: []commands.File{{Name: "board.png", Data: pic.Bytes(), Description: "the board"}}, Rows: []commands.Row{row}},
		{Content: "turn 3", Mentions: []string{alice}},
	}
	for _, m := range edits {
		if err := e.bot.Edit(ctx, general, id, m); err != nil {
			t.Fatalf("edit to %q: %v", m.Content, err)
		}
	}
	if err := e.bot.ClearControls(ctx, general, id); err != nil {
		t.Fatalf("clear controls: %v", err)
	}
	got, _ := e.fake.Message(id)
	if got.Content != "turn 3" || len(got.Attachments) != 0 || len(got.Components) != 0 || got.Edits != 3 {
		t.Errorf("after the edits: %q, %d attachments, %d rows, %d edits; want turn 3 with none and 3 edits",
			got.Content, len(got.Attachments), len(got.Components), got.Edits)
	}
}
