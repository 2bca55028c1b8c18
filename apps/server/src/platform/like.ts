/** A LIKE pattern's literal text (`%`, `_` and `\\` escaped). */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern matching text that contains `s` literally. */
export const containsLike = (s: string) => `%${escapeLike(s)}%`;
