/**
 * Screenshot baselines of the shell in both directions. A visual change fails until the baseline
 * is updated on purpose: `npx vitest run --project browser tests/visual -u`.
 */
import { composeStory } from "@storybook/react-vite";
import { describe, expect, test } from "vitest";
import { page } from "vitest/browser";
import { createRoot } from "react-dom/client";
import { act } from "react";
import * as footer from "../../stories/components/layout/footer.stories";
import * as navbar from "../../stories/components/layout/navbar.stories";
import * as notFound from "../../stories/components/layout/not-found.stories";
import * as preview from "../../.storybook/preview";
import { setProjectAnnotations } from "@storybook/react-vite";

setProjectAnnotations(preview);

const cases = [
  ["navbar", navbar],
  ["footer", footer],
  ["not-found", notFound],
] as const;

describe.each(cases)("%s", (name, stories) => {
  test.each([["ar"], ["en"]] as const)("%s", async (locale) => {
    await page.viewport(1024, 700);
    // Each story is written once; the language is the `locale` global, as in the story tests.
    const Story = composeStory(stories.Default, stories.default, { initialGlobals: { locale } });
    await Story.load();
    const host = document.createElement("div");
    document.body.replaceChildren(host);
    const root = createRoot(host);
    await act(async () => root.render(<Story />));
    await document.fonts.ready;
    await expect.element(host).toMatchScreenshot(`${name}-${locale}`);
    await act(async () => root.unmount());
  });
});
