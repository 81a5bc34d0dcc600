import { Button, Field, HStack, NativeSelect, Stack } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Save } from "lucide-react";
import { useEffect, useRef } from "react";
import { CTA_PHRASES, LISTINGS, type ListingId } from "../content/listings";
import type { DemoFlowEvent, Matches } from "../machines/demo-flow.machine";
import { StepFrame } from "./step-frame";
import { useDemoFormat } from "./use-demo-format";

interface EditView {
  draft: { matches: Matches; phrase: number };
  /** The property double-clicked in the message: its dropdown gets the focus. */
  editing: number | null;
}

export function EditStep({ draft, editing, send }: EditView & { send: (e: DemoFlowEvent) => void }) {
  const { t, i18n } = useLingui();
  const fmt = useDemoFormat();
  const pickedRef = useRef<HTMLSelectElement>(null);
  useEffect(() => {
    pickedRef.current?.focus();
  }, []);

  return (
    <StepFrame
      title={<Trans>Edit matches</Trans>}
      lead={<Trans>Swap any property for another listing and choose how the message ends.</Trans>}
    >
      <Stack gap="5">
        {draft.matches.map((id, index) => (
          <Field.Root key={index}>
            <Field.Label>
              <Trans>Property {index + 1}</Trans>
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                ref={editing === index ? pickedRef : undefined}
                value={id}
                data-testid={`match-select-${index}`}
                borderColor={editing === index ? "sand.400" : undefined}
                onChange={(e) => send({ type: "edit.match", index, id: e.currentTarget.value as ListingId })}
              >
                {LISTINGS.map((l) => (
                  <option key={l.id} value={l.id}>
                    {fmt.option(l)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        ))}
        <Field.Root>
          <Field.Label>
            <Trans>Closing line</Trans>
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={String(draft.phrase)}
              data-testid="phrase-select"
              onChange={(e) => send({ type: "edit.phrase", phrase: Number(e.currentTarget.value) })}
            >
              {CTA_PHRASES.map((p, i) => (
                <option key={i} value={String(i)}>
                  {i18n._(p)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <HStack gap="3" flexWrap="wrap">
          <Button colorPalette="brand" onClick={() => send({ type: "edit.save" })}>
            <Save aria-hidden="true" />
            <Trans>Save Edits</Trans>
          </Button>
          <Button
            variant="ghost"
            colorPalette="brand"
            onClick={() => send({ type: "edit.cancel" })}
            aria-label={t`Cancel and keep the message as it was`}
          >
            <Trans>Cancel</Trans>
          </Button>
        </HStack>
      </Stack>
    </StepFrame>
  );
}
