// Reads that each provide one tag and count their fetches (test-only,
// `@console/shared/testing/tag-probes`): a write-refresh test subscribes one to each tag it
// watches, so it sees exactly which cached reads a write makes stale, and compares them with
// what the live channel refetches on hearing the same event (issue 27 item 6).
import type { AppStore } from '../store';
import { tagsForEvent, type DomainEvent } from './invalidation';
import { consoleApi, invalidateApiTags, type ApiTag } from './rtk';

const key = (tag: ApiTag) => (typeof tag === 'string' ? tag : `${tag.type}:${tag.id ?? ''}`);

const fetches = new Map<string, number>();
const probes = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    tagProbe: build.query<number, ApiTag>({
      queryFn: (tag) => {
        fetches.set(key(tag), (fetches.get(key(tag)) ?? 0) + 1);
        return { data: fetches.get(key(tag)) ?? 0 };
      },
      providesTags: (_r, _e, tag) => [tag],
    }),
  }),
});

/**
 * Subscribes a counting read to each tag in `store`. `refetchedBy(act)` answers the probed tags
 * that fetched again after `act` (sorted); `asLiveEvent(event)` does what the live channel does
 * on hearing it; `stop()` ends the subscriptions.
 */
export async function probeTags(store: AppStore, tags: ApiTag[]) {
  const subscriptions: { unsubscribe(): void }[] = [];
  for (const tag of tags) {
    const sub = store.dispatch(probes.endpoints.tagProbe.initiate(tag));
    subscriptions.push(sub);
    await sub;
  }
  return {
    async refetchedBy(act: () => unknown): Promise<string[]> {
      fetches.clear();
      await act();
      await new Promise((resolve) => setTimeout(resolve, 300));
      return [...fetches.keys()].sort();
    },
    asLiveEvent: (event: DomainEvent) => () =>
      invalidateApiTags(store.dispatch, tagsForEvent(event)),
    stop() {
      for (const sub of subscriptions) sub.unsubscribe();
      fetches.clear();
    },
  };
}
