import type { SupabaseClient } from "@supabase/supabase-js";
import type { Database } from "@/lib/database.types";
import { supabaseConfig } from "@/lib/supabase/config";

const BUCKET = "blog-images";

interface UploadImageOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Defaults to Date.now (the timestamp prefix). */
  now?: () => number;
}

/** A timestamp-prefixed object name that keeps only safe characters of the file name. */
function imagePath(fileName: string, now = Date.now()): string {
  const dot = fileName.lastIndexOf(".");
  const ext =
    dot > 0
      ? fileName
          .slice(dot + 1)
          .toLowerCase()
          .replace(/[^a-z0-9]/g, "")
      : "";
  const stem = (dot > 0 ? fileName.slice(0, dot) : fileName)
    .normalize("NFKD")
    .replace(/[^\w-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60)
    .toLowerCase();
  return `${now}-${stem || "image"}${ext ? `.${ext}` : ""}`;
}

/**
 * Uploads a hero image to the blog-images bucket and returns its public URL. supabase-js's upload
 * has no progress events, so this sends the same request as `storage.from(bucket).upload(path, file,
 * { cacheControl: "3600", upsert: true })` with XMLHttpRequest to get `upload.onprogress`.
 */
/** The server refused the file: 415 (its bytes are not an image it accepts), 413 (too large), or another status. */
export class UploadRefusedError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = "UploadRefusedError";
    this.status = status;
  }
}

export async function uploadPostImage(supabase: SupabaseClient<Database>, file: File, options: UploadImageOptions = {}): Promise<string> {
  const { data } = await supabase.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new Error("Not signed in");
  const { url, anonKey } = supabaseConfig();
  const path = imagePath(file.name, (options.now ?? Date.now)());
  const endpoint = `${url.replace(/\/$/, "")}/storage/v1/object/${BUCKET}/${path.split("/").map(encodeURIComponent).join("/")}`;

  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", endpoint);
    xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.setRequestHeader("apikey", anonKey);
    xhr.setRequestHeader("x-upsert", "true");
    xhr.setRequestHeader("cache-control", "max-age=3600");
    xhr.setRequestHeader("content-type", file.type || "application/octet-stream");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        resolve();
      } else {
        let message = `Upload failed (${xhr.status})`;
        try {
          message = (JSON.parse(xhr.responseText) as { message?: string }).message ?? message;
        } catch {
          // not a JSON error body: keep the status message
        }
        reject(new UploadRefusedError(xhr.status, message));
      }
    };
    xhr.onerror = () => reject(new Error("Network error during upload"));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });

  return supabase.storage.from(BUCKET).getPublicUrl(path).data.publicUrl;
}
