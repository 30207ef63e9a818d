// What a progress bar showed while a long operation ran (issue 26 item 16): a frame for every
// change of it, recorded in the page by a MutationObserver, so a test sees each state the user
// saw and not only those it happens to poll at.
import type { Page } from 'playwright-core';

export interface ProgressFrame {
  /** The progress element's `data-phase`. */
  phase: string;
  /** The progressbar's `aria-valuenow`. */
  percent: number;
  /** The progressbar's name. */
  name: string;
  /** The text of the element named by `text` (the phase and rows, the time left …). */
  text: string;
}

export interface ProgressTestIds {
  /** The element that carries `data-phase` and holds the progressbar. */
  progress: string;
  /** The element inside it whose text each frame records. */
  text: string;
}

type Recording = { progressFrames_: ProgressFrame[] };

/** Starts recording the frames of the progress element on the current page. */
export const recordProgressFrames = (page: Page, testIds: ProgressTestIds) =>
  page.evaluate(({ progress, text }) => {
    const w = window as unknown as Recording;
    w.progressFrames_ = [];
    const read = () => {
      const el = document.querySelector<HTMLElement>(`[data-testid=${progress}]`);
      if (!el) return;
      const bar = el.querySelector('[role=progressbar]');
      const frame = {
        phase: el.dataset.phase ?? '',
        percent: Number(bar?.getAttribute('aria-valuenow')),
        // The bar's name (the host moves it from Arco's wrapper onto the progressbar).
        name:
          bar?.getAttribute('aria-label') ??
          el.querySelector('.arco-progress')?.getAttribute('aria-label') ??
          '',
        text: el.querySelector(`[data-testid=${text}]`)?.textContent ?? '',
      };
      const last = w.progressFrames_.at(-1);
      if (!last || JSON.stringify(last) !== JSON.stringify(frame)) w.progressFrames_.push(frame);
    };
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  }, testIds);

/** The frames recorded since the recording started or was last cleared. */
export const progressFramesSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as Recording).progressFrames_);

/** Forgets the frames recorded so far; the recording goes on. */
export const clearProgressFrames = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as Recording).progressFrames_ = [];
  });
