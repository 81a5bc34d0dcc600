/**
 * The clipboard HTML the paste tests clean (docs/admin-posts.md#paste). Every Word clipboard starts with
 * the same document head (Office namespaces, ProgId and Generator metas), kept once in word-head.html;
 * the rest of each fixture is what that copy put after it. The other sources' fixtures are whole.
 */
import googleDocsTablesLists from "./paste-fixtures/google-docs-tables-lists.html?raw";
import googleDocs from "./paste-fixtures/google-docs.html?raw";
import webPageTablesLists from "./paste-fixtures/web-page-tables-lists.html?raw";
import webPage from "./paste-fixtures/web-page.html?raw";
import wordHead from "./paste-fixtures/word-head.html?raw";
import wordTablesLists from "./paste-fixtures/word-tables-lists.html?raw";
import word from "./paste-fixtures/word.html?raw";

/** A paragraph, a heading, lists, links, bold and italic, from each source. */
export const pasted = { googleDocs, webPage, word: wordHead + word };

/** Tables and lists (lettered, Roman, Arabic letters, nested) from each source. */
export const pastedTablesLists = {
  googleDocs: googleDocsTablesLists,
  webPage: webPageTablesLists,
  word: wordHead + wordTablesLists,
};
