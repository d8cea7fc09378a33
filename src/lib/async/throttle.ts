/**
 * Calls `fn` at most once per `ms`, on the leading edge; calls inside the window are dropped
 * (shopping §2, §9: the sign-in redirect is throttled to 100 ms on the leading edge).
 * `const go = leadingThrottle(redirect, 100); go(); go(); // redirects once`
 */
export function leadingThrottle<A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number,
  now: () => number = () => Date.now(),
): (...args: A) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (...args: A) => {
    const t = now();
    if (t - last < ms) return;
    last = t;
    fn(...args);
  };
}
