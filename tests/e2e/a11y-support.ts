/**
 * Helpers for the accessibility tests (a11y*.e2e.ts, keyboard-walk.e2e.ts): axe-core on the page as it is now,
 * and the checks of a keyboard user's focus.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Waits until every finite animation of the page has finished (dialogs fade and zoom in: mid-way their text
 * has a lower contrast than it will have) and fonts are ready. Endless ones (a spinner) are not waited for.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Infinity,
        ),
  );
}

/**
 * Runs axe on the whole page as it is now and fails on any serious or critical violation, listing each one's
 * rule, the elements and axe's help. `state` names what is on screen, for the failure message and the log.
 */
export async function expectNoSeriousViolations(page: Page, state: string): Promise<void> {
  await settle(page);
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const report = serious.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: `${violation.help} (${violation.helpUrl})`,
    targets: violation.nodes.map(
      (node) => `${node.target.join(' ')}${node.failureSummary ? `: ${node.failureSummary}` : ''}`,
    ),
  }));
  expect(report, `serious or critical axe violations on ${state}`).toEqual([]);
  const minor = results.violations.map((violation) => `${violation.id} (${violation.impact})`);
  console.log(`axe ok: ${state}${minor.length ? ` [minor: ${minor.join(', ')}]` : ''}`);
}

/** What the focused element looks like next to an unfocused copy of it (same classes, same place). */
interface FocusLook {
  tag: string;
  text: string;
  focusVisible: boolean;
  focused: { outline: string; boxShadow: string; border: string };
  unfocused: { outline: string; boxShadow: string; border: string };
}

/** The look of document.activeElement, focused and as an unfocused clone placed beside it. */
async function focusLook(page: Page): Promise<FocusLook | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement) || el === document.body) return null;
    const look = (node: Element) => {
      const style = getComputedStyle(node);
      return {
        outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
        boxShadow: style.boxShadow,
        border: `${style.borderTopColor} ${style.borderTopWidth}`,
      };
    };
    const focused = look(el);
    const clone = el.cloneNode(true) as HTMLElement;
    clone.removeAttribute('id');
    clone.setAttribute('aria-hidden', 'true');
    clone.style.position = 'absolute';
    clone.style.visibility = 'hidden';
    clone.style.pointerEvents = 'none';
    el.insertAdjacentElement('afterend', clone);
    const unfocused = look(clone);
    clone.remove();
    return {
      tag: el.tagName.toLowerCase(),
      text: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60),
      focusVisible: el.matches(':focus-visible'),
      focused,
      unfocused,
    };
  });
}

/** The alpha of a CSS colour (rgb(), rgba(), or Chromium's color(srgb ...) / oklch(... / a)). */
function alpha(colour: string): number {
  const slash = /\/\s*([\d.]+)(%?)\s*\)/.exec(colour);
  if (slash) return Number(slash[1]) / (slash[2] ? 100 : 1);
  const rgba = /rgba\([^,]+,[^,]+,[^,]+,\s*([\d.]+)\)/.exec(colour);
  if (rgba) return Number(rgba[1]);
  return colour === 'transparent' ? 0 : 1;
}

/** Box-shadow layers that paint something: a colour that is not transparent and a blur or a spread. */
function paintedShadows(boxShadow: string): string[] {
  if (boxShadow === 'none') return [];
  // Split on the commas between layers (not those inside a colour's parentheses).
  const layers: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of boxShadow) {
    if (ch === '(') depth += 1;
    if (ch === ')') depth -= 1;
    if (ch === ',' && depth === 0) {
      layers.push(current.trim());
      current = '';
    } else current += ch;
  }
  layers.push(current.trim());
  return layers.filter((layer) => {
    const colour = /(rgba?\([^)]*\)|color\([^)]*\)|oklch\([^)]*\)|oklab\([^)]*\))/.exec(layer)?.[1] ?? '';
    const lengths = layer
      .replace(colour, '')
      .trim()
      .split(/\s+/)
      .filter((part) => part.endsWith('px'))
      .map((part) => Number.parseFloat(part));
    const [, , blur = 0, spread = 0] = lengths;
    return alpha(colour) > 0 && (blur > 0 || spread > 0);
  });
}

