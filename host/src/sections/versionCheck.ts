// A session on a canary gets the pinned version on its next navigation once the canary ends
// (issue 30): after each route change, a page that loaded a canary asks the pins again (at most
// every CHECK_EVERY_MS) and, when a loaded section's version for this session changed, loads
// the page it navigated to afresh. Never mid-form: only a navigation triggers it.
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { fetchPins } from '@console/shared/section';
import { appliedPreviews } from './preview';
import { loadedSections } from './registry';

const CHECK_EVERY_MS = 3_000;
let lastCheck = 0;

/** Whether a section this page loaded as a canary is now given another version. */
export async function canaryEnded(): Promise<boolean> {
  const previewed = new Set(appliedPreviews().map((p) => p.section));
  const canaries = [...loadedSections()].filter(([s, v]) => v.canary && !previewed.has(s));
  if (canaries.length === 0 || Date.now() - lastCheck < CHECK_EVERY_MS) return false;
  lastCheck = Date.now();
  const pins = await fetchPins().catch(() => null);
  return !!pins && canaries.some(([s, v]) => pins.sections[s]?.version !== v.version);
}

/** In the layout: checks after every navigation (not on the first render). */
export function useSectionVersionCheck() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void canaryEnded().then((ended) => {
      if (ended) window.location.reload();
    });
  }, [pathname]);
}
