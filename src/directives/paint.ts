// The `client:paint` directive (docs/decisions/669, 674): an island that a page needs at once (the
// checkout: its first press usually comes within a second) but whose server markup is the page's
// content, painted first. Astro calls the directive once the island's markup is parsed; its chunks
// are asked for once the next frame, the one that draws that markup, is drawn, all in one wave
// (worker/island-preload.ts leaves their modulepreload links in a `<template data-after-paint>`
// until then), and it hydrates as they arrive. What the shopper reads first then shares neither
// the connection nor the main thread with React, and a press before the island is ready meets the
// page's plain POST forms, as it did before the island hydrated with client:load.
//
// Astro bundles this file on its own (esbuild) into every page that uses the directive: keep it
// tiny and import nothing but the tiny.

import { appendOnePerTask } from './one-per-task.ts';

type DirectiveLoad = () => Promise<() => Promise<void>>;

/** The island chunks' modulepreload links, inert until the page has painted. */
export const AFTER_PAINT_TEMPLATE = 'template[data-after-paint]';

/**
 * A page that is not shown (prerendered, a background tab) paints nothing: it hydrates at once,
 * as client:load would. Otherwise once the frame that draws the island's markup is drawn: a
 * requestAnimationFrame callback runs in that frame before it is drawn, a task queued from it
 * after. The after-paint links go into the head, one per task (one wave of fetches, no long
 * task: decision 673), then the island loads and hydrates as they arrive.
 * (Kept small: the checkout's JavaScript is at its budget, and this runs inline on the page.)
 */
const paintDirective = (load: DirectiveLoad): void => {
  const start = () => {
    const links: Node[] = [];
    for (const template of document.querySelectorAll<HTMLTemplateElement>(AFTER_PAINT_TEMPLATE)) {
      links.push(...template.content.childNodes);
      template.remove();
    }
    appendOnePerTask(links, () => void load().then((hydrate) => hydrate()));
  };
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start));
};

export default paintDirective;
