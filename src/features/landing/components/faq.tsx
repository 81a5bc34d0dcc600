import { useLingui } from "@lingui/react/macro";
import { FaqAccordion } from "@/components/marketing/faq-accordion";
import { Section } from "@/components/marketing/section";
import { useLocale } from "@/lib/i18n/locale-context";
import { useSiteConfig } from "@/lib/site-config-context";
import { faqContent } from "../content/faq-content";

function useFaqItems() {
  const { i18n } = useLingui();
  const { locale } = useLocale();
  const name = useSiteConfig().name[locale];
  return faqContent(name).map((f) => ({ id: f.id, question: i18n._(f.question), answer: i18n._(f.answer) }));
}

export function Faq() {
  const { t } = useLingui();
  const items = useFaqItems();
  return (
    <Section
      id="faq"
      centered
      title={t`Frequently asked questions`}
      description={t`Straight answers to what brokers ask us before a demo.`}
    >
      <FaqAccordion items={items} />
    </Section>
  );
}
