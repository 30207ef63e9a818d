// jsdom has no matchMedia; Arco's grid and responsive helpers subscribe to it on mount.
import '@console/shared/testing/match-media';
