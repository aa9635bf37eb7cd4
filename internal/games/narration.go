package games

// RecentEvents is how many recent public events a game keeps for its
// public view to repeat: enough to follow a turn, few enough for one message.
const RecentEvents = 8

// Say narrates to the whole table: text becomes a public event in ev (nil
// during setup, when nobody is told yet) and joins recent, the newest
// RecentEvents of which a game keeps in its state.
func Say(ev *[]Event, recent *[]string, text string) {
	if ev != nil {
		*ev = append(*ev, PublicEvent(text))
	}
	*recent = append(*recent, text)
	if len(*recent) > RecentEvents {
		*recent = append([]string{}, (*recent)[len(*recent)-RecentEvents:]...)
	}
}

// Tell narrates to one seat only (it goes to their DM).
func Tell(ev *[]Event, seat int, text string) {
	*ev = append(*ev, PrivateEvent(seat, text))
}
