import type { TeamMember } from "@/features/admin-team/api/list-team";

export const OWNER_ID = "0b7f5c1e-2a43-4d8e-9f10-5a6b7c8d9e01";

export const sampleTeam: TeamMember[] = [
  {
    user_id: OWNER_ID,
    email: "layla.haddad@wasla.ae",
    role: "owner",
    status: "active",
    created_at: "2026-09-01T08:00:00Z",
    accepted_at: "2026-09-01T08:00:00Z",
    last_sign_in_at: "2026-11-23T06:40:00Z",
    market_ids: null,
    away: false,
    time_zone: "Asia/Dubai",
    locale: "en",
  },
  {
    user_id: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e02",
    email: "omar.farouk@wasla.ae",
    role: "editor",
    status: "active",
    created_at: "2026-10-04T09:30:00Z",
    accepted_at: "2026-10-04T10:02:00Z",
    last_sign_in_at: "2026-11-22T15:12:00Z",
    market_ids: null,
    away: false,
    time_zone: "Asia/Dubai",
    locale: "en",
  },
  {
    user_id: "2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f03",
    email: "sara.mansouri@wasla.ae",
    role: "sales",
    status: "active",
    created_at: "2026-10-12T07:15:00Z",
    accepted_at: "2026-10-12T07:40:00Z",
    last_sign_in_at: "2026-11-23T05:55:00Z",
    market_ids: null,
    away: false,
    time_zone: "Asia/Dubai",
    locale: "en",
  },
  {
    user_id: "3e4f5a6b-7c8d-4e9f-0a1b-2c3d4e5f6a04",
    email: "daniel.tremblay@northrealty.ca",
    role: "sales",
    status: "invited",
    created_at: "2026-11-22T18:00:00Z",
    accepted_at: null,
    last_sign_in_at: null,
    market_ids: ["canada"],
    away: false,
    time_zone: "America/Toronto",
    locale: "en",
  },
];

export const sampleMarkets = [
  { id: "uae", name_en: "UAE", name_ar: "الإمارات", time_zone: "Asia/Dubai" },
  { id: "canada", name_en: "Canada", name_ar: "كندا", time_zone: "America/Toronto" },
];
