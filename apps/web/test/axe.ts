import axe from 'axe-core';

/**
 * axe's serious and critical WCAG 2 A/AA violations under `root` (the whole page by default), one
 * line each: rule and the nodes it found. Contrast is the browser suite's (e2e/specs/a11y.spec.ts):
 * jsdom has no layout. Only violations are collected: axe builds a selector for every node it
 * reports, and the passes are most of a page's nodes.
 *
 * A test file that calls this runs in jsdom (`// @vitest-environment jsdom` at its top), not the
 * suite's happy-dom: happy-dom answers some of the questions axe asks of the DOM differently, and
 * axe then reports what Chromium and jsdom do not (ADR 0107).
 */
export const seriousViolations = async (root: Element = document.body): Promise<string[]> => {
  const result = await axe.run(root, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};
