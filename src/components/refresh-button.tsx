import { Button } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { RotateCw } from "lucide-react";

/** An admin screen's Refresh: reads its list again, and says Loading… while it does. */
export function RefreshButton({ onClick, loading }: { onClick: () => void; loading: boolean }) {
  const { t } = useLingui();
  return (
    <Button variant="outline" onClick={onClick} loading={loading} loadingText={t`Loading…`}>
      <RotateCw aria-hidden="true" />
      <Trans>Refresh</Trans>
    </Button>
  );
}
