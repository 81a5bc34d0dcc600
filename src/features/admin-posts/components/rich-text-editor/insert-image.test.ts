import { describe, expect, it } from "vitest";
import { editorPerTest } from "./editor.test-support";
import { insertImageAndContinue } from "./insert-image";

const open = editorPerTest();
const image = { src: "/storage/v1/object/public/blog-images/a.png", alt: "مخطط", width: 80, height: 45 };
const img = '<img src="/storage/v1/object/public/blog-images/a.png" alt="مخطط" width="80" height="45">';

describe("inserting an image puts the caret below it", () => {
  it("at the end of the post: a new paragraph after the image takes what is typed", () => {
    const e = open("<p>قبل</p>");
    e.commands.setTextSelection(4);
    insertImageAndContinue(e, image);
    expect(e.state.selection.empty).toBe(true);
    e.commands.insertContent("بعد الصورة");
    expect(e.getHTML()).toBe(`<p dir="auto">قبل</p>${img}<p dir="auto">بعد الصورة</p>`);
  });

  it("in the middle of a paragraph: the caret is at the start of the text after the image", () => {
    const e = open("<p>one two</p>");
    e.commands.setTextSelection(5);
    insertImageAndContinue(e, image);
    e.commands.insertContent("X");
    expect(e.getHTML()).toBe(`<p dir="auto">one </p>${img}<p dir="auto">Xtwo</p>`);
  });

  it("before a rule or another image: an empty paragraph is inserted for the caret", () => {
    const e = open("<p>a</p><hr>");
    e.commands.setTextSelection(2);
    insertImageAndContinue(e, image);
    e.commands.insertContent("b");
    // (the empty paragraph after a last rule is the editor's own place to type; it is not saved)
    expect(e.getHTML()).toBe(`<p dir="auto">a</p>${img}<p dir="auto">b</p><hr><p dir="auto"></p>`);
  });

  it("typing right after inserting never replaces the image", () => {
    const e = open("");
    insertImageAndContinue(e, image);
    e.commands.insertContent("x");
    expect(e.getHTML()).toContain(img);
  });
});
