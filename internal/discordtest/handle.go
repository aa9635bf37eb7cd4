package discordtest

import (
	"fmt"
	"time"
)

// Interaction is the test's handle on an interaction it caused: it waits for
// the bot's response and shows what came of it.
type Interaction struct {
	s  *Server
	st *interactionState
}

// Response is the bot's accepted initial response.
type Response struct {
	Type      int           // CallbackChannelMessage, CallbackDeferredChannelMessage...
	Latency   time.Duration // from dispatch to the callback's arrival
	Ephemeral bool
	// Message is the message as the callback left it (types 4, 5 and 7;
	// for 5 the loading placeholder). Use WaitOriginal for later edits.
	Message *Message
	Choices []Choice // type 8
	Modal   *Modal   // type 9
}

// ID is the interaction's id.
func (i *Interaction) ID() string { return i.st.id }

// Token is the interaction's token.
func (i *Interaction) Token() string { return i.st.token }

// Source is the id of the message whose component caused the interaction
// ("" for a slash command).
func (i *Interaction) Source() string { return i.st.sourceMsg }

// Payload is the INTERACTION_CREATE data as dispatched.
func (i *Interaction) Payload() []byte { return i.st.payload }

// Response returns the accepted initial response, if any yet.
func (i *Interaction) Response() (Response, bool) {
	i.s.mu.Lock()
	defer i.s.mu.Unlock()
	return i.responseLocked()
}

func (i *Interaction) responseLocked() (Response, bool) {
	st := i.st
	if !st.responded {
		return Response{}, false
	}
	r := Response{
		Type:    st.respType,
		Latency: st.respondedAt.Sub(st.created),
		Choices: append([]Choice(nil), st.choices...),
	}
	if st.respMsg != nil {
		m := st.respMsg.clone()
		r.Message = &m
		r.Ephemeral = m.Ephemeral
	}
	if st.modal != nil {
		r.Modal = &Modal{CustomID: st.modal.CustomID, Title: st.modal.Title, Components: cloneComponents(st.modal.Components)}
	}
	return r, true
}

// Wait waits for the initial response. It does not fail when the response
// came late: Latency tells, and a late callback is refused by the server
// (see Attempts), so a late bot shows as a timeout here.
func (i *Interaction) Wait(timeout time.Duration) (Response, error) {
	var r Response
	err := i.s.waitOn(&i.st.sig, timeout, func() bool {
		var ok bool
		r, ok = i.Response()
		return ok
	})
	if err != nil {
		return Response{}, fmt.Errorf("interaction %s: no accepted response: %w (attempts: %v)", i.st.id, err, i.Attempts())
	}
	return r, nil
}

// Latency is the time from dispatch to the accepted initial response.
func (i *Interaction) Latency() (time.Duration, bool) {
	r, ok := i.Response()
	return r.Latency, ok
}

// Original returns the message of @original as it is now: the response
// message (types 4, 5) or the component's message (types 6, 7).
func (i *Interaction) Original() (Message, bool) {
	i.s.mu.Lock()
	defer i.s.mu.Unlock()
	m := i.s.messages[i.st.original]
	if i.st.original == "" || m == nil {
		return Message{}, false
	}
	return m.clone(), true
}

// WaitOriginal waits until the response is complete: a message sent or
// updated by the callback, a deferred message filled in, or (for a deferred
// update) the component's message edited or a follow-up sent.
func (i *Interaction) WaitOriginal(timeout time.Duration) (Message, error) {
	var m Message
	err := i.s.waitOn(&i.st.sig, timeout, func() bool {
		i.s.mu.Lock()
		defer i.s.mu.Unlock()
		st := i.st
		msg := i.s.messages[st.original]
		if !st.responded || msg == nil || st.original == "" {
			return false
		}
		switch st.respType {
		case CallbackDeferredChannelMessage:
			if msg.Loading {
				return false
			}
		case CallbackDeferredUpdate:
			if !st.touched {
				return false
			}
		}
		m = msg.clone()
		return true
	})
	if err != nil {
		return Message{}, fmt.Errorf("interaction %s: response not completed: %w (attempts: %v)", i.st.id, err, i.Attempts())
	}
	return m, nil
}

// Followups lists the follow-up messages (as they are now), oldest first.
func (i *Interaction) Followups() []Message {
	i.s.mu.Lock()
	defer i.s.mu.Unlock()
	var out []Message
	for _, id := range i.st.followups {
		out = append(out, i.s.messages[id].clone())
	}
	return out
}

// WaitFollowups waits for at least n follow-up messages.
func (i *Interaction) WaitFollowups(n int, timeout time.Duration) ([]Message, error) {
	var out []Message
	err := i.s.waitOn(&i.st.sig, timeout, func() bool {
		out = i.Followups()
		return len(out) >= n
	})
	if err != nil {
		return out, fmt.Errorf("interaction %s: %d of %d follow-ups: %w", i.st.id, len(out), n, err)
	}
	return out, nil
}

// Told lists what the interaction's answer shows its user now, whichever
// path it took: the message the callback sent or updated (types 4, 5 and
// 7; for 5 once filled in), the component's message when a deferred update
// edited it through @original, then the follow-ups, oldest first. A
// deferred update whose answer is the router's channel messages tells
// nothing here. It reads the present: wait first until the bot has
// finished with the interaction (its answer may still be on its way).
func (i *Interaction) Told() []Message {
	i.s.mu.Lock()
	defer i.s.mu.Unlock()
	st := i.st
	var out []Message
	if m := i.s.messages[st.original]; st.responded && st.original != "" && m != nil && !m.Deleted {
		switch st.respType {
		case CallbackChannelMessage, CallbackUpdateMessage:
			out = append(out, m.clone())
		case CallbackDeferredChannelMessage:
			if !m.Loading {
				out = append(out, m.clone())
			}
		case CallbackDeferredUpdate:
			if st.touched && st.editedOriginal {
				out = append(out, m.clone())
			}
		}
	}
	for _, id := range st.followups {
		if m := i.s.messages[id]; m != nil && !m.Deleted {
			out = append(out, m.clone())
		}
	}
	return out
}

// WaitChoices waits for an autocomplete result and returns its choices.
func (i *Interaction) WaitChoices(timeout time.Duration) ([]Choice, error) {
	r, err := i.Wait(timeout)
	if err != nil {
		return nil, err
	}
	if r.Type != CallbackAutocompleteResult {
		return nil, fmt.Errorf("interaction %s answered with type %d, not an autocomplete result", i.st.id, r.Type)
	}
	return r.Choices, nil
}

// Attempts lists every request the bot made for this interaction, accepted
// or refused (with Discord's error code).
func (i *Interaction) Attempts() []Attempt {
	i.s.mu.Lock()
	defer i.s.mu.Unlock()
	return append([]Attempt(nil), i.st.attempts...)
}
