/**
 * axe-core in the page, injected from the installed package (nothing fetched). The shop's CSP
 * forbids inline scripts: the page's context needs `bypassCSP: true`.
 */
import type { Page } from 'playwright-core';

const axePath = require.resolve('axe-core/axe.min.js');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

export interface AxeFindings {
  /** The serious and critical violations: "id (impact): help at <up to three targets>". */
  severe: string[];
  /** The others: "id (impact)". */
  minor: string[];
}

/** Runs axe on the elements `selector` matches (the whole document without it); injects axe on first use in a document. */
export async function axeFindings(page: Page, selector?: string): Promise<AxeFindings> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const violations: Violation[] = await page.evaluate(async (context) => {
    const result = await (window as any).axe.run(context ?? document, { resultTypes: ['violations'] });
    return result.violations.map((v: any) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n: any) => n.target.join(' ')) }));
  }, selector ?? null);
  const isSevere = (v: Violation) => v.impact === 'serious' || v.impact === 'critical';
  return {
    severe: violations.filter(isSevere).map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.targets.slice(0, 3).join(', ')}`),
    minor: violations.filter((v) => !isSevere(v)).map((v) => `${v.id} (${v.impact})`),
  };
}

/** axe's serious and critical violations (see axeFindings); [] when there are none. */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  return (await axeFindings(page, selector)).severe;
}
