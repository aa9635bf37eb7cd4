// Package reliability holds end-to-end suites that hold every hosted game
// (internal/catalog) to the same promises: races between clicks and typed
// moves across two routers on one database, hidden information that never
// reaches the table, hostile input, and storage faults. It has no code of
// its own; see docs/reliability.md for what each suite shows and the
// command that reproduces its figures.
package reliability
