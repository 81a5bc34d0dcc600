declare module "gettext-parser" {
  interface Entry {
    msgid: string;
    msgctxt?: string;
    msgstr: string[];
    comments?: Record<string, string>;
  }
  interface Po {
    charset?: string;
    headers: Record<string, string>;
    translations: Record<string, Record<string, Entry>>;
  }
  const gettextParser: {
    po: { parse(input: Buffer | string): Po; compile(po: Po, opts?: { foldLength?: number }): Buffer };
  };
  export default gettextParser;
}
