// The header's way to shop, for a switch made without a page load (the cart's, issue 22 §1): the
// edge has kept the new modality for every later page (docs/decisions/562); this only keeps the
// header of the page in sight saying the same.

/** Shows `label` ("Delivery") as the header's way to shop. */
export function showModalityInHeader(label: string): void {
  for (const part of document.querySelectorAll<HTMLElement>('[data-modality-label]')) part.textContent = label;
}
