package commands

// IsControlID says whether s is written as the bot's control ids are
// (action:game:version, then more), whatever it names: a transport where a
// user may type an id instead of clicking (the console) hands such an id
// to the router to judge, and says of anything else that no such control
// is shown.
func IsControlID(s string) bool {
	_, err := parseCustomID(s)
	return err == nil
}
