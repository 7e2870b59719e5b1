import "server-only";
import type { ReactElement } from "react";
import { plainTextSelectors } from "@react-email/components";
import { compile, type FormatCallback } from "html-to-text";

/** Class of the primary call-to-action link; the text version prints it as "Label: https://…". */
export const BUTTON_CLASS = "email-button";

/** Class of a data table (e.g. a receipt); the text version keeps its rows and columns. */
export const DATA_TABLE_CLASS = "email-data-table";

/** An email button in the text version: its label, then its address. */
const formatButton: FormatCallback = (elem, walk, builder) => {
  walk(elem.children, builder);
  const href = elem.attribs?.href;
  if (href) builder.addInline(`: ${href}`, { noWordTransform: true });
};

// Compiled once: html-to-text's convert() builds its selector tree on every call.
const htmlToText = compile({
  wordwrap: false,
  formatters: { emailButton: formatButton },
  selectors: [
    ...plainTextSelectors,
    { selector: "h1", options: { uppercase: false } },
    { selector: "h2", options: { uppercase: false } },
    { selector: `a.${BUTTON_CLASS}`, format: "emailButton" },
    // Two-column tables such as a receipt: label and value on one line, aligned.
    { selector: `table.${DATA_TABLE_CLASS}`, format: "dataTable", options: { colSpacing: 4, maxColumnWidth: 60 } },
  ],
});

/** The doctype email clients expect; React renders none of its own. */
const XHTML_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

let renderer: Promise<typeof import("react-dom/server")> | undefined;

/** Imported once: each import() call, even of a module already loaded, goes through the loader's hooks (tsx's, in the worker). */
function serverRenderer(): Promise<typeof import("react-dom/server")> {
  renderer ??= import("react-dom/server");
  return renderer;
}

/**
 * The HTML of an email component and a plain-text version derived from the same markup. The markup
 * is React's static render, as @react-email's render() gives it less the streaming renderer's
 * comment markers, at a seventh of its CPU (an email is rendered for every pledge). Imported when
 * first used, as render() does, so only a process that sends emails loads the renderer.
 */
export async function renderEmail(email: ReactElement): Promise<{ html: string; text: string }> {
  const { renderToStaticMarkup } = await serverRenderer();
  const html = `${XHTML_DOCTYPE}${renderToStaticMarkup(email)}`;
  const text = htmlToText(html);
  return { html, text: `${text.replace(/\n{3,}/g, "\n\n").trim()}\n` };
}
