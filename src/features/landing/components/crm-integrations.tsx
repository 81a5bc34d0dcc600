import { useLingui } from "@lingui/react/macro";
import { siHubspot, siZoho } from "simple-icons";
import { iconifyLogos } from "@/components/marketing/crm-logo-data";
import { type Logo, LogoRow } from "@/components/marketing/logo-row";
import { Section } from "@/components/marketing/section";

/**
 * The CRMs we connect to (docs/product.md#landing: Salesforce, HubSpot, Pipedrive, Zoho CRM, Freshworks CRM and a sixth
 * widely used one: monday sales CRM).
 */
const CRM_LOGOS: readonly Logo[] = [
  { kind: "svg", name: "Salesforce", ...iconifyLogos.salesforce },
  { kind: "path", name: "HubSpot", path: siHubspot.path },
  { kind: "svg", name: "Pipedrive", ...iconifyLogos.pipedrive },
  { kind: "svg", name: "monday sales CRM", ...iconifyLogos.monday },
  { kind: "path", name: "Zoho CRM", path: siZoho.path },
  { kind: "text", name: "Freshworks CRM" },
];

export function CrmIntegrations() {
  const { t } = useLingui();
  return (
    <Section
      id="integrations"
      centered
      py={{ base: "12", md: "16" }}
      title={t`Works with the CRM your team already lives in`}
      description={t`Leads, conversation summaries and booked viewings sync both ways. No new system for your agents to learn.`}
    >
      <LogoRow logos={CRM_LOGOS} label={t`Native integrations`} />
    </Section>
  );
}
