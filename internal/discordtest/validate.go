package discordtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// Discord's limits on messages.
const (
	MaxContent        = 2000
	MaxRows           = 5
	MaxRowWidth       = 5
	MaxSelectOptions  = 25
	MaxCustomID       = 100
	MaxButtonLabel    = 80
	MaxFiles          = 10
	MaxEmbeds         = 10
	MaxEmbedTotal     = 6000
	MaxChoices        = 25
	MaxModalTitle     = 45
	MaxTextInputLabel = 45
)

func runeLen(s string) int { return utf8.RuneCountInString(s) }

func idx(i int) string { return strconv.Itoa(i) }

// validateMessage checks the fields a message payload sets. Paths are
// relative to prefix ("" for channel messages, "data" for callbacks).
func validateMessage(fe *formErrors, prefix string, p *msgPayload) {
	if p.contentSet {
		fe.maxLen(join(prefix, "content"), p.content, MaxContent)
	}
	if p.componentsSet {
		if p.flags&FlagComponentsV2 != 0 {
			fe.add(join(prefix, "components"), "DISCORDTEST_UNSUPPORTED", "discordtest does not model components v2 (flag 32768)")
		} else {
			validateComponents(fe, join(prefix, "components"), p.components)
		}
	}
	if p.embedsSet {
		validateEmbeds(fe, join(prefix, "embeds"), p.embeds)
	}
	validateAttachments(fe, prefix, p)
}

