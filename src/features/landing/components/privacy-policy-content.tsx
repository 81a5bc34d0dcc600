import { Box, Container, Heading, List, Stack, Text } from "@chakra-ui/react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { AppLink } from "@/components/app-link";
import { useLocale } from "@/lib/i18n/locale-context";
import { useSiteConfig } from "@/lib/site-config-context";

/** Last updated 27 November 2026: how a visitor found us is kept with their form (docs/attribution.md, docs/product.md#privacy); cookieless visit statistics (docs/analytics.md). */
const PRIVACY_LAST_UPDATED = "2026-11-27";

function PolicySection({ id, n, title, children }: { id: string; n: number; title: ReactNode; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={id} scrollMarginTop="20">
      <Heading as="h2" id={id} fontSize={{ base: "xl", md: "2xl" }} color="brand.950" mb="3">
        {n}. {title}
      </Heading>
      <Stack gap="3" color="fg" lineHeight="1.8">
        {children}
      </Stack>
    </Box>
  );
}

function Bullets({ items }: { items: ReactNode[] }) {
  return (
    <List.Root ps="5" gap="2">
      {items.map((item, i) => (
        <List.Item key={i}>{item}</List.Item>
      ))}
    </List.Root>
  );
}

/** The privacy policy's seven sections (docs/product.md#privacy), for the forms this site actually has. */
export function PrivacyPolicyContent() {
  const { t } = useLingui();
  const { intl, locale } = useLocale();
  const site = useSiteConfig();
  const name = site.name[locale];
  const updated = new Intl.DateTimeFormat(intl, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${PRIVACY_LAST_UPDATED}T00:00:00Z`),
  );
  return (
    <Container maxW="3xl" py={{ base: "10", md: "14" }}>
      <Text color="fg.muted" mb="8">
        <Trans>
          Last updated: <time dateTime={PRIVACY_LAST_UPDATED}>{updated}</time>
        </Trans>
      </Text>
      <Stack gap="10">
        <PolicySection id="privacy-who" n={1} title={t`Who we are and what this policy covers`}>
          <Text>
            <Trans>
              {name} provides AI-assisted sales follow-up for real-estate agents, brokers and agencies in the United Arab Emirates and
              Canada. This policy explains what personal information we collect through this website, why we collect it, how long we keep
              it, who processes it for us and the rights you have over it. It covers this website only; the data your agency processes
              through our service is governed by our customer agreement.
            </Trans>
          </Text>
        </PolicySection>

        <PolicySection id="privacy-collect" n={2} title={t`What we collect through our forms`}>
          <Text>
            <Trans>
              We only collect what you type into our forms or upload on our demo page, plus a few technical details needed to deliver and
              protect them:
            </Trans>
          </Text>
          <Bullets
            items={[
              t`Demo booking: your full name, email address, phone number with country code, company (optional), and the date, time and time zone you chose.`,
              t`Call-back request: your full name, email address, phone number with country code, whether you sell in the UAE or elsewhere, your emirate or country (optional), company (optional), your preferred call time and whether you are interested in an enterprise plan.`,
              t`Newsletter: your email address, and when you confirmed it through the link we email you (double opt-in).`,
              t`Demo call recording, only if you upload one on the demo page: the audio file, its file name, and when and from which page you sent it. Only our owners and sales team can listen to it, and we use it only to prepare that demo's follow-up.`,
              t`Consent records: which version of the consent statement you saw, when and on which page, and whether you ticked the box to receive marketing email.`,
              t`With every form: the page you sent it from, the site language, your browser's user agent and your IP address, which we use to prevent spam and abuse.`,
              t`How you found us: the first page of your visit, the website that sent you there (its name only), the campaign tags of the link you followed (such as utm_source or utm_campaign) and whether it came from an ad (only that an ad network marked it, never its code). Your browser keeps this for the current visit in that tab only, without a cookie, and sends it with your form, where we keep it with your enquiry to learn which campaigns and pages bring our customers; without a form, it only counts towards our visit statistics (below).`,
            ]}
          />
          <Text>
            <Trans>
              If your connection drops while you send a form, your browser keeps the submission in its local storage until it reaches us,
              then deletes it. We do not use advertising cookies or cross-site tracking.
            </Trans>
          </Text>
          <Text>
            <Trans>
              Visit statistics: when a page loads, your browser tells us which page it is, its language, which of our forms it shows and
              where the visit came from (as above); it also tells us when you start, send or correct one of our forms. We set no cookie and
              store neither your IP address nor your browser&apos;s user agent: to count each day&apos;s visitors, our server combines them
              with a random key that changes every day and is then deleted, and keeps only the result and the kind of device (phone, tablet
              or computer). Detailed records are deleted after 30 days; only daily totals remain. If your browser sends Do Not Track or
              Global Privacy Control, nothing is sent at all.
            </Trans>
          </Text>
        </PolicySection>

        <PolicySection id="privacy-why" n={3} title={t`Why we use it`}>
          <Bullets
            items={[
              t`To arrange and hold the demo you booked, and to send you the calendar invitation and reminders.`,
              t`To call you back at the time you chose and prepare a proposal for your team.`,
              t`To send the newsletter you subscribed to. Every issue has a one-click unsubscribe link.`,
              t`To keep the site secure, detect abuse and meet our legal obligations.`,
            ]}
          />
          <Text>
            <Trans>
              We rely on your consent when you submit a form or subscribe, and on our legitimate interest in responding to business
              enquiries. We never sell your information and never add you to marketing lists you did not ask for.
            </Trans>
          </Text>
        </PolicySection>

        <PolicySection id="privacy-retention" n={4} title={t`How long we keep it`}>
          <Bullets
            items={[
              t`Demo bookings and call-back requests: 24 months after our last contact with you, unless you become a customer.`,
              t`Newsletter subscriptions: until you unsubscribe; we then keep only your address on a suppression list so we never email you again.`,
              t`Technical details (IP address, user agent): 12 months.`,
              t({
                message: plural(site.audioRetentionDays, {
                  one: "Demo call recordings: # day after you upload them; then they are deleted automatically.",
                  other: "Demo call recordings: # days after you upload them; then they are deleted automatically.",
                }),
              }),
            ]}
          />
          <Text>
            <Trans>When the period ends we delete the information or make it anonymous.</Trans>
          </Text>
        </PolicySection>

        <PolicySection id="privacy-processors" n={5} title={t`Who processes it`}>
          <Text>
            <Trans>
              Our own sales team reads your enquiry. We use a small number of service providers who process data only on our instructions
              and under written agreements: our hosting and database provider, our email delivery provider and our CRM. Some of them may
              store data outside the UAE or Canada; when they do, we use contractual safeguards that give your information the same level of
              protection.
            </Trans>
          </Text>
          <Text>
            <Trans>We disclose information to authorities only when the law requires it.</Trans>
          </Text>
        </PolicySection>

        <PolicySection id="privacy-rights" n={6} title={t`Your rights in the UAE and Canada`}>
          <Text>
            <Trans>
              Under the UAE Personal Data Protection Law (Federal Decree-Law No. 45 of 2021) you may ask to access, correct or delete your
              personal data, to restrict or object to its processing, and to receive it in a portable format.
            </Trans>
          </Text>
          <Text>
            <Trans>
              Under Canada's Personal Information Protection and Electronic Documents Act (PIPEDA), and Quebec's Law 25 where it applies,
              you may access and correct your information and withdraw your consent at any time. Under Canada's Anti-Spam Legislation (CASL)
              you can unsubscribe from our emails at any time and we act on it within 10 business days, usually at once.
            </Trans>
          </Text>
          <Text>
            <Trans>
              To withdraw your consent to marketing email, use the one-click unsubscribe link in any of our emails. To have everything we
              hold about your email address erased (your form submissions, your subscription and the messages we sent you), ask us through
              our <AppLink to="/contact">contact page</AppLink>; an administrator erases it and the erasure is logged. To use any of your
              other rights, send us a request through our <AppLink to="/contact">contact page</AppLink> or call us. We reply within 30 days.
              If you are not satisfied, you can complain to the UAE Data Office or to the Office of the Privacy Commissioner of Canada.
            </Trans>
          </Text>
        </PolicySection>

        <PolicySection id="privacy-security" n={7} title={t`Security, changes and contact`}>
          <Text>
            <Trans>
              Information is encrypted in transit and at rest, and access is limited to the people who need it to answer you. No system is
              perfectly secure; if a breach affects your information we will tell you and the relevant authority as the law requires.
            </Trans>
          </Text>
          <Text>
            <Trans>
              We will update this policy when our forms or providers change, and show the new date at the top of this page. Questions about
              privacy can be sent through our contact page or by phone on{" "}
              <Box as="span" dir="ltr">
                {site.phone}
              </Box>
              .
            </Trans>
          </Text>
        </PolicySection>
      </Stack>
    </Container>
  );
}
