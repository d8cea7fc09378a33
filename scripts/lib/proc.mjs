// Child processes: run to completion, or start in their own process group and stop the group.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, toolEnv } from './env.mjs';

/**
 * Runs a command to completion. With `capture`, resolves to its stdout; otherwise its output
 * goes to the terminal. Rejects with the command line and (when captured) its stderr on failure.
 */
export function run(command, args, { capture = false, env = {}, cwd = ROOT } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: toolEnv(env),
      stdio: ['ignore', capture ? 'pipe' : 'inherit', capture ? 'pipe' : 'inherit'],
    });
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk) => (out += chunk));
    child.stderr?.on('data', (chunk) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(out);
      const what = [command.split('/').pop(), ...args].join(' ');
      const detail = `${err}\n${out}`.trim();
      reject(new Error(`\`${what}\` failed (${signal ?? `exit ${code}`})${detail ? `:\n${detail}` : ''}`));
    });
  });
}

const groups = new Set();

/**
 * Starts a long-running command in its own process group (detached), so stopping it stops
 * everything it started too (wrangler starts workerd). `output` is 'inherit' or a writable fd.
 */
export function startGroup(command, args, { env = {}, output = 'inherit' } = {}) {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: toolEnv(env),
    detached: true,
    stdio: ['ignore', output, output],
  });
  groups.add(child);
  child.on('exit', () => groups.delete(child));
  return child;
}

/** Stops a process group: SIGTERM, then SIGKILL if it is still there after a grace period. */
export async function stopGroup(child, graceMs = 5000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  signalGroup(child, 'SIGTERM');
  const stopped = await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]);
  if (!stopped) {
    signalGroup(child, 'SIGKILL');
    await exited;
  }
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is already gone
  }
}

/** Stops every group this process started (used on Ctrl-C, SIGTERM and errors). */
export async function stopAllGroups() {
  await Promise.all([...groups].map((child) => stopGroup(child)));
}

/**
 * Makes Ctrl-C and SIGTERM stop every process group we started, then exit. The children are
 * detached, so the terminal's SIGINT does not reach them on its own.
 */
let stopping = false;

/** True once a signal asked us to stop (a child exiting then is expected, not an error). */
export const isStopping = () => stopping;

export function stopGroupsOnSignals() {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      console.log(`\n${signal}: stopping…`);
      await stopAllGroups();
      process.exit(signal === 'SIGINT' ? 130 : 143);
    });
  }
}

/** True when nothing listens on the port on 127.0.0.1. */
export function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The first free port in [from, to], skipping those in `except`. */
export async function freePort(from, to, except = []) {
  for (let port = from; port <= to; port++) {
    if (!except.includes(port) && (await portIsFree(port))) return port;
  }
  throw new Error(`No free port between ${from} and ${to}.`);
}
