import { useLingui } from "@lingui/react/macro";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useMemo, useRef } from "react";
import { type AnyEventObject, fromCallback } from "xstate";
import { UploadRefusedError } from "../api/upload-post-image";
import { type UploadInput, imageUploadMachine } from "../machines/image-upload.machine";
import { HeroImageField } from "./hero-image-field";
import type { Notify } from "./notify";

export type UploadImage = (file: File, options: { onProgress: (fraction: number) => void; signal: AbortSignal }) => Promise<string>;

interface HeroImageUploadProps {
  value: string | null;
  onChange: (url: string | null) => void;
  upload: UploadImage;
  notify: Notify;
  /** Reports whether an upload is running (the form waits for it). */
  onUploadingChange?: (uploading: boolean) => void;
}

/** The hero image field run by the upload machine. */
export function HeroImageUpload({ value, onChange, upload, notify, onUploadingChange }: HeroImageUploadProps) {
  const { t } = useLingui();
  const latest = useRef({ onChange, upload, notify });
  latest.current = { onChange, upload, notify };

  const logic = useMemo(
    () =>
      imageUploadMachine.provide({
        actors: {
          upload: fromCallback<AnyEventObject, UploadInput>(({ sendBack, input }) => {
            const controller = new AbortController();
            latest.current
              .upload(input.file, { onProgress: (value) => sendBack({ type: "upload.progress", value }), signal: controller.signal })
              .then(
                (url) => sendBack({ type: "upload.done", url }),
                (error: unknown) => {
                  if (!controller.signal.aborted) {
                    console.error(error);
                    const status = error instanceof UploadRefusedError ? error.status : 0;
                    const problem = status === 415 ? "content" : status === 413 ? "size" : undefined;
                    sendBack({ type: "upload.failed", message: error instanceof Error ? error.message : String(error), problem });
                  }
                },
              );
            return () => controller.abort();
          }),
        },
        actions: {
          changed: (_, { url }) => latest.current.onChange(url),
          notifyUploaded: () => latest.current.notify({ type: "success", title: t`Image uploaded successfully.` }),
          // Problems are shown once, under the field (announced there), not again as a toast.
          notifyUploadFailed: () => {},
          notifyInvalid: () => {},
        },
      }),
    [t],
  );
  const actor = useActorRef(logic, { input: { url: value } });
  const snap = useSelector(actor, (s) => s);
  const uploading = snap.matches("uploading");

  // The form may reset the value (e.g. after loading): keep the machine in step.
  useEffect(() => {
    if (actor.getSnapshot().context.url !== value) actor.send({ type: "image.set", url: value });
  }, [actor, value]);
  useEffect(() => onUploadingChange?.(uploading), [uploading, onUploadingChange]);

  return (
    <HeroImageField
      url={snap.context.url}
      uploading={uploading}
      progress={snap.context.progress}
      fileName={snap.context.fileName}
      problem={snap.context.problem}
      onSelect={(file) => actor.send({ type: "file.select", file })}
      onRemove={() => actor.send({ type: "image.remove" })}
      onCancel={() => actor.send({ type: "upload.cancel" })}
    />
  );
}
