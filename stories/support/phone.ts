import { expect } from "storybook/test";

/**
 * At the phone viewport (`onMobile`): the page is at most 390 px wide, a table and its scroll box fit
 * it with nothing scrolling sideways, and each given control lies fully on screen.
 */
export async function expectFitsPhone(canvasElement: HTMLElement, table: HTMLElement, controls: HTMLElement[]) {
  const width = canvasElement.ownerDocument.documentElement.clientWidth;
  await expect(width).toBeLessThanOrEqual(390);
  const scroller = table.parentElement!;
  await expect(scroller.scrollWidth).toBeLessThanOrEqual(scroller.clientWidth);
  await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(width);
  await expect(table.getBoundingClientRect().right).toBeLessThanOrEqual(width);
  await expect(table.getBoundingClientRect().left).toBeGreaterThanOrEqual(0);
  for (const control of controls) {
    await expect(control).toBeVisible();
    const box = control.getBoundingClientRect();
    await expect(box.left).toBeGreaterThanOrEqual(0);
    await expect(box.right).toBeLessThanOrEqual(width);
  }
}

/**
 * An element's text wraps only right after one of `after` (an email after "@" or a dot): each character's
 * line is read from its box, and wherever a new line starts, the character before it must be one of them.
 */
export async function expectWrapsOnlyAfter(el: HTMLElement, after: string) {
  const doc = el.ownerDocument;
  const walker = doc.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const chars: { ch: string; top: number }[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? "";
    for (let i = 0; i < text.length; i++) {
      const range = doc.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const rect = range.getBoundingClientRect();
      if (rect.width > 0) chars.push({ ch: text[i]!, top: Math.round(rect.top) });
    }
  }
  for (let i = 1; i < chars.length; i++) {
    if (chars[i]!.top > chars[i - 1]!.top + 2)
      await expect(
        after,
        `a line starts after "${chars
          .slice(0, i)
          .map((c) => c.ch)
          .join("")}"`,
      ).toContain(chars[i - 1]!.ch);
  }
}
