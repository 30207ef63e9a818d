// The async boundary Module Federation needs before shared singletons are used (RUNTIME-006).
import { applyCachedSettings } from './settings/prepaint';

// Before anything renders: this browser's last theme, colour-weak and theme colour.
applyCachedSettings();
void import('./bootstrap');
