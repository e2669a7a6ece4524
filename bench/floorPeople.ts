import { newId } from '../src-server/db/ids';

/**
 * For the write floors (bareServer.ts, barePostgres.ts): each caller, told apart by their token (not
 * checked), is a person with an id of the service's kind and one of six managers, as the hundred
 * people of the bench's load have: rows land in each person's part of the indexes, as the
 * service's do, not all at the end of one.
 */
export function floorPeople(): (token: string) => { id: string; manager: string } {
  const people = new Map<string, { id: string; manager: string }>();
  const managers = Array.from({ length: 6 }, () => newId());
  return (token) => {
    let person = people.get(token);
    if (!person) people.set(token, (person = { id: newId(), manager: managers[people.size % managers.length]! }));
    return person;
  };
}
