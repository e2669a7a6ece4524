// The training search's index holds each name once (cache migration 014): trainings often share a
// name (a course many people take). Triggers keep it as trainings are stored or renamed.

/** A condition on `column` (a training's name): it matches the FTS5 query given as its one parameter. */
export function nameMatches(column: string): string {
  return `${column} IN (SELECT name FROM training_names
    WHERE rowid IN (SELECT rowid FROM training_names_fts WHERE training_names_fts MATCH ?))`;
}