// validateComponents checks action rows of buttons and select menus.
func validateComponents(fe *formErrors, path string, rows []Component) {
	if len(rows) > MaxRows {
		fe.add(path, "BASE_TYPE_MAX_LENGTH", "Must be %d or fewer in length.", MaxRows)
	}
	seen := map[string]bool{}
	for i, row := range rows {
		rp := join(path, idx(i))
		if row.Type != ComponentActionRow {
			fe.add(join(rp, "type"), "UNION_TYPE_CHOICES", "Value of field \"type\" must be one of (1,).")
			continue
		}
		if n := len(row.Components); n < 1 || n > MaxRowWidth {
			fe.add(join(rp, "components"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and %d in length.", MaxRowWidth)
		}
		hasSelect := false
		for j, c := range row.Components {
			if isSelect(c.Type) {
				hasSelect = true
			}
			cp := join(join(rp, "components"), idx(j))
			validateComponent(fe, cp, c)
			if c.CustomID != "" {
				if seen[c.CustomID] {
					fe.add(join(cp, "custom_id"), "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
				}
				seen[c.CustomID] = true
			}
		}
		if hasSelect && len(row.Components) > 1 {
			// A select menu takes the whole width of its row.
			for j := range row.Components {
				fe.add(join(join(rp, "components"), idx(j)), "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "The specified component exceeds the maximum width")
			}
		}
	}
}

func validateComponent(fe *formErrors, p string, c Component) {
	switch {
	case c.Type == ComponentButton:
		validateButton(fe, p, c)
	case c.Type == ComponentStringSelect:
		validateSelect(fe, p, c)
		if n := len(c.Options); n < 1 || n > MaxSelectOptions {
			fe.add(join(p, "options"), "BASE_TYPE_BAD_LENGTH", "Must be between 1 and %d in length.", MaxSelectOptions)
		}
		values := map[string]bool{}
		for k, o := range c.Options {
			op := join(join(p, "options"), idx(k))
			fe.between(join(op, "label"), o.Label, 1, 100)
			fe.between(join(op, "value"), o.Value, 1, 100)
			fe.maxLen(join(op, "description"), o.Description, 100)
			if values[o.Value] {
				fe.add(join(op, "value"), "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "Select component option values must be unique")
			}
			values[o.Value] = true
		}
	case isSelect(c.Type):
		validateSelect(fe, p, c)
		if len(c.Options) > 0 {
			fe.add(join(p, "options"), "BASE_TYPE_MAX_LENGTH", "Must be 0 or fewer in length.")
		}
	case c.Type == ComponentTextInput:
		fe.add(join(p, "type"), "COMPONENT_TYPE_INVALID", "Text inputs are only valid in modals")
	default:
		fe.add(join(p, "type"), "UNION_TYPE_CHOICES", "Value of field \"type\" must be one of (2, 3, 5, 6, 7, 8).")
	}
}

func validateButton(fe *formErrors, p string, c Component) {
	fe.maxLen(join(p, "label"), c.Label, MaxButtonLabel)
	switch c.Style {
	case ButtonPrimary, ButtonSecondary, ButtonSuccess, ButtonDanger:
		validateCustomID(fe, p, c.CustomID)
		if c.URL != "" {
			fe.add(join(p, "url"), "BUTTON_COMPONENT_URL_NOT_ALLOWED", "A url cannot be specified for this button style")
		}
	case ButtonLink:
		if c.URL == "" {
			fe.required(join(p, "url"))
		}
		if c.CustomID != "" {
			fe.add(join(p, "custom_id"), "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED", "A custom id cannot be specified for this button style")
		}
	case ButtonPremium:
		if c.SKUID == "" {
			fe.required(join(p, "sku_id"))
		}
		return
	default:
		fe.add(join(p, "style"), "BASE_TYPE_CHOICES", "Value must be one of {1, 2, 3, 4, 5, 6}.")
	}
	if c.Label == "" && c.Emoji == nil {
		fe.add(join(p, "label"), "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED", "A label or an emoji is required")
	}
}

func validateSelect(fe *formErrors, p string, c Component) {
	validateCustomID(fe, p, c.CustomID)
	fe.maxLen(join(p, "placeholder"), c.Placeholder, 150)
	minV, maxV := 1, 1
	if c.MinValues != nil {
		minV = *c.MinValues
		if minV < 0 || minV > 25 {
			fe.add(join(p, "min_values"), "NUMBER_TYPE_MAX", "Int value should be between 0 and 25.")
		}
	}
	if c.MaxValues != nil {
		maxV = *c.MaxValues
		if maxV < 1 || maxV > 25 {
			fe.add(join(p, "max_values"), "NUMBER_TYPE_MAX", "Int value should be between 1 and 25.")
		}
	}
	if minV > maxV {
		fe.add(join(p, "min_values"), "SELECT_COMPONENT_MIN_VALUES_TOO_LARGE", "min_values must be less than or equal to max_values")
	}
	if c.Type == ComponentStringSelect && c.MaxValues != nil && maxV > len(c.Options) && len(c.Options) > 0 {
		fe.add(join(p, "max_values"), "SELECT_COMPONENT_MAX_VALUES_TOO_LARGE", "max_values must be less than or equal to the number of options")
	}
}

func validateCustomID(fe *formErrors, p, id string) {
	if id == "" {
		fe.required(join(p, "custom_id"))
		return
	}
	fe.maxLen(join(p, "custom_id"), id, MaxCustomID)
}

func validateEmbeds(fe *formErrors, p string, es []Embed) {
	if len(es) > MaxEmbeds {
		fe.add(p, "BASE_TYPE_MAX_LENGTH", "Must be %d or fewer in length.", MaxEmbeds)
	}
	total := 0
	for i, e := range es {
		ep := join(p, idx(i))
		fe.maxLen(join(ep, "title"), e.Title, 256)
		fe.maxLen(join(ep, "description"), e.Description, 4096)
		total += runeLen(e.Title) + runeLen(e.Description)
		if e.Footer != nil {
			fe.maxLen(join(ep, "footer.text"), e.Footer.Text, 2048)
			total += runeLen(e.Footer.Text)
		}
		if e.Author != nil {
			fe.maxLen(join(ep, "author.name"), e.Author.Name, 256)
			total += runeLen(e.Author.Name)
		}
		if len(e.Fields) > 25 {
			fe.add(join(ep, "fields"), "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
		}
		for k, f := range e.Fields {
			fp := join(join(ep, "fields"), idx(k))
			fe.between(join(fp, "name"), f.Name, 1, 256)
			fe.between(join(fp, "value"), f.Value, 1, 1024)
			total += runeLen(f.Name) + runeLen(f.Value)
		}
	}
	if total > MaxEmbedTotal {
		fe.add(p, "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of %d", MaxEmbedTotal)
	}
}

// validateModal checks a MODAL callback's data.
func validateModal(fe *formErrors, p *msgPayload) {
	validateCustomID(fe, "data", p.customID)
	fe.between("data.title", p.title, 1, MaxModalTitle)
	if n := len(p.components); n < 1 || n > MaxRows {
		fe.add("data.components", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and %d in length.", MaxRows)
	}
	seen := map[string]bool{}
	for i, row := range p.components {
		rp := join("data.components", idx(i))
		if row.Type != ComponentActionRow || len(row.Components) != 1 || row.Components[0].Type != ComponentTextInput {
			fe.add(rp, "MODAL_ROW_INVALID", "A modal row must hold exactly one text input")
			continue
		}
		c := row.Components[0]
		cp := join(rp, "components.0")
		validateCustomID(fe, cp, c.CustomID)
		if seen[c.CustomID] {
			fe.add(join(cp, "custom_id"), "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
		}
		seen[c.CustomID] = true
		fe.between(join(cp, "label"), c.Label, 1, MaxTextInputLabel)
		if c.Style != 1 && c.Style != 2 {
			fe.add(join(cp, "style"), "BASE_TYPE_CHOICES", "Value must be one of {1, 2}.")
		}
		fe.maxLen(join(cp, "value"), c.Value, 4000)
		fe.maxLen(join(cp, "placeholder"), c.Placeholder, 100)
		if c.MinLength != nil && (*c.MinLength < 0 || *c.MinLength > 4000) {
			fe.add(join(cp, "min_length"), "NUMBER_TYPE_MAX", "Int value should be between 0 and 4000.")
		}
		if c.MaxLength != nil && (*c.MaxLength < 1 || *c.MaxLength > 4000) {
			fe.add(join(cp, "max_length"), "NUMBER_TYPE_MAX", "Int value should be between 1 and 4000.")
		}
	}
}

// validateChoices checks an autocomplete result and converts it.
func validateChoices(fe *formErrors, raw []rawChoice) []Choice {
	if len(raw) > MaxChoices {
		fe.add("data.choices", "BASE_TYPE_MAX_LENGTH", "Must be %d or fewer in length.", MaxChoices)
	}
	var out []Choice
	for i, c := range raw {
		cp := join("data.choices", idx(i))
		fe.between(join(cp, "name"), c.Name, 1, 100)
		var v any
		if err := json.Unmarshal(c.Value, &v); err != nil || v == nil {
			fe.required(join(cp, "value"))
			continue
		}
		switch x := v.(type) {
		case string:
			fe.maxLen(join(cp, "value"), x, 100)
		case float64:
		default:
			fe.add(join(cp, "value"), "BASE_TYPE_CHOICES", "Value must be a string or a number.")
		}
		out = append(out, Choice{Name: c.Name, Value: v})
	}
	return out
}

// ValidateMessage checks a message payload (the JSON body of a create, or
// its payload_json part) as Discord checks a new message: content length,
// action rows, buttons, select menus, custom ids unique in the message,
// embeds, not empty. It returns nil when Discord would accept it, or the
// 50035 body Discord would answer with. files is the number of attached
// files.
func ValidateMessage(payload []byte, files int) error {
	fe := &formErrors{}
	p, ok := parseMessage(payload, "", fe)
	if !ok {
		return errors.New("invalid JSON: 50109 The request body contains invalid JSON.")
	}
	validateMessage(fe, "", p)
	if files > MaxFiles {
		fe.add("attachments", "BASE_TYPE_MAX_LENGTH", "Must be %d or fewer in length.", MaxFiles)
	}
	if rep := fe.reply(); rep != nil {
		b, _ := json.Marshal(rep.body)
		return fmt.Errorf("Discord would refuse it: %s", b)
	}
	if p.content == "" && len(p.embeds) == 0 && len(p.components) == 0 && files == 0 {
		return errors.New("Discord would refuse it: 50006 Cannot send an empty message")
	}
	return nil
}
