/**
 * Audio the demo accepts (docs/product.md#demo): mp3, mpeg, wav, wave, x-wav, aac, ogg, m4a, webm, flac. Browsers
 * name some of them differently (m4a as audio/mp4 or audio/x-m4a, flac as audio/x-flac), and some
 * give no type at all, so the extension is the fallback.
 */
const AUDIO_MIME_TYPES = [
  "audio/mp3",
  "audio/mpeg",
  "audio/wav",
  "audio/wave",
  "audio/x-wav",
  "audio/aac",
  "audio/ogg",
  "audio/m4a",
  "audio/x-m4a",
  "audio/mp4",
  "audio/webm",
  "audio/flac",
  "audio/x-flac",
  // Chrome and Firefox name every .webm file video/webm, audio-only ones included.
  "video/webm",
] as const;

const AUDIO_EXTENSIONS = ["mp3", "mpeg", "wav", "wave", "aac", "ogg", "oga", "m4a", "webm", "flac"] as const;

/** The `accept` attribute of the file input. */
export const AUDIO_ACCEPT = [...AUDIO_MIME_TYPES, ...AUDIO_EXTENSIONS.map((e) => `.${e}`)].join(",");

export function isAcceptedAudio(file: { name: string; type: string }): boolean {
  const type = file.type.toLowerCase().split(";")[0]!.trim();
  if (type) return (AUDIO_MIME_TYPES as readonly string[]).includes(type);
  const ext = file.name.toLowerCase().split(".").pop() ?? "";
  return (AUDIO_EXTENSIONS as readonly string[]).includes(ext);
}
