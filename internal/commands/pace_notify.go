package commands

import (
	"cmp"
	"context"
	"fmt"
	"strings"
	"time"

	"standoff/internal/rhythm"
	"standoff/storage"
)

// /game notify keeps each player's own way of being told that a game waits
// on them, across every game and server: how (a mention, a DM, both or
// none), quiet hours in their time zone, a heads-up when they are next,
// and a daily digest instead of a ping per turn. The rules are package
// rhythm's; here they are read, stored and shown.

// notifyOptions are /game notify's options.
var notifyOptions = []CommandOption{
	{Name: "how", Description: "how you are told a game waits on you", Type: StringOption, Choices: []Suggestion{
		{Name: "a mention in the game's channel (default)", Value: string(rhythm.Mention)},
		{Name: "a direct message", Value: string(rhythm.DM)},
		{Name: "both", Value: string(rhythm.Both)},
		{Name: "none (I look with /game turns)", Value: string(rhythm.Silent)},
	}},
	{Name: "quiet", Description: "quiet hours in your time zone, e.g. 22:00-07:00, or off", Type: StringOption},
	{Name: "zone", Description: "your time zone, e.g. Europe/Paris or America/New_York", Type: StringOption, Autocomplete: true},
	{Name: "next", Description: "a heads-up when the player before you starts their turn", Type: BooleanOption},
	{Name: "digest", Description: "one DM a day at this time (e.g. 08:00) instead of a ping per turn, or off", Type: StringOption},
}

// notify answers /game notify: with no option it shows the settings;
// otherwise it changes those given.
func (pc *pace) notify(ctx context.Context, in Interaction) (Response, error) {
	p, err := pc.store.Player(ctx, in.User.ID)
	if err != nil {
		return Response{}, err
	}
	changed, err := applyNotify(&p, in.Options, pc.now())
	if err != nil {
		return Response{}, err
	}
	if !changed {
		return ephemeral(describeNotify(p, pc.now()) + "\nChange any of them, e.g. `/game notify how:dm quiet:22:00-07:00 zone:Europe/Paris next:true digest:08:00`."), nil
	}
	if err := pc.store.SavePlayer(ctx, p); err != nil {
		return Response{}, err
	}
	return ephemeral("Saved. " + describeNotify(p, pc.now())), nil
}

// applyNotify changes the settings an interaction names; changed is false
// when it names none.
func applyNotify(p *storage.Player, opts map[string]string, now time.Time) (changed bool, err error) {
	if raw, ok := opts["how"]; ok {
		if p.How, err = rhythm.ParseHow(raw); err != nil {
			return false, refusef("Option how is mention, dm, both or none, not %q.", raw)
		}
		changed = true
	}
	if raw, ok := opts["zone"]; ok {
		name := strings.TrimSpace(raw)
		if _, err := rhythm.LoadZone(name); err != nil {
			return false, refusef("I do not know the time zone %q: name it as the IANA database does, such as Europe/Paris, America/New_York or Asia/Tokyo.", quoteTyped(raw))
		}
		p.Zone, changed = name, true
	}
	if raw, ok := opts["quiet"]; ok {
		if p.Quiet, err = rhythm.ParseWindow(raw); err != nil {
			return false, quietRefusal(raw, err)
		}
		changed = true
	}
	if raw, ok := opts["next"]; ok {
		p.HeadsUp, changed = strings.EqualFold(raw, "true"), true
	}
	if raw, ok := opts["digest"]; ok {
		switch v := strings.ToLower(strings.TrimSpace(raw)); v {
		case "off", "none", "false":
			p.Digest = false
		default:
			at, err := rhythm.ParseClock(v)
			if err != nil {
				return false, refusef("Option digest is a time of day such as 08:00 (your time), or off, not %q.", quoteTyped(raw))
			}
			p.Digest, p.DigestAt = true, at
		}
		changed = true
	}
	// The next digest follows the time and zone just chosen.
	p.DigestNext = p.NextDigest(now)
	return changed, nil
}

