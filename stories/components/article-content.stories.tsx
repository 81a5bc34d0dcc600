/**
 * The article body (issue 35): lists with their numbering styles, tables with a header row that scroll
 * sideways on a phone, in Arabic (right to left) and English (left to right).
 */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { ArticleContent } from "@/components/article-content";
import { onMobile } from "../../.storybook/modes";

const arabic =
  '<h2 dir="auto">خطوات قبل التوقيع</h2><ol style="list-style-type: arabic-alpha" dir="auto"><li dir="auto"><p dir="auto">تحقق من المطوّر</p></li><li dir="auto"><p dir="auto">اقرأ العقد</p></li><li dir="auto"><p dir="auto">سجّل في الدائرة</p></li></ol>' +
  '<ol style="list-style-type: arabic-abjad" dir="auto"><li dir="auto"><p dir="auto">أولًا</p></li><li dir="auto"><p dir="auto">ثانيًا</p></li><li dir="auto"><p dir="auto">ثالثًا</p></li></ol>' +
  '<table dir="auto"><tbody><tr><th scope="col"><p dir="auto">المنطقة</p></th><th scope="col"><p dir="auto">متوسط السعر (درهم)</p></th><th scope="col"><p dir="auto">العائد</p></th><th scope="col"><p dir="auto">رسوم الخدمة</p></th></tr>' +
  '<tr><td><p dir="auto">دبي مارينا</p></td><td><p dir="auto">1,850,000</p></td><td><p dir="auto">6.1%</p></td><td><p dir="auto">18 درهمًا للقدم</p></td></tr>' +
  '<tr><td><p dir="auto">قرية جميرا الدائرية</p></td><td><p dir="auto">950,000</p></td><td><p dir="auto">7.2%</p></td><td><p dir="auto">13 درهمًا للقدم</p></td></tr></tbody></table>';
const english =
  '<h2 dir="auto">Steps before signing</h2><ol style="list-style-type: lower-alpha" dir="auto"><li dir="auto"><p dir="auto">Check the developer</p><ol style="list-style-type: lower-roman" dir="auto"><li dir="auto"><p dir="auto">RERA registration</p></li><li dir="auto"><p dir="auto">Past handovers</p></li></ol></li><li dir="auto"><p dir="auto">Read the SPA</p></li></ol>' +
  '<table dir="auto"><tbody><tr><th scope="col"><p dir="auto">Area</p></th><th scope="col"><p dir="auto">Average price (AED)</p></th><th scope="col"><p dir="auto">Yield</p></th><th scope="col"><p dir="auto">Service charge</p></th></tr>' +
  '<tr><td><p dir="auto">Dubai Marina</p></td><td><p dir="auto">1,850,000</p></td><td><p dir="auto">6.1%</p></td><td><p dir="auto">AED 18 / sq ft</p></td></tr>' +
  '<tr><td colspan="4"><p dir="auto"><em>Source: DLD, Q3</em></p></td></tr></tbody></table>';

const meta = {
  title: "Components/ArticleContent",
  component: ArticleContent,
  parameters: { layout: "padded" },
} satisfies Meta<typeof ArticleContent>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ArabicListsAndTable: Story = { args: { html: arabic, lang: "ar" } };
export const EnglishListsAndTable: Story = { args: { html: english, lang: "en" } };
/** A table wider than a phone scrolls sideways inside the column. */
export const TableOnPhone: Story = { args: { html: arabic, lang: "ar" }, globals: onMobile };
