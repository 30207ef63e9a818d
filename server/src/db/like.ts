/** Escapes LIKE wildcards (and the escape character) so a keyword matches literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
