// The training search's index holds each name once (cache migration 014): trainings often share a
// name (a course many people take). Triggers keep it as trainings are stored or renamed.

/** A condition on `column` (a training's name): it matches the FTS5 query given as its one parameter. */
export function nameMatches(column: string): string {
  return `${column} IN (SELECT name FROM training_names
    WHERE rowid IN (SELECT rowid FROM training_names_fts WHERE training_names_fts MATCH ?))`;
}

/**
 * The names of the trainings stored while the triggers were off (a first load), into the index.
 * In a first load every training is as the service sent it (json set): the names are read off
 * trainings_name, in order, rather than from every row.
 */
export const INDEX_TRAINING_NAMES =
  'INSERT INTO training_names (name) SELECT DISTINCT name FROM trainings WHERE json IS NOT NULL AND name IS NOT NULL ON CONFLICT DO NOTHING';
