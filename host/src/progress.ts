// Page-load progress bar (seed §9: minimum 0.08, trickle speed 800 ms, spinner hidden).
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

// Issue 28 item 5: with reduced motion asked for, the bar neither trickles nor slides (its CSS
// transitions are off too, a11y.less); it still shows that a page is loading.
const reducedMotion =
  typeof window !== 'undefined' &&
  window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

NProgress.configure({
  minimum: 0.08,
  trickleSpeed: 800,
  showSpinner: false,
  ...(reducedMotion ? { trickle: false, speed: 0 } : {}),
});

let pending = 0;

export const progress = {
  start() {
    pending += 1;
    if (pending === 1) NProgress.start();
  },
  done() {
    pending = Math.max(0, pending - 1);
    if (pending === 0) NProgress.done();
  },
};
