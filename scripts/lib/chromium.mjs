// Where the browser tests and the bench find Chromium, and the flags that keep it off the network.
import { accessSync, constants } from 'node:fs';

/** Debian's chromium package; Playwright's own browser download cannot work on these machines. */
const DEFAULT_CHROMIUM = '/usr/bin/chromium';

/** Headless, sandbox-free (containers run as root), and no calls home. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The Chromium to use: CHROMIUM_PATH if set, else the Debian package's path. */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM;
}

/** True when the Chromium of chromiumPath() exists and can be run. */
export function hasChromium(path = chromiumPath()) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