// describeNotify says, in a player's words, how they are told.
func describeNotify(p storage.Player, now time.Time) string {
	s := p.Settings
	zone := s.Zone
	if zone == "" {
		zone = "UTC"
	}
	how := map[rhythm.How]string{
		rhythm.Mention: "a mention in the game's channel", rhythm.DM: "a direct message",
		rhythm.Both: "a mention in the game's channel and a direct message", rhythm.Silent: "nothing (you look with /game turns)",
	}[cmp.Or(s.How, rhythm.Mention)]
	var b strings.Builder
	fmt.Fprintf(&b, "How you are told a game waits on you, on every server:\n• %s", how)
	if s.Digest {
		b.WriteString(", replaced by your daily digest")
	}
	b.WriteString(".\n")
	if s.Quiet.On() {
		fmt.Fprintf(&b, "• Quiet hours %s (%s): no ping and no reminder then (a game's DMs come silently); what was due comes in one message when they end.\n", s.Quiet, zone)
	} else {
		b.WriteString("• Quiet hours: off.\n")
	}
	if s.HeadsUp {
		b.WriteString("• A heads-up when the player before you starts their turn: on.\n")
	} else {
		b.WriteString("• A heads-up when you are next: off.\n")
	}
	if s.Digest {
		fmt.Fprintf(&b, "• Daily digest at %s (%s), one DM listing the games waiting on you; the next on %s.\n", s.DigestAt, zone, when(p.DigestNext, s))
	} else {
		b.WriteString("• Daily digest: off.\n")
	}
	fmt.Fprintf(&b, "• Time zone: %s (it is %s there now).", zone, now.In(s.Location()).Format("15:04 Mon 2 Jan"))
	if s.AwayAt(now) {
		fmt.Fprintf(&b, "\nYou are away until %s.", when(s.AwayUntil, s))
	}
	return b.String()
}

// commonZones are offered while a zone is typed; any IANA name is taken.
var commonZones = []string{
	"UTC", "Europe/London", "Europe/Dublin", "Europe/Lisbon", "Europe/Paris", "Europe/Berlin", "Europe/Madrid",
	"Europe/Rome", "Europe/Amsterdam", "Europe/Brussels", "Europe/Stockholm", "Europe/Warsaw", "Europe/Athens",
	"Europe/Helsinki", "Europe/Istanbul", "Europe/Moscow", "Africa/Cairo", "Africa/Johannesburg", "Africa/Lagos",
	"Asia/Dubai", "Asia/Kolkata", "Asia/Bangkok", "Asia/Singapore", "Asia/Shanghai", "Asia/Hong_Kong", "Asia/Tokyo",
	"Asia/Seoul", "Australia/Perth", "Australia/Adelaide", "Australia/Sydney", "Pacific/Auckland",
	"America/St_Johns", "America/Halifax", "America/New_York", "America/Chicago", "America/Denver", "America/Phoenix",
	"America/Los_Angeles", "America/Anchorage", "Pacific/Honolulu", "America/Mexico_City", "America/Bogota",
	"America/Sao_Paulo", "America/Argentina/Buenos_Aires",
}

// completeZone suggests time zones matching what was typed.
func (pc *pace) completeZone(_ context.Context, in Interaction) []Suggestion {
	if in.Focused != "zone" {
		return nil
	}
	typed := strings.ToLower(strings.TrimSpace(in.Options["zone"]))
	var out []Suggestion
	for _, z := range commonZones {
		if strings.Contains(strings.ToLower(z), typed) {
			out = append(out, Suggestion{Name: z, Value: z})
		}
	}
	if len(out) == 0 && typed != "" {
		if _, err := rhythm.LoadZone(strings.TrimSpace(in.Options["zone"])); err == nil {
			out = append(out, Suggestion{Name: in.Options["zone"], Value: in.Options["zone"]})
		}
	}
	return out[:min(len(out), 25)]
}

// quietRefusal says what is wrong with typed quiet hours once, quoting at
// most the start of what was typed.
func quietRefusal(raw string, err error) error {
	switch why := err.Error(); {
	case len(raw) > maxEcho || !strings.Contains(raw, "-"):
		return refusef("Quiet hours are written like 22:00-07:00 (your time), or off, not %q.", quoteTyped(raw))
	case strings.HasPrefix(why, "quiet hours "):
		return refusef("Q%s.", strings.TrimPrefix(why, "q"))
	default:
		return refusef("Quiet hours are written like 22:00-07:00 (your time), or off: %s.", why)
	}
}
