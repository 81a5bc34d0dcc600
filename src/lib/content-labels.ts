/**
 * Labels for the English values stored with blog posts (categories, countries, read times), shown in
 * the reader's language wherever a post appears: the blog, the landing page's teaser, the admin.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

const CATEGORY: Record<string, MessageDescriptor> = {
  Technology: msg`Technology`,
  "Real Estate": msg`Real Estate`,
  "AI & Automation": msg`AI & Automation`,
  Sales: msg`Sales`,
  "Market Analysis": msg`Market Analysis`,
};

/** A category in the reader's language; unknown values are shown as stored. */
export const categoryLabel = (value: string): MessageDescriptor | string => CATEGORY[value] ?? value;

/**
 * The minutes of a read time written the way the editor writes it ("7 min read", "7 min",
 * "7 minutes", "٧ دقائق"); null when it is some other text, which is then shown as written.
 */
export function readTimeMinutes(value: string): number | null {
  const v = value.trim().replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  const m = /^(\d{1,3})\s*(?:min(?:ute)?s?\.?(?:\s+read)?|دقيقة|دقائق|دقيقتان|د)(?:\s+(?:للقراءة|قراءة))?$/i.exec(v);
  return m ? Number(m[1]) : null;
}
