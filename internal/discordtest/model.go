package discordtest

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"time"

	_ "image/gif"  // image.Decode of attachments
	_ "image/jpeg" // image.Decode of attachments
)

// Component types and button styles, as numbered by Discord.
const (
	ComponentActionRow    = 1
	ComponentButton       = 2
	ComponentStringSelect = 3
	ComponentTextInput    = 4
	ComponentUserSelect   = 5
	ComponentRoleSelect   = 6
	ComponentMentionable  = 7
	ComponentChannelSel   = 8

	ButtonPrimary   = 1
	ButtonSecondary = 2
	ButtonSuccess   = 3
	ButtonDanger    = 4
	ButtonLink      = 5
	ButtonPremium   = 6
)

// Message flags the fake interprets.
const (
	FlagSuppressEmbeds = 1 << 2
	FlagEphemeral      = 1 << 6
	FlagLoading        = 1 << 7
	FlagSilent         = 1 << 12
	FlagComponentsV2   = 1 << 15
)

// Message is a snapshot of a message as the fake holds it. Accessors return
// copies; later changes on the server do not show in a snapshot.
type Message struct {
	ID        string
	ChannelID string
	GuildID   string // "" in DMs
	AuthorID  string // the bot's user id

	Content     string
	Components  []Component
	Embeds      []Embed
	Attachments []Attachment
	Flags       int
	Nonce       string // as the bot sent it, if it did

	// Ephemeral messages are seen by Recipient only and are not listed
	// among the channel's messages.
	Ephemeral bool
	Recipient string
	// Loading is a deferred response not yet filled ("Bot is thinking...").
	Loading bool

	InteractionID string // set on interaction responses and follow-ups
	Webhook       bool   // sent through an interaction's webhook

	// Mentions are the users the content mentions whom allowed_mentions
	// lets it ping (who were notified, if the message was created with
	// them: see Notifications).
	Mentions []string

	CreatedAt time.Time
	EditedAt  time.Time // zero if never edited
	Edits     int
	Deleted   bool
}

// Component is an action row, button, select menu or text input, with the
// fields Discord uses for them.
type Component struct {
	Type        int            `json:"type"`
	ID          int            `json:"id,omitempty"`
	CustomID    string         `json:"custom_id,omitempty"`
	Label       string         `json:"label,omitempty"`
	Style       int            `json:"style,omitempty"`
	URL         string         `json:"url,omitempty"`
	SKUID       string         `json:"sku_id,omitempty"`
	Disabled    bool           `json:"disabled,omitempty"`
	Emoji       *Emoji         `json:"emoji,omitempty"`
	Placeholder string         `json:"placeholder,omitempty"`
	MinValues   *int           `json:"min_values,omitempty"`
	MaxValues   *int           `json:"max_values,omitempty"`
	Options     []SelectOption `json:"options,omitempty"`
	Components  []Component    `json:"components,omitempty"`
	// Text inputs (modals).
	Value     string `json:"value,omitempty"`
	Required  *bool  `json:"required,omitempty"`
	MinLength *int   `json:"min_length,omitempty"`
	MaxLength *int   `json:"max_length,omitempty"`
}

// SelectOption is one option of a string select menu.
type SelectOption struct {
	Label       string `json:"label"`
	Value       string `json:"value"`
	Description string `json:"description,omitempty"`
	Emoji       *Emoji `json:"emoji,omitempty"`
	Default     bool   `json:"default,omitempty"`
}

// Emoji on a button or select option.
type Emoji struct {
	ID       string `json:"id,omitempty"`
	Name     string `json:"name,omitempty"`
	Animated bool   `json:"animated,omitempty"`
}

// Embed is a rich embed.
type Embed struct {
	Type        string       `json:"type,omitempty"`
	Title       string       `json:"title,omitempty"`
	Description string       `json:"description,omitempty"`
	URL         string       `json:"url,omitempty"`
	Timestamp   string       `json:"timestamp,omitempty"`
	Color       int          `json:"color,omitempty"`
	Footer      *EmbedFooter `json:"footer,omitempty"`
	Image       *EmbedMedia  `json:"image,omitempty"`
	Thumbnail   *EmbedMedia  `json:"thumbnail,omitempty"`
	Author      *EmbedAuthor `json:"author,omitempty"`
	Fields      []EmbedField `json:"fields,omitempty"`
}

