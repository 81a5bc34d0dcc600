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
