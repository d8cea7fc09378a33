// Where the browser tests and the bench find Chromium, and the flags that keep it off the network.
import { accessSync, constants } from 'node:fs';

/** Debian's chromium package; Playwright's own browser download cannot work on these machines. */
const DEFAULT_CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's chromium-headless-shell package: the same Chromium build (same version, Blink and
 * Skia) as its headless shell, without the full browser's UI process, the one Playwright itself
 * runs headless tests in. The journeys take half the CPU in it (docs/decisions/601).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

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

/**
 * The Chromium the browser journeys run in: CHROMIUM_PATH if set, else Debian's headless shell
 * when it is installed, else Debian's chromium. The bench keeps chromiumPath(): it measures what a
 * shopper's browser does.
 */
export function journeyChromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return hasChromium(HEADLESS_SHELL) ? HEADLESS_SHELL : DEFAULT_CHROMIUM;
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
