import { Box, Heading, Icon, Text } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { Clock, Handshake, Hourglass, TrendingUp } from "lucide-react";
import type { ReactNode } from "react";
import { ResponsiveCarousel } from "@/components/marketing/carousel";
import { Section } from "@/components/marketing/section";
import { useLocale } from "@/lib/i18n/locale-context";
import { useSiteConfig } from "@/lib/site-config-context";

function BenefitCard({ icon, title, description }: { icon: ReactNode; title: string; description: string }) {
  return (
    <Box h="full" bg="bg" borderWidth="1px" borderColor="border" rounded="2xl" p="6" shadow="xs">
      <Icon boxSize="10" p="2" rounded="lg" bg="sand.100" color="sand.800" aria-hidden="true">
        {icon}
      </Icon>
      <Heading as="h3" fontSize="lg" mt="4" color="brand.950">
        {title}
      </Heading>
      <Text mt="2" color="fg.muted" fontSize="sm" lineHeight="1.7">
        {description}
      </Text>
    </Box>
  );
}

/** The four benefits (timing, roi, deals, time): a carousel on phones, a grid from tablets up. */
export function Benefits() {
  const { t } = useLingui();
  const { locale } = useLocale();
  const name = useSiteConfig().name[locale];
  const items = [
    {
      key: "timing",
      icon: <Clock />,
      title: t`Reply first, day and night`,
      description: t`Enquiries arrive at 11 PM, on Fridays and during viewings. ${name} answers each one in seconds, so the first agency a buyer hears from is yours.`,
    },
    {
      key: "roi",
      icon: <TrendingUp />,
      title: t`More from your portal spend`,
      description: t`You already pay for every lead from Property Finder, Bayut or Realtor.ca. Consistent follow-up turns more of those paid leads into viewings instead of letting them go cold.`,
    },
    {
      key: "deals",
      icon: <Handshake />,
      title: t`No deal lost to silence`,
      description: t`Most buyers are not ready on day one. ${name} keeps in touch for weeks with new matching listings and price changes, and hands them back the moment they are.`,
    },
    {
      key: "time",
      icon: <Hourglass />,
      title: t`Hours back for every agent`,
      description: t`No more copying leads between portals, spreadsheets and the CRM. Agents start the day with a short list of qualified conversations.`,
    },
  ];
  return (
    <Section
      id="benefits"
      bg="bg.subtle"
      eyebrow={t`Why teams switch`}
      title={t`Speed wins listings. Follow-up wins deals.`}
      description={t`The agency that answers first usually gets the viewing. ${name} makes that agency yours, on every lead.`}
    >
      <ResponsiveCarousel
        label={t`Benefits`}
        slides={items.map((b) => (
          <BenefitCard key={b.key} icon={b.icon} title={b.title} description={b.description} />
        ))}
      />
    </Section>
  );
}