function outlineShows(outline: string): boolean {
  const [style, width, ...colour] = outline.split(' ');
  return style !== 'none' && Number.parseFloat(width ?? '0') > 0 && alpha(colour.join(' ')) > 0;
}

/** Whether the focused element's look differs from its unfocused look by a visible outline, ring or border. */
function hasFocusIndicator(look: FocusLook): boolean {
  if (outlineShows(look.focused.outline) && look.focused.outline !== look.unfocused.outline) return true;
  const before = new Set(paintedShadows(look.unfocused.boxShadow));
  if (paintedShadows(look.focused.boxShadow).some((layer) => !before.has(layer))) return true;
  return look.focused.border !== look.unfocused.border && !look.focused.border.startsWith('rgba(0, 0, 0, 0)');
}

/** Asserts that the focused element shows that it has focus (an outline, a ring or a border of its own). */
export async function expectVisibleFocus(page: Page, where = ''): Promise<void> {
  // Focus rings fade in (a CSS transition of box-shadow, ~150 ms): a ring is visible once it has, so the
  // look is read again until it shows one (a busy machine may paint the first frames late), for 2 s at most.
  let look: Awaited<ReturnType<typeof focusLook>> = null;
  await expect
    .poll(
      async () => {
        look = await focusLook(page);
        return look !== null && hasFocusIndicator(look);
      },
      { timeout: 2_000, intervals: [50, 100, 200] },
    )
    .toBe(true)
    .catch(() => undefined);
  expect(look, `something has focus ${where}`).not.toBeNull();
  expect(
    hasFocusIndicator(look!),
    `a visible focus indicator on <${look!.tag}> "${look!.text}" ${where}: ${JSON.stringify(look)}`,
  ).toBe(true);
}

/** Asserts that `locator` has focus and shows it. */
export async function expectFocusOn(locator: Locator, where = ''): Promise<void> {
  await expect(locator).toBeFocused();
  await expectVisibleFocus(locator.page(), where);
}

/** Describes the focused element, for messages. */
export async function focusedDescription(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '(nothing)';
    const name = el.getAttribute('aria-label') ?? el.textContent ?? '';
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> ${name.trim().slice(0, 60)}`;
  });
}

/**
 * Presses `key` (Tab by default) until `target` has focus, at most `max` times, checking at every stop on the
 * way that focus is visible. Fails when the target is not reached.
 */
export async function pressUntilFocused(
  target: Locator,
  { key = 'Tab', max = 25 }: { key?: string; max?: number } = {},
): Promise<number> {
  const page = target.page();
  const stops: string[] = [];
  for (let i = 1; i <= max; i += 1) {
    await page.keyboard.press(key);
    const reached = await target.evaluate((el) => el === document.activeElement).catch(() => false);
    stops.push(await focusedDescription(page));
    await expectVisibleFocus(page, `after ${i} × ${key} (${stops.join(' → ')})`);
    if (reached) return i;
  }
  throw new Error(`${key} ×${max} did not reach the target; focus went ${stops.join(' → ')}`);
}

/**
 * Asserts that focus is trapped in `dialog`: from the focused element, Tab goes round every tabbable element
 * of the dialog and comes back, never leaving it, and Shift+Tab goes back round the other way. Each stop shows
 * its focus.
 */
export async function expectFocusTrapped(dialog: Locator): Promise<void> {
  const page = dialog.page();
  const inside = () => dialog.evaluate((el) => el.contains(document.activeElement));
  expect(await inside(), 'focus starts inside the dialog').toBe(true);
  const start = await focusedDescription(page);
  const startHandle = await page.evaluateHandle(() => document.activeElement);
  for (const key of ['Tab', 'Shift+Tab']) {
    let back = false;
    for (let i = 1; i <= 30 && !back; i += 1) {
      await page.keyboard.press(key);
      expect(
        await inside(),
        `${key} ×${i} stays inside the dialog (on ${await focusedDescription(page)})`,
      ).toBe(true);
      await expectVisibleFocus(page, `in the dialog after ${key} ×${i}`);
      back = await startHandle.evaluate((el) => el === document.activeElement);
    }
    expect(back, `${key} comes back round to ${start}`).toBe(true);
  }
  await startHandle.dispose();
}
