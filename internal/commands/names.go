package commands

import (
	"strings"
	"unicode"
)

// Display names are chosen by users and shown in public messages, in the
// pictures and in /game turns. Discord renders markdown in the bot's
// messages, so a name could bold, quote or head a line, hide text, or
// carry a masked link under the bot's own name. A seat keeps a plain form:
// the characters markdown and links are made of are left out (the name
// still reads), whitespace is one space, and it is at most 32 letters
// (Discord's own limit for a display name).
const maxNameLength = 32

// markdownRunes are the characters Discord's markdown, mentions, masked
// links and URLs are built from.
const markdownRunes = "*_~`|>#[]()<@!:\\/"

// Name is a user's display name in the only form the bot prints: the plain
// form playerName makes. It keeps nothing else, so no message, picture or
// alt text can show the name as typed (`_zed_` would be italic).
type Name struct{ plain string }

// NameOf takes a display name as Discord (or the console) gives it.
func NameOf(raw string) Name { return Name{plainName(raw)} }

// String is the name as public text shows it.
func (n Name) String() string {
	if n.plain == "" {
		return "player"
	}
	return n.plain
}

// playerName is the form of a display name that public text can show.
func playerName(raw string) string { return plainName(raw) }

func plainName(raw string) string {
	var b strings.Builder
	space := false
	n := 0
	for _, r := range raw {
		switch {
		case unicode.IsSpace(r) || unicode.IsControl(r):
			space = b.Len() > 0
			continue
		case strings.ContainsRune(markdownRunes, r):
			continue
		}
		if n == maxNameLength {
			break
		}
		if space {
			b.WriteByte(' ')
			n++
			space = false
		}
		b.WriteRune(r)
		n++
	}
	name := strings.TrimSpace(b.String())
	if name == "" {
		return "player"
	}
	return name
}
