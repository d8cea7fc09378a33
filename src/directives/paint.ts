// The `client:paint` directive (docs/decisions/669): an island that a page needs at once (the
// checkout: its first press usually comes within a second) but whose server markup is the page's
// content, painted whole first (BaseLayout's renderWhole). Its chunks are asked for once the
// page's first frame is drawn, all in one wave (worker/island-preload.ts leaves their
// modulepreload links in a `<template data-after-paint>` until then), and it hydrates as they
// arrive. What the shopper reads first then shares neither the connection nor the main thread with
// React, and a press before the island is ready meets the page's plain POST forms, as it did
// before the island hydrated with client:load.
//
// Astro bundles this file on its own (esbuild) into every page that uses the directive: keep it
// tiny and import nothing.

type DirectiveLoad = () => Promise<() => Promise<void>>;

/** The island chunks' modulepreload links, inert until the page has painted. */
export const AFTER_PAINT_TEMPLATE = 'template[data-after-paint]';

/** Runs `then` in a task of its own, after the tasks already queued (a frame's drawing among them). */
function nextTask(then: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = then;
  channel.port2.postMessage(null);
}

/**
 * Moves the after-paint links into the head (their fetches start), then, in a task of its own,
 * loads and hydrates the island: two short tasks rather than one long one on a slow phone.
 */
function start(load: DirectiveLoad): void {
  for (const template of document.querySelectorAll<HTMLTemplateElement>(AFTER_PAINT_TEMPLATE)) {
    document.head.appendChild(template.content.cloneNode(true));
    template.remove();
  }
  nextTask(() => {
    void load().then((hydrate) => hydrate());
  });
}

/**
 * A page that is not shown (prerendered, a background tab) paints nothing: it hydrates at once,
 * as client:load would. Otherwise once its first frame is drawn: a requestAnimationFrame callback
 * runs in that frame before it is drawn, a task queued from it after.
 */
const paintDirective = (load: DirectiveLoad): void => {
  if (document.visibilityState === 'hidden') start(load);
  else requestAnimationFrame(() => nextTask(() => start(load)));
};

export default paintDirective;
