// Page-load progress bar (seed §9: minimum 0.08, trickle speed 800 ms, spinner hidden).
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

// Issue 28: NProgress's own template gives the bar `role="bar"`, a role that does not exist
// (axe aria-roles, seen whenever a page's code was still arriving). The bar is decoration: the
// page says it is loading in its own words, so the bar is hidden from assistive technology.
const TEMPLATE = '<div class="bar" aria-hidden="true"><div class="peg"></div></div>';

// NProgress finds its bar by that role unless told otherwise.
const BASE = {
  minimum: 0.08,
  trickleSpeed: 800,
  showSpinner: false,
  template: TEMPLATE,
  barSelector: '.bar',
};

// Issue 28 item 5: with reduced motion asked for, the bar neither trickles nor slides (its CSS
// transitions are off too, a11y.less); it still shows that a page is loading. Read at each
// start, so a change of the system setting applies without a reload.
const reducedMotion = () =>
  typeof window !== 'undefined' &&
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

NProgress.configure(BASE);

let pending = 0;
/** A done() waiting a turn: a start() right after it (one loader handing over to the next)
 * keeps the bar instead. Finishing at once and starting again raced inside NProgress: the
 * finished bar's removal came after the new start and took the bar away, and without the
 * trickle (reduced motion) nothing drew it again while the page's code was still coming. */
let finishing: ReturnType<typeof setTimeout> | undefined;

export const progress = {
  start() {
    pending += 1;
    if (pending !== 1) return;
    if (finishing !== undefined) {
      clearTimeout(finishing);
      finishing = undefined;
      return;
    }
    NProgress.configure(
      reducedMotion()
        ? { ...BASE, trickle: false, speed: 0 }
        : { ...BASE, trickle: true, speed: 200 },
    );
    NProgress.start();
  },
  done() {
    if (pending === 0) return;
    pending -= 1;
    if (pending > 0) return;
    finishing = setTimeout(() => {
      finishing = undefined;
      NProgress.done();
    }, 0);
  },
};
