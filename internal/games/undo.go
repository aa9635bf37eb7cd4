package games

// CheckUndo is UndoChecker.CanUndo for a game that judges a move by what it
// revealed: it plays move on a copy of before and asks revealed, given the
// state after it, whether it showed something nobody had seen. A move that
// would not replay is not judged here: the platform refuses it with its own
// reason.
func CheckUndo[T State](decode func([]byte) (State, error), before T, seat int, move string, revealed func(after T) error) error {
	after, err := Try(decode, before, seat, move)
	if err != nil {
		return nil
	}
	return revealed(after.(T))
}
