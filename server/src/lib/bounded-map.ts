// A Map used as a bounded cache: the order of its keys is the order they were last set, so
// the first key is the oldest and goes first when the map is full.

/** Sets `key` (moving it to the newest place) and drops the oldest key past `max` entries. */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}
