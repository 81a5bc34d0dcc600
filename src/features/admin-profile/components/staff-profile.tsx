import { Box, Button, Dialog, Field, Input, Stack, Text, chakra } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Clock } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { DialogFooter } from "@/components/feedback/dialog-footer";
import { DialogFrame } from "@/components/feedback/dialog-frame";
import { useLocale } from "@/lib/i18n/locale-context";
import { browserTimeZone, isTimeZone, zoneName } from "@/lib/staff-clock/staff-clock";
import { getSupabase } from "@/lib/supabase/client";
import { loadMyProfile, saveMyProfile } from "../api/profile";

interface StaffProfileState {
  /** The member's zone; the browser's until loaded. */
  timeZone: string;
  save: (timeZone: string) => Promise<void>;
}

/**
 * The signed-in member's clock (docs/leads.md#clocks): read from their row; at the first sign-in it is
 * the browser's zone (and their language), stored so the emails they get use it too.
 */
export function useStaffProfile(userId: string | null | undefined): StaffProfileState {
  const { locale } = useLocale();
  const [timeZone, setTimeZone] = useState<string>(browserTimeZone);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    void (async () => {
      try {
        const supabase = await getSupabase();
        const p = await loadMyProfile(supabase, userId);
        if (!live) return;
        if (p.timeZone) setTimeZone(p.timeZone);
        if (!p.timeZone || !p.locale)
          await saveMyProfile(supabase, { timeZone: p.timeZone ? undefined : browserTimeZone(), locale: p.locale ? undefined : locale });
      } catch (e) {
        console.error(e);
      }
    })();
    return () => {
      live = false;
    };
  }, [userId, locale]);
  const save = useCallback(async (zone: string) => {
    await saveMyProfile(await getSupabase(), { timeZone: zone });
    setTimeZone(zone);
  }, []);
  return { timeZone, save };
}

/** The header's clock button: shows the member's zone and lets them change it. */
export function StaffClockButton({ timeZone, onSave }: { timeZone: string; onSave: (zone: string) => Promise<void> }) {
  const { t } = useLingui();
  const { locale } = useLocale();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(timeZone);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        setOpen(e.open);
        setValue(timeZone);
        setError(null);
      }}
    >
      <Dialog.Trigger asChild>
        {/* The name starts with the visible zone ("GST"), then says what it is: a label must hold the visible text. */}
        <Button size="sm" variant="ghost" data-testid="staff-clock">
          <Clock aria-hidden="true" />
          <span dir="ltr">{zoneName(new Date(), timeZone, locale)}</span>
          <Box as="span" srOnly>
            {t`Your clock: ${timeZone}`}
          </Box>
        </Button>
      </Dialog.Trigger>
      <DialogFrame>
        {/* The dialog holds the form: a form element given the dialog's role is neither (axe: aria-allowed-role). */}
        <chakra.form
          onSubmit={async (e) => {
            e.preventDefault();
            const zone = value.trim();
            if (!isTimeZone(zone)) {
              setError(t`Not a time zone. Use a name such as Asia/Dubai or America/Toronto.`);
              return;
            }
            setSaving(true);
            try {
              await onSave(zone);
              setOpen(false);
            } catch {
              setError(t`Your clock could not be saved. Please try again.`);
            } finally {
              setSaving(false);
            }
          }}
        >
          <Dialog.Header>
            <Dialog.Title>
              <Trans>Your clock</Trans>
            </Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap="3">
              <Text color="fg.muted" fontSize="sm">
                <Trans>
                  Every date and time in the admin is shown on this clock, with its zone; times of a market also show the market's clock.
                </Trans>
              </Text>
              <Field.Root invalid={error !== null}>
                <Field.Label>
                  <Trans>Time zone</Trans>
                </Field.Label>
                <Input dir="ltr" list="staff-time-zones" value={value} onChange={(e) => setValue(e.target.value)} />
                <datalist id="staff-time-zones">
                  {zones.map((z) => (
                    <option key={z} value={z} />
                  ))}
                </datalist>
                {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
              </Field.Root>
              <Button size="sm" variant="outline" alignSelf="start" onClick={() => setValue(browserTimeZone())}>
                <Trans>Use this device's zone</Trans>
              </Button>
            </Stack>
          </Dialog.Body>
          <DialogFooter closeLabel={<Trans>Cancel</Trans>}>
            <Button type="submit" colorPalette="brand" loading={saving} loadingText={t`Saving…`}>
              <Trans>Save</Trans>
            </Button>
          </DialogFooter>
        </chakra.form>
      </DialogFrame>
    </Dialog.Root>
  );
}
