import { msg } from "@lingui/core/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { useMachine } from "@xstate/react";
import { useEffect } from "react";
import { expect, fireEvent, fn, within } from "storybook/test";
import { UploadStep } from "@/features/demo/components/upload-step";
import { demoFlowMachine } from "@/features/demo/machines/demo-flow.machine";
import { containing, translator } from "../../support/i18n";

const meta = {
  title: "Features/Demo/4 Upload",
  component: UploadStep,
  args: { send: fn(), fileName: null, rejected: false },
  parameters: { route: "/demo" },
} satisfies Meta<typeof UploadStep>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen yet: Next is disabled. */
export const Empty: Story = {};

/** An audio file was chosen: its name and Next. */
export const FileChosen: Story = { args: { fileName: "viewing-call-marina.m4a" } };

/** The last file was not audio. */
export const InvalidFileType: Story = { args: { rejected: true } };

/** The upload step running the real flow machine (the file check is the machine's). */
function LiveUpload() {
  const [snapshot, send] = useMachine(demoFlowMachine);
  useEffect(() => {
    send({ type: "demo.start" });
    send({ type: "option.upload" });
  }, [send]);
  return <UploadStep fileName={snapshot.context.file?.name ?? null} rejected={snapshot.context.fileRejected} send={send} />;
}

/** Picks a file the way the browser does, without the picker's `accept` filter (drag and drop has none either). */
function choose(input: HTMLInputElement, file: File) {
  const dt = new DataTransfer();
  dt.items.add(file);
  input.files = dt.files;
  fireEvent.change(input);
}

export const ValidationPlay: Story = {
  render: () => <LiveUpload />,
  play: async ({ canvasElement, ...context }) => {
    const t = translator(context);
    const c = within(canvasElement);
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    const next = c.getByRole("button", { name: containing(t(msg`Next`)) });
    await expect(next).toBeDisabled();

    // A PDF is refused.
    choose(input, new File(["%PDF-1.7"], "brochure.pdf", { type: "application/pdf" }));
    await expect(await c.findByText(t(msg`Invalid file type`))).toBeVisible();
    await expect(c.getByText(t(msg`Please upload an audio file (MP3, WAV, AAC, OGG, M4A, FLAC, or WebM)`))).toBeVisible();
    await expect(input).toHaveAttribute("aria-invalid", "true");
    await expect(next).toBeDisabled();

    // An audio file is accepted: its name shows and Next is enabled.
    choose(input, new File([new Uint8Array([0xff, 0xfb, 0x90, 0x64])], "call-with-buyer.mp3", { type: "audio/mpeg" }));
    await expect(c.getByTestId("chosen-file")).toHaveTextContent("call-with-buyer.mp3");
    await expect(c.queryByText(t(msg`Invalid file type`))).toBeNull();
    await expect(next).toBeEnabled();
  },
};
