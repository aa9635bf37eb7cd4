package discordtest

import (
	"errors"
	"fmt"
	"slices"
)

// Click acts as the user pressing the button with customID on a message. It
// fails if the message (as it is now) has no such enabled button or the user
// cannot see it, so a test notices stripped or disabled buttons.
func (s *Server) Click(userID, messageID, customID string) (*Interaction, error) {
	return s.component(userID, messageID, customID, nil, false)
}

// Select acts as the user choosing values in the select menu with customID.
func (s *Server) Select(userID, messageID, customID string, values ...string) (*Interaction, error) {
	return s.component(userID, messageID, customID, values, true)
}

func (s *Server) component(userID, messageID, customID string, values []string, isSel bool) (*Interaction, error) {
	s.mu.Lock()
	m := s.messages[messageID]
	if m == nil || m.Deleted {
		s.mu.Unlock()
		return nil, fmt.Errorf("discordtest: no message %s (deleted or never sent)", messageID)
	}
	u, ch, err := s.actorLocked(userID, m.ChannelID)
	if err == nil && m.Ephemeral && m.Recipient != userID {
		err = fmt.Errorf("discordtest: message %s is ephemeral for %s; %s cannot see it", messageID, m.Recipient, userID)
	}
	if err != nil {
		s.mu.Unlock()
		return nil, err
	}
	c, found := m.Component(customID)
	if err = checkComponent(m, c, found, customID, values, isSel); err != nil {
		s.mu.Unlock()
		return nil, err
	}
	data := map[string]any{"custom_id": customID, "component_type": c.Type}
	if isSel {
		data["values"] = values
		if c.Type == ComponentUserSelect {
			resolved, err := s.resolvePickedLocked(ch, values)
			if err != nil {
				s.mu.Unlock()
				return nil, err
			}
			data["resolved"] = resolved
		}
	}
	in := s.newInteractionLocked(interactionComponent, u, ch, data, m)
	s.mu.Unlock()
	return s.dispatchInteraction(in)
}

// ErrNoComponent: a click or a choice on a component the message does not
// have (any more): a person could not press it.
var ErrNoComponent = errors.New("discordtest: no such component")

func checkComponent(m *Message, c Component, found bool, customID string, values []string, isSel bool) error {
	if !found {
		return fmt.Errorf("%w: message %s has no component %q (custom ids: %v)", ErrNoComponent, m.ID, customID, m.CustomIDs())
	}
	if c.Disabled {
		return fmt.Errorf("discordtest: component %q of message %s is disabled", customID, m.ID)
	}
	if !isSel {
		if c.Type != ComponentButton {
			return fmt.Errorf("discordtest: component %q is not a button (type %d)", customID, c.Type)
		}
		return nil
	}
	if !isSelect(c.Type) {
		return fmt.Errorf("discordtest: component %q is not a select menu (type %d)", customID, c.Type)
	}
	minV, maxV := 1, 1
	if c.MinValues != nil {
		minV = *c.MinValues
	}
	if c.MaxValues != nil {
		maxV = *c.MaxValues
	}
	if len(values) < minV || len(values) > maxV {
		return fmt.Errorf("discordtest: select %q takes %d to %d values, got %d", customID, minV, maxV, len(values))
	}
	if c.Type == ComponentStringSelect {
		for _, v := range values {
			if !slices.ContainsFunc(c.Options, func(o SelectOption) bool { return o.Value == v }) {
				return fmt.Errorf("discordtest: select %q has no option %q", customID, v)
			}
		}
	}
	return nil
}

// SubmitModal acts as the user filling in and submitting the modal the bot
// opened in answer to from. values maps text input custom ids to text.
func (s *Server) SubmitModal(userID string, from *Interaction, values map[string]string) (*Interaction, error) {
	s.mu.Lock()
	src := from.st
	if src.respType != CallbackModal || src.modal == nil {
		s.mu.Unlock()
		return nil, fmt.Errorf("discordtest: interaction %s was not answered with a modal", src.id)
	}
	if src.user.id != userID {
		s.mu.Unlock()
		return nil, fmt.Errorf("discordtest: the modal was opened for %s, not %s", src.user.id, userID)
	}
	modal := Modal{CustomID: src.modal.CustomID, Title: src.modal.Title, Components: cloneComponents(src.modal.Components)}
	rows := []any{}
	used := 0
	for _, ti := range modal.TextInputs() {
		v, given := values[ti.CustomID]
		if given {
			used++
		} else {
			v = ti.Value
		}
		required := ti.Required == nil || *ti.Required
		if required && v == "" {
			s.mu.Unlock()
			return nil, fmt.Errorf("discordtest: modal field %q is required", ti.CustomID)
		}
		if v != "" && (ti.MinLength != nil && runeLen(v) < *ti.MinLength || ti.MaxLength != nil && runeLen(v) > *ti.MaxLength) {
			s.mu.Unlock()
			return nil, fmt.Errorf("discordtest: modal field %q: length %d outside its limits", ti.CustomID, runeLen(v))
		}
		rows = append(rows, map[string]any{"type": 1, "components": []any{
			map[string]any{"type": ComponentTextInput, "custom_id": ti.CustomID, "value": v},
		}})
	}
	if used != len(values) {
		s.mu.Unlock()
		return nil, fmt.Errorf("discordtest: values name fields the modal does not have")
	}
	data := map[string]any{"custom_id": modal.CustomID, "components": rows}
	var srcMsg *Message
	if src.sourceMsg != "" {
		srcMsg = s.messages[src.sourceMsg]
	}
	in := s.newInteractionLocked(interactionModalSubmit, src.user, src.channel, data, srcMsg)
	s.mu.Unlock()
	return s.dispatchInteraction(in)
}
