/** Keeps one INSERT under PostgreSQL's 65 535 bind parameters. */
export function chunks<T>(items: T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
