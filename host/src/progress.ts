// Page-load progress bar (seed §9: minimum 0.08, trickle speed 800 ms, spinner hidden).
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

NProgress.configure({ minimum: 0.08, trickleSpeed: 800, showSpinner: false });

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
