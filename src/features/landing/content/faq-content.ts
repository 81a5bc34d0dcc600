import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * The six questions real-estate teams ask before a demo, as message descriptors so the page's head
 * (FAQPage JSON-LD) and the accordion say the same thing.
 */
export function faqContent(name: string): { id: string; question: MessageDescriptor; answer: MessageDescriptor }[] {
  return [
    {
      id: "languages",
      question: msg`Which languages does ${name} speak with my leads?`,
      answer: msg`Arabic and English. ${name} replies in the language the client writes in and switches when they do, so a buyer can start in English and continue in Arabic. Messages use your agency's tone and sign-off.`,
    },
    {
      id: "integrations",
      question: msg`Which CRMs and lead sources does it connect to?`,
      answer: msg`Salesforce, HubSpot, Pipedrive, Zoho CRM, Freshworks CRM and monday sales CRM are supported out of the box. On the lead side: Property Finder, Bayut, Dubizzle, Realtor.ca, your website forms, Meta lead ads and WhatsApp Business. Anything else can connect through a webhook.`,
    },
    {
      id: "handover",
      question: msg`Will my clients know they are talking to an AI assistant?`,
      answer: msg`Yes, if you want them to: ${name} introduces itself as your team's assistant. It hands the conversation to an agent the moment a client asks for a person, a lead is qualified, or a question needs human judgement, with a summary so nobody repeats themselves.`,
    },
    {
      id: "compliance",
      question: msg`Is it compliant with privacy and anti-spam rules in the UAE and Canada?`,
      answer: msg`${name} is built for the UAE Personal Data Protection Law and for Canada's PIPEDA and anti-spam legislation (CASL): it only contacts people who enquired, identifies your agency in every message, honours opt-outs immediately, and keeps your client data encrypted and under your control.`,
    },
    {
      id: "setup",
      question: msg`How long does it take to get started?`,
      answer: msg`Most teams are live within a week. After the demo we connect your portals and CRM in one onboarding call, you approve the message templates and qualification questions, and ${name} starts with your next enquiry.`,
    },
    {
      id: "pricing",
      question: msg`How is pricing structured?`,
      answer: msg`A monthly subscription based on the number of agents and your monthly lead volume, billed in AED or CAD. Brokerages with several offices can choose an enterprise plan with custom integrations. Book a demo and we will quote for your team.`,
    },
  ];
}