// EmbedFooter is an embed's footer.
type EmbedFooter struct {
	Text    string `json:"text"`
	IconURL string `json:"icon_url,omitempty"`
}

// EmbedMedia is an embed's image or thumbnail.
type EmbedMedia struct {
	URL string `json:"url"`
}

// EmbedAuthor is an embed's author line.
type EmbedAuthor struct {
	Name    string `json:"name"`
	URL     string `json:"url,omitempty"`
	IconURL string `json:"icon_url,omitempty"`
}

// EmbedField is one field of an embed.
type EmbedField struct {
	Name   string `json:"name"`
	Value  string `json:"value"`
	Inline bool   `json:"inline,omitempty"`
}

// Attachment is an uploaded file kept on a message.
type Attachment struct {
	ID          string
	Filename    string
	Description string
	ContentType string
	Size        int
	Width       int // for images
	Height      int
	URL         string // on the fake CDN, reachable through a configured client
	Data        []byte
}

// Image decodes the attachment with image.Decode (PNG, JPEG or GIF).
func (a Attachment) Image() (image.Image, string, error) {
	return image.Decode(bytes.NewReader(a.Data))
}

// PNG decodes the attachment as a PNG and fails for anything else.
func (a Attachment) PNG() (image.Image, error) {
	img, err := png.Decode(bytes.NewReader(a.Data))
	if err != nil {
		return nil, fmt.Errorf("attachment %s is not a PNG: %w", a.Filename, err)
	}
	return img, nil
}

// Choice is an autocomplete choice or a registered option choice.
type Choice struct {
	Name  string
	Value any
}

// Modal is a modal the bot opened in answer to an interaction.
type Modal struct {
	CustomID   string
	Title      string
	Components []Component // action rows of text inputs
}

// TextInputs lists the modal's text inputs.
func (m Modal) TextInputs() []Component {
	var out []Component
	for _, row := range m.Components {
		for _, c := range row.Components {
			if c.Type == ComponentTextInput {
				out = append(out, c)
			}
		}
	}
	return out
}

// AllComponents lists the message's components depth first (rows and their
// children).
func (m Message) AllComponents() []Component {
	var out []Component
	var walk func([]Component)
	walk = func(cs []Component) {
		for _, c := range cs {
			out = append(out, c)
			walk(c.Components)
		}
	}
	walk(m.Components)
	return out
}

// Component finds the component with the custom id.
func (m Message) Component(customID string) (Component, bool) {
	for _, c := range m.AllComponents() {
		if c.CustomID == customID && c.Type != ComponentActionRow {
			return c, true
		}
	}
	return Component{}, false
}

// Buttons lists the message's buttons in order.
func (m Message) Buttons() []Component { return m.ofType(ComponentButton) }

// Selects lists the message's select menus in order.
func (m Message) Selects() []Component {
	var out []Component
	for _, c := range m.AllComponents() {
		if isSelect(c.Type) {
			out = append(out, c)
		}
	}
	return out
}

// CustomIDs lists the custom ids of the message's interactive components.
func (m Message) CustomIDs() []string {
	var out []string
	for _, c := range m.AllComponents() {
		if c.CustomID != "" {
			out = append(out, c.CustomID)
		}
	}
	return out
}

func (m Message) ofType(t int) []Component {
	var out []Component
	for _, c := range m.AllComponents() {
		if c.Type == t {
			out = append(out, c)
		}
	}
	return out
}

func isSelect(t int) bool { return t == ComponentStringSelect || (t >= 5 && t <= 8) }

func (m *Message) clone() Message {
	c := *m
	c.Components = cloneComponents(m.Components)
	c.Embeds = cloneEmbeds(m.Embeds)
	c.Attachments = append([]Attachment(nil), m.Attachments...)
	c.Mentions = append([]string(nil), m.Mentions...)
	return c
}

func cloneComponents(cs []Component) []Component {
	if cs == nil {
		return nil
	}
	out := make([]Component, len(cs))
	for i, c := range cs {
		c.Options = append([]SelectOption(nil), c.Options...)
		c.Components = cloneComponents(c.Components)
		out[i] = c
	}
	return out
}

func cloneEmbeds(es []Embed) []Embed {
	if es == nil {
		return nil
	}
	out := make([]Embed, len(es))
	for i, e := range es {
		e.Fields = append([]EmbedField(nil), e.Fields...)
		out[i] = e
	}
	return out
}
