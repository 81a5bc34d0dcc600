import type { IssueEntry } from "@/features/admin-newsletters/api/list-issues";
import type { SourcePost } from "@/features/admin-newsletters/lib/compose";

const base = {
  preheader: "",
  body_text: "",
  source_post_id: null,
  scheduled_at: null,
  queued_at: null,
  sent_at: null,
  cancelled_at: null,
  recipients: 0,
  created_by: null,
  figures: null,
};

export const sampleIssues: IssueEntry[] = [
  {
    ...base,
    id: "11111111-1111-4111-8111-111111111111",
    language: "ar",
    subject: "نشرة نوفمبر: متابعة العملاء في 5 دقائق",
    preheader: "ثلاثة نصوص متابعة جاهزة",
    body_html: '<p dir="auto">مرحبًا، إليكم أهم ما كتبناه هذا الشهر.</p>',
    body_text: "مرحبًا، إليكم أهم ما كتبناه هذا الشهر.",
    status: "sent",
    queued_at: "2026-11-20T06:00:00Z",
    sent_at: "2026-11-20T06:12:00Z",
    recipients: 1240,
    created_at: "2026-11-19T10:00:00Z",
    updated_at: "2026-11-20T06:12:00Z",
    figures: { recipients: 1240, sent: 1236, failed: 4, waiting: 0, unsubscribed: 7 },
  },
  {
    ...base,
    id: "22222222-2222-4222-8222-222222222222",
    language: "en",
    subject: "December: what top Toronto teams changed",
    body_html: "<p>Three changes worth copying.</p>",
    body_text: "Three changes worth copying.",
    status: "scheduled",
    scheduled_at: "2026-12-01T14:00:00Z",
    created_at: "2026-11-26T09:00:00Z",
    updated_at: "2026-11-26T09:00:00Z",
  },
  {
    ...base,
    id: "33333333-3333-4333-8333-333333333333",
    language: "en",
    subject: "Draft: market notes",
    body_html: "<p>Notes.</p>",
    body_text: "Notes.",
    status: "draft",
    created_at: "2026-11-27T09:00:00Z",
    updated_at: "2026-11-27T09:00:00Z",
  },
];

export const samplePosts: SourcePost[] = [
  {
    id: "p1",
    title: "How to follow up a Dubai lead within 5 minutes",
    slug: "follow-up-within-5-minutes",
    language: "en",
    excerpt: "Speed wins deals: a simple routine.",
    content: "<p>Speed wins deals. Here is a simple routine.</p><ul><li>Call first</li><li>Then WhatsApp</li></ul>",
  },
];
