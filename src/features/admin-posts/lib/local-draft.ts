/**
 * The editor's copy on this device (docs/admin-posts.md#never-lost): a new post's autosave until it is
 * first saved, and, for a stored post, the changes not yet autosaved to the server when the tab is closed
 * or hidden. Kept in localStorage; a copy that cannot be read (another build, a full storage) is ignored.
 */
import { type PostFormFields, type PostLanguage, fieldsFromJson } from "../schemas/post";

interface LocalDraft {
  fields: PostFormFields;
  /** When it was written (ISO). */
  savedAt: string;
  /** The stored version it started from (a stored post). */
  baseVersion: number | null;
}

const keyOf = (id: string | null) => `wasla:post-draft:${id ?? "new"}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function readLocalDraft(id: string | null, language: PostLanguage): LocalDraft | null {
  try {
    const raw = storage()?.getItem(keyOf(id));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { fields?: unknown; savedAt?: unknown; baseVersion?: unknown };
    const fields = fieldsFromJson(parsed.fields, language);
    if (!fields || typeof parsed.savedAt !== "string" || Number.isNaN(Date.parse(parsed.savedAt))) return null;
    return { fields, savedAt: parsed.savedAt, baseVersion: typeof parsed.baseVersion === "number" ? parsed.baseVersion : null };
  } catch {
    return null;
  }
}

/** Writes the copy; returns when (ISO), or throws when the device cannot keep it. */
export function writeLocalDraft(id: string | null, fields: PostFormFields, baseVersion: number | null, now = Date.now()): string {
  const store = storage();
  if (!store) throw new Error("This browser keeps no local storage");
  const savedAt = new Date(now).toISOString();
  store.setItem(keyOf(id), JSON.stringify({ fields, savedAt, baseVersion }));
  return savedAt;
}

export function clearLocalDraft(id: string | null): void {
  try {
    storage()?.removeItem(keyOf(id));
  } catch {
    // Nothing kept, nothing to clear.
  }
}
