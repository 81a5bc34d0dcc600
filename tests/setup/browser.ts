(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
import { setupI18n } from "@lingui/core";
import { messages as ar } from "../../locales/ar/messages.po";
import { messages as en } from "../../locales/en/messages.po";
import { registerI18n } from "../../src/lib/i18n/catalogs";

// Components under test find both languages ready, as they are after the server has loaded them.
registerI18n(setupI18n({ locale: "ar", messages: { ar } }));
registerI18n(setupI18n({ locale: "en", messages: { en } }));
