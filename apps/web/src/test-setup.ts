import { setAppLocale } from './lib/datetime';

// Tests assert the dates users read; pin the locale so they read the same on every machine.
setAppLocale('en-US');
