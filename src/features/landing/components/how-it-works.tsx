import { useLingui } from "@lingui/react/macro";
import { Section } from "@/components/marketing/section";
import { Steps } from "@/components/marketing/steps";
import { useLocale } from "@/lib/i18n/locale-context";
import { useSiteConfig } from "@/lib/site-config-context";

/** Three numbered steps, arrows between them. */
export function HowItWorks() {
  const { t } = useLingui();
  const { locale } = useLocale();
  const name = useSiteConfig().name[locale];
  return (
    <Section
      id="how-it-works"
      eyebrow={t`How it works`}
      title={t`From new enquiry to booked viewing, without anyone chasing`}
      description={t`Set up in an afternoon. After that, ${name} works every lead the moment it arrives.`}
    >
      <Steps
        items={[
          {
            title: t`Connect your lead sources`,
            description: t`Link Property Finder, Bayut, Dubizzle, Realtor.ca, your website forms and WhatsApp Business. Every enquiry is matched to its listing and to the right agent.`,
          },
          {
            title: t`${name} replies and qualifies`,
            description: t`Within seconds, each lead gets a personal reply in Arabic or English. It answers questions from your listing details and asks about budget, area, timing and financing.`,
          },
          {
            title: t`Your agents close`,
            description: t`Qualified buyers and tenants arrive in your CRM with a summary and a booked viewing or call. ${name} keeps following up with the rest until they are ready.`,
          },
        ]}
      />
    </Section>
  );
}
