/**
 * The fields a partial update (PUT with some fields) actually gives: `undefined` means "leave as
 * it is", while `null` is kept, because it means "clear this field".
 */
export function givenFields<T extends object>(patch: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
