import "server-only";
import type { ReactElement } from "react";
import { render, toPlainText } from "@react-email/components";

/** Class of the primary call-to-action link; the text version prints it as "Label: https://…". */
export const BUTTON_CLASS = "email-button";

/** Class of a data table (e.g. a receipt); the text version keeps its rows and columns. */
export const DATA_TABLE_CLASS = "email-data-table";

// Just the parts of html-to-text's formatter interface used here.
type TextBuilder = { addInline(text: string, options?: { noWordTransform?: boolean }): void };
type TextNode = { attribs?: Record<string, string | undefined>; children: unknown[] };

function formatButton(elem: TextNode, walk: (nodes: unknown[], builder: TextBuilder) => void, builder: TextBuilder) {
  walk(elem.children, builder);
  const href = elem.attribs?.href;
  if (href) builder.addInline(`: ${href}`, { noWordTransform: true });
}

/** The HTML of an email component and a plain-text version derived from the same markup. */
export async function renderEmail(email: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(email);
  const text = toPlainText(html, {
    formatters: { emailButton: formatButton },
    selectors: [
      { selector: "h1", options: { uppercase: false } },
      { selector: "h2", options: { uppercase: false } },
      { selector: `a.${BUTTON_CLASS}`, format: "emailButton" },
      // Two-column tables such as a receipt: label and value on one line, aligned.
      { selector: `table.${DATA_TABLE_CLASS}`, format: "dataTable", options: { colSpacing: 4, maxColumnWidth: 60 } },
    ],
  });
  return { html, text: `${text.replace(/\n{3,}/g, "\n\n").trim()}\n` };
}
