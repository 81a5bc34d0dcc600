import { Button, HStack, Input, List, Stack, Text, chakra } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Copy, ExternalLink, Link2, Link2Off } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocale } from "@/lib/i18n/locale-context";
import type { PreviewLink } from "../api/preview-links";

interface PreviewLinksProps {
  /** The post's links, newest first. */
  load: () => Promise<PreviewLink[]>;
  /** Makes a link; resolves with its full address (shown once). */
  create: () => Promise<{ link: PreviewLink; url: string }>;
  revoke: (id: string) => Promise<void>;
  /** The clock (stories fix it). */
  now?: () => number;
  /** Stories: the links to start with, and a link just made. */
  initial?: PreviewLink[];
  initialMade?: string | null;
}

/**
 * A post's preview links (docs/admin-posts.md#preview): open a full-page preview of the saved post as its
 * article would look, or share a link that works without an account for 7 days; each live link can be
 * turned off at once.
 */
export function PreviewLinks({ load, create, revoke, now = Date.now, initial, initialMade = null }: PreviewLinksProps) {
  const { t } = useLingui();
  const { intl } = useLocale();
  const [links, setLinks] = useState<PreviewLink[] | null>(initial ?? null);
  const [made, setMade] = useState<string | null>(initialMade);
  const [busy, setBusy] = useState<"open" | "share" | string | null>(null);
  const [failed, setFailed] = useState(false);
  const [copied, setCopied] = useState(false);
  const format = new Intl.DateTimeFormat(intl, { dateStyle: "medium", timeStyle: "short" });

  useEffect(() => {
    if (initial) return;
    let current = true;
    load().then(
      (l) => current && setLinks(l),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [load, initial]);

  const make = async (then: "open" | "share") => {
    setBusy(then);
    setFailed(false);
    // The tab is opened now (a click), and pointed at the preview once the link exists.
    const tab = then === "open" ? window.open("about:blank", "_blank") : null;
    try {
      const { link, url } = await create();
      setLinks((l) => [link, ...(l ?? [])]);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        setMade(url);
        setCopied(false);
      }
    } catch {
      tab?.close();
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };
  const turnOff = async (id: string) => {
    setBusy(id);
    try {
      await revoke(id);
      setLinks((l) => (l ?? []).map((x) => (x.id === id ? { ...x, revoked_at: new Date(now()).toISOString() } : x)));
      setMade(null);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };
  const live = (links ?? []).filter((l) => !l.revoked_at && Date.parse(l.expires_at) > now());

  return (
    <Stack gap="3" data-testid="preview-links">
      <Text fontWeight="600" fontSize="sm">
        <Trans>Preview</Trans>
      </Text>
      <HStack gap="2" wrap="wrap">
        {(
          [
            { kind: "open", Icon: ExternalLink, label: <Trans>Open preview</Trans>, busyText: t`Opening…` },
            { kind: "share", Icon: Link2, label: <Trans>Share a preview link</Trans>, busyText: t`Making the link…` },
          ] as const
        ).map(({ kind, Icon, label, busyText }) => (
          <Button key={kind} size="sm" variant="outline" onClick={() => void make(kind)} loading={busy === kind} loadingText={busyText}>
            <Icon aria-hidden="true" />
            {label}
          </Button>
        ))}
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        <Trans>Shows the saved post as its article will look. Anyone with a link can open it for 7 days, without signing in.</Trans>
      </Text>
      {made ? (
        <Stack gap="1.5">
          <chakra.label htmlFor="preview-link-url" fontSize="sm" fontWeight="500">
            <Trans>New preview link</Trans>
          </chakra.label>
          <HStack gap="2">
            <Input id="preview-link-url" size="sm" readOnly value={made} dir="ltr" onFocus={(e) => e.currentTarget.select()} />
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() =>
                void navigator.clipboard?.writeText(made).then(
                  () => setCopied(true),
                  () => setCopied(false),
                )
              }
            >
              <Copy aria-hidden="true" />
              {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
            </Button>
          </HStack>
        </Stack>
      ) : null}
      {failed ? (
        <Text fontSize="sm" color="red.700" role="alert">
          <Trans>That did not work. Please try again.</Trans>
        </Text>
      ) : null}
      {live.length ? (
        <List.Root variant="plain" gap="2" aria-label={t`Live preview links`}>
          {live.map((l) => {
            const until = format.format(new Date(l.expires_at));
            return (
              <List.Item key={l.id} display="flex" gap="2" alignItems="center" justifyContent="space-between" fontSize="sm">
                <Text>
                  <Trans>Link works until {until}</Trans>
                </Text>
                <Button
                  type="button"
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  onClick={() => void turnOff(l.id)}
                  loading={busy === l.id}
                  loadingText={t`Turning off…`}
                  aria-label={t`Turn off the link that works until ${until}`}
                >
                  <Link2Off aria-hidden="true" />
                  <Trans>Turn off</Trans>
                </Button>
              </List.Item>
            );
          })}
        </List.Root>
      ) : null}
    </Stack>
  );
}
